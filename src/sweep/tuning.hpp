#pragma once
// Nested cross-validation (the spec's `tune:` section). Each outer fold's training rows are split
// again (stratified k-fold: the inner folds); every candidate, i.e. every grid cell that differs
// from the others of its group only in the tuned parameters, is scored and evaluated on the inner
// folds with the same work units as the outer folds (score vectors fitted on inner training rows,
// deduplicated evaluations), and the candidate with the best mean inner metric (ties: the first in
// grid order) is the one whose outer evaluation (fitted on the outer training rows, tested on the
// outer test rows) becomes that fold's result of the tuned row of results.csv.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "report/csv_table.hpp"
#include "sweep/plan.hpp"
#include "sweep/result_layout.hpp"
#include "sweep/work_units.hpp"

namespace tsfs {

struct InnerFolds {
  std::vector<Fold> folds;  // row indices into the dataset, each a subset of its outer train rows
  std::vector<int> outer;   // the outer fold each inner fold splits
};

// The inner protocol applied to the training rows of every outer fold, in outer fold order.
// Throws InputError when the inner protocol cannot split some outer training set.
InnerFolds make_inner_folds(const Dataset& data, const std::vector<Fold>& outer,
                            const ProtocolOptions& inner);

// Whether the spec tunes anything of this selector's rows (one of its own parameters, n_features
// or a classifier parameter).
bool is_tuned(const Spec& spec, const SelectorSpec& selector);

// One results.csv row marked tuned: the grid cells among which each outer fold chooses.
struct TunedCell {
  std::vector<int> candidates;  // plan cell indices, grid order
};

// Tuned rows in the order of their first candidate. Empty without `tune:`.
std::vector<TunedCell> tuned_cells(const Spec& spec, const Plan& plan);

// The results.csv / folds.csv key of a tuned row: its first candidate's, with "tuned" in the
// columns of the tuned parameters.
std::vector<std::string> tuned_key(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const TunedCell& tuned);

// The score units of the inner folds of some tuned rows.
struct InnerPlan {
  Plan units;  // only score_units is used
  // [tuned row][candidate][inner fold] -> index into units.score_units
  std::vector<std::vector<std::vector<int>>> unit_of;
};

// Inner fold g of a dataset is fold index folds.size() + g (PreparedDataset::fold). A selector
// with fit_on: all sees every row of the outer fold's training set (never its test rows).
InnerPlan make_inner_plan(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                          const Plan& plan, const std::vector<TunedCell>& tuned);

// Index of the largest value, NaN (a candidate that could not be scored) left out; ties go to the
// first. scores.size() when every value is NaN.
size_t best_candidate(const std::vector<double>& scores);

struct TunedChoice {
  int candidate = 0;          // index into TunedCell::candidates; -1: none could be scored
  double inner_score = 0.0;   // mean of the metric over the outer fold's inner folds
  std::string not_converged;  // candidate -1: why (a selector's solver that did not converge)
};

struct TuningCounts {
  size_t inner_score_vectors = 0;
  size_t inner_fits = 0;  // distinct classifier fits on inner folds
};

// For each tuned row and outer fold, the chosen candidate. Inner evaluations go through `cache`
// (keyed like outer ones, by inner fold index), so identical subsets are fitted once.
std::vector<std::vector<TunedChoice>> choose_candidates(
    const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
    const std::vector<TunedCell>& tuned,
    const std::map<std::pair<int, int>, Eigen::MatrixXd>& distance_matrices, int threads,
    bool direct_fits, bool quiet, std::map<EvaluationKey, EvaluationResult>& cache,
    TuningCounts& counts);

// tuned.csv: per tuned row and outer fold, the chosen values, the inner score and the outer result.
std::vector<std::string> tuned_header(const Spec& spec, const ResultLayout& layout);
std::vector<std::string> tuned_row(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const TunedCell& tuned, const std::vector<std::string>& key,
                                   const TunedChoice& choice, const FoldOutcome& outcome);

// tuned.csv rows of an earlier run in the output folder, by the key of their tuned row; rows of
// another inner protocol (or metric: another header) are left out, so their rows are recomputed.
struct TunedLine {
  std::vector<std::string> fields;
  size_t line = 0;  // in tuned.csv, 1-based
};
using PreviousTunedRows = std::map<std::vector<std::string>, std::vector<TunedLine>>;
PreviousTunedRows read_previous_tuned(const std::filesystem::path& output, const Spec& spec,
                                      const ResultLayout& layout);

// Whether the earlier tuned.csv rows of `tuned` can be resumed: one per outer fold of its folds.csv
// rows (false: recompute the row). Throws InputError, naming `path` and the row, for a choice that
// is none of the row's candidates or an accuracy that its folds.csv row contradicts.
bool previous_tuned_rows_agree(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                               const TunedCell& tuned, const std::vector<TunedLine>& tuned_rows,
                               const std::vector<std::vector<std::string>>& fold_rows,
                               const std::filesystem::path& path);

}  // namespace tsfs
