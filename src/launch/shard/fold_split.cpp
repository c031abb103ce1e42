#include "launch/shard/fold_split.hpp"

#include <algorithm>

namespace tsfs {

std::vector<FoldUnit> fold_units(const std::vector<PreparedDataset>& datasets,
                                 const std::vector<WorkGroup>& groups) {
  std::vector<double> dataset_cost(datasets.size(), 0.0);
  std::vector<bool> has_groups(datasets.size(), false);
  for (const WorkGroup& group : groups) {
    dataset_cost[static_cast<size_t>(group.dataset)] += group.cost();
    has_groups[static_cast<size_t>(group.dataset)] = true;
  }
  std::vector<FoldUnit> units;
  for (size_t d = 0; d < datasets.size(); ++d) {
    if (!has_groups[d]) continue;
    const auto folds = static_cast<int>(datasets[d].folds.size());
    for (int f = 0; f < folds; ++f)
      units.push_back({static_cast<int>(d), f, dataset_cost[d] / folds});
  }
  return units;
}

FoldShards assign_fold_shards(const std::vector<PreparedDataset>& datasets,
                              const std::vector<FoldUnit>& units, int shards) {
  std::vector<double> costs;
  for (const FoldUnit& unit : units) costs.push_back(unit.cost);
  const std::vector<int> shard_of_unit = longest_first(costs, shards);
  FoldShards fold_shards(datasets.size());
  for (size_t u = 0; u < units.size(); ++u) {
    auto& dataset = fold_shards[static_cast<size_t>(units[u].dataset)];
    dataset.resize(datasets[static_cast<size_t>(units[u].dataset)].folds.size(), -1);
    dataset[static_cast<size_t>(units[u].fold)] = shard_of_unit[u];
  }
  return fold_shards;
}

std::vector<int> folds_of_shard(const FoldShards& fold_shards, size_t dataset, int shard) {
  std::vector<int> folds;
  const auto& shards = fold_shards.at(dataset);
  for (size_t f = 0; f < shards.size(); ++f)
    if (shards[f] == shard) folds.push_back(static_cast<int>(f));
  return folds;
}

std::vector<int> shards_of_dataset(const FoldShards& fold_shards, size_t dataset) {
  std::vector<int> shards = fold_shards.at(dataset);
  std::sort(shards.begin(), shards.end());
  shards.erase(std::unique(shards.begin(), shards.end()), shards.end());
  std::erase(shards, -1);
  return shards;
}

std::vector<ShardLoad> fold_shard_loads(const std::vector<PreparedDataset>& datasets,
                                        const std::vector<WorkGroup>& groups,
                                        const std::vector<FoldUnit>& units,
                                        const FoldShards& fold_shards, int shards) {
  std::vector<ShardLoad> loads(static_cast<size_t>(shards));
  for (const FoldUnit& unit : units)
    loads[static_cast<size_t>(
              fold_shards[static_cast<size_t>(unit.dataset)][static_cast<size_t>(unit.fold)])]
        .cost += unit.cost;
  for (const WorkGroup& group : groups) {
    const auto dataset = static_cast<size_t>(group.dataset);
    const auto folds = static_cast<long long>(datasets[dataset].folds.size());
    for (const int shard : shards_of_dataset(fold_shards, dataset)) {
      const auto held = static_cast<long long>(folds_of_shard(fold_shards, dataset, shard).size());
      ShardLoad& load = loads[static_cast<size_t>(shard)];
      ++load.groups;
      load.cells += group.reported_cells;
      load.tuned_rows += group.tuned_rows;
      // A group's score vectors are one per fold, or one fitted on all rows (fit_on: all).
      load.score_vectors +=
          static_cast<long long>(group.units) == folds ? static_cast<size_t>(held) : group.units;
      load.fits += group.fits / std::max(1LL, folds) * held;
    }
  }
  return loads;
}

void keep_folds(PreparedDataset& dataset, const std::vector<int>& folds) {
  std::vector<int> position(dataset.folds.size(), -1);
  std::vector<Fold> kept;
  for (const int f : folds) {
    position[static_cast<size_t>(f)] = static_cast<int>(kept.size());
    kept.push_back(std::move(dataset.folds[static_cast<size_t>(f)]));
  }
  dataset.folds = std::move(kept);
  std::vector<Fold> inner;
  std::vector<int> inner_outer;
  for (size_t g = 0; g < dataset.inner_folds.size(); ++g) {
    const int outer = position[static_cast<size_t>(dataset.inner_outer[g])];
    if (outer < 0) continue;
    inner.push_back(std::move(dataset.inner_folds[g]));
    inner_outer.push_back(outer);
  }
  dataset.inner_folds = std::move(inner);
  dataset.inner_outer = std::move(inner_outer);
}

}  // namespace tsfs
