#pragma once
// Which shard computes which work group, and the part of the plan a shard runs.
#include <string>
#include <vector>

#include "launch/shard/work_groups.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

// Shard `index` of `count`, 1-based as typed (`--shard 2/4`) and as Slurm array task ids.
struct ShardId {
  int index = 1;
  int count = 1;
  std::string folder_name() const;  // "2-of-4"
  std::string text() const;         // "2/4"
};

// Parses "I/N" with 1 <= I <= N; throws InputError("command line", ...) otherwise.
ShardId parse_shard_id(const std::string& text);

// Longest processing time first (Graham 1969): items by decreasing cost, each to the bin with the
// least cost so far (the lowest index on ties), so the most loaded bin is within 4/3 of the
// optimum. Deterministic: equal costs keep their order. Returns the 0-based bin of every item.
std::vector<int> longest_first(const std::vector<double>& costs, int bins);

// longest_first over bundles of groups (WorkGroup::bundle; a group alone without tune:), in grid
// order of their first group. Returns the 0-based shard of every group.
std::vector<int> assign_shards(const std::vector<WorkGroup>& groups, int shards);

// How many tasks of the artefacts job array compute a plan's `matrices` distance matrices: one
// per shard, at most one per matrix, at least one (the features alone).
int artefact_tasks(size_t matrices, int shards);

// The plan restricted to the groups assigned to `shard` (0-based): their cells in grid order,
// their score units (renumbered) and the distance matrices those need.
Plan shard_plan(const Plan& plan, const std::vector<WorkGroup>& groups,
                const std::vector<int>& assignment, int shard);

// What each shard (0-based index) takes: its groups, cells, tuned rows, score vectors, fits and
// estimated cost. A group assigned -1 is in no shard.
struct ShardLoad {
  size_t groups = 0, cells = 0, tuned_rows = 0, score_vectors = 0;
  long long fits = 0;
  double cost = 0;
};
std::vector<ShardLoad> shard_loads(const std::vector<WorkGroup>& groups,
                                   const std::vector<int>& assignment, int shards);

}  // namespace tsfs
