#include "launch/shard/fold_merge.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <set>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/text.hpp"
#include "launch/shard/plan_files.hpp"
#include "report/checked_table.hpp"
#include "sweep/store/keyed_records.hpp"
#include "sweep/store/output_writer.hpp"
#include "sweep/store/previous_results.hpp"
#include "sweep/store/tuned_rows.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {
namespace {

size_t shard_of(const FoldShardedRows& sharded, int dataset, size_t fold) {
  return static_cast<size_t>(sharded.fold_shards[static_cast<size_t>(dataset)][fold]);
}

const std::vector<std::string>& fields_of(const std::vector<std::string>& row) {
  return row;
}
const std::vector<std::string>& fields_of(const TunedLine& row) {
  return row.fields;
}

// The row of `rows` (one key's folds.csv or tuned.csv rows: the key's `at` fields, then repeat and
// fold) that is `fold`'s, or nullptr.
template <class Row>
const Row* fold_row_of(const std::vector<Row>& rows, size_t at, const Fold& fold) {
  const std::string repeat = std::to_string(fold.repeat), index = std::to_string(fold.index);
  for (const auto& row : rows)
    if (fields_of(row)[at] == repeat && fields_of(row)[at + 1] == index) return &row;
  return nullptr;
}

// The folds of each dataset each shard holds, copied once, for the checks of the shards' rows.
class HeldFolds {
 public:
  HeldFolds(const LoadedRun& loaded, const FoldShardedRows& sharded)
      : loaded_(loaded), sharded_(sharded) {}
  const std::vector<Fold>& of(int shard, int dataset) {
    auto [entry, inserted] = held_.try_emplace({shard, dataset});
    if (inserted)
      for (const int f : folds_of_shard(sharded_.fold_shards, static_cast<size_t>(dataset), shard))
        entry->second.push_back(
            loaded_.datasets[static_cast<size_t>(dataset)].folds[static_cast<size_t>(f)]);
    return entry->second;
  }

 private:
  const LoadedRun& loaded_;
  const FoldShardedRows& sharded_;
  std::map<std::pair<int, int>, std::vector<Fold>> held_;
};

// The first of `folds` (a shard's, in the protocol's order) that a not-converged reason names:
// a reason ends with the rows its score vector was fitted on, by the protocol's numbers
// (fit_rows_text, sweep/run/scores.cpp: "... fold F of repeat R)"); the first fold when it names
// none (a vector fitted on all rows, whose reason every shard shares).
size_t failing_fold(const std::string& reason, const std::vector<Fold>& folds) {
  for (size_t f = 0; f < folds.size(); ++f)
    if (reason.ends_with(fmt::format(" fold {} of repeat {})", folds[f].index, folds[f].repeat)))
      return f;
  return 0;
}

// The cell_status.csv row of a cell some shard could not evaluate: a single run's reason is its
// first failing fold's, in the protocol's order, so among the shards that report the cell the one
// whose failing fold comes first gives it. nullptr when every shard evaluated the cell.
const std::vector<std::string>* first_failure(const FoldShardedRows& sharded, int dataset,
                                              const std::string& key,
                                              const std::vector<ShardCellStatus>& statuses,
                                              const std::vector<PreviousResults>& parts,
                                              HeldFolds& held) {
  const size_t reason = statuses.empty() ? 0 : statuses.front().reason_column;
  const std::vector<std::string>* first = nullptr;
  size_t first_position = 0;
  for (const int s : shards_of_dataset(sharded.fold_shards, static_cast<size_t>(dataset))) {
    const auto found = statuses[static_cast<size_t>(s)].rows.find(key);
    if (found == statuses[static_cast<size_t>(s)].rows.end() ||
        parts[static_cast<size_t>(s)].results.count(key))
      continue;
    const auto positions = folds_of_shard(sharded.fold_shards, static_cast<size_t>(dataset), s);
    const size_t position = static_cast<size_t>(
        positions[failing_fold(found->second.fields[reason], held.of(s, dataset))]);
    if (!first || position < first_position) {
      first = &found->second.fields;
      first_position = position;
    }
  }
  return first;
}

}  // namespace

MergedRows merge_fold_rows(const LoadedRun& loaded, const FoldShardedRows& sharded) {
  const Plan& plan = loaded.plan;
  const ResultLayout& layout = loaded.layout;
  const std::vector<MergedResultRow> rows = merged_result_rows(loaded);
  const auto shards = static_cast<size_t>(sharded.shards);
  std::vector<std::set<std::string>> keys(shards);
  for (const MergedResultRow& expected : rows)
    for (const int s : shards_of_dataset(
             sharded.fold_shards, static_cast<size_t>(plan.cells[expected.row.cell].dataset)))
      keys[static_cast<size_t>(s)].insert(expected.key);
  MergedRows merged = no_merged_rows(loaded, rows);
  std::vector<PreviousResults> parts;
  std::vector<ShardCellStatus> statuses;
  for (size_t s = 0; s < shards; ++s) {
    const auto folder = shard_folder(loaded.spec.output, {static_cast<int>(s) + 1, sharded.shards});
    parts.push_back(read_previous_results(folder, layout, keys[s]));
    statuses.push_back(read_cell_status(folder, layout, merged.cell_status));
    statuses.back().refuse_rows_outside(keys[s]);
  }
  HeldFolds held(loaded, sharded);
  MergeProblems problems;
  const size_t at = layout.key_header().size();
  for (const MergedResultRow& expected : rows) {
    const Cell& cell = plan.cells[expected.row.cell];
    const auto& folds = loaded.datasets[static_cast<size_t>(cell.dataset)].folds;
    if (const auto* status =
            first_failure(sharded, cell.dataset, expected.key, statuses, parts, held)) {
      merged.cell_status.rows.push_back(*status);
      continue;
    }
    bool complete = true;
    for (const int s : shards_of_dataset(sharded.fold_shards, static_cast<size_t>(cell.dataset))) {
      const PreviousResults& part = parts[static_cast<size_t>(s)];
      const auto folder = shard_folder(loaded.spec.output, {s + 1, sharded.shards});
      if (auto missing = missing_rows(folder, part, expected, held.of(s, cell.dataset).size());
          !missing.empty()) {
        problems.add(std::move(missing));
        complete = false;
        continue;
      }
      // As a rerun of the shard checks it: its folds exactly, its results.csv row agreeing.
      check_row_agrees_with_folds(folder, layout, plan, expected.row, part,
                                  &held.of(s, cell.dataset));
    }
    if (!complete) continue;
    std::vector<FoldOutcome> outcomes;
    for (size_t f = 0; f < folds.size(); ++f) {
      const auto& part = parts[shard_of(sharded, cell.dataset, f)];
      const std::vector<std::string>& row = *fold_row_of(part.folds.at(expected.key), at, folds[f]);
      merged.folds.rows.push_back(row);
      outcomes.push_back(layout.fold_outcome(row));
    }
    merged.results.rows.push_back(with_key(expected.row, layout.results_row(cell, outcomes)));
    if (expected.tuned) merged.tuned_finished[*expected.tuned] = true;
  }
  problems.throw_if_any(loaded.spec.output);
  for (auto& part : parts) merged.shard_folds.push_back(std::move(part.folds));
  return merged;
}

CsvTable merge_fold_tuned(const OutputTable& declared, const LoadedRun& loaded,
                          const FoldShardedRows& sharded, const MergedRows& merged) {
  const size_t at = loaded.layout.key_header().size();
  const auto folders = shard_folders(loaded.spec.output, sharded.shards);
  std::vector<std::filesystem::path> paths;
  for (const auto& folder : folders)
    paths.push_back(folder / (std::string(declared.stem) + ".csv"));
  std::vector<PreviousTunedRows> rows_of_shard = read_shard_tuned(loaded, folders);
  CsvTable table{declared.header(loaded.spec, loaded.layout), {}};
  for (size_t t = 0; t < loaded.tuned.size(); ++t) {
    const auto& key = merged.tuned_keys[t];
    const int dataset =
        loaded.plan.cells[static_cast<size_t>(loaded.tuned[t].candidates.front())].dataset;
    const auto& folds = loaded.datasets[static_cast<size_t>(dataset)].folds;
    // Each shard's rows are its folds', once each, as a rerun of it would resume them; a tuned
    // row another shard could not evaluate has none in the merge, as in a single run.
    for (const int shard : shards_of_dataset(sharded.fold_shards, static_cast<size_t>(dataset))) {
      const auto s = static_cast<size_t>(shard);
      const auto found = rows_of_shard[s].find(key);
      const size_t present = found == rows_of_shard[s].end() ? 0 : found->second.size();
      const size_t held =
          folds_of_shard(sharded.fold_shards, static_cast<size_t>(dataset), shard).size();
      // A shard that finished the row has a row per fold; one that could not evaluate it, none.
      if (present != held && !(present == 0 && !merged.tuned_finished[t]))
        throw InputError(paths[s].string(),
                         fmt::format("{} rows for the tuned row ({}), whose folds in this shard "
                                     "are {}",
                                     present, fmt::join(key, ", "), held));
      if (present > 0)
        check_shard_tuned_rows(loaded, loaded.tuned[t], key, found->second, merged.shard_folds[s],
                               paths[s]);
    }
    for (size_t f = 0; f < folds.size() && merged.tuned_finished[t]; ++f) {
      // check_shard_tuned_rows found one row per fold of the shard's
      table.rows.push_back(
          fold_row_of(rows_of_shard[shard_of(sharded, dataset, f)].at(key), at, folds[f])->fields);
    }
    for (const int shard : shards_of_dataset(sharded.fold_shards, static_cast<size_t>(dataset)))
      rows_of_shard[static_cast<size_t>(shard)].erase(key);
  }
  refuse_foreign_tuned_rows(rows_of_shard, paths);
  return table;
}

std::unique_ptr<ScoreRowsMerge> merge_fold_score_units(const OutputTable& declared,
                                                       const LoadedRun& loaded,
                                                       const FoldShardedRows& sharded) {
  const auto folders = shard_folders(loaded.spec.output, sharded.shards);
  auto merged = std::make_unique<ScoreRowsMerge>(declared, loaded, folders);
  ScoreRowsMerge& merge = *merged;
  for (const ScoreUnit& unit : loaded.plan.score_units) {
    const auto dataset = static_cast<size_t>(unit.dataset);
    if (unit.fold != kAllRows) {
      merge.write(
          merge.take(shard_of(sharded, unit.dataset, static_cast<size_t>(unit.fold)), unit));
      continue;
    }
    // Fitted on all rows: every shard holding the dataset computed it, each the same.
    const std::vector<int> sources = shards_of_dataset(sharded.fold_shards, dataset);
    const std::string first = merge.take(static_cast<size_t>(sources.front()), unit);
    for (size_t i = 1; i < sources.size(); ++i)
      if (merge.take(static_cast<size_t>(sources[i]), unit) != first)
        throw InputError(
            (folders[static_cast<size_t>(sources[i])] / (std::string(declared.stem) + ".csv"))
                .string(),
            fmt::format("the rows of a score vector of {} fitted on all rows are not those of "
                        "shard {}: the file is damaged, rerun the shard",
                        loaded.datasets[dataset].data.name, sources.front() + 1));
    merge.write(first);
  }
  merge.check_all_taken();
  return merged;
}

std::optional<CsvTable> merged_fold_work_seconds(const LoadedRun& loaded,
                                                 const std::vector<WorkGroup>& groups,
                                                 const FoldShardedRows& sharded) {
  auto files =
      ShardWorkSeconds::read(loaded, shard_folders(loaded.spec.output, sharded.shards), false);
  if (!files) return std::nullopt;
  CsvTable merged{files->header(), {}};
  const size_t at = files->key_columns();
  for (const WorkGroup& group : groups) {
    const ScoreUnit& first_unit = loaded.plan.score_units[group.first_unit];
    const auto key = loaded.layout.work_group_key(first_unit);
    // A vector fitted on all rows is computed by every shard holding the dataset; a single run
    // computes it once, so its seconds are the first shard's.
    bool first_shard = true;
    std::vector<std::string> merged_row;
    size_t resumed = 0;
    std::array<double, 3> seconds = {0, 0, 0};
    bool timed = true;
    for (const int shard :
         shards_of_dataset(sharded.fold_shards, static_cast<size_t>(group.dataset))) {
      const auto& row = files->take(static_cast<size_t>(shard), key);
      if (merged_row.empty()) merged_row = row;
      resumed = std::max(resumed, static_cast<size_t>(*parse_double(row[at + kRowsResumed])));
      timed = timed && !row[at + kScoreSeconds].empty();
      for (size_t i = 0; i < seconds.size() && timed; ++i)
        if (i > 0 || first_shard || first_unit.fold != kAllRows)
          seconds[i] += *parse_double(row[at + kScoreSeconds + i]);
      first_shard = false;
    }
    merged_row[at + kRowsResumed] = std::to_string(resumed);
    merged_row[at + kScoreVectors] = std::to_string(group.units);
    for (size_t i = 0; i < seconds.size(); ++i)
      merged_row[at + kScoreSeconds + i] = timed ? seconds_text(seconds[i]) : "";
    merged.rows.push_back(std::move(merged_row));
  }
  files->check_all_taken();
  return merged;
}

}  // namespace tsfs
