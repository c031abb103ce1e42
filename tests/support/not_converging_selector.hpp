#pragma once
// A selector for tests of what the sweep does when a solver does not converge (the sweep's and the
// shard merge's tests). Registered in the test binary that includes this header.
#include <Eigen/Core>
#include <memory>
#include <vector>

#include "common/error.hpp"
#include "select/selector.hpp"

namespace tsfs::testing {

// Variance scores, or a NotConverged for `fail` 1 or more, or when fitted on `fail_rows` rows (some
// folds only); its batch hook fails as a whole when one parameter set fails (as SPEC's
// shared eigensolver would), so the sweep's per-unit fallback runs. The "test_" prefix keeps it
// out of tests that enumerate the production selectors.
class NotConvergingSelector final : public Selector {
 public:
  NotConvergingSelector(bool fail, long long fail_rows) : fail_(fail), fail_rows_(fail_rows) {}
  SelectorScores score(const SelectionProblem& problem) const override {
    if (fail_ || problem.features.rows() == fail_rows_)
      throw NotConverged("test solver did not converge: 3 of 4 eigenpairs");
    const Eigen::MatrixXd centred = problem.features.rowwise() - problem.features.colwise().mean();
    SelectorScores scored;
    scored.scores = centred.colwise().squaredNorm().transpose();
    scored.zero_weight_fraction = 0.0;
    return scored;
  }
  ScoreOrder order() const override { return ScoreOrder::descending; }

 private:
  bool fail_;
  long long fail_rows_;
};

inline SelectorRegistration not_converging_selector() {
  SelectorRegistration registration;
  registration.info.name = "test_not_converging";
  registration.info.doc = "variance, or NotConverged when fail >= 1 (tests only)";
  registration.info.params = {ParamDeclaration{.name = "fail",
                                               .type = ParamType::integer,
                                               .default_value = 0LL,
                                               .doc = "1 or more: throw NotConverged"},
                              ParamDeclaration{.name = "fail_rows",
                                               .type = ParamType::integer,
                                               .default_value = 0LL,
                                               .doc = "throw NotConverged when fitted on this many "
                                                      "rows"}};
  registration.configure = [](const ParamSet& params) -> Configured<Selector> {
    return std::make_shared<const NotConvergingSelector>(params.integer("fail") >= 1,
                                                         params.integer("fail_rows"));
  };
  registration.batch_varying_params = {"fail", "fail_rows"};
  registration.score_batch = [](const SelectionProblem& problem,
                                const std::vector<const Selector*>& selectors) {
    std::vector<SelectorScores> scores;
    for (const auto* selector : selectors) scores.push_back(selector->score(problem));
    return scores;
  };
  return registration;
}

inline const Registrar<SelectorRegistration> kRegisterNotConverging{not_converging_selector()};

}  // namespace tsfs::testing
