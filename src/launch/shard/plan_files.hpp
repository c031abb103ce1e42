#pragma once
// The files a sharded run leaves to tie its parts together: <output>/plan/ (written by
// `runner plan` and `runner submit`) and shard.json in every shard folder
// (<output>/shards/<I>-of-<N>/). `runner merge` and `runner status` read them back, as untrusted
// input: a missing or edited file is an InputError naming it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "launch/shard/assignment.hpp"
#include "launch/shard/fold_split.hpp"
#include "launch/shard/work_groups.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

// Identifies the spec a sharded run computes: its text as run (overrides applied) and its name.
// Shards, plan and merge must agree on it.
std::string spec_hash(const Spec& spec);

std::filesystem::path plan_folder(const std::filesystem::path& output);    // <output>/plan
std::filesystem::path shards_folder(const std::filesystem::path& output);  // <output>/shards
std::filesystem::path shard_folder(const std::filesystem::path& output, const ShardId& shard);
// shard_folder of shards 1 to `shards`, in order.
std::vector<std::filesystem::path> shard_folders(const std::filesystem::path& output, int shards);

// plan/plan.json and shard.json share this record.
struct ShardRecord {
  std::string spec_hash;
  std::string name;  // the spec's name (plan/spec.yaml reloaded would take its file's stem)
  int shard = 0;     // 1-based; 0 in plan.json
  int shards = 0;
  size_t cells = 0;  // the whole grid's (plan.json), or the shard's results.csv rows (shard.json:
                     // its cells and tuned rows)
  double predicted_cost = 0;
  ShardSplit split = ShardSplit::groups;  // "split": "folds" (absent: groups, as older plans)
};

std::string shard_record_json(const ShardRecord& record);
// Throws InputError(path, ...) when missing or not in the layout shard_record_json writes.
ShardRecord read_shard_record(const std::filesystem::path& path);

// Writes plan/: plan.json, spec.yaml (the spec as run), groups.csv (every work group with its
// cost and shard), shards.csv (per shard: groups, cells, tuned rows, score vectors, fits, cost and
// its share) and artefacts.csv (the distance matrices computed before the shards, with their
// cells and the task of the artefacts job array computing each: artefact_tasks of them, balanced
// by longest_first).
void write_plan_folder(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                       const Plan& plan, const std::vector<WorkGroup>& groups,
                       const std::vector<int>& assignment, int shards);

// The plan/ of a plan split by folds (fold_split.hpp): as write_plan_folder, but groups.csv has no
// shard column (every shard holding a fold of a group's dataset computes the group on its folds),
// shards.csv holds fold_shard_loads, folds.csv every unit (dataset, repeat, fold, cost, shard) and
// plan.json says "split": "folds".
void write_fold_plan_folder(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                            const Plan& plan, const std::vector<WorkGroup>& groups,
                            const FoldPlan& folds, int shards);

// The 0-based shard of every outer fold of every dataset with work groups (`units`, fold_units of
// the spec now) as plan/folds.csv assigns it; InputError naming the file and line as
// read_planned_assignment does (another dataset or fold, a shard outside 1..shards).
FoldShards read_planned_fold_shards(const std::vector<PreparedDataset>& datasets,
                                    const std::vector<FoldUnit>& units,
                                    const std::filesystem::path& output, int shards);

// The 0-based shard of every group of `groups` as plan/groups.csv of `output` assigns it: the
// shards and the merge take the plan's word rather than computing it again, so a plan made by
// another version of the cost model is run and merged as planned. Throws InputError naming the
// file and line when a row's group is not the group the spec now makes (its dataset, distance,
// selector or parameter set; another count), a shard is outside 1..shards, or the groups of one
// bundle (WorkGroup::bundle) are in different shards.
std::vector<int> read_planned_assignment(const Spec& spec,
                                         const std::vector<PreparedDataset>& datasets,
                                         const std::vector<WorkGroup>& groups, int shards);

// The 1-based artefacts task of every distance matrix of `plan` as plan/artefacts.csv assigns it;
// InputError naming the file and line as read_planned_assignment does (a task outside 1..tasks).
std::vector<int> read_artefact_tasks(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                     const Plan& plan, int tasks);
// How many tasks plan/artefacts.csv of `output` assigns matrices to (1 for a plan without tasks).
int planned_artefact_tasks(const std::filesystem::path& output);

}  // namespace tsfs
