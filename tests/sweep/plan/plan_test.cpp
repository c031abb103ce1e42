#include "sweep/plan/plan.hpp"

#include <doctest/doctest.h>

#include <set>
#include <tuple>

#include "support/dataset_fixtures.hpp"
#include "sweep/run/load.hpp"
#include "sweep/small_sweep.hpp"

namespace {

auto unit_tuple(const tsfs::ScoreUnit& unit) {
  return std::make_tuple(unit.dataset, unit.distance, unit.selector, unit.params, unit.fold);
}

}  // namespace

TEST_CASE("prepare_datasets loads, extracts and folds every dataset of the spec") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  REQUIRE(datasets.size() == 1);
  const auto& coffee = datasets.front();
  CHECK(coffee.data.name == "Coffee");
  CHECK(coffee.features.values.rows() == 56);
  CHECK(coffee.features.values.cols() == 286);
  REQUIRE(coffee.folds.size() == 3);
  std::set<int> tested;
  for (int f = 0; f < 3; ++f) {
    const auto& fold = coffee.fold(f);
    CHECK(fold.train_rows.size() + fold.test_rows.size() == 56);
    tested.insert(fold.test_rows.begin(), fold.test_rows.end());
  }
  CHECK(tested.size() == 56);  // every row is tested exactly once over the folds
  CHECK(coffee.inner_folds.empty());
}

TEST_CASE("make_plan: cells in grid order, score units shared, one distance matrix") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const tsfs::Plan plan = tsfs::make_plan(spec, datasets);

  // variance: 1 parameter set x 2 kNN settings x 2 feature counts; laplacian: 1 distance x 2 sigma
  // ratios x 2 x 2.
  REQUIRE(plan.cells.size() == 12);
  // variance fitted on all rows needs one score vector for its 3 folds; laplacian one per sigma and
  // fold.
  REQUIRE(plan.score_units.size() == 1 + 2 * 3);
  REQUIRE(plan.distance_matrices.size() == 1);
  CHECK(plan.distance_matrices.front() == std::pair<int, int>{0, 0});

  std::set<std::tuple<int, int, int, int, int>> distinct;
  for (const auto& unit : plan.score_units) distinct.insert(unit_tuple(unit));
  CHECK(distinct.size() == plan.score_units.size());

  // Order: selector, distance, selector parameters, classifier parameters, n_features (fastest).
  int index = 0;
  for (int params = 0; params < 1; ++params)
    for (int classifier = 0; classifier < 2; ++classifier)
      for (long long count : {5LL, 10LL}) {
        const auto& cell = plan.cells[static_cast<size_t>(index++)];
        CHECK(cell.selector == 0);
        CHECK(cell.distance == tsfs::kNoDistance);
        CHECK(cell.params == params);
        CHECK(cell.classifier_params == classifier);
        CHECK(cell.n_features == count);
        REQUIRE(cell.score_units.size() == 3);
        for (int unit : cell.score_units) {
          CHECK(unit == cell.score_units.front());
          CHECK(plan.score_units[static_cast<size_t>(unit)].fold == tsfs::kAllRows);
        }
      }
  for (int params = 0; params < 2; ++params)
    for (int classifier = 0; classifier < 2; ++classifier)
      for (long long count : {5LL, 10LL}) {
        const auto& cell = plan.cells[static_cast<size_t>(index++)];
        CHECK(cell.selector == 1);
        CHECK(cell.distance == 0);
        CHECK(cell.params == params);
        CHECK(cell.classifier_params == classifier);
        CHECK(cell.n_features == count);
        REQUIRE(cell.score_units.size() == 3);
        for (int f = 0; f < 3; ++f) {
          const auto& unit = plan.score_units[static_cast<size_t>(cell.score_units[f])];
          CHECK(unit.selector == 1);
          CHECK(unit.distance == 0);
          CHECK(unit.params == params);
          CHECK(unit.fold == f);
        }
      }
  // Cells differing only in classifier settings or feature count share their score vectors.
  CHECK(plan.cells[4].score_units == plan.cells[7].score_units);
  CHECK(plan.cells[4].score_units != plan.cells[8].score_units);
}

TEST_CASE("make_plan: n_features all resolves to the dataset's feature count") {
  tsfs::test::TempFolder folder;
  const auto spec =
      tsfs::testing::small_sweep_spec(folder.path(), "selectors: [{kind: fisher}]\n", "[3, all]");
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const auto plan = tsfs::make_plan(spec, datasets);
  REQUIRE(plan.cells.size() == 4);
  CHECK(plan.cells[0].n_features == 3);
  CHECK(plan.cells[1].n_features == 286);
  CHECK(plan.score_units.size() == 3);
  CHECK(plan.distance_matrices.empty());  // fisher needs no distance
}

TEST_CASE("make_plan refuses what the data rules out, naming the spec location") {
  tsfs::test::TempFolder folder;
  SUBCASE("more features than the dataset has") {
    const auto spec =
        tsfs::testing::small_sweep_spec(folder.path(), "selectors: [{kind: fisher}]\n", "[5, 300]");
    auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
    const auto text = tsfs::test::input_error_text([&] { tsfs::make_plan(spec, datasets); });
    CHECK(text == doctest::Contains("spec.yaml:"));
    CHECK(text == doctest::Contains("300"));
    CHECK(text == doctest::Contains("286"));
    // n_features concerns every cell: the whole dataset goes, even from an archive.
    CHECK_THROWS_AS(tsfs::check_dataset_plannable(spec, datasets.front(), true), tsfs::InputError);
  }
  SUBCASE("a neighbour count the training rows cannot provide") {
    const auto spec = tsfs::testing::small_sweep_spec(
        folder.path(), "selectors: [{kind: laplacian, k: 60}]\n", "[5]");
    auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
    const auto text = tsfs::test::input_error_text([&] { tsfs::make_plan(spec, datasets); });
    CHECK(text == doctest::Contains("spec.yaml:"));
    CHECK(text == doctest::Contains("60"));
    CHECK_THROWS_AS(tsfs::check_dataset_plannable(spec, datasets.front(), false), tsfs::InputError);
    // Skipping the only selector would leave no cell: the dataset goes.
    CHECK_THROWS_AS(tsfs::check_dataset_plannable(spec, datasets.front(), true), tsfs::InputError);
  }
  SUBCASE("from an archive, a selector the rows rule out skips its own cells only") {
    const auto spec = tsfs::testing::small_sweep_spec(
        folder.path(), "selectors: [{kind: laplacian, k: 60}, {kind: fisher}]\n", "[5]");
    auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
    const auto skipped = tsfs::check_dataset_plannable(spec, datasets.front(), true);
    REQUIRE(skipped.size() == 1);
    CHECK(skipped[0].component == "selector 'laplacian'");
    // skipped.csv's reason leaves the spec's place out (a merge reads another copy of the spec);
    // the logged message keeps it.
    CHECK(skipped[0].reason.find("spec.yaml:") == std::string::npos);
    CHECK(skipped[0].message.find("spec.yaml:") != std::string::npos);
    CHECK(skipped[0].message.find(skipped[0].reason) != std::string::npos);
    CHECK(datasets.front().skipped_selectors == std::vector<int>{0});
    const auto plan = tsfs::make_plan(spec, datasets);
    REQUIRE(plan.cells.size() == 2);  // knn with k 1 and 3
    for (const auto& planned : plan.cells) CHECK(planned.selector == 1);
    CHECK(plan.distance_matrices.empty());
  }
}
