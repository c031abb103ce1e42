#pragma once
// Nested cross-validation (the spec's `tune:` section). Each outer fold's training rows are split
// again (stratified k-fold: the inner folds); every candidate, i.e. every grid cell that differs
// from the others of its group only in the tuned parameters, is scored and evaluated on the inner
// folds with the same work units as the outer folds (score vectors fitted on inner training rows,
// deduplicated evaluations), and the candidate with the best mean inner metric (ties: the first in
// grid order, or the last with `ties: last`) is the one whose outer evaluation (fitted on the outer
// training rows, tested on the outer test rows) becomes that fold's result of the tuned row of
// results.csv.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "sweep/plan/tuned_cells.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/run/evaluations.hpp"
#include "sweep/store/tuned_rows.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {

// The largest value's index, NaN (a candidate that could not be scored) left out, and how many
// candidates share that value; equal values go to the first, or to the last with TieBreak::last.
// index scores.size() and tied 0 when every value is NaN.
struct BestCandidate {
  size_t index = 0;
  int tied = 0;
};
BestCandidate best_candidate(const std::vector<double>& scores, TieBreak ties);

struct TuningCounts {
  size_t inner_score_vectors = 0;
  size_t inner_fits = 0;  // distinct classifier fits on inner folds
};

// For each tuned row and outer fold, the chosen candidate. Inner evaluations go through `cache`
// (keyed like outer ones, by inner fold index), so identical subsets are fitted once. The inner
// score vectors' and fits' seconds are added to `seconds` as tuning.
std::vector<std::vector<TunedChoice>> choose_candidates(const StageInputs& inputs, const Plan& plan,
                                                        const std::vector<TunedCell>& tuned,
                                                        EvaluationCache& cache,
                                                        TuningCounts& counts, WorkSeconds& seconds);

}  // namespace tsfs
