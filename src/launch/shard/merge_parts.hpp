#pragma once
// What the merge of shards split by work groups (merge.cpp) and of shards split by folds
// (fold_merge.hpp) share: the problems found, named together, and the rows merged so far.
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/files.hpp"
#include "report/csv_table.hpp"
#include "sweep/store/keyed_records.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/output_tables.hpp"
#include "sweep/store/output_writer.hpp"
#include "sweep/store/previous_results.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/tuned_rows.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {

// Every problem found, so that one message names all the shards at fault.
class MergeProblems {
 public:
  void add(std::string problem) { problems_.push_back(std::move(problem)); }
  // InputError naming the run folder and every problem, when there is one.
  void throw_if_any(const std::filesystem::path& run_folder) const;

 private:
  std::vector<std::string> problems_;
};

// results.csv, folds.csv and cell_status.csv rows in a single run's order.
struct MergedRows {
  CsvTable results, folds;
  CsvTable cell_status;              // cells whose selector did not converge, from the shards
  std::vector<bool> tuned_finished;  // per tuned row: in results (not a cell_status.csv row)
  std::vector<std::vector<std::string>> tuned_keys;  // per tuned row: its tuned_key
  std::vector<PreviousFoldRows> shard_folds;  // each shard's folds.csv rows, for tuned.csv's checks
};

// A single run's results.csv row, by its joined key: grid cell `row.cell`, or tuned row `tuned`
// after them.
struct MergedResultRow {
  std::string key;
  ResultRow row;
  std::optional<size_t> tuned;
  std::string what() const;
};
// The single run's rows (result_rows, output_writer.hpp) in its order, its unreported candidates
// (tune.outer: chosen) left out.
std::vector<MergedResultRow> merged_result_rows(const LoadedRun& loaded);
// The tables of a single run, no row in them yet, and the tuned rows' keys from `rows`.
MergedRows no_merged_rows(const LoadedRun& loaded, const std::vector<MergedResultRow>& rows);

// What shard folder `folder`'s files lack of `row`, naming the file: its results.csv row, some of
// its `folds` folds.csv rows (one per fold the shard computed), or fold rows that do not match the
// row's n_folds. Empty when none is missing (whether the rows agree is
// check_row_agrees_with_folds').
std::string missing_rows(const std::filesystem::path& folder, const PreviousResults& part,
                         const MergedResultRow& row, size_t folds);

// A shard's cell_status.csv (no file: no rows): each row by its joined cell key, with its line.
struct ShardCellStatus {
  std::filesystem::path path;
  struct Row {
    std::vector<std::string> fields;
    size_t line = 0;
  };
  std::map<std::string, Row> rows;
  size_t reason_column = 0;  // of the rows' fields
  // InputError at the line of a row of a cell not among `keys` (the shard's own rows).
  void refuse_rows_outside(const std::set<std::string>& keys) const;
};
// InputError when the header is not `expected`'s, or a row's status is not "not_converged" (at its
// line).
ShardCellStatus read_cell_status(const std::filesystem::path& folder, const ResultLayout& layout,
                                 const CsvTable& expected);

// Each shard's tuned.csv (read_tuned_lines; no file: no rows), `shard_folders` in shard order.
std::vector<PreviousTunedRows> read_shard_tuned(
    const LoadedRun& loaded, const std::vector<std::filesystem::path>& shard_folders);

// InputError naming the shard's tuned.csv unless its rows `rows` of tuned row `tuned` (key
// `key`) are what a rerun of the shard would resume: one per fold of its folds.csv rows of the
// row (in `shard_folds`), each choosing one of the row's candidates, with the outer result its
// folds.csv row gives (previous_tuned_rows_agree).
void check_shard_tuned_rows(const LoadedRun& loaded, const TunedCell& tuned,
                            const std::vector<std::string>& key, const std::vector<TunedLine>& rows,
                            const PreviousFoldRows& shard_folds, const std::filesystem::path& path);

// InputError naming the first shard's file (`paths`) holding rows no tuned row of the plan took
// from it (each merge erases the rows it takes).
void refuse_foreign_tuned_rows(const std::vector<PreviousTunedRows>& rows_of_shard,
                               const std::vector<std::filesystem::path>& paths);

// A table of score vectors' rows (ShardMerge::per_score_feature, per_score_unit: scores.csv,
// selection_measures.csv) merged from the shards' files, each streamed in the plan's order: a
// sweep's score rows can reach millions.
class ScoreRowsMerge {
 public:
  ScoreRowsMerge(const OutputTable& declared, const LoadedRun& loaded,
                 const std::vector<std::filesystem::path>& shard_folders);
  // The rows of score vector `unit` at the head of shard `shard`'s (0-based) file, consumed; each
  // checked (a score that is not a number, a rank outside the vector: InputError at its line), and
  // in a per_score_feature table one per feature, as ScoreVectorCheck checks them.
  std::string take(size_t shard, const ScoreUnit& unit);
  void write(const std::string& rows) { output_.stream() << rows; }
  // InputError when a shard's file has rows left (of no score vector of the plan's, or out of its
  // order).
  void check_all_taken() const;
  // The merged file put in place: once every table of the merge has been checked (until then, and
  // when the merge fails, it is a temporary file, removed).
  void commit() { output_.commit(); }

 private:
  const OutputTable& declared_;
  const LoadedRun& loaded_;
  std::vector<KeyedRecords> inputs_;
  RecordCheck check_;
  std::optional<ScoreVectorCheck> vector_;  // of a per_score_feature table
  AtomicFileWriter output_;
};

// The shards' work_seconds.csv files, each checked as read_work_seconds checks it and for this
// spec's header, read in the plan's order of work groups.
class ShardWorkSeconds {
 public:
  // nullopt, with a warning, when a shard has no file (one run by an older tsfs): the merge then
  // writes none. `whole_groups`: each shard computed its groups whole (split by work groups), so
  // a row's score_vectors are the single run's too; split by folds they are the shard's share.
  static std::optional<ShardWorkSeconds> read(
      const LoadedRun& loaded, const std::vector<std::filesystem::path>& shard_folders,
      bool whole_groups);
  // The next row of shard `shard`'s (0-based) file, which must be work group `key`'s and describe
  // the single run's work of that group (same_work: its rows, dataset rows and features,
  // classifier, and score vectors when whole): InputError at its line, or after the file's last,
  // otherwise.
  const std::vector<std::string>& take(size_t shard, const std::vector<std::string>& key);
  // InputError at the first row of a shard's file that no group took.
  void check_all_taken() const;
  const std::vector<std::string>& header() const { return header_; }
  size_t key_columns() const { return header_.size() - kWorkSecondsValues; }

 private:
  std::vector<std::string> header_;
  std::vector<std::filesystem::path> paths_;
  std::vector<WorkSecondsFile> files_;
  std::vector<size_t> next_;
  std::map<std::vector<std::string>, std::vector<std::string>> planned_;  // work_values by key
  bool whole_groups_ = true;
};

}  // namespace tsfs
