// Selector "variance": population variance (ddof 0, as numpy.var) of each raw feature over the fit
// rows. Unsupervised, no distance; larger variance first. With `threshold`, the columns whose
// variance is not above it are removed, as scikit-learn 1.2.1's VarianceThreshold keeps
// variances_ > threshold (feature_selection/_variance_threshold.py, _get_support_mask): they rank
// last (their variance is below every kept one's) and are never selected
// (SelectorScores::removed). The runner has already left out the columns constant on the fit rows,
// which the default threshold 0 would remove.
#include <fmt/format.h>

#include "common/error.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class VarianceSelector final : public Selector {
 public:
  explicit VarianceSelector(double threshold) : threshold_(threshold) {}

  // Two passes, var = sum_i (x_i - mean)^2 / n, the way numpy.var computes it; the one-pass
  // sum x^2 / n - mean^2 cancels badly for features with a large mean.
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const auto size = static_cast<double>(features.rows());
    SelectorScores result;
    result.scores.resize(features.cols());
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const auto values = features.col(feature).array();
      const double mean = values.sum() / size;
      result.scores[feature] = (values - mean).square().sum() / size;
    }
    result.removed = (result.scores.array() <= threshold_).count();
    // scikit-learn raises "No feature in X meets the variance threshold" rather than select
    // nothing.
    if (result.removed == features.cols() && features.cols() > 0)
      throw InputError("",
                       fmt::format("variance: no feature's variance on the {} fit rows is above "
                                   "threshold {} (the largest is {}); lower the threshold",
                                   features.rows(), threshold_, result.scores.maxCoeff()));
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

 private:
  double threshold_;
};

SelectorRegistration variance_registration() {
  SelectorRegistration registration;
  registration.info.name = "variance";
  registration.info.doc =
      "population variance (ddof 0) of each feature over the fit rows; larger first; features "
      "not above `threshold` are removed (scikit-learn's VarianceThreshold)";
  registration.info.params = {ParamDeclaration{
      .name = "threshold",
      .type = ParamType::real,
      .default_value = ParamValue{0.0},
      .doc = "features whose variance is <= threshold are ranked last and never selected; a "
             "cell's n_features above the kept count uses the kept ones (n_features_used)",
      .check = at_least(0.0)}};
  registration.supervised = false;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<VarianceSelector>(params.real("threshold"));
  });
  return registration;
}

const Registrar<SelectorRegistration> variance_registrar{variance_registration()};

}  // namespace
}  // namespace tsfs
