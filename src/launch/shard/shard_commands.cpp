#include "launch/shard/shard_commands.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <set>
#include <stdexcept>

#include "cache/artefacts.hpp"
#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "launch/shard/calibration.hpp"
#include "launch/shard/plan_files.hpp"
#include "launch/shard/shard_state.hpp"
#include "launch/shard/work_groups.hpp"
#include "plot/plot.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/run/curves.hpp"
#include "sweep/run/load.hpp"
#include "sweep/store/output_tables.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/skipped.hpp"

namespace tsfs {
namespace {

struct LoadedPlan {
  std::vector<PreparedDataset> datasets;
  Plan plan;
};

// The datasets (features extracted or read from the cache, and cached) and the whole plan.
LoadedPlan load_plan(const Spec& spec, const RunOptions& options) {
  std::vector<SkippedDataset> skipped;
  const auto& cache = spec.cache;
  LoadedPlan loaded{prepare_usable_datasets(spec, cache, options.threads, skipped), {}};
  for (const auto& dataset : loaded.datasets)
    if (!dataset.feature_cache_key.empty() && !dataset.features_from_cache)
      save_cached_features(cache, dataset.feature_cache_key, dataset.features);
  loaded.plan = make_plan(spec, loaded.datasets);
  return loaded;
}

// A classifier of distances reads blocks (sweep/plan/plan.hpp) that the shards' shared artefacts
// step does not compute.
void refuse_unshardable(const Spec& spec) {
  if (spec.classifier.registration->configure_from_distances)
    throw InputError(spec.classifier.where.str(),
                     fmt::format("classifier '{}' reads distance blocks that sharded runs do not "
                                 "compute yet; run it as one process",
                                 spec.classifier.kind));
}

// What a single run refuses before computing (its plots' columns and datasets, a curves.where that
// matches no cell of the grid) is refused when the run is planned: the shards leave plots and
// curves to the merge, which would find out only after every shard had run.
void refuse_unplannable_outputs(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                const Plan& plan) {
  const ResultLayout layout(spec, datasets);
  check_plot_columns(
      spec, [&](const std::string& table) { return output_table(table).header(spec, layout); });
  for (const auto& dataset : datasets)
    check_plot_dataset(spec, dataset.data.name, dataset.data.rows());
  if (spec.curves)
    curve_cells(spec, layout, plan, reported_cells(spec, plan, tuned_cells(spec, plan)));
}

// The record of the plan/ of the spec's output folder (runner plan), which must exist and be this
// spec's; `shards` is the count to suggest (its text) when there is none.
ShardRecord this_spec_plan(const Spec& spec, const std::string& shards) {
  auto path = plan_folder(spec.output) / "plan.json";
  if (!std::filesystem::exists(path))
    throw InputError(path.string(), fmt::format("no plan for this output folder: run `runner plan "
                                                "SPEC --shards {}` first (the shards, their "
                                                "artefacts and the merge follow it)",
                                                shards));
  ShardRecord plan = read_shard_record(path);
  if (plan.spec_hash != spec_hash(spec))
    throw InputError(path.string(),
                     "planned for another spec (or other --set overrides) than the one given; "
                     "rerun `runner plan` or use the spec the plan was made from");
  return plan;
}

// The plan/ of this output folder, which must exist and be this spec's and shard count's.
ShardRecord check_plan_folder(const Spec& spec, const ShardId& shard) {
  const auto path = plan_folder(spec.output) / "plan.json";
  const ShardRecord plan = this_spec_plan(spec, std::to_string(shard.count));
  if (plan.shards != shard.count)
    throw InputError(path.string(), fmt::format("planned for {} shards, not {} (--shard {})",
                                                plan.shards, shard.count, shard.text()));
  return plan;
}

void write_shard_record(const Spec& spec, const Spec& part, const ShardId& shard,
                        const ShardLoad& load, ShardSplit split) {
  write_file_atomically(part.output / "shard.json",
                        shard_record_json({spec_hash(spec), spec.name, shard.index, shard.count,
                                           load.cells + load.tuned_rows, load.cost, split}));
}

void log_shard(const Spec& spec, const ShardId& shard, const Plan& own, const Plan& plan,
               size_t tuned_rows) {
  spdlog::info(
      "shard {}: {} of {} cells{}", shard.text(), own.cells.size(), plan.cells.size(),
      spec.tune ? fmt::format(", {} tuned row{}", tuned_rows, tuned_rows == 1 ? "" : "s") : "");
}

// A shard of a plan split by folds: each dataset keeps the outer folds plan/folds.csv gives the
// shard (the others are left whole, and their cells out), then the cells of the datasets it holds
// a fold of.
void select_shard_folds(const Spec& spec, const Spec& part, const ShardId& shard,
                        const RunOptions& options, RunOptions& shard_options) {
  struct Held {
    std::vector<bool> datasets;
    double cost = 0;  // of the shard's units
  };
  auto held = std::make_shared<Held>();
  shard_options.select_folds = [&spec, &shard, held](std::vector<PreparedDataset>& datasets) {
    const Plan whole = make_plan(spec, datasets);
    const auto units = fold_units(datasets, spec_work_groups(spec, datasets, whole));
    const FoldShards fold_shards =
        read_planned_fold_shards(datasets, units, spec.output, shard.count);
    for (const FoldUnit& unit : units)
      if (fold_shards[static_cast<size_t>(unit.dataset)][static_cast<size_t>(unit.fold)] ==
          shard.index - 1)
        held->cost += unit.cost;
    held->datasets.assign(datasets.size(), false);
    for (size_t d = 0; d < datasets.size(); ++d) {
      const auto folds = folds_of_shard(fold_shards, d, shard.index - 1);
      if (folds.empty()) continue;
      held->datasets[d] = true;
      keep_folds(datasets[d], folds);
    }
  };
  shard_options.select_cells = [&spec, &part, &shard, &options, held](
                                   const Plan& plan, const std::vector<PreparedDataset>& datasets) {
    // select_folds ran on these datasets first (run_sweep), and marked those the shard holds.
    if (held->datasets.size() != datasets.size())
      throw std::logic_error("select_shard_folds: select_cells before select_folds");
    auto groups = spec_work_groups(spec, datasets, plan);
    std::vector<int> assignment;
    for (const WorkGroup& group : groups)
      assignment.push_back(held->datasets[static_cast<size_t>(group.dataset)] ? 0 : -1);
    Plan own = shard_plan(plan, groups, assignment, 0);
    ShardLoad load = shard_loads(groups, assignment, 1).front();
    load.cost = held->cost;
    if (!options.dry_run) write_shard_record(spec, part, shard, load, ShardSplit::folds);
    log_shard(spec, shard, own, plan, load.tuned_rows);
    return own;
  };
}

// A bundle (WorkGroup::bundle) is the smallest unit a shard takes: more shards than bundles would
// be jobs with no work.
// Split by folds, the unit is one outer fold of a dataset.
void refuse_empty_shards(const Spec& spec, const std::vector<WorkGroup>& groups, int shards,
                         const std::vector<FoldUnit>* fold_units) {
  std::set<size_t> bundles;
  for (const WorkGroup& group : groups) bundles.insert(group.bundle);
  const size_t count = fold_units ? fold_units->size() : bundles.size();
  if (count == 0 || static_cast<size_t>(shards) <= count) return;
  const std::string units =
      fold_units ? fmt::format("{} outer folds of datasets", count)
      : spec.tune
          ? fmt::format("{} bundles of work groups (a tuned row's candidates are one)", count)
          : fmt::format("{} work groups", count);
  throw InputError("--shards",
                   fmt::format("{} shards for {}: {} shards would get no work; use --shards {} or "
                               "fewer{}",
                               shards, units, static_cast<size_t>(shards) - count, count,
                               fold_units || groups.empty() ? "" : ", or --split-folds"));
}

// The shards' loads, for the summary plan_shards prints.
void print_plan(const Spec& spec, const Plan& plan, size_t groups,
                const std::vector<ShardLoad>& loads) {
  double total = 0;
  for (const ShardLoad& load : loads) total += load.cost;
  fmt::print("{} cells in {} work groups, {} distance matrices; plan in {}\n", plan.cells.size(),
             groups, plan.distance_matrices.size(), plan_folder(spec.output).string());
  const auto shards = loads.size();
  for (size_t s = 0; s < shards; ++s) {
    const size_t tuned_rows = loads[s].tuned_rows;
    fmt::print(
        "  shard {}/{}: {} cells{}, {:.1f}% of the estimated cost\n", s + 1, shards, loads[s].cells,
        spec.tune ? fmt::format(" and {} tuned row{}", tuned_rows, tuned_rows == 1 ? "" : "s") : "",
        total > 0 ? 100 * loads[s].cost / total : 0.0);
  }
}

// A resubmission of a plan whose shards have started: the shards follow plan/, checked now rather
// than in every shard, and kept as it is.
int keep_started_plan(const Spec& spec, int shards, ShardSplit split, const RunOptions& options) {
  auto [datasets, plan] = load_plan(spec, options);
  const auto kept = [&](const std::string& where, const std::string& problem) {
    return InputError(where, problem + "; the shards in " + shards_folder(spec.output).string() +
                                 " follow this plan: remove that folder (or plan into another "
                                 "output folder) to plan anew");
  };
  const auto record = plan_folder(spec.output) / "plan.json";
  if (const ShardRecord planned = read_shard_record(record); planned.cells != plan.cells.size())
    throw kept(record.string(), fmt::format("planned {} cells, the spec now makes {}",
                                            planned.cells, plan.cells.size()));
  try {
    const auto groups = spec_work_groups(spec, datasets, plan);
    if (split == ShardSplit::folds)
      read_planned_fold_shards(datasets, fold_units(datasets, groups), spec.output, shards);
    else
      read_planned_assignment(spec, datasets, groups, shards);
  } catch (const InputError& error) {
    throw kept(error.where(), error.message());
  }
  fmt::print("shards of this plan have started in {}: {} is kept as it is\n",
             shards_folder(spec.output).string(), plan_folder(spec.output).string());
  return 0;
}

}  // namespace

bool planned_shards_started(const Spec& spec, int shards, ShardSplit split) {
  bool folders = false;
  for (int i = 1; i <= shards && !folders; ++i)
    folders = std::filesystem::exists(shard_folder(spec.output, {i, shards}));
  const auto record = plan_folder(spec.output) / "plan.json";
  if (!folders || !std::filesystem::exists(record)) return false;
  const ShardRecord plan = read_shard_record(record);
  return plan.spec_hash == spec_hash(spec) && plan.shards == shards && plan.split == split;
}

void refuse_replanning_started_shards(const Spec& spec, int shards, ShardSplit split) {
  auto record_path = plan_folder(spec.output) / "plan.json";
  if (!std::filesystem::exists(record_path)) return;
  ShardRecord plan = read_shard_record(record_path);
  bool same = plan.spec_hash == spec_hash(spec) && plan.shards == shards && plan.split == split;
  bool shard_folders_exist = !foreign_shard_folders(spec.output, 0).empty();  // 0: any folder
  if (!same && shard_folders_exist)
    throw InputError(
        record_path.string(),
        fmt::format("the shards in {} were planned for {} shards of {}, split by {}; plan or "
                    "resubmit with --shards {}{} and the same spec, or remove that folder",
                    shards_folder(spec.output).string(), plan.shards,
                    plan.spec_hash == spec_hash(spec) ? "this spec" : "another spec",
                    plan.split == ShardSplit::folds ? "folds" : "work groups", plan.shards,
                    plan.split == ShardSplit::folds ? " --split-folds" : " (no --split-folds)"));
}

void refuse_calibration_of_started_shards(const Spec& spec,
                                          const std::filesystem::path& calibrate) {
  // Any shard folder, of this plan or another (a plan remade for another shard count and then
  // remade again would otherwise move the first plan's finished cells).
  if (!calibrate.empty() && !foreign_shard_folders(spec.output, 0).empty())
    throw InputError(shards_folder(spec.output).string(),
                     "shards of an earlier plan have started: a calibrated plan would move work "
                     "groups between them. Calibrate into another output folder (--set "
                     "output=...), or remove this folder to start the shards over");
}

int plan_shards(const Spec& spec, int shards, const RunOptions& options,
                const std::filesystem::path& calibrate, ShardSplit split) {
  refuse_unshardable(spec);
  refuse_replanning_started_shards(spec, shards, split);
  refuse_calibration_of_started_shards(spec, calibrate);
  if (planned_shards_started(spec, shards, split))
    return keep_started_plan(spec, shards, split, options);
  auto [datasets, plan] = load_plan(spec, options);
  refuse_unplannable_outputs(spec, datasets, plan);
  auto groups = spec_work_groups(spec, datasets, plan);
  if (split == ShardSplit::groups) refuse_empty_shards(spec, groups, shards, nullptr);
  if (!calibrate.empty()) {
    const Calibration calibration = calibrate_costs(spec, datasets, plan, groups, calibrate);
    fmt::print(
        "costs calibrated from {}: {} of {} work groups measured ({:.3g} s); the others "
        "from the cost model at the measured seconds per unit of their selector kind "
        "({:.3g} s per unit over all measured groups)\n",
        (calibrate / "work_seconds.csv").string(), calibration.measured, groups.size(),
        calibration.measured_seconds, calibration.seconds_per_unit);
  }
  if (split == ShardSplit::folds) {
    const auto units = fold_units(datasets, groups);
    refuse_empty_shards(spec, groups, shards, &units);
    const FoldPlan folds{units, assign_fold_shards(datasets, units, shards)};
    write_fold_plan_folder(spec, datasets, plan, groups, folds, shards);
    print_plan(spec, plan, groups.size(),
               fold_shard_loads(datasets, groups, units, folds.fold_shards, shards));
    return 0;
  }
  auto assignment = assign_shards(groups, shards);
  write_plan_folder(spec, datasets, plan, groups, assignment, shards);
  print_plan(spec, plan, groups.size(), shard_loads(groups, assignment, shards));
  return 0;
}

std::filesystem::path artefacts_task_folder(const std::filesystem::path& output,
                                            const ShardId& task) {
  return output / "artefacts" / task.folder_name();
}

int compute_artefacts(const Spec& spec, const RunOptions& options,
                      const std::optional<ShardId>& task) {
  auto [datasets, plan] = load_plan(spec, options);
  std::vector<int> task_of;  // of every matrix, 1-based
  if (task) {
    const int tasks =
        artefact_tasks(plan.distance_matrices.size(), this_spec_plan(spec, "N").shards);
    if (task->count != tasks)
      throw InputError(
          "command line",
          fmt::format("the plan splits its {} distance matrices into {} artefacts "
                      "tasks, not {} (--shard {})",
                      plan.distance_matrices.size(), tasks, task->count, task->text()));
    task_of = read_artefact_tasks(spec, datasets, plan, tasks);
  }
  size_t cached = 0, own = 0;
  for (size_t i = 0; i < plan.distance_matrices.size(); ++i) {
    if (task && task_of[i] != task->index) continue;
    ++own;
    const auto [d, m] = plan.distance_matrices[i];
    bool from_cache = false;
    distance_matrix(datasets[static_cast<size_t>(d)].data, spec.distances[static_cast<size_t>(m)],
                    spec.cache, options.threads, &from_cache);
    if (from_cache) ++cached;
  }
  fmt::print(
      "{} feature matrices, {} distance matrices{} ({} already cached) in {}\n", datasets.size(),
      own, task ? fmt::format(" of {} (task {})", plan.distance_matrices.size(), task->text()) : "",
      cached, spec.cache.string());
  return 0;
}

Spec shard_spec(const Spec& spec, const ShardId& shard) {
  Spec part = spec;
  part.output = shard_folder(spec.output, shard);
  part.plots.clear();
  return part;
}

int run_shard(const Spec& spec, const ShardId& shard, const RunOptions& options) {
  refuse_unshardable(spec);
  const ShardRecord planned = check_plan_folder(spec, shard);
  Spec part = shard_spec(spec, shard);
  RunOptions shard_options = options;
  if (planned.split == ShardSplit::folds) {
    select_shard_folds(spec, part, shard, options, shard_options);
    return run_sweep(part, shard_options);
  }
  // The shard's plan holds whole bundles, so the tuned rows run_sweep finds in it are exactly the
  // shard's, each with all its candidates.
  shard_options.select_cells = [&](const Plan& plan, const std::vector<PreparedDataset>& datasets) {
    auto groups = spec_work_groups(spec, datasets, plan);
    auto assignment = read_planned_assignment(spec, datasets, groups, shard.count);
    Plan own = shard_plan(plan, groups, assignment, shard.index - 1);
    const ShardLoad load =
        shard_loads(groups, assignment, shard.count)[static_cast<size_t>(shard.index - 1)];
    if (!options.dry_run) write_shard_record(spec, part, shard, load, ShardSplit::groups);
    log_shard(spec, shard, own, plan, load.tuned_rows);
    return own;
  };
  return run_sweep(part, shard_options);
}

}  // namespace tsfs
