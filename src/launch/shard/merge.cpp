#include "launch/shard/merge.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "cache/artefacts.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/parallel.hpp"
#include "launch/shard/fold_merge.hpp"
#include "launch/shard/merge_parts.hpp"
#include "launch/shard/plan_files.hpp"
#include "launch/shard/shard_state.hpp"
#include "launch/shard/work_groups.hpp"
#include "plot/plot.hpp"
#include "report/csv_table.hpp"
#include "report/html_report.hpp"
#include "report/manifest.hpp"
#include "sweep/run/curves.hpp"
#include "sweep/run/load.hpp"
#include "sweep/run/scores.hpp"
#include "sweep/store/keyed_records.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/output_tables.hpp"
#include "sweep/store/output_writer.hpp"
#include "sweep/store/previous_results.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/run_folder.hpp"
#include "sweep/store/skipped.hpp"
#include "sweep/store/tuned_rows.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {
namespace {

struct ShardedRun {
  Spec spec;
  ShardRecord plan;
};

ShardedRun load_sharded_run(const std::filesystem::path& run_folder) {
  auto record_path = plan_folder(run_folder) / "plan.json";
  ShardRecord plan = read_shard_record(record_path);
  Spec spec = load_spec(plan_folder(run_folder) / "spec.yaml", {});
  spec.name = plan.name;
  if (spec_hash(spec) != plan.spec_hash)
    throw InputError(record_path.string(),
                     "plan/spec.yaml is not the spec this plan was made from (edited?); run "
                     "`runner plan SPEC` again");
  spec.output = run_folder;
  return {std::move(spec), plan};
}

// Every shard must be finished, of this plan, and computed from the same inputs.
void check_shards(const std::filesystem::path& run_folder, const ShardRecord& plan) {
  MergeProblems problems;
  for (const auto& folder : foreign_shard_folders(run_folder, plan.shards))
    problems.add(fmt::format("{}: not a shard of this {}-shard plan", folder, plan.shards));
  std::string fingerprint;
  for (int i = 1; i <= plan.shards; ++i) {
    ShardReport report = inspect_shard(run_folder, {i, plan.shards}, plan, FoldRows::left_to_merge);
    auto folder = shard_folder(run_folder, report.id).string();
    if (report.state == ShardState::foreign)
      problems.add(fmt::format("{}: foreign shard, {}", folder, report.detail));
    else if (report.state != ShardState::finished)
      problems.add(fmt::format("{}: shard {} is {} ({} of {} cells){}", folder, report.id.text(),
                               state_name(report.state), report.cells_done, report.cells,
                               report.detail.empty() ? "" : ", " + report.detail));
    else if (!fingerprint.empty() && report.fingerprint != fingerprint)
      problems.add(
          fmt::format("{}: computed from other data, features, distances or protocol "
                      "than shard 1/{}",
                      folder, plan.shards));
    if (fingerprint.empty()) fingerprint = report.fingerprint;
  }
  problems.throw_if_any(run_folder);
}

// The shards' results came from the data, features, distances and protocol the merge sees now
// (check_shards made sure they agree with each other).
void check_inputs(const std::filesystem::path& run_folder, const ShardRecord& plan,
                  const std::string& fingerprint) {
  auto recorded =
      inspect_shard(run_folder, {1, plan.shards}, plan, FoldRows::left_to_merge).fingerprint;
  if (recorded != fingerprint)
    throw InputError(shard_folder(run_folder, {1, plan.shards}).string(),
                     "the shards were computed from other data, features, distances or protocol "
                     "than the spec's now (a data file changed?); rerun the shards with --fresh");
}

// Which shard computed each grid cell.
struct ShardedRows {
  int shards = 0;
  std::vector<int> shard_of_cell;  // shard_of_cells(plan, groups, assignment)
};

// Which shard computed each cell of the plan.
std::vector<int> shard_of_cells(const Plan& plan, const std::vector<WorkGroup>& groups,
                                const std::vector<int>& assignment) {
  std::vector<int> shard_of_cell(plan.cells.size());
  for (size_t g = 0; g < groups.size(); ++g)
    for (size_t c = groups[g].first_cell; c < groups[g].first_cell + groups[g].cells; ++c)
      shard_of_cell[c] = assignment[g];
  return shard_of_cell;
}

// results.csv and folds.csv rows in a single run's order (the grid's reported cells, then the tuned
// rows), each from the shard that computed it: a tuned row from the shard of its candidates'
// bundle.
MergedRows merge_rows(const LoadedRun& loaded, const ShardedRows& sharded) {
  const Spec& spec = loaded.spec;
  const Plan& plan = loaded.plan;
  const ResultLayout& layout = loaded.layout;
  const int shards = sharded.shards;
  // A tuned row's shard is its first candidate's (the bundle's).
  const std::vector<MergedResultRow> rows = merged_result_rows(loaded);
  auto shard_of_row = [&](const MergedResultRow& row) {
    return static_cast<size_t>(sharded.shard_of_cell[row.row.cell]);
  };
  std::vector<std::set<std::string>> keys(static_cast<size_t>(shards));
  for (const MergedResultRow& row : rows) keys[shard_of_row(row)].insert(row.key);
  MergedRows merged = no_merged_rows(loaded, rows);
  std::vector<PreviousResults> parts;
  std::vector<ShardCellStatus> statuses;
  for (int s = 0; s < shards; ++s) {
    const auto folder = shard_folder(spec.output, {s + 1, shards});
    parts.push_back(read_previous_results(folder, layout, keys[static_cast<size_t>(s)]));
    statuses.push_back(read_cell_status(folder, layout, merged.cell_status));
    statuses.back().refuse_rows_outside(keys[static_cast<size_t>(s)]);
  }
  MergeProblems problems;
  for (const MergedResultRow& expected : rows) {
    const size_t shard = shard_of_row(expected);
    auto& part = parts[shard];
    const auto& status = statuses[shard].rows;
    if (auto found = status.find(expected.key);
        !part.results.count(expected.key) && found != status.end()) {
      merged.cell_status.rows.push_back(found->second.fields);
      continue;
    }
    const auto folder = shard_folder(spec.output, {static_cast<int>(shard) + 1, shards});
    if (auto missing =
            missing_rows(folder, part, expected, plan.cells[expected.row.cell].score_units.size());
        !missing.empty()) {
      problems.add(std::move(missing));
      continue;
    }
    // Checked as a rerun of the shard would check it: an edited shard row is refused, not merged.
    check_row_agrees_with_folds(folder, layout, plan, expected.row, part);
    merged.results.rows.push_back(part.results.at(expected.key));
    for (const auto& fold : part.folds.at(expected.key)) merged.folds.rows.push_back(fold);
    if (expected.tuned) merged.tuned_finished[*expected.tuned] = true;
  }
  problems.throw_if_any(spec.output);
  for (auto& part : parts) merged.shard_folds.push_back(std::move(part.folds));
  return merged;
}

// A table of ShardMerge::per_tuned_fold (tuned.csv): every finished tuned row's rows (one per
// outer fold) from the shard that tuned it, in a single run's order; a tuned row without a
// results.csv row (not converged) has none.
CsvTable merge_per_tuned_fold(const OutputTable& declared, const LoadedRun& loaded,
                              const ShardedRows& sharded, const MergedRows& merged) {
  const std::vector<TunedCell>& tuned = loaded.tuned;
  const std::vector<int>& shard_of_cell = sharded.shard_of_cell;
  const std::vector<std::filesystem::path> folders =
      shard_folders(loaded.spec.output, sharded.shards);
  std::vector<std::filesystem::path> paths;
  for (const auto& folder : folders)
    paths.push_back(folder / (std::string(declared.stem) + ".csv"));
  std::vector<PreviousTunedRows> rows_of_shard = read_shard_tuned(loaded, folders);
  CsvTable table{declared.header(loaded.spec, loaded.layout), {}};
  for (size_t t = 0; t < tuned.size(); ++t) {
    const auto& key = merged.tuned_keys[t];
    const auto first = static_cast<size_t>(tuned[t].candidates.front());
    const auto s = static_cast<size_t>(shard_of_cell[first]);
    auto found = rows_of_shard[s].find(key);
    const size_t expected =
        merged.tuned_finished[t] ? loaded.plan.cells[first].score_units.size() : 0;
    const size_t present = found == rows_of_shard[s].end() ? 0 : found->second.size();
    if (present != expected)
      throw InputError(paths[s].string(),
                       fmt::format("{} rows for the tuned row ({}), which has {} finished folds",
                                   present, fmt::join(key, ", "), expected));
    if (present == 0) continue;
    check_shard_tuned_rows(loaded, tuned[t], key, found->second, merged.shard_folds[s], paths[s]);
    for (auto& row : found->second) table.rows.push_back(std::move(row.fields));
    rows_of_shard[s].erase(found);
  }
  refuse_foreign_tuned_rows(rows_of_shard, paths);
  return table;
}

// A table of ShardMerge::per_score_feature or per_score_unit (scores.csv, selection_measures.csv):
// every score vector's rows from the shard that computed it, in the plan's order, recognised by
// their leading key fields, and copied verbatim. Streamed: a sweep's score rows can reach millions.
std::unique_ptr<ScoreRowsMerge> merge_per_score_unit(const OutputTable& declared,
                                                     const LoadedRun& loaded,
                                                     const std::vector<WorkGroup>& groups,
                                                     const std::vector<int>& assignment,
                                                     int shards) {
  auto merge =
      std::make_unique<ScoreRowsMerge>(declared, loaded, shard_folders(loaded.spec.output, shards));
  for (size_t g = 0; g < groups.size(); ++g)
    for (size_t u = groups[g].first_unit; u < groups[g].first_unit + groups[g].units; ++u)
      merge->write(merge->take(static_cast<size_t>(assignment[g]), loaded.plan.score_units[u]));
  merge->check_all_taken();
  return merge;
}

// work_seconds.csv (ShardMerge::per_work_group): each work group's row from its shard, in the
// plan's order, every shard's file checked as read_work_seconds checks it and against the groups
// it was given (this spec's header, one row per group in plan order, each describing its group's
// work in the plan, nothing else) before the merge writes anything. Shards run by a tsfs older than
// the file have none: nullopt, and the merge writes none (saying so).
std::optional<CsvTable> merged_work_seconds(const LoadedRun& loaded,
                                            const std::vector<WorkGroup>& groups,
                                            const std::vector<int>& assignment, int shards) {
  auto files = ShardWorkSeconds::read(loaded, shard_folders(loaded.spec.output, shards), true);
  if (!files) return std::nullopt;
  CsvTable merged{files->header(), {}};
  for (size_t g = 0; g < groups.size(); ++g)
    merged.rows.push_back(
        files->take(static_cast<size_t>(assignment[g]),
                    loaded.layout.work_group_key(loaded.plan.score_units[groups[g].first_unit])));
  files->check_all_taken();
  return merged;
}

// curves.csv: the shards leave it out (each holds a part of the grid); the merge refits the folds
// of the chosen cells from their score vectors, recomputed here from the shared cache, as a
// single run does.
void merge_curves(const LoadedRun& loaded, int threads) {
  const Spec& spec = loaded.spec;
  const std::vector<PreparedDataset>& datasets = loaded.datasets;
  const Plan& plan = loaded.plan;
  const std::vector<size_t> cells = curve_cells(spec, loaded.layout, plan, loaded.reported);
  std::set<int> needed;
  for (const size_t c : cells)
    needed.insert(plan.cells[c].score_units.begin(), plan.cells[c].score_units.end());
  const std::vector<int> units(needed.begin(), needed.end());
  std::map<std::pair<int, int>, Eigen::MatrixXd> matrices;
  for (const int u : units) {
    const ScoreUnit& unit = plan.score_units[static_cast<size_t>(u)];
    if (reads_distance_matrix(spec, unit) && !matrices.count({unit.dataset, unit.distance}))
      matrices[{unit.dataset, unit.distance}] = distance_matrix(
          datasets[static_cast<size_t>(unit.dataset)].data,
          spec.distances[static_cast<size_t>(unit.distance)], spec.output / "cache", threads);
  }
  std::vector<ScoreResult> scores(plan.score_units.size());
  parallel_for(units.size(), threads, [&](size_t i) {
    const ScoreUnit& unit = plan.score_units[static_cast<size_t>(units[i])];
    const Eigen::MatrixXd* distances =
        reads_distance_matrix(spec, unit) ? &matrices.at({unit.dataset, unit.distance}) : nullptr;
    scores[static_cast<size_t>(units[i])] =
        compute_scores(spec, datasets[static_cast<size_t>(unit.dataset)], unit, distances);
  });
  write_curves(loaded, scores, cells, threads);
}

// Which shard computed what, as plan/ says (whole groups, or outer folds of datasets), and the
// merge of each kind of table by that split.
struct PlannedShards {
  int shards = 0;
  bool by_folds = false;
  std::vector<WorkGroup> groups;
  std::vector<int> assignment;   // the shard of every group (split by groups)
  ShardedRows sharded;           // split by groups
  FoldShardedRows fold_sharded;  // split by folds

  MergedRows rows(const LoadedRun& loaded) const {
    return by_folds ? merge_fold_rows(loaded, fold_sharded) : merge_rows(loaded, sharded);
  }
  std::optional<CsvTable> work_seconds(const LoadedRun& loaded) const {
    return by_folds ? merged_fold_work_seconds(loaded, groups, fold_sharded)
                    : merged_work_seconds(loaded, groups, assignment, shards);
  }
  CsvTable tuned(const OutputTable& table, const LoadedRun& loaded,
                 const MergedRows& merged) const {
    return by_folds ? merge_fold_tuned(table, loaded, fold_sharded, merged)
                    : merge_per_tuned_fold(table, loaded, sharded, merged);
  }
  std::unique_ptr<ScoreRowsMerge> score_units(const OutputTable& table,
                                              const LoadedRun& loaded) const {
    return by_folds ? merge_fold_score_units(table, loaded, fold_sharded)
                    : merge_per_score_unit(table, loaded, groups, assignment, shards);
  }
};

PlannedShards read_planned_shards(const LoadedRun& loaded, const ShardRecord& planned) {
  const Spec& spec = loaded.spec;
  PlannedShards shards{planned.shards,
                       planned.split == ShardSplit::folds,
                       spec_work_groups(spec, loaded.datasets, loaded.plan),
                       {},
                       {},
                       {}};
  shards.sharded.shards = planned.shards;
  if (shards.by_folds) {
    shards.fold_sharded = {
        planned.shards,
        read_planned_fold_shards(loaded.datasets, fold_units(loaded.datasets, shards.groups),
                                 spec.output, planned.shards)};
  } else {
    shards.assignment =
        read_planned_assignment(spec, loaded.datasets, shards.groups, planned.shards);
    shards.sharded.shard_of_cell = shard_of_cells(loaded.plan, shards.groups, shards.assignment);
  }
  return shards;
}

}  // namespace

void check_run_folder(const std::filesystem::path& run_folder) {
  if (!std::filesystem::exists(plan_folder(run_folder) / "plan.json"))
    throw InputError(run_folder.string(),
                     "not a sharded run folder (no plan/plan.json in it): make one with `runner "
                     "plan SPEC --shards N` or `runner submit SPEC --slurm --shards N`");
}

int merge_shards(const std::filesystem::path& run_folder, const RunOptions& options) {
  auto started = std::chrono::system_clock::now();
  auto [spec, planned] = load_sharded_run(run_folder);
  check_shards(run_folder, planned);
  std::vector<SkippedDataset> skipped;
  auto datasets = prepare_usable_datasets(spec, run_folder / "cache", options.threads, skipped);
  Plan plan = make_plan(spec, datasets);
  if (plan.cells.size() != planned.cells)
    throw InputError((plan_folder(run_folder) / "plan.json").string(),
                     fmt::format("planned {} cells, the spec now makes {} (changed data?)",
                                 planned.cells, plan.cells.size()));
  const auto tuned = tuned_cells(spec, plan);
  const ResultLayout layout(spec, datasets);
  const std::vector<bool> reported = reported_cells(spec, plan, tuned);
  const LoadedRun loaded{spec, datasets, plan, layout, tuned, reported};
  const PlannedShards shards = read_planned_shards(loaded, planned);
  check_inputs(run_folder, planned, inputs_fingerprint(spec, datasets, layout.protocol_label()));
  MergedRows merged = shards.rows(loaded);
  const auto work_seconds = shards.work_seconds(loaded);
  // Every other table as declared (sweep/store/output_tables.cpp); those kept in memory are
  // written with results.csv, and the streamed ones put in place, after every check passed.
  std::vector<std::pair<std::string, CsvTable>> tables;
  std::vector<std::unique_ptr<ScoreRowsMerge>> streamed;
  bool curves = false;
  for (const OutputTable& table : output_tables()) {
    if (!table.written(spec, layout)) continue;
    switch (table.merge) {
      case ShardMerge::per_tuned_fold:
        tables.emplace_back(table.stem, shards.tuned(table, loaded, merged));
        break;
      case ShardMerge::per_score_feature:
      case ShardMerge::per_score_unit:
        streamed.push_back(shards.score_units(table, loaded));
        break;
      case ShardMerge::per_work_group:  // checked above, before anything is written
        if (work_seconds)
          tables.emplace_back(table.stem, *work_seconds);
        else  // an earlier merge's copy would not describe these shards
          std::filesystem::remove(run_folder / "work_seconds.csv");
        break;
      case ShardMerge::recomputed:  // curves.csv, the only one: after every check
        curves = true;
        break;
      case ShardMerge::with_results:  // merge_rows, above
      case ShardMerge::rewritten:     // write_run_inputs, below
        break;
    }
  }
  if (curves) merge_curves(loaded, options.threads);
  for (auto& merge : streamed) merge->commit();
  for (const auto& [stem, table] : tables)
    write_file_atomically(run_folder / (stem + ".csv"), table.str());
  write_results_and_folds(run_folder, merged.results.str(), merged.folds.str());
  write_cell_status(run_folder, merged.cell_status);
  write_run_inputs(run_folder, spec, datasets, skipped);
  write_summaries(run_folder, merged.results, spec);
  auto fingerprint =
      inspect_shard(run_folder, {1, planned.shards}, planned, FoldRows::left_to_merge).fingerprint;
  ManifestInfo manifest{
      spec,
      options.threads,
      fingerprint,
      started,
      {},
      // a single run's count: the grid's reported cells and the tuned rows
      {{"grid_cells",
        static_cast<size_t>(std::count(reported.begin(), reported.end(), true)) + tuned.size()},
       {"shards", static_cast<size_t>(planned.shards)}},
      "finished"};
  write_file_atomically(run_folder / "manifest.json", manifest_json(manifest));
  write_run_report(run_folder, folder_name(run_folder));
  fmt::print("merged {} shards: {} cells{} into {}\n", planned.shards, plan.cells.size(),
             tuned.empty() ? "" : fmt::format(" and {} tuned rows", tuned.size()),
             run_folder.string());
  return 0;
}

}  // namespace tsfs
