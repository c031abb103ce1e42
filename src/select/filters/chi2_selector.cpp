// Selector "chi2": the chi-squared statistic of each feature against the class.
// - bins = 0: scikit-learn's chi2(X, y) on the values as non-negative "counts":
//   chi2_j = sum_c (O_cj - E_cj)^2 / E_cj, O_cj = sum of column j over class c,
//   E_cj = (n_c / n) sum of column j, over the classes present. Negative values are not counts:
//   `shift` decides what happens to them: none (default) rejects any negative value with an
//   error, global subtracts the minimum of the whole fit matrix (the reference's
//   chi2(X - X.min(), y)), column subtracts each column's own minimum (chi2(X - X.min(0), y)).
//   A column summing to 0 gives NaN (0 / 0), as in scikit-learn.
// - bins = V >= 2 (default 10): each column is discretised on the fit rows (see discretize.hpp)
//   and the score is Pearson's chi2 of its bins x classes contingency table,
//   sum_(b, c) (O_bc - E_bc)^2 / E_bc with E_bc = n_b n_c / n over non-empty bins and present
//   classes. This equals scikit-learn's chi2 summed over the one-hot indicator columns of the
//   bins, so both modes share scikit-learn's semantics. `shift` is ignored with bins.
// Supervised; larger first.
#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "common/error.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

enum class Shift { none, global, column };

struct Chi2Settings {
  int bins = 10;
  Binning binning = Binning::equal_width;
  Shift shift = Shift::none;
  ScoreOrder order = ScoreOrder::descending;
};

double pearson_chi2(const Eigen::MatrixXd& counts) {
  const Eigen::VectorXd bin_totals = counts.rowwise().sum();
  const Eigen::RowVectorXd class_totals = counts.colwise().sum();
  const double total = bin_totals.sum();
  double statistic = 0.0;
  for (Eigen::Index bin = 0; bin < counts.rows(); ++bin)
    for (Eigen::Index label = 0; label < counts.cols(); ++label) {
      if (bin_totals[bin] == 0.0 || class_totals[label] == 0.0) continue;
      const double expected = bin_totals[bin] * class_totals[label] / total;
      const double difference = counts(bin, label) - expected;
      statistic += difference * difference / expected;
    }
  return statistic;
}

class Chi2Selector final : public Selector {
 public:
  explicit Chi2Selector(Chi2Settings settings) : settings_(settings) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    check_labels("chi2 selector", problem.labels, problem.classes, features.rows());
    const Eigen::VectorXi& labels = *problem.labels;
    SelectorScores result;
    result.scores.resize(features.cols());
    if (settings_.bins > 0) {
      for (Eigen::Index feature = 0; feature < features.cols(); ++feature)
        result.scores[feature] = pearson_chi2(
            contingency_table(discretize(features.col(feature), settings_.bins, settings_.binning),
                              labels, problem.classes));
      return result;
    }
    Eigen::MatrixXd values = features;
    if (settings_.shift == Shift::global && values.size() > 0) values.array() -= values.minCoeff();
    if (settings_.shift == Shift::column && values.rows() > 0)
      values.rowwise() -= values.colwise().minCoeff();
    if (values.size() > 0 && values.minCoeff() < 0.0)
      throw InputError("",
                       "chi2 with bins: 0 needs non-negative feature values and these have "
                       "negative ones: set bins (discretise), or shift: global or column");
    std::vector<double> class_sizes(static_cast<size_t>(problem.classes), 0.0);
    for (const int label : labels) class_sizes[static_cast<size_t>(label)] += 1.0;
    const auto rows = static_cast<double>(features.rows());
    std::vector<double> observed(class_sizes.size());
    for (Eigen::Index feature = 0; feature < values.cols(); ++feature) {
      std::fill(observed.begin(), observed.end(), 0.0);
      for (Eigen::Index row = 0; row < values.rows(); ++row)
        observed[static_cast<size_t>(labels[row])] += values(row, feature);
      const double column_total = values.col(feature).sum();
      double statistic = 0.0;
      for (size_t label = 0; label < class_sizes.size(); ++label) {
        if (class_sizes[label] == 0.0) continue;
        const double expected = class_sizes[label] / rows * column_total;
        const double difference = observed[label] - expected;
        statistic += difference * difference / expected;
      }
      result.scores[feature] = statistic;
    }
    return result;
  }

  ScoreOrder order() const override { return settings_.order; }

 private:
  Chi2Settings settings_;
};

std::unique_ptr<Selector> make_chi2_selector(const ParamSet& params) {
  Chi2Settings settings;
  settings.bins = int_param(params, "bins");
  settings.binning = *parse_binning(params.text("binning"));
  const std::string& shift = params.text("shift");
  settings.shift = shift == "global"   ? Shift::global
                   : shift == "column" ? Shift::column
                                       : Shift::none;
  settings.order = order_of(params);
  return std::make_unique<Chi2Selector>(settings);
}

SelectorRegistration chi2_registration() {
  SelectorRegistration registration;
  registration.info.name = "chi2";
  registration.info.doc =
      "chi-squared statistic against the class: Pearson chi2 of the bins x classes table "
      "(bins >= 2), or scikit-learn chi2 on non-negative values (bins = 0); larger first";
  registration.info.params = discretization_params(10, true);
  registration.info.params.push_back(ParamDeclaration{
      .name = "shift",
      .type = ParamType::text,
      .default_value = ParamValue{std::string("none")},
      .doc = "bins = 0 only: none (negative values are an error), global (subtract the fit "
             "matrix's minimum) or column (subtract each column's minimum)",
      .choices = {"none", "global", "column"}});
  registration.info.params.push_back(order_param("descending"));
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(make_chi2_selector);
  return registration;
}

const Registrar<SelectorRegistration> chi2_registrar{chi2_registration()};

}  // namespace
}  // namespace tsfs
