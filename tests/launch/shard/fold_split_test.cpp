#include "launch/shard/fold_split.hpp"

#include <doctest/doctest.h>

namespace tsfs {
namespace {

// A dataset of `rows` rows in `folds` folds of one repeat (fold f tests the rows r with
// r % folds == f), with one inner fold per outer fold when `inner`.
PreparedDataset dataset_in_folds(int rows, int folds, bool inner) {
  PreparedDataset prepared;
  prepared.data.values = Eigen::MatrixXd::Zero(rows, 4);
  for (int f = 0; f < folds; ++f) {
    Fold fold{0, f, {}, {}};
    for (int r = 0; r < rows; ++r) (r % folds == f ? fold.test_rows : fold.train_rows).push_back(r);
    prepared.folds.push_back(fold);
    if (inner) {
      prepared.inner_folds.push_back({0, 0, {fold.train_rows.front()}, {fold.train_rows.back()}});
      prepared.inner_outer.push_back(f);
    }
  }
  return prepared;
}

// Groups of dataset `dataset` with costs `costs`, each of `folds` score vectors (1: fit_on: all)
// and 2 reported cells, one of them a tuned row's first candidate.
std::vector<WorkGroup> groups_of(int dataset, const std::vector<double>& costs, size_t units) {
  std::vector<WorkGroup> groups;
  for (double cost : costs) {
    WorkGroup group;
    group.dataset = dataset;
    group.units = units;
    group.cells = 2;
    group.reported_cells = 2;
    group.tuned_rows = 1;
    group.fits = 2 * 3;  // 2 rows x 3 folds
    group.fit_cost = cost;
    groups.push_back(group);
  }
  return groups;
}

}  // namespace

TEST_CASE("fold_units: one unit per outer fold of each dataset with groups, its cost a share") {
  const std::vector<PreparedDataset> datasets = {
      dataset_in_folds(9, 3, false), dataset_in_folds(6, 2, false), dataset_in_folds(4, 2, false)};
  auto groups = groups_of(0, {3, 6}, 3);
  for (const WorkGroup& group : groups_of(1, {4}, 1)) groups.push_back(group);
  const auto units = fold_units(datasets, groups);
  REQUIRE(units.size() == 5);  // dataset 2 has no group, so no unit
  CHECK(units[0].dataset == 0);
  CHECK(units[2].fold == 2);
  CHECK(units[0].cost == doctest::Approx(3.0));  // (3 + 6) / 3
  CHECK(units[3].dataset == 1);
  CHECK(units[4].cost == doctest::Approx(2.0));

  // Longest first, ties to the lower shard: dataset 0's folds (3 each) to shards 0, 1, 0; then
  // dataset 1's (2 each) both to shard 1, the lighter.
  const FoldShards fold_shards = assign_fold_shards(datasets, units, 2);
  CHECK(fold_shards[0] == std::vector<int>{0, 1, 0});
  CHECK(fold_shards[1] == std::vector<int>{1, 1});
  CHECK(fold_shards[2].empty());
  CHECK(folds_of_shard(fold_shards, 0, 0) == std::vector<int>{0, 2});
  CHECK(shards_of_dataset(fold_shards, 0) == std::vector<int>{0, 1});
  CHECK(shards_of_dataset(fold_shards, 1) == std::vector<int>{1});
  CHECK(shards_of_dataset(fold_shards, 2).empty());

  // Every shard holding a fold of a dataset writes all its rows; its score vectors and fits are
  // those of its folds (a fit_on: all vector once in each).
  const auto loads = fold_shard_loads(datasets, groups, units, fold_shards, 2);
  REQUIRE(loads.size() == 2);
  CHECK(loads[0].cost == doctest::Approx(6.0));  // 3 + 3
  CHECK(loads[1].cost == doctest::Approx(7.0));  // 3 + 2 + 2
  CHECK(loads[0].groups == 2);
  CHECK(loads[0].cells == 4);
  CHECK(loads[1].groups == 3);
  CHECK(loads[1].tuned_rows == 3);
  CHECK(loads[0].score_vectors == 2 * 2);  // two folds of dataset 0's two groups
  CHECK(loads[1].score_vectors == 2 + 1);  // one fold of those, and dataset 1's fit_on: all one
  CHECK(loads[0].fits == 4 + 4);           // 2 of 3 folds of 6 fits per group
  CHECK(loads[1].fits == 2 + 2 + 6);       // 1 of 3 folds, then both of dataset 1's
}

TEST_CASE("keep_folds keeps the outer folds given and their inner folds, renumbered") {
  PreparedDataset dataset = dataset_in_folds(12, 4, true);
  keep_folds(dataset, {1, 3});
  REQUIRE(dataset.folds.size() == 2);
  CHECK(dataset.folds[0].index == 1);  // the protocol's numbers stay
  CHECK(dataset.folds[1].index == 3);
  CHECK(dataset.folds[1].test_rows == std::vector<int>{3, 7, 11});
  REQUIRE(dataset.inner_folds.size() == 2);
  CHECK(dataset.inner_outer == std::vector<int>{0, 1});
  CHECK(dataset.inner_folds[1].train_rows == std::vector<int>{0});  // outer fold 3's first row
}

}  // namespace tsfs
