// Selector "fisher": Fisher score, as scikit-feature's fisher_score returns it. scikit-feature
// computes 1 / lap - 1 from the Laplacian score of the supervised graph W_ij = 1/n_c (same class
// c), which is mathematically SSB / SSW = sum_c n_c (mean_c - mean)^2 / sum_i (x_i - mean_c(i))^2;
// this computes that ratio directly from centred sums. Supervised; larger first.
#include <fmt/format.h>

#include <stdexcept>
#include <vector>

#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class FisherSelector final : public Selector {
 public:
  explicit FisherSelector(ScoreOrder order) : order_(order) {}

  // Per feature: class sums of (x - x_0) (shifted by the column's first value for accuracy),
  // means from them, then SSB and SSW. SSW = 0 < SSB gives +inf (as scikit-feature's 1/0); fewer
  // than 2 classes present gives SSB = 0 and a score of 0 (NaN when SSW is 0 too).
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const Eigen::Index rows = features.rows();
    check_labels("fisher selector", problem.labels, problem.classes, rows);
    const Eigen::VectorXi& labels = *problem.labels;
    std::vector<double> counts(static_cast<size_t>(problem.classes), 0.0);
    for (const int label : labels) counts[static_cast<size_t>(label)] += 1.0;

    SelectorScores result;
    result.scores.resize(features.cols());
    std::vector<double> sums(counts.size());
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const auto column = features.col(feature);
      const double shift = rows > 0 ? column[0] : 0.0;
      std::fill(sums.begin(), sums.end(), 0.0);
      double total = 0.0;
      for (Eigen::Index row = 0; row < rows; ++row) {
        sums[static_cast<size_t>(labels[row])] += column[row] - shift;
        total += column[row] - shift;
      }
      const double grand_mean = total / static_cast<double>(rows);
      double between = 0.0;
      for (size_t label = 0; label < counts.size(); ++label) {
        if (counts[label] == 0.0) continue;
        sums[label] /= counts[label];  // class mean (shifted)
        const double offset = sums[label] - grand_mean;
        between += counts[label] * offset * offset;
      }
      double within = 0.0;
      for (Eigen::Index row = 0; row < rows; ++row) {
        const double residual = column[row] - shift - sums[static_cast<size_t>(labels[row])];
        within += residual * residual;
      }
      result.scores[feature] = between / within;
    }
    return result;
  }

  ScoreOrder order() const override { return order_; }

 private:
  ScoreOrder order_;
};

SelectorRegistration fisher_registration() {
  SelectorRegistration registration;
  registration.info.name = "fisher";
  registration.info.doc =
      "Fisher score SSB / SSW of each feature against the class (scikit-feature fisher_score); "
      "larger first";
  registration.info.params = {order_param("descending")};
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<FisherSelector>(order_of(params));
  });
  return registration;
}

const Registrar<SelectorRegistration> fisher_registrar{fisher_registration()};

}  // namespace
}  // namespace tsfs
