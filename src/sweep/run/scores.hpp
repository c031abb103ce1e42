#pragma once
// The scores stage of a sweep: one score vector per score unit (a selector's parameter set fitted
// on one fold's rows), computed in batches where the selector registers a batch hook
// (SelectorRegistration::score_batch), e.g. every sigma of one Laplacian kNN graph at once.
#include <Eigen/Core>
#include <map>
#include <utility>
#include <vector>

#include "select/selector.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/run/stage_inputs.hpp"

namespace tsfs {

// One unit on its own (the selector's score()). `distances` is the dataset's full matrix for the
// unit's distance (nullptr when none).
ScoreResult compute_scores(const Spec& spec, const PreparedDataset& dataset, const ScoreUnit& unit,
                           const Eigen::MatrixXd* distances);

// One selector on a whole feature matrix outside a spec (the Python bindings), as a run scores a
// unit fitted on all rows: columns NaN or constant over the rows are left out of the selector's
// problem, get NaN scores and come last in the ranking. `whole` holds every column; its labels
// are class indices in [0, classes) (supervised selectors), its distances the rows' matrix
// (selectors using one), its classifier the one a search wrapper fits (registrations with
// uses_classifier); those the registration does not use are ignored.
ScoreResult score_feature_matrix(const Selector& selector, const SelectorRegistration& registration,
                                 const SelectionProblem& whole);

// The batches compute_all_scores runs: units of one dataset, distance, selector and fold whose
// parameter sets differ only in the selector's batch_varying_params, at most `max_size` per batch,
// in plan order (so the batches, and every score, depend on the plan alone, never on threads).
// Units of selectors without a batch hook are batches of one.
std::vector<std::vector<size_t>> score_batches(const Spec& spec, const Plan& plan, size_t max_size);

// What compute_all_scores keeps of each score vector: everything, or what the later stages read
// (the ranking, the usable columns, the zero-weight fraction, why it did not converge), where no
// table is written from the scores: the archive's 134,000 score vectors held 0.4 GiB of scores.
enum class ScoreParts { everything, ranking };

// Every score unit of the plan, in plan order, batches in parallel. A selector's InputError
// (e.g. a zero kernel width on a dataset whose series are all identical) is rethrown naming the
// selector's spec location, dataset and distance.
std::vector<ScoreResult> compute_all_scores(const StageInputs& inputs, const Plan& plan,
                                            ScoreParts kept);

// Frees a score vector's scores, standard errors and measures, keeping what ScoreParts::ranking
// keeps.
void keep_ranking_only(ScoreResult& result);

}  // namespace tsfs
