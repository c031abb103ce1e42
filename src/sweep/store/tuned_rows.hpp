#pragma once
// tuned.csv (the spec's `tune:` section): per tuned row and outer fold, the chosen values, the
// inner score and the outer result; and the rows of an earlier run read back, checked against
// folds.csv.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "sweep/plan/tuned_cells.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {

struct TunedChoice {
  int candidate = 0;         // index into TunedCell::candidates; -1: none could be scored
  double inner_score = 0.0;  // mean of the metric over the outer fold's inner folds
  // Candidates whose mean inner score equals the chosen one's (1: no tie; more: the choice was
  // decided by tune.ties, not by the data). 0 when the inner score is undefined.
  int tied = 0;
  std::string not_converged;  // candidate -1: why (a selector's solver that did not converge)
};

// The grid a tuned row belongs to, as tuned.csv sees it (references, never stored).
struct TunedGrid {
  const Spec& spec;
  const ResultLayout& layout;
  const Plan& plan;
};

// The results.csv / folds.csv key of a tuned row: its first candidate's, with "tuned" in the
// columns of the tuned parameters.
std::vector<std::string> tuned_key(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const TunedCell& tuned);

// tuned.csv: per tuned row and outer fold, the chosen values, the inner score and the outer result.
std::vector<std::string> tuned_header(const Spec& spec, const ResultLayout& layout);
std::vector<std::string> tuned_row(const TunedGrid& grid, const TunedCell& tuned,
                                   const std::vector<std::string>& key, const TunedChoice& choice,
                                   const FoldOutcome& outcome);

// tuned.csv rows of an earlier run in the output folder, by the key of their tuned row; rows of
// another inner protocol (or metric: another header) are left out, so their rows are recomputed.
struct TunedLine {
  std::vector<std::string> fields;
  size_t line = 0;  // in tuned.csv, 1-based
};
using PreviousTunedRows = std::map<std::vector<std::string>, std::vector<TunedLine>>;
PreviousTunedRows read_previous_tuned(const std::filesystem::path& output, const Spec& spec,
                                      const ResultLayout& layout);

// A tuned.csv read back as read_previous_tuned reads one (a fold listed twice, or ties neither
// first nor last, is an InputError at its line; rows of another inner protocol or tie rule are
// left out), except that a header other than this spec's is an InputError too: a shard's file,
// which the merge must not set aside.
PreviousTunedRows read_tuned_lines(const std::filesystem::path& path, const Spec& spec,
                                   const ResultLayout& layout);

// folds.csv rows of an earlier run by joined key (PreviousResults::folds).
using PreviousFoldRows = std::map<std::string, std::vector<std::vector<std::string>>>;

// Whether the earlier tuned.csv rows of `tuned` can be resumed: one per outer fold of its folds.csv
// rows `fold_rows` (false: recompute the row). Throws InputError, naming `path` and the row, for a
// choice that is none of the row's candidates, or an outer result (accuracy, balanced accuracy,
// metrics) that its folds.csv row or the chosen candidate's own folds.csv row (in
// `all_fold_rows`) contradicts.
bool previous_tuned_rows_agree(const TunedGrid& grid, const TunedCell& tuned,
                               const std::vector<TunedLine>& tuned_rows,
                               const std::vector<std::vector<std::string>>& fold_rows,
                               const PreviousFoldRows& all_fold_rows,
                               const std::filesystem::path& path);

}  // namespace tsfs
