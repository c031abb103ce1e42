// Selector "fisher": Fisher score, as scikit-feature's fisher_score returns it. scikit-feature
// computes 1 / lap - 1 from the Laplacian score of the supervised graph W_ij = 1/n_c (same class
// c), which is mathematically SSB / SSW = sum_c n_c (mean_c - mean)^2 / sum_i (x_i - mean_c(i))^2;
// this computes that ratio directly from centred sums (class_scatter.hpp). Supervised; larger
// first.
#include "select/filters/class_scatter.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class FisherSelector final : public Selector {
 public:
  explicit FisherSelector(ScoreOrder order) : order_(order) {}

  // SSW = 0 < SSB gives +inf (as scikit-feature's 1/0); fewer than 2 classes present gives
  // SSB = 0 and a score of 0 (NaN when SSW is 0 too).
  SelectorScores score(const SelectionProblem& problem) const override {
    check_labels("fisher selector", problem.labels, problem.classes, problem.features.rows());
    const ClassScatter scatter = class_scatter(problem.features, *problem.labels, problem.classes);
    SelectorScores result;
    result.scores = scatter.between.array() / scatter.within.array();
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
