#pragma once
// work_seconds.csv: the seconds a run spent on each work group (one dataset, distance, selector
// and parameter set: its score vectors and every cell ranked with them), so that `runner plan
// --calibrate RUN` can give a later plan's shards their measured cost (launch/shard/
// calibration.hpp) rather than the cost model's estimate.
//
// What is charged to a group: its score vectors' seconds (a batch's shared equally by its units);
// each distinct classifier fit's seconds, charged to the group whose score vector chose its
// columns (a fit two groups share is charged to the first that asks for it, as it runs once); and
// under tune: the inner folds' score vectors and fits of its candidate cells (tuning_seconds).
// Seconds are the wall seconds of the thread doing the work, so they add up to about the CPU time
// while the run has no more threads than free cores.
//
// A group's row holds what this run measured, and how many of the results.csv rows that need it
// (its reported cells, and the tuned rows with a candidate among its cells) were resumed rather
// than computed: only a group with none resumed was measured whole. A group that this run resumed
// keeps the row an earlier run wrote for the same work (its rows and score vectors) when this run
// computed none of it, or when that row is whole: a finished run run again measures nothing, and
// must not forget what was measured. The file is written when a run finishes (an interrupted run
// leaves it as it was); its seconds are empty with --no-timings.
#include <array>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "report/csv_table.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {

struct MeasuredSeconds {
  double scores = 0, fits = 0, tuning = 0;
};

class WorkSeconds {
 public:
  // Every unit of `units` (a run's plan, or the inner plan of tune:) with its score vector's
  // seconds; `tuning`: the seconds are nested CV's.
  void add_scores(const Plan& units, const std::vector<ScoreResult>& scores, bool tuning);
  // One classifier fit whose columns the score vector `unit` chose.
  void add_fit(const ScoreUnit& unit, double seconds, bool tuning);
  // What was measured for the group of `unit` (zero when nothing was).
  MeasuredSeconds of(const ScoreUnit& unit) const;

 private:
  std::map<std::array<int, 4>, MeasuredSeconds> groups_;
};

// work_seconds.csv's value columns, after the group's key columns (ResultLayout::
// work_seconds_header), by index. Besides the counts, the work a group's seconds measured is
// described by its dataset's rows and feature columns and the spec's classifier entry: seconds
// measured on other data or with another classifier are no measurement of this group.
// A number of seconds as work_seconds.csv holds it (a value read back is written again the same
// way).
std::string seconds_text(double seconds);

enum WorkSecondsColumn : size_t {
  kRows,
  kRowsResumed,
  kScoreVectors,
  kDatasetRows,
  kDatasetFeatures,
  kClassifier,
  kScoreSeconds,
  kFitSeconds,
  kTuningSeconds,
  kWorkSecondsValues  // their count
};
// The value columns that describe a group's work, which same_work compares.
inline constexpr std::array<WorkSecondsColumn, 5> kWorkDescription = {
    kRows, kScoreVectors, kDatasetRows, kDatasetFeatures, kClassifier};

// A work_seconds.csv read back and checked as untrusted input: the header ends with the value
// columns, every row has the header's field count, rows, rows_resumed and score_vectors are
// counts as tsfs writes them (digits, no leading zero; rows_resumed at most rows; dataset rows and
// features too), a classifier given, the seconds
// from 0 to 1e9, or all three empty, and no work group listed twice.
// Throws InputError naming the file and the line (a missing file is one too).
struct WorkSecondsFile {
  CsvTable table;
  std::vector<size_t> lines;  // of each row
  size_t key_columns() const { return table.header.size() - kWorkSecondsValues; }
};
WorkSecondsFile read_work_seconds(const std::filesystem::path& path);

// What matches a group's row across specs: its key columns' non-empty "name=value" pairs, sorted
// (`names` the key columns of the file's header, `values` the row's key fields). A parameter
// column empty or absent alike, so a spec that gained or lost parameter columns still matches.
std::string work_group_match_key(const std::vector<std::string>& names,
                                 const std::vector<std::string>& values);

// The value columns (rows ... tuning_seconds) of an earlier run's <output>/work_seconds.csv by
// each row's work_group_match_key (none without the file). Read with the results a run resumes,
// before it writes anything: InputError for a damaged file (read_work_seconds), saying that
// removing the file (timings only) lets the run go on.
std::map<std::string, std::vector<std::string>> earlier_work_seconds(
    const std::filesystem::path& output);

// A plan's work groups as work_seconds.csv lists them, in the order of their first score unit:
// each group's first unit, its count of units, and the results.csv rows that need it (indices as
// result_rows gives them: the grid's cells that are reported, then the tuned rows, each in every
// group holding one of its candidates).
struct WorkGroupRows {
  size_t first_unit = 0;
  size_t units = 0;
  std::vector<size_t> rows;
};
std::vector<WorkGroupRows> work_group_rows(const Plan& plan, const std::vector<TunedCell>& tuned,
                                           const std::vector<bool>& reported);

// The value columns of `group`'s row up to its seconds (rows ... classifier), `resumed` of its
// rows resumed.
std::vector<std::string> work_values(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                     const Plan& plan, const WorkGroupRows& group, size_t resumed);
// Whether two rows' value columns describe the same work: rows, score vectors, dataset rows and
// features, classifier.
bool same_work(const std::vector<std::string>& values, const std::vector<std::string>& other);

// One row per work group of the run's plan (work_group_rows): `resumed` says which results.csv
// rows (result_rows' indices) an earlier run had finished, `measured` what this run measured,
// `earlier` the rows of an earlier run's file (earlier_work_seconds).
struct WorkSecondsInputs {
  const std::vector<bool>& resumed;
  const WorkSeconds& measured;
  const std::map<std::string, std::vector<std::string>>& earlier;
  bool timings = true;
};
CsvTable work_seconds_table(const LoadedRun& loaded, const WorkSecondsInputs& inputs);

}  // namespace tsfs
