#pragma once
// The run's results.csv, folds.csv and cell_status.csv as the sweep fills them: every row of the
// grid (and the tuned rows) in grid order, rows resumed from an earlier run carried over verbatim
// after checking them against their folds.csv rows, finished rows rendered once, and checkpoints
// written atomically (folds.csv before results.csv) at most once a second.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "report/csv_table.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/output_tables.hpp"
#include "sweep/store/previous_results.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/tuned_rows.hpp"

namespace tsfs {

// One row of results.csv: a grid cell, or a tuned row (tune:) whose folds are the outer
// evaluations of the candidates chosen on each fold's inner folds.
struct ResultRow {
  size_t cell = 0;               // the grid cell (a tuned row: its first candidate)
  std::vector<std::string> key;  // tuned rows: the key with "tuned" columns; empty: the cell's
  std::vector<int> fold_cells;   // tuned rows: the cell chosen for each fold, once chosen
  // false for a candidate that tune.outer: chosen evaluates on the inner folds only
  // (reported_cells): never pending, no results.csv line.
  bool reported = true;

  int source_cell(size_t fold) const {
    return fold_cells.empty() ? static_cast<int>(cell) : fold_cells[fold];
  }
};

// The grid's cells in order (each marked with `reported`, reported_cells of the same plan and
// tuned rows), then the tuned rows.
std::vector<ResultRow> result_rows(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const std::vector<TunedCell>& tuned,
                                   const std::vector<bool>& reported);

// Throws InputError naming <output>/results.csv and the row's line when `previous`'s results.csv
// row of `row` is not what its folds.csv rows give (means, spreads, counts;
// fit_seconds aside: folds.csv rounds each fold's seconds): an edited accuracy would otherwise
// reach every table and comparison of later runs. A resume and a merge (of each shard's rows)
// check every row they carry over; a row without fold rows is not checked (it is recomputed).
// Each folds.csv row must also be one of the plan's folds of the dataset (`folds`, when given: a
// shard's of them, fold_split.hpp), each once, with its training and test row counts, and no more
// features used than the cell asks for (InputError at its line).
void check_row_agrees_with_folds(const std::filesystem::path& output, const ResultLayout& layout,
                                 const Plan& plan, const ResultRow& row,
                                 const PreviousResults& previous,
                                 const std::vector<Fold>* folds = nullptr);

// `fields` (a results.csv row of the row's first cell) with a tuned row's own key.
std::vector<std::string> with_key(const ResultRow& row, std::vector<std::string> fields);

// <output>/<stem>.stale.csv, or .stale.1.csv, ... : the first name not taken, so that nothing
// an earlier run kept aside is overwritten.
std::filesystem::path stale_path(const std::filesystem::path& output, const std::string& stem);

class OutputWriter {
 public:
  OutputWriter(const std::filesystem::path& output, const ResultLayout& layout, const Plan& plan,
               const std::vector<ResultRow>& rows, PreviousResults previous, bool timings);

  bool done(size_t row) const;

  const std::optional<std::vector<FoldOutcome>>& outcome(size_t row) const;

  void record(size_t row, std::vector<FoldOutcome> folds);

  // A row whose selector did not converge on some fold: no results.csv line, a cell_status.csv
  // one. Not read back: a resumed run tries it again (and, deterministic, records it again).
  void record_not_converged(size_t row, std::string reason);

  // <output>/cell_status.csv: the rows recorded as not converged, with their reason; no file
  // when there are none (an earlier run's is removed).
  size_t write_cell_status() const;

  // At most one checkpoint per interval (a second unless set) during a sweep: a large sweep's
  // files reach megabytes, and a run killed with SIGKILL then loses at most about an interval of
  // fits (SIGINT and SIGTERM lose none: the run saves before it stops).
  bool checkpoint_due() const;
  void set_checkpoint_interval(std::chrono::seconds interval) { checkpoint_interval_ = interval; }
  size_t checkpoints() const { return checkpoints_; }  // written so far

  // Writes results.csv and folds.csv with every finished row, in grid order (tuned rows last).
  void checkpoint();

  // The rows of the last checkpoint's results.csv, as fields.
  CsvTable results_table() const;

  // Never a silent substitution: the n_features_used column says it per row, the log in sum.
  void report_cells_short_of_features() const;

  // Rows of an earlier run that this grid does not have: kept in results.stale.csv.
  void keep_stale_rows() const;

 private:
  const std::filesystem::path& output_;
  const ResultLayout& layout_;
  const Plan& plan_;
  const std::vector<ResultRow>& rows_;
  PreviousResults previous_;
  bool timings_;
  std::vector<std::optional<std::vector<FoldOutcome>>> outcomes_;
  std::vector<std::string> keys_;
  std::vector<std::string> results_lines_;  // per row: its results.csv line, empty until done
  std::vector<std::string> folds_lines_;    // per row: its folds.csv lines
  std::vector<std::string> not_converged_;  // per row: why it was not evaluated, or empty
  size_t cells_short_of_features_ = 0;
  std::chrono::steady_clock::time_point last_checkpoint_;  // the epoch: the first one is due
  std::chrono::seconds checkpoint_interval_{1};
  size_t checkpoints_ = 0;
};

// The rows in [first, last) that are neither finished in this run nor resumed.
std::vector<size_t> pending_rows(const OutputWriter& writer, size_t first, size_t last);

// A table of score vectors' rows (OutputTable::score_rows: scores.csv, selection_measures.csv),
// every vector's rows in the plan's order. Streamed: a sweep's score rows can reach millions.
void write_score_unit_table(const LoadedRun& loaded, const OutputTable& table,
                            const std::vector<ScoreResult>& scores);

// Whether the run folder already holds `table` whole for this plan (an earlier run of the same
// inputs wrote it: its header, every score vector's rows in order, one per feature for
// per_score_feature, nothing else), so that a finished run run again need not compute the score
// vectors to write it.
bool score_unit_table_is_whole(const LoadedRun& loaded, const OutputTable& table);

}  // namespace tsfs
