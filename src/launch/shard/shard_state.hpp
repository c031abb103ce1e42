#pragma once
// What a shard folder says about its shard, read without taking its lock: for `runner status`,
// `runner merge` (which merges finished shards only) and `runner submit` (which resubmits the
// stopped and unstarted ones, and stops at a damaged one).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "launch/shard/assignment.hpp"
#include "launch/shard/plan_files.hpp"

namespace tsfs {

enum class ShardState {
  not_started,  // no shard folder, or no shard.json in it
  foreign,      // shard.json of another spec or shard count
  running,      // a runner holds the folder's lock
  finished,     // manifest "finished", every cell in results.csv, their folds in folds.csv
  stopped,      // interrupted, failed, killed or rows lost: a rerun resumes it
  damaged,      // finished, with a row twice, which a rerun refuses: the user deletes it
};

std::string state_name(ShardState state);

struct ShardReport {
  ShardId id;
  ShardState state = ShardState::not_started;
  std::string detail;     // why (foreign, stopped, damaged)
  size_t cells_done = 0;  // rows in the shard's results.csv and cell_status.csv
  size_t cells = 0;       // the shard's cells and tuned rows (from shard.json)
  std::string manifest_status;
  std::string fingerprint;  // manifest.json's, empty when absent
};

// A shard's cells and tuned rows as the plan gives them: summed over plan/groups.csv's groups of
// the shard (its reported_cells and tuned_rows), or from plan/shards.csv for a plan older than
// reported_cells ({} without either file; InputError naming its line for a value that is not a
// count).
struct PlannedRows {
  size_t cells = 0, tuned_rows = 0;
};
PlannedRows planned_rows(const std::filesystem::path& output, const ShardId& id);

// The whole plan's tuned rows (plan/groups.csv's tuned_rows summed: each is counted at the group
// of its first candidate). A plan split by folds gives a tuned row to every shard holding a fold
// of its dataset, so the shards' rows do not add up to it. InputError naming the file when it
// is missing or without that column.
size_t planned_tuned_rows(const std::filesystem::path& output);

// Whether a shard is finished only when its folds.csv has a row per fold of its results.csv rows
// (their n_folds summed): for `runner status` and `runner submit`, which resubmits a shard with
// fold rows lost or of other cells (its rerun repairs them) and stops at one with a fold row
// twice. `runner merge` leaves the fold rows of a shard with the right count of results.csv rows
// to its own check of every row, which names the cell and the file.
enum class FoldRows { counted, left_to_merge };

// `plan` is the run's plan/plan.json.
ShardReport inspect_shard(const std::filesystem::path& output, const ShardId& id,
                          const ShardRecord& plan, FoldRows fold_rows = FoldRows::counted);

// Entries of <output>/shards/ that are not one of the plan's shard folders 1-of-N .. N-of-N.
std::vector<std::string> foreign_shard_folders(const std::filesystem::path& output, int shards);

// The field "status" of a manifest.json (empty when missing or unreadable).
std::string manifest_status(const std::filesystem::path& manifest);

}  // namespace tsfs
