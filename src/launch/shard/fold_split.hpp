#pragma once
// Sharding by outer folds (`runner plan --shards N --split-folds`): the unit a shard takes is one
// outer fold of one dataset, with every work group of that dataset on that fold (its score
// vectors, its cells' fits, and under `tune:` the nested CV of that fold: the inner folds split its
// training rows only, so the choice on one outer fold needs nothing of another). A tuned row's
// bundle (work_groups.hpp) then no longer bounds a shard: archive-full's largest bundle is 3.8% of
// its cost, one of its folds 0.13%.
//
// A shard runs the dataset with only its folds (keep_folds), so it writes folds.csv and tuned.csv
// rows for those folds, and results.csv rows whose means cover them only; the merge builds every
// results.csv row from the folds.csv rows of all shards, as a single run computes it (exact
// means, fold_means.hpp). A score vector fitted on all rows (fit_on: all) is computed by every
// shard holding a fold of its dataset, and merged once.
#include <vector>

#include "launch/shard/assignment.hpp"
#include "launch/shard/work_groups.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

// How a plan cuts the sweep: whole bundles of work groups, or outer folds of datasets.
enum class ShardSplit { groups, folds };

struct FoldUnit {
  int dataset = 0;
  int fold = 0;  // position in PreparedDataset::folds
  double cost = 0;
};

// One unit per outer fold of every dataset with work groups, in dataset then fold order; a
// unit's cost is its dataset's groups' cost divided by the dataset's folds (every fold of a
// dataset has the same rows to within one, so the same work).
std::vector<FoldUnit> fold_units(const std::vector<PreparedDataset>& datasets,
                                 const std::vector<WorkGroup>& groups);

// The 0-based shard of every fold of every dataset: [dataset][fold position]; empty for a dataset
// without work groups.
using FoldShards = std::vector<std::vector<int>>;

// A plan split by folds: its units and the shard of each.
struct FoldPlan {
  std::vector<FoldUnit> units;
  FoldShards fold_shards;
};

// longest_first over the units.
FoldShards assign_fold_shards(const std::vector<PreparedDataset>& datasets,
                              const std::vector<FoldUnit>& units, int shards);

// The fold positions of dataset `dataset` that shard `shard` (0-based) holds, ascending.
std::vector<int> folds_of_shard(const FoldShards& fold_shards, size_t dataset, int shard);

// The shards (0-based, ascending) that hold some fold of the dataset.
std::vector<int> shards_of_dataset(const FoldShards& fold_shards, size_t dataset);

// What each shard takes: the groups and rows of every dataset it holds a fold of (each such
// shard writes all of them), the score vectors and fits of its folds, and its units' cost.
std::vector<ShardLoad> fold_shard_loads(const std::vector<PreparedDataset>& datasets,
                                        const std::vector<WorkGroup>& groups,
                                        const std::vector<FoldUnit>& units,
                                        const FoldShards& fold_shards, int shards);

// The dataset restricted to outer folds `folds` (positions, ascending) and their inner folds, in
// their order. Fold::repeat and Fold::index keep the numbers of the whole protocol, so the
// folds.csv and tuned.csv rows are a single run's.
void keep_folds(PreparedDataset& dataset, const std::vector<int>& folds);

}  // namespace tsfs
