#pragma once
// The distinct evaluations of a batch of cells, run in parallel. Evaluations that differ only in
// how many columns of one ranking they keep (same dataset, fold, classifier parameters and
// ranking) go through the classifier's nested-subset fits (classifier.hpp) when its registration
// offers them and the run evaluates that ranking at `worthwhile_from` or more sizes; the others,
// and all of them with `direct_fits`, through Classifier::fit_predict one by one.
#include <map>
#include <utility>
#include <vector>

#include "sweep/plan/plan.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/run/stage_inputs.hpp"

namespace tsfs {

struct EvaluationRequest {
  EvaluationKey key;
  // The score vector whose ranking selected key.features: its first key.features.size() columns.
  int score_unit = 0;
  // How many sizes of this ranking the run evaluates in all, in this batch or not
  // (planned_subset_counts); 0: count this batch's requests of the ranking. It chooses between
  // the nested-subset and the direct path, which round the kernel differently, so a cell's result
  // must not depend on which cells share its batch: a resumed run, a shard and the tuned rows'
  // outer evaluations batch the cells otherwise than a whole run's grid does.
  size_t planned_subsets = 0;
};

// (score unit, classifier parameters) -> the distinct numbers of selected columns at which the
// plan's cells evaluate that ranking, over every fold (units without scores left out).
using PlannedSubsets = std::map<std::pair<int, int>, size_t>;
PlannedSubsets planned_subset_counts(const Plan& plan, const std::vector<ScoreResult>& scores);

// One result per request, by index. The grouping depends on the requests only, never on the
// thread count, so the results do not either.
std::vector<EvaluationResult> evaluate_requests(const StageInputs& inputs,
                                                const std::vector<ScoreResult>& scores,
                                                const std::vector<EvaluationRequest>& requests);

// The evaluations done so far, shared by the grid cells, the inner folds of tuning and the tuned
// rows: identical (dataset, fold, classifier, feature subset) evaluations run once.
using EvaluationCache = std::map<EvaluationKey, EvaluationResult>;

}  // namespace tsfs
