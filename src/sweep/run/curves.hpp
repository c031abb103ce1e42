#pragma once
// curves.csv (`curves:` in the spec): the ROC and precision-recall curves of the chosen grid cells,
// per fold and pooled over the folds, one-vs-rest per class for several classes.
#include <filesystem>
#include <string>
#include <vector>

#include "sweep/plan/work_units.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {

// The grid cells that curves.where selects (every cell without `where`), of those results.csv
// reports (reported_cells: not the candidates of tune.outer: chosen). Throws InputError naming
// the `curves` key when none matches.
std::vector<size_t> curve_cells(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                const std::vector<bool>& reported);

// Refits the classifier of every fold of the given cells (Classifier::fit_predict_scores, the
// direct path) and writes curves.csv in the spec's output folder: the cell's key columns, repeat,
// fold (empty and "pooled" for the folds' test rows together), curve (pr or roc), class (the
// positive class: class 1 of two, each class of several), threshold, x, y (roc: false and true
// positive rate; pr: recall and precision). Same rows for any thread count. Cells whose selector
// did not converge (cell_status.csv) are left out. Returns the written file's curves_digest.
std::string write_curves(const LoadedRun& loaded, const std::vector<ScoreResult>& scores,
                         const std::vector<size_t>& cells, int threads);

// What identifies the output folder's curves.csv as written for `cells`: its bytes, the spec's
// curve kinds and the cells' keys (16 hex digits); empty when there is no curves.csv. A finished
// run records it in manifest.json, so that running it again keeps a curves.csv whose digest is
// the recorded one instead of refitting every fold (how many points a curve has is known only by
// computing it, so a lost row could not be told otherwise).
std::string curves_digest(const LoadedRun& loaded, const std::vector<size_t>& cells);

}  // namespace tsfs
