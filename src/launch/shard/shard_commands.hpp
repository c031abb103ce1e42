#pragma once
// The commands of a sharded run on one spec (see docs/cluster.md):
//   runner plan SPEC --shards N          plan/ (work groups, costs, the shard of each group)
//   runner run SPEC --artefacts-only     features and distance matrices into <output>/cache
//   runner run SPEC --shard I/N          shard I's cells into <output>/shards/I-of-N/
//   runner merge RUN_DIR                 (shard/merge.hpp)
// The plan and the artefacts write into the spec's output folder and run under its lock; a shard
// writes only into its own folder, under that folder's lock, and reads the shared cache.
#include <filesystem>
#include <optional>

#include "config/spec.hpp"
#include "launch/shard/assignment.hpp"
#include "launch/shard/fold_split.hpp"
#include "sweep/run/run.hpp"

namespace tsfs {

// Whether shards of the plan in the spec's output folder (this spec, shard count and split) have
// started: some of their folders exist. `runner plan` and `runner submit` keep such a plan as it
// is.
bool planned_shards_started(const Spec& spec, int shards, ShardSplit split);
// InputError naming plan/plan.json when shard folders exist while that plan is of another spec,
// shard count or split: a new plan would leave their finished cells out of every shard.
void refuse_replanning_started_shards(const Spec& spec, int shards, ShardSplit split);
// InputError when `calibrate` (a run folder) is given while the output folder holds shard folders
// (of this plan or another): a calibrated plan would move work groups between shards that hold
// finished cells.
void refuse_calibration_of_started_shards(const Spec& spec, const std::filesystem::path& calibrate);

// Writes plan/ and prints the shards' estimated costs. Returns the exit code. `calibrate`: a
// finished run folder whose work_seconds.csv gives the groups' costs (calibration.hpp); empty: the
// cost model's. `split`: shards take bundles of work groups, or outer folds (fold_split.hpp). When
// shards of an earlier plan of the same spec and shard count have started (a resubmission), their
// plan is kept as it is: moving a group would put finished cells in the wrong shard. Calibrating
// then is refused, and so is another spec or shard count.
int plan_shards(const Spec& spec, int shards, const RunOptions& options,
                const std::filesystem::path& calibrate = {}, ShardSplit split = ShardSplit::groups);

// Extracts the features and computes every distance matrix of the plan into <output>/cache (a
// verified copy already there is kept), so that shards only read them. With `task` (I/T, the
// artefacts job array's task), only the matrices plan/artefacts.csv gives task I: the plan must be
// this spec's and split its matrices into T tasks.
// The folder an artefacts task holds while it runs (its lock and run.log):
// <output>/artefacts/I-of-T.
std::filesystem::path artefacts_task_folder(const std::filesystem::path& output,
                                            const ShardId& task);
int compute_artefacts(const Spec& spec, const RunOptions& options,
                      const std::optional<ShardId>& task = std::nullopt);

// The spec a shard runs: output <output>/shards/<I>-of-<N>, no plots (the merge draws them).
Spec shard_spec(const Spec& spec, const ShardId& shard);

// Runs shard `shard` of the spec's plan into shard_spec(spec, shard).output (which the caller has
// locked): its cells only, the cache of the spec's output folder, its own checkpoint (a rerun
// resumes from the shard's results.csv). Writes shard.json first. Refuses a plan/ of another spec
// or shard count.
int run_shard(const Spec& spec, const ShardId& shard, const RunOptions& options);

}  // namespace tsfs
