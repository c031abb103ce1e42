// Selector "none": the no-selection baseline. Every feature scores 0, so the ranking is column
// order and taking the first m features means "the first m columns", i.e. all features when m is
// the full count.
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class NoSelection final : public Selector {
 public:
  SelectorScores score(const SelectionProblem& problem) const override {
    SelectorScores result;
    result.scores = Eigen::VectorXd::Zero(problem.features.cols());
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::ascending; }
};

SelectorRegistration none_registration() {
  SelectorRegistration registration;
  registration.info.name = "none";
  registration.info.doc = "no selection: every score is 0, so features stay in column order";
  registration.supervised = false;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet&) -> std::unique_ptr<Selector> { return std::make_unique<NoSelection>(); });
  return registration;
}

const Registrar<SelectorRegistration> none_registrar{none_registration()};

}  // namespace
}  // namespace tsfs
