#include "launch/shard/shard_state.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <regex>
#include <set>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "report/manifest.hpp"
#include "sweep/store/output_lock.hpp"
#include "sweep/store/previous_results.hpp"

namespace tsfs {
namespace {

// Whether another process holds the flock of `folder`'s runner.lock (see sweep/output_lock.hpp).
bool lock_held(const std::filesystem::path& folder) {
  auto path = folder / lock_file_name();
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

// Data rows of a CSV file, counted as records (RFC 4180 quotes may hold line breaks); 0 without
// the file.
size_t csv_records(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) return 0;
  std::string text = read_text_file(path);
  size_t records = 0;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') quoted = !quoted;
    if (c == '\n' && !quoted) ++records;
  }
  return records > 0 ? records - 1 : 0;
}

// A CSV file read with the line each of its rows starts on; `checked`: by read_checked, which
// also checks the values of the columns a run writes.
struct CsvFile {
  std::filesystem::path path;
  std::vector<size_t> lines;
  CsvTable table;
  explicit CsvFile(std::filesystem::path file, bool checked = false)
      : path(std::move(file)),
        table(checked ? read_checked(path, &lines) : read_csv_table(path, &lines)) {}
};

// Field `column` of data row `r` as a count; InputError naming its line otherwise.
size_t count_field(const CsvFile& file, size_t r, size_t column) {
  const CsvTable& table = file.table;
  const auto value = parse_double(table.rows[r][column]);
  if (!value || *value < 0 || *value != std::floor(*value))
    throw InputError(
        fmt::format("{}:{}", file.path.string(), file.lines[r]),
        fmt::format("{} '{}' is not a count", table.header[column], table.rows[r][column]));
  return static_cast<size_t>(*value);
}

// The shard's rows summed over plan/groups.csv, the plan the shards and the merge follow (a hand
// edit included); nullopt for a plan older than its reported_cells column.
std::optional<PlannedRows> planned_rows_of_groups(const std::filesystem::path& output,
                                                  const ShardId& id) {
  const auto path = plan_folder(output) / "groups.csv";
  if (!std::filesystem::exists(path)) return std::nullopt;
  const CsvFile file(path);
  const CsvTable& table = file.table;
  const auto shard = table.column("shard"), cells = table.column("reported_cells"),
             tuned_rows = table.column("tuned_rows");
  if (!shard || !cells || !tuned_rows) return std::nullopt;
  PlannedRows planned;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    if (count_field(file, r, *shard) != static_cast<size_t>(id.index)) continue;
    planned.cells += count_field(file, r, *cells);
    planned.tuned_rows += count_field(file, r, *tuned_rows);
  }
  return planned;
}

// The columns of a cell's key in a results.csv or folds.csv header: those up to `protocol`, the
// key's last (ResultLayout::key_header); with `fold`, the fold row's repeat and fold too.
// InputError naming the file without them.
std::vector<size_t> key_columns(const CsvFile& file, bool fold) {
  const auto& header = file.table.header;
  const auto protocol = std::find(header.rbegin(), header.rend(), "protocol");
  if (protocol == header.rend())
    throw InputError(file.path.string(), "no protocol column: not a file tsfs wrote");
  std::vector<size_t> columns(header.size() - static_cast<size_t>(protocol - header.rbegin()));
  std::iota(columns.begin(), columns.end(), size_t{0});
  for (const char* name : {"repeat", "fold"}) {
    if (!fold) break;
    const auto column = file.table.column(name);
    if (!column)
      throw InputError(file.path.string(),
                       fmt::format("no {} column: not a file tsfs wrote", name));
    columns.push_back(*column);
  }
  return columns;
}

std::string row_key(const std::vector<std::string>& row, const std::vector<size_t>& columns) {
  std::string key;
  for (size_t column : columns) key += row[column] + '\x1f';
  return key;
}

// A finished shard's row that a rerun refuses: the shard is damaged until the user deletes it.
void damaged_at(const CsvFile& file, size_t r, size_t first_line, const std::string& what,
                ShardReport& report) {
  report.state = ShardState::damaged;
  report.detail = fmt::format(
      "{}:{} repeats the {} of line {}: a rerun refuses the file; delete one of the two rows, "
      "or rerun the shard afresh (runner run SPEC --shard {} --fresh, which computes all of its "
      "cells again)",
      file.path.string(), file.lines[r], what, first_line, report.id.text());
}

// A finished shard whose file lost rows, or holds rows that are not its own: a rerun repairs it.
void stopped_by(const std::string& counts, const std::string& repair, ShardReport& report) {
  report.state = ShardState::stopped;
  report.detail = fmt::format(
      "its manifest says finished but {}: a file was damaged or edited; rerun the shard ({})",
      counts, repair);
}

// A shard whose manifest says finished, with report.cells_done counted: finished when results.csv
// (and cell_status.csv, a cell that did not converge) holds each of its cells once and, counted,
// folds.csv one row per fold of each results.csv row (their n_folds summed). The merge refuses
// any other file. A cell, or a cell's fold, written twice is damaged: the rerun that resumes the
// shard refuses it (sweep/store/previous_results.cpp); a rerun repairs any other count (it
// computes lost rows again, sets results.csv's rows of other cells aside in results.stale.csv and
// drops their fold rows). A torn or invalid results.csv row is an InputError at its line.
void judge_finished(const std::filesystem::path& folder, FoldRows fold_rows, ShardReport& report) {
  if (!std::filesystem::exists(folder / "results.csv")) {
    report.state = ShardState::stopped;
    report.detail =
        "its manifest says finished but results.csv is missing; rerun the shard (it computes "
        "its cells again)";
    return;
  }
  report.state = ShardState::finished;
  // The merge checks every row of a shard whose count is right itself, naming the cell and file.
  if (fold_rows == FoldRows::left_to_merge && report.cells_done == report.cells) return;
  const CsvFile results(folder / "results.csv", true);
  const auto cell = key_columns(results, false);
  std::map<std::string, size_t> line_of_cell;
  for (size_t r = 0; r < results.table.rows.size(); ++r)
    if (auto [at, added] =
            line_of_cell.try_emplace(row_key(results.table.rows[r], cell), results.lines[r]);
        !added)
      return damaged_at(results, r, at->second, "cell", report);
  if (report.cells_done != report.cells)
    return stopped_by(fmt::format("{} {} rows for {} cells",
                                  std::filesystem::exists(folder / "cell_status.csv")
                                      ? "results.csv and cell_status.csv hold"
                                      : "results.csv holds",
                                  report.cells_done, report.cells),
                      report.cells_done < report.cells ? "it computes the lost rows again"
                                                       : "it sets rows of cells not its own aside",
                      report);
  if (fold_rows == FoldRows::left_to_merge) return;
  const auto n_folds = results.table.column("n_folds");
  if (!n_folds) throw InputError(results.path.string(), "no n_folds column: not a file tsfs wrote");
  size_t folds = 0;
  for (size_t r = 0; r < results.table.rows.size(); ++r) folds += count_field(results, r, *n_folds);
  size_t rows = 0;
  if (std::filesystem::exists(folder / "folds.csv")) {
    const CsvFile fold_file(folder / "folds.csv");
    const auto fold_cell = key_columns(fold_file, false), fold_row = key_columns(fold_file, true);
    std::map<std::string, size_t> line_of_fold;
    for (size_t r = 0; r < fold_file.table.rows.size(); ++r) {
      const auto& row = fold_file.table.rows[r];
      if (!line_of_cell.count(row_key(row, fold_cell))) continue;  // dropped by a rerun
      if (auto [at, added] = line_of_fold.try_emplace(row_key(row, fold_row), fold_file.lines[r]);
          !added)
        return damaged_at(fold_file, r, at->second, "fold row", report);
    }
    rows = fold_file.table.rows.size();
  }
  if (rows != folds)
    stopped_by(fmt::format("folds.csv holds {} rows, and results.csv's rows were evaluated on {} "
                           "folds (their n_folds)",
                           rows, folds),
               "it drops the fold rows of no results.csv row, and computes again the cells "
               "whose fold rows are not their n_folds",
               report);
}

}  // namespace

size_t planned_tuned_rows(const std::filesystem::path& output) {
  const auto path = plan_folder(output) / "groups.csv";
  const CsvFile file(path);
  const auto tuned_rows = file.table.column("tuned_rows");
  if (!tuned_rows) throw InputError(path.string(), "no tuned_rows column: not a file tsfs wrote");
  size_t total = 0;
  for (size_t r = 0; r < file.table.rows.size(); ++r) total += count_field(file, r, *tuned_rows);
  return total;
}

PlannedRows planned_rows(const std::filesystem::path& output, const ShardId& id) {
  if (auto planned = planned_rows_of_groups(output, id)) return *planned;
  const auto path = plan_folder(output) / "shards.csv";
  if (!std::filesystem::exists(path)) return {};
  const CsvFile file(path);
  const CsvTable& table = file.table;
  const auto shard = table.column("shard"), cells = table.column("cells"),
             tuned_rows = table.column("tuned_rows");  // absent from plans older than it
  if (!shard || !cells)
    throw InputError(path.string(), "no shard or cells column: not a file tsfs wrote");
  auto count = [&](size_t r, size_t column) { return count_field(file, r, column); };
  for (size_t r = 0; r < table.rows.size(); ++r)
    if (table.rows[r][*shard] == std::to_string(id.index))
      return {count(r, *cells), tuned_rows ? count(r, *tuned_rows) : 0};
  throw InputError(path.string(), fmt::format("no row for shard {}", id.index));
}

namespace {

std::string describe_mismatch(const ShardRecord& record, const ShardRecord& plan,
                              const ShardId& id) {
  if (record.spec_hash != plan.spec_hash)
    return fmt::format("computed for another spec (spec hash {}, the plan's is {})",
                       record.spec_hash, plan.spec_hash);
  if (record.shards != plan.shards || record.shard != id.index)
    return fmt::format("shard {}/{}, not {}", record.shard, record.shards, id.text());
  if (record.split != plan.split)
    return record.split == ShardSplit::folds
               ? "a shard of a plan split by folds, and the plan is not"
               : "a shard of a plan split by work groups, and the plan is split by folds";
  return {};
}

}  // namespace

std::string state_name(ShardState state) {
  switch (state) {
    case ShardState::not_started:
      return "not started";
    case ShardState::foreign:
      return "foreign";
    case ShardState::running:
      return "running";
    case ShardState::finished:
      return "finished";
    case ShardState::stopped:
      return "stopped";
    case ShardState::damaged:
      return "damaged";
  }
  return "?";
}

namespace {

std::string status_in_manifest(const std::string& text) {
  static const std::regex pattern(R"re(\n  "status": "([a-z]+)",\n)re");
  std::smatch match;
  return std::regex_search(text, match, pattern) ? match[1].str() : std::string();
}

}  // namespace

std::string manifest_status(const std::filesystem::path& manifest) {
  if (!std::filesystem::exists(manifest)) return {};
  return status_in_manifest(read_text_file(manifest));
}

ShardReport inspect_shard(const std::filesystem::path& output, const ShardId& id,
                          const ShardRecord& plan, FoldRows fold_rows) {
  ShardReport report{id, ShardState::not_started, {}, 0, 0, {}, {}};
  auto folder = shard_folder(output, id);
  if (!std::filesystem::exists(folder / "shard.json")) {
    const PlannedRows planned = planned_rows(output, id);
    report.cells = planned.cells + planned.tuned_rows;
    if (lock_held(folder)) {
      report.state = ShardState::running;
    } else if (std::filesystem::exists(folder / "results.csv")) {
      // A shard writes shard.json before any result: results without it mean a damaged folder.
      report.state = ShardState::stopped;
      report.detail = "results.csv without shard.json: the folder was damaged; rerun the shard";
    }
    return report;
  }
  ShardRecord record = read_shard_record(folder / "shard.json");
  report.cells = record.cells;
  // A cell whose selector did not converge is done too: cell_status.csv records it.
  report.cells_done = csv_records(folder / "results.csv") + csv_records(folder / "cell_status.csv");
  if (std::filesystem::exists(folder / "manifest.json")) {
    const std::string manifest = read_text_file(folder / "manifest.json");
    report.manifest_status = status_in_manifest(manifest);
    report.fingerprint = manifest_fingerprint(manifest).value_or("");
  }
  if (auto mismatch = describe_mismatch(record, plan, id); !mismatch.empty()) {
    report.state = ShardState::foreign;
    report.detail = mismatch;
  } else if (lock_held(folder)) {
    report.state = ShardState::running;
  } else if (report.manifest_status == "finished") {
    judge_finished(folder, fold_rows, report);
  } else {
    report.state = ShardState::stopped;
    report.detail = report.manifest_status == "running"
                        ? "killed (manifest still says running)"
                        : fmt::format("manifest status '{}'", report.manifest_status);
  }
  return report;
}

std::vector<std::string> foreign_shard_folders(const std::filesystem::path& output, int shards) {
  std::set<std::string> expected;
  for (int i = 1; i <= shards; ++i) expected.insert(ShardId{i, shards}.folder_name());
  std::vector<std::string> foreign;
  auto folder = shards_folder(output);
  if (!std::filesystem::is_directory(folder)) return foreign;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (!expected.count(entry.path().filename().string())) foreign.push_back(entry.path().string());
  std::sort(foreign.begin(), foreign.end());
  return foreign;
}

}  // namespace tsfs
