// Selector "variance": population variance (ddof 0, as numpy.var) of each raw feature over the fit
// rows. Unsupervised, no distance; larger variance first.
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class VarianceSelector final : public Selector {
 public:
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
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }
};

SelectorRegistration variance_registration() {
  SelectorRegistration registration;
  registration.info.name = "variance";
  registration.info.doc =
      "population variance (ddof 0) of each feature over the fit rows; larger first";
  registration.supervised = false;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet&) -> std::unique_ptr<Selector> {
    return std::make_unique<VarianceSelector>();
  });
  return registration;
}

const Registrar<SelectorRegistration> variance_registrar{variance_registration()};

}  // namespace
}  // namespace tsfs
