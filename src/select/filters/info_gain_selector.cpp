// Selector "info_gain": information gain of the class from each discretised feature,
// IG(S, j) = H(S) - sum_u |S_u| / |S| H(S_u), entropies in bits, where S are the fit rows, u runs
// over the bins of feature j (same discretisation as chi2, fitted on the fit rows) and H is the
// entropy of the class distribution (0 log 0 = 0). Supervised; larger first.
#include <cmath>
#include <vector>

#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// Entropy in bits of the class counts in one row of `counts`, whose total is `total`.
double entropy_bits(const Eigen::Ref<const Eigen::RowVectorXd>& counts, double total) {
  double entropy = 0.0;
  for (const double count : counts)
    if (count > 0.0) {
      const double probability = count / total;
      entropy -= probability * std::log2(probability);
    }
  return entropy;
}

class InfoGainSelector final : public Selector {
 public:
  InfoGainSelector(int bins, Binning binning, ScoreOrder order)
      : bins_(bins), binning_(binning), order_(order) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    check_labels("info_gain selector", problem.labels, problem.classes, features.rows());
    const auto rows = static_cast<double>(features.rows());
    SelectorScores result;
    result.scores.resize(features.cols());
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const Eigen::MatrixXd counts = contingency_table(
          discretize(features.col(feature), bins_, binning_), *problem.labels, problem.classes);
      double conditional = 0.0;
      for (Eigen::Index bin = 0; bin < counts.rows(); ++bin) {
        const double size = counts.row(bin).sum();
        if (size > 0.0) conditional += size / rows * entropy_bits(counts.row(bin), size);
      }
      result.scores[feature] = entropy_bits(counts.colwise().sum(), rows) - conditional;
    }
    return result;
  }

  ScoreOrder order() const override { return order_; }

 private:
  int bins_;
  Binning binning_;
  ScoreOrder order_;
};

SelectorRegistration info_gain_registration() {
  SelectorRegistration registration;
  registration.info.name = "info_gain";
  registration.info.doc =
      "information gain (bits) of the class from each feature discretised into bins on the fit "
      "rows; larger first";
  registration.info.params = discretization_params(10, false);
  registration.info.params.push_back(order_param("descending"));
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<InfoGainSelector>(
        int_param(params, "bins"), *parse_binning(params.text("binning")), order_of(params));
  });
  return registration;
}

const Registrar<SelectorRegistration> info_gain_registrar{info_gain_registration()};

}  // namespace
}  // namespace tsfs
