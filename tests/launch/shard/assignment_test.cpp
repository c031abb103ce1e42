#include "launch/shard/assignment.hpp"

#include <doctest/doctest.h>

#include "common/error.hpp"
#include "launch/shard/work_groups.hpp"

namespace tsfs {
namespace {

// Two datasets of 10 and 20 rows with two folds each; dataset 0 has a graph selector over one
// distance with two parameter sets (fold units), dataset 1 a univariate fit_on: all selector.
struct Fixture {
  std::vector<PreparedDataset> datasets;
  Plan plan;
};

PreparedDataset dataset(long long rows, long long features) {
  PreparedDataset prepared;
  prepared.data.values = Eigen::MatrixXd::Zero(rows, 8);
  prepared.features.values = Eigen::MatrixXd::Zero(rows, features);
  std::vector<int> first, second;
  for (int r = 0; r < rows; ++r) (r < rows / 2 ? first : second).push_back(r);
  prepared.folds = {{0, 0, second, first}, {0, 1, first, second}};
  return prepared;
}

Fixture fixture() {
  Fixture f;
  f.datasets = {dataset(10, 6), dataset(20, 4)};
  f.plan.score_units = {{0, 0, 0, 0, 0},
                        {0, 0, 0, 0, 1},
                        {0, 0, 0, 1, 0},
                        {0, 0, 0, 1, 1},
                        {1, kNoDistance, 1, 0, kAllRows}};
  for (int params = 0; params < 2; ++params)
    for (long long n : {2, 4})
      f.plan.cells.push_back({0, 0, 0, params, 0, n, {2 * params, 2 * params + 1}});
  for (long long n : {1, 2, 3}) f.plan.cells.push_back({1, kNoDistance, 1, 0, 0, n, {4, 4}});
  f.plan.distance_matrices = {{0, 0}};
  return f;
}

// Each shard's estimated cost.
std::vector<double> shard_costs(const std::vector<WorkGroup>& groups,
                                const std::vector<int>& assignment, int shards) {
  std::vector<double> costs;
  for (const ShardLoad& load : shard_loads(groups, assignment, shards)) costs.push_back(load.cost);
  return costs;
}

}  // namespace

TEST_CASE("work_groups: one group per (dataset, distance, selector, parameters), with its cost") {
  auto f = fixture();
  auto groups = work_groups(f.datasets, f.plan, {});
  REQUIRE(groups.size() == 3);
  CHECK(groups[0].first_cell == 0);
  CHECK(groups[0].cells == 2);
  CHECK(groups[1].first_unit == 2);
  CHECK(groups[1].units == 2);
  CHECK(groups[2].cells == 3);
  CHECK(groups[2].units == 1);
  CHECK(groups[2].fits == 6);
  // Graph selector: per fold 5 rows x 6 features + 5^2; two folds.
  CHECK(groups[0].score_cost == doctest::Approx(2 * (5 * 6 + 25)));
  // Univariate, fit on all 20 rows: 20 x 4.
  CHECK(groups[2].score_cost == doctest::Approx(80));
  // Fits: per fold 10 training and 10 test rows, n = 1, 2, 3 columns.
  double fits = 0;
  for (long long n : {1, 2, 3}) fits += 2 * fit_cost(10, 10, n);
  CHECK(groups[2].fit_cost == doctest::Approx(fits));
  CHECK(fit_cost(10, 10, 3) == doctest::Approx(100 * (3 + kSolverColumns) + 100 * 3));
}

TEST_CASE("work_groups: the groups of a tuned row's candidates form one bundle, with its cost") {
  auto f = fixture();
  // Dataset 0's two parameter sets are the candidates of one tuned row per n_features (cells 0
  // and 2 for n = 2, 1 and 3 for n = 4); each outer fold splits into two inner folds of 2 + 3
  // rows (fold 0's training rows are 5..9, fold 1's 0..4).
  auto& data = f.datasets[0];
  data.inner_folds = {{0, 0, {5, 6}, {7, 8, 9}},
                      {0, 1, {7, 8, 9}, {5, 6}},
                      {0, 0, {0, 1}, {2, 3, 4}},
                      {0, 1, {2, 3, 4}, {0, 1}}};
  data.inner_outer = {0, 0, 1, 1};
  const std::vector<TunedCell> tuned = {{{0, 2}}, {{1, 3}}};
  auto groups = work_groups(f.datasets, f.plan, tuned);
  REQUIRE(groups.size() == 3);
  CHECK(groups[0].bundle == 0);
  CHECK(groups[1].bundle == 0);
  CHECK(groups[2].bundle == 2);
  CHECK(groups[0].tuned_rows == 2);  // both rows' first candidates are group 0's cells
  CHECK(groups[1].tuned_rows == 0);
  // Per group: a score vector per inner fold (2 or 3 training rows x 6 features + rows^2, the
  // graph selector) and its two candidate cells' fits (n = 2 and 4) on every inner fold.
  double expected = 0;
  for (long long train : {2, 3, 2, 3}) {
    expected += static_cast<double>(train * 6 + train * train);
    for (long long n : {2, 4}) expected += fit_cost(train, 5 - train, n);
  }
  CHECK(groups[0].tuning_cost == doctest::Approx(expected));
  CHECK(groups[1].tuning_cost == doctest::Approx(expected));
  CHECK(groups[2].tuning_cost == 0);
  // The bundle goes to one shard whole, even with a shard to spare.
  const auto assignment = assign_shards(groups, 3);
  CHECK(assignment[0] == assignment[1]);
  CHECK(assignment[2] != assignment[0]);
  CHECK(shard_costs(groups, assignment, 3)[static_cast<size_t>(assignment[0])] ==
        doctest::Approx(groups[0].cost() + groups[1].cost()));
}

// tune.outer: chosen: a candidate is no results.csv row, each outer fold fits only the candidate
// chosen there (its expected share: 1 / the row's candidates), the tuned row's fits count once.
TEST_CASE("work_groups under tune.outer: chosen: reported cells, fits and outer fit cost") {
  auto f = fixture();
  const std::vector<TunedCell> tuned = {{{0, 2}}, {{1, 3}}};
  const auto all = work_groups(f.datasets, f.plan, tuned);
  const auto chosen = work_groups(f.datasets, f.plan, tuned, OuterEvaluation::chosen);
  REQUIRE(chosen.size() == 3);
  const size_t folds = f.datasets[0].folds.size();
  for (size_t g = 0; g < 3; ++g) {
    CHECK(all[g].reported_cells == all[g].cells);
    CHECK(all[g].fits == static_cast<long long>(all[g].cells * folds));
    CHECK(chosen[g].tuning_cost == doctest::Approx(all[g].tuning_cost));
  }
  CHECK(chosen[0].reported_cells == 0);
  CHECK(chosen[1].reported_cells == 0);
  CHECK(chosen[2].reported_cells == chosen[2].cells);
  CHECK(chosen[0].fits == static_cast<long long>(2 * folds));  // its two tuned rows
  CHECK(chosen[1].fits == 0);
  CHECK(chosen[0].fit_cost == doctest::Approx(all[0].fit_cost / 2));
  CHECK(chosen[1].fit_cost == doctest::Approx(all[1].fit_cost / 2));
  CHECK(chosen[2].fit_cost == doctest::Approx(all[2].fit_cost));
  const auto loads = shard_loads(chosen, std::vector<int>(3, 0), 1);
  CHECK(loads[0].cells == chosen[2].cells);
  CHECK(loads[0].tuned_rows == 2);
}

TEST_CASE("work_groups: a fit_on: all candidate's inner score vectors, one per outer fold") {
  auto f = fixture();
  // Dataset 1's group fits on every row in the grid; in nested CV on each outer fold's 10
  // training rows, once for both of that fold's inner folds (4 + 6 rows).
  auto& data = f.datasets[1];
  std::vector<int> low = {10, 11, 12, 13}, high = {14, 15, 16, 17, 18, 19};
  std::vector<int> first = {0, 1, 2, 3}, rest = {4, 5, 6, 7, 8, 9};
  data.inner_folds = {
      {0, 0, low, high}, {0, 1, high, low}, {0, 0, first, rest}, {0, 1, rest, first}};
  data.inner_outer = {0, 0, 1, 1};
  auto groups = work_groups(f.datasets, f.plan, {{{4, 5}}});
  double expected = 2 * (10 * 4);
  for (long long train : {4, 6, 4, 6})
    for (long long n : {1, 2}) expected += fit_cost(train, 10 - train, n);
  CHECK(groups[2].tuning_cost == doctest::Approx(expected));
}

TEST_CASE("work_groups refuses a plan whose units are not in grid order") {
  auto f = fixture();
  std::swap(f.plan.cells[0].score_units, f.plan.cells[2].score_units);
  CHECK_THROWS_AS(work_groups(f.datasets, f.plan, {}), std::logic_error);
}

TEST_CASE("distance_matrix_cost: pairs x the distance's cost per pair") {
  CHECK(distance_matrix_cost(4, 10.0) == doctest::Approx(6 * 10));
  CHECK(distance_matrix_cost(4, 30.0) == doctest::Approx(6 * 30));
}

TEST_CASE("assign_shards: longest first, to the least loaded shard, deterministic on ties") {
  std::vector<WorkGroup> groups(5);
  const double costs[] = {5, 9, 1, 9, 4};
  for (size_t g = 0; g < groups.size(); ++g) {
    groups[g].fit_cost = costs[g];
    groups[g].bundle = g;
  }
  // 9 (group 1) -> shard 0, 9 (group 3) -> shard 1 (the first of equal costs goes first),
  // 5 -> shard 0 (tie: lowest index), 4 -> shard 1 (9 < 14), 1 -> shard 1 (13 < 14).
  CHECK(assign_shards(groups, 2) == std::vector<int>{0, 0, 1, 1, 1});
  auto loads = shard_costs(groups, assign_shards(groups, 2), 2);
  CHECK(loads == std::vector<double>{14, 14});
  // More shards than groups: some shards stay empty.
  auto many = shard_costs(groups, assign_shards(groups, 7), 7);
  CHECK(std::count(many.begin(), many.end(), 0.0) == 2);
}

TEST_CASE("longest_first and artefact_tasks: matrices spread over the artefacts tasks") {
  // 7 -> bin 0, 6 -> bin 1, 3 -> bin 2, 3 -> bin 2 (3 < 6), 2 -> bin 1 (6 < 7).
  CHECK(longest_first({3, 7, 2, 6, 3}, 3) == std::vector<int>{2, 0, 1, 1, 2});
  CHECK(longest_first({}, 2).empty());
  CHECK(artefact_tasks(182, 8) == 8);  // one per shard
  CHECK(artefact_tasks(3, 8) == 3);    // at most one per matrix
  CHECK(artefact_tasks(0, 8) == 1);    // the features alone
}

TEST_CASE("shard_plan: the shard's cells in grid order, its units renumbered, its matrices") {
  auto f = fixture();
  auto groups = work_groups(f.datasets, f.plan, {});
  std::vector<int> assignment = {1, 0, 1};
  Plan first = shard_plan(f.plan, groups, assignment, 0);
  REQUIRE(first.cells.size() == 2);
  CHECK(first.cells[0].params == 1);
  CHECK(first.cells[0].score_units == std::vector<int>{0, 1});
  CHECK(first.score_units.size() == 2);
  CHECK(first.distance_matrices.size() == 1);
  Plan second = shard_plan(f.plan, groups, assignment, 1);
  REQUIRE(second.cells.size() == 5);
  CHECK(second.cells[0].params == 0);
  CHECK(second.cells[2].dataset == 1);
  CHECK(second.cells[2].score_units == std::vector<int>{2, 2});
  CHECK(shard_plan(f.plan, groups, assignment, 2).cells.empty());
}

TEST_CASE("parse_shard_id: I/N with 1 <= I <= N") {
  auto id = parse_shard_id("2/4");
  CHECK(id.index == 2);
  CHECK(id.count == 4);
  CHECK(id.folder_name() == "2-of-4");
  for (const char* bad : {"0/4", "5/4", "2", "2/", "/4", "a/4", "2/4x", "-1/4", ""})
    CHECK_THROWS_AS(parse_shard_id(bad), InputError);
}

}  // namespace tsfs
