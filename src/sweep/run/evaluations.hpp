#pragma once
// The distinct evaluations of a batch of cells, run in parallel. Evaluations that differ only in
// how many columns of one ranking they keep (same dataset, fold, classifier parameters and
// ranking) go through the classifier's nested-subset fits (classifier.hpp) when its registration
// offers them and at least its `worthwhile_from` of them share the ranking; the others, and all
// of them with `direct_fits`, through Classifier::fit_predict one by one.
#include <vector>

#include "sweep/plan/work_units.hpp"

namespace tsfs {

struct EvaluationRequest {
  EvaluationKey key;
  // The score vector whose ranking selected key.features: its first key.features.size() columns.
  int score_unit = 0;
};

// One result per request, by index. The grouping depends on the requests only, never on the
// thread count, so the results do not either.
std::vector<EvaluationResult> evaluate_requests(const Spec& spec,
                                                const std::vector<PreparedDataset>& datasets,
                                                const std::vector<ScoreResult>& scores,
                                                const std::vector<EvaluationRequest>& requests,
                                                const DistanceBlocks& distances, int threads,
                                                bool direct_fits);

}  // namespace tsfs
