#include "launch/shard/shard_commands.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <set>

#include "cache/artefacts.hpp"
#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "launch/shard/calibration.hpp"
#include "launch/shard/plan_files.hpp"
#include "launch/shard/shard_state.hpp"
#include "launch/shard/work_groups.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/run/load.hpp"
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

// The plan/ of this output folder must exist and be this spec's and shard count's.
void check_plan_folder(const Spec& spec, const ShardId& shard) {
  const auto path = plan_folder(spec.output) / "plan.json";
  const ShardRecord plan = this_spec_plan(spec, std::to_string(shard.count));
  if (plan.shards != shard.count)
    throw InputError(path.string(), fmt::format("planned for {} shards, not {} (--shard {})",
                                                plan.shards, shard.count, shard.text()));
}

// A bundle (WorkGroup::bundle) is the smallest unit a shard takes: more shards than bundles would
// be jobs with no work.
void refuse_empty_shards(const Spec& spec, const std::vector<WorkGroup>& groups, int shards) {
  std::set<size_t> bundles;
  for (const WorkGroup& group : groups) bundles.insert(group.bundle);
  if (bundles.empty() || static_cast<size_t>(shards) <= bundles.size()) return;
  const std::string units =
      spec.tune ? fmt::format("{} bundles of work groups (a tuned row's candidates are one)",
                              bundles.size())
                : fmt::format("{} work groups", bundles.size());
  throw InputError(
      "--shards",
      fmt::format("{} shards for {}: {} shards would get no work; use --shards {} or "
                  "fewer",
                  shards, units, static_cast<size_t>(shards) - bundles.size(), bundles.size()));
}

}  // namespace

bool planned_shards_started(const Spec& spec, int shards) {
  bool folders = false;
  for (int i = 1; i <= shards && !folders; ++i)
    folders = std::filesystem::exists(shard_folder(spec.output, {i, shards}));
  const auto record = plan_folder(spec.output) / "plan.json";
  if (!folders || !std::filesystem::exists(record)) return false;
  const ShardRecord plan = read_shard_record(record);
  return plan.spec_hash == spec_hash(spec) && plan.shards == shards;
}

void refuse_replanning_started_shards(const Spec& spec, int shards) {
  auto record_path = plan_folder(spec.output) / "plan.json";
  if (!std::filesystem::exists(record_path)) return;
  ShardRecord plan = read_shard_record(record_path);
  bool same = plan.spec_hash == spec_hash(spec) && plan.shards == shards;
  bool shard_folders_exist = !foreign_shard_folders(spec.output, 0).empty();  // 0: any folder
  if (!same && shard_folders_exist)
    throw InputError(
        record_path.string(),
        fmt::format("the shards in {} were planned for {} shards of {}; plan or resubmit "
                    "with --shards {} and the same spec, or remove that folder",
                    shards_folder(spec.output).string(), plan.shards,
                    plan.spec_hash == spec_hash(spec) ? "this spec" : "another spec", plan.shards));
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
                const std::filesystem::path& calibrate) {
  refuse_unshardable(spec);
  refuse_replanning_started_shards(spec, shards);
  refuse_calibration_of_started_shards(spec, calibrate);
  if (planned_shards_started(spec, shards)) {
    // A resubmission: the shards follow plan/, checked now rather than in every shard.
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
      read_planned_assignment(spec, datasets, spec_work_groups(spec, datasets, plan), shards);
    } catch (const InputError& error) {
      throw kept(error.where(), error.message());
    }
    fmt::print("shards of this plan have started in {}: {} is kept as it is\n",
               shards_folder(spec.output).string(), plan_folder(spec.output).string());
    return 0;
  }
  auto [datasets, plan] = load_plan(spec, options);
  auto groups = spec_work_groups(spec, datasets, plan);
  refuse_empty_shards(spec, groups, shards);
  if (!calibrate.empty()) {
    const Calibration calibration = calibrate_costs(spec, datasets, plan, groups, calibrate);
    fmt::print(
        "costs calibrated from {}: {} of {} work groups measured ({:.3g} s); the others "
        "from the cost model at the measured seconds per unit of their selector kind "
        "({:.3g} s per unit over all measured groups)\n",
        (calibrate / "work_seconds.csv").string(), calibration.measured, groups.size(),
        calibration.measured_seconds, calibration.seconds_per_unit);
  }
  auto assignment = assign_shards(groups, shards);
  write_plan_folder(spec, datasets, plan, groups, assignment, shards);
  const auto loads = shard_loads(groups, assignment, shards);
  double total = 0;
  for (const ShardLoad& load : loads) total += load.cost;
  fmt::print("{} cells in {} work groups, {} distance matrices; plan in {}\n", plan.cells.size(),
             groups.size(), plan.distance_matrices.size(), plan_folder(spec.output).string());
  for (size_t s = 0; s < loads.size(); ++s) {
    const size_t tuned_rows = loads[s].tuned_rows;
    fmt::print(
        "  shard {}/{}: {} cells{}, {:.1f}% of the estimated cost\n", s + 1, shards, loads[s].cells,
        spec.tune ? fmt::format(" and {} tuned row{}", tuned_rows, tuned_rows == 1 ? "" : "s") : "",
        total > 0 ? 100 * loads[s].cost / total : 0.0);
  }
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
  check_plan_folder(spec, shard);
  Spec part = shard_spec(spec, shard);
  RunOptions shard_options = options;
  // The shard's plan holds whole bundles, so the tuned rows run_sweep finds in it are exactly the
  // shard's, each with all its candidates.
  shard_options.select_cells = [&](const Plan& plan, const std::vector<PreparedDataset>& datasets) {
    auto groups = spec_work_groups(spec, datasets, plan);
    auto assignment = read_planned_assignment(spec, datasets, groups, shard.count);
    Plan own = shard_plan(plan, groups, assignment, shard.index - 1);
    const ShardLoad load =
        shard_loads(groups, assignment, shard.count)[static_cast<size_t>(shard.index - 1)];
    const size_t tuned_rows = load.tuned_rows;
    if (!options.dry_run)
      write_file_atomically(part.output / "shard.json",
                            shard_record_json({spec_hash(spec), spec.name, shard.index, shard.count,
                                               load.cells + tuned_rows, load.cost}));
    spdlog::info(
        "shard {}: {} of {} cells{}", shard.text(), own.cells.size(), plan.cells.size(),
        spec.tune ? fmt::format(", {} tuned row{}", tuned_rows, tuned_rows == 1 ? "" : "s") : "");
    return own;
  };
  return run_sweep(part, shard_options);
}

}  // namespace tsfs
