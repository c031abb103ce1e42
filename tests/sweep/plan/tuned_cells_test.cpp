// The plan of nested cross-validation: which parameters apply to which rows, the inner folds of
// every outer fold, the grid cells each tuned row chooses among (worked out from the grid order:
// dataset, selector, distance, selector parameters, classifier parameters, n_features fastest),
// the cells reported under tune.outer: chosen, and the inner score units.
#include "sweep/plan/tuned_cells.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "config/spec.hpp"
#include "support/dataset_fixtures.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/run/load.hpp"

namespace tsfs {
namespace tuned_cells_test {

using Rows = std::vector<std::vector<int>>;

// Coffee (56 series, raw features), 3 outer folds. `middle` holds the distances:, selectors:,
// classifier: and tune: lines, `n_features` the n_features: line (none for a classifier that
// reads no features).
Spec coffee_spec(const testing::TemporaryFolder& folder, const std::string& middle,
                 const std::string& n_features) {
  return load_spec(folder.write("spec.yaml",
                                "name: tuned_cells\n"
                                "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                                "/third_party/ucr/Coffee}]\n"
                                "features: {extractor: raw}\n" +
                                    middle + n_features +
                                    "protocol: {kind: stratified_kfold, folds: 3, "
                                    "seed: 1}\n"
                                    "output: " +
                                    (folder.path() / "out").string() + "\n"));
}

// A Laplacian with 3 sigma ratios fitted on `fit_on` (cells 0-11: sigma slowest, then classifier
// k, then n_features) and Fisher (cells 12-15), a kNN with k 1 and 3, and the tuned `parameters`.
std::string laplacian_and_fisher(const std::string& parameters,
                                 const std::string& fit_on = "train") {
  return "distances: [{kind: euclidean}]\n"
         "selectors:\n"
         "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1, 2], fit_on: " +
         fit_on +
         "}\n"
         "  - {kind: fisher}\n"
         "classifier: {kind: knn, k: [1, 3]}\n"
         "tune: {parameters: [" +
         parameters + "], inner: {folds: 2, seed: 2}}\n";
}

struct Planned {
  Spec spec;
  std::vector<PreparedDataset> datasets;
  Plan plan;
};

Planned planned(const testing::TemporaryFolder& folder, const std::string& middle,
                const std::string& n_features = "n_features: [5, 10]\n") {
  Planned result{coffee_spec(folder, middle, n_features), {}, {}};
  result.datasets = prepare_datasets(result.spec, folder.path() / "cache", 1);
  result.plan = make_plan(result.spec, result.datasets);
  return result;
}

Rows candidates_of(const std::vector<TunedCell>& tuned) {
  Rows rows;
  for (const auto& row : tuned) rows.push_back(row.candidates);
  return rows;
}

TunedParameter parameter(const std::string& component, const std::string& name,
                         bool distance = false) {
  return TunedParameter{component, name, {}, distance};
}

}  // namespace tuned_cells_test

TEST_CASE("tuned_parameter_applies and tuned_column: per component") {
  SelectorSpec laplacian;
  laplacian.kind = "laplacian";
  SelectorSpec fisher;
  fisher.kind = "fisher";
  using tuned_cells_test::parameter;
  for (const auto& applies_to_all :
       {parameter("n_features", "n_features"), parameter("classifier", "k"),
        parameter("reduce", "components"), parameter("dtw", "window", true)}) {
    CAPTURE(applies_to_all.component);
    CHECK(tuned_parameter_applies(applies_to_all, laplacian));
    CHECK(tuned_parameter_applies(applies_to_all, fisher));
  }
  CHECK(tuned_parameter_applies(parameter("laplacian", "sigma_ratio"), laplacian));
  CHECK_FALSE(tuned_parameter_applies(parameter("laplacian", "sigma_ratio"), fisher));
  CHECK(tuned_column(parameter("classifier", "k")) == "classifier_k");
  CHECK(tuned_column(parameter("reduce", "components")) == "reducer_components");
  CHECK(tuned_column(parameter("dtw", "window", true)) == "distance");
  CHECK(tuned_column(parameter("laplacian", "sigma_ratio")) == "sigma_ratio");
  CHECK(tuned_column(parameter("n_features", "n_features")) == "n_features");
}

TEST_CASE("make_inner_folds: the inner protocol on each outer fold's training rows") {
  // 12 series of classes 0, 1, 0, 1, ...; outer fold 0 trains on rows 0-7, fold 1 on rows 4-11.
  const Dataset data = test::make_dataset(std::vector<std::vector<double>>(12, {1.0, 2.0}));
  std::vector<Fold> outer(2);
  for (int row = 0; row < 12; ++row) {
    (row < 8 ? outer[0].train_rows : outer[0].test_rows).push_back(row);
    (row >= 4 ? outer[1].train_rows : outer[1].test_rows).push_back(row);
  }
  outer[1].index = 1;
  ProtocolOptions inner;
  inner.kind = ProtocolKind::stratified_kfold;
  inner.folds = 2;
  inner.seed = 3;
  const InnerFolds folds = make_inner_folds(data, outer, inner);
  REQUIRE(folds.folds.size() == 4);
  CHECK(folds.outer == std::vector<int>{0, 0, 1, 1});
  for (size_t g = 0; g < 4; ++g) {
    CAPTURE(g);
    const Fold& fold = folds.folds[g];
    const auto& outer_train = outer[static_cast<size_t>(folds.outer[g])].train_rows;
    CHECK(fold.index == static_cast<int>(g % 2));
    // Dataset rows, not positions in the training set: together exactly the outer training rows.
    std::vector<int> both = fold.train_rows;
    both.insert(both.end(), fold.test_rows.begin(), fold.test_rows.end());
    std::sort(both.begin(), both.end());
    CHECK(both == outer_train);
    CHECK(std::is_sorted(fold.test_rows.begin(), fold.test_rows.end()));
    // Stratified: 8 training rows, 4 per class, split 2 + 2 into each test fold.
    REQUIRE(fold.test_rows.size() == 4);
    int class_one = 0;
    for (int row : fold.test_rows) class_one += data.labels(row);
    CHECK(class_one == 2);
  }
  // The two inner test folds of one outer fold partition its training rows.
  std::set<int> tested(folds.folds[2].test_rows.begin(), folds.folds[2].test_rows.end());
  tested.insert(folds.folds[3].test_rows.begin(), folds.folds[3].test_rows.end());
  CHECK(tested == std::set<int>(outer[1].train_rows.begin(), outer[1].train_rows.end()));
}

TEST_CASE("make_inner_folds refuses an outer training set the inner protocol cannot split") {
  const Dataset data = test::make_dataset(std::vector<std::vector<double>>(12, {1.0, 2.0}));
  std::vector<Fold> outer(2);
  outer[0].train_rows = {0, 1, 2, 3, 4, 5, 6, 7};
  outer[0].test_rows = {8, 9, 10, 11};
  outer[1].train_rows = {8, 9, 10, 11};
  outer[1].test_rows = {0, 1, 2, 3, 4, 5, 6, 7};
  ProtocolOptions inner;
  inner.kind = ProtocolKind::stratified_kfold;
  inner.folds = 5;
  try {
    make_inner_folds(data, outer, inner);
    FAIL_CHECK("expected an InputError");
  } catch (const InputError& error) {
    // Outer fold 0's 8 rows take 5 folds; fold 1's 4 do not, and the message says which.
    CHECK(error.where() == "Toy (training rows of outer fold 1)");
    CHECK(error.message() ==
          "stratified_kfold with 5 folds needs at least 5 rows, the dataset has 4");
  }
}

TEST_CASE("tuned_cells: a selector parameter's rows, the others fixed") {
  const testing::TemporaryFolder folder("tuned_cells_sigma");
  const auto sweep = tuned_cells_test::planned(
      folder, tuned_cells_test::laplacian_and_fisher("laplacian.sigma_ratio"));
  REQUIRE(sweep.plan.cells.size() == 16);
  CHECK(is_tuned(sweep.spec, sweep.spec.selectors[0]));
  CHECK_FALSE(is_tuned(sweep.spec, sweep.spec.selectors[1]));
  // One row per (classifier k, n_features), its candidates the 3 sigmas 4 cells apart; Fisher's
  // cells are no candidates.
  const auto tuned = tuned_cells(sweep.spec, sweep.plan);
  CHECK(tuned_cells_test::candidates_of(tuned) ==
        tuned_cells_test::Rows{{0, 4, 8}, {1, 5, 9}, {2, 6, 10}, {3, 7, 11}});
  for (const auto& row : tuned)
    for (int c : row.candidates) {
      const Cell& cell = sweep.plan.cells[static_cast<size_t>(c)];
      CHECK(cell.selector == 0);
      CHECK(cell.params == c / 4);
    }
  // Every cell is reported: tune.outer is every_candidate by default.
  CHECK(reported_cells(sweep.spec, sweep.plan, tuned) == std::vector<bool>(16, true));
}

TEST_CASE("tuned_cells: n_features tuned with it or alone, and the classifier's parameter") {
  const testing::TemporaryFolder folder("tuned_cells_n");
  const auto both = tuned_cells_test::planned(
      folder, tuned_cells_test::laplacian_and_fisher("laplacian.sigma_ratio, n_features"));
  // n_features is no longer fixed: one row per classifier k, sigma x n_features candidates; and
  // it applies to Fisher too (one row per classifier k, the 2 n_features).
  CHECK(tuned_cells_test::candidates_of(tuned_cells(both.spec, both.plan)) ==
        tuned_cells_test::Rows{{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10, 11}, {12, 13}, {14, 15}});

  const auto n_only =
      tuned_cells_test::planned(folder, tuned_cells_test::laplacian_and_fisher("n_features"));
  CHECK(is_tuned(n_only.spec, n_only.spec.selectors[1]));  // n_features applies to every selector
  CHECK(
      tuned_cells_test::candidates_of(tuned_cells(n_only.spec, n_only.plan)) ==
      tuned_cells_test::Rows{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}});

  const auto classifier =
      tuned_cells_test::planned(folder, tuned_cells_test::laplacian_and_fisher("classifier.k"));
  CHECK(
      tuned_cells_test::candidates_of(tuned_cells(classifier.spec, classifier.plan)) ==
      tuned_cells_test::Rows{{0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}});
}

TEST_CASE("tuned_cells: a distance parameter tunes the distances of its swept item only") {
  const testing::TemporaryFolder folder("tuned_cells_distance");
  // Distances 0 and 1 are the swept DTW item's windows 2 and 4; 2 a DTW of its own item, 3
  // Euclidean. A nearest-neighbour classifier reads no features (no selector, no n_features):
  // one cell per distance.
  const auto sweep = tuned_cells_test::planned(
      folder,
      "distances: [{kind: dtw, window: [2, 4]}, {kind: dtw, window: 8}, {kind: euclidean}]\n"
      "selectors: [{kind: none}]\n"
      "classifier: {kind: nearest_neighbour}\n"
      "tune: {parameters: [dtw.window], inner: {folds: 2, seed: 2}, outer: chosen}\n",
      "");
  REQUIRE(sweep.plan.cells.size() == 4);
  for (int c = 0; c < 4; ++c) CHECK(sweep.plan.cells[static_cast<size_t>(c)].distance == c);
  CHECK(is_tuned(sweep.spec, sweep.spec.selectors[0]));
  const auto tuned = tuned_cells(sweep.spec, sweep.plan);
  CHECK(tuned_cells_test::candidates_of(tuned) == tuned_cells_test::Rows{{0, 1}});
  // tune.outer: chosen: a candidate is no results.csv row of its own; the other cells are.
  CHECK(reported_cells(sweep.spec, sweep.plan, tuned) ==
        std::vector<bool>{false, false, true, true});
  // The inner units of a selector that reads no distance carry none.
  const InnerPlan inner = make_inner_plan(sweep.spec, sweep.datasets, sweep.plan, tuned);
  REQUIRE(inner.unit_of.size() == 1);
  CHECK(inner.unit_of[0].size() == 2);
  CHECK_FALSE(inner.units.score_units.empty());
  for (const auto& unit : inner.units.score_units) CHECK(unit.distance == kNoDistance);
}

// Each tuned row's `distance` field tells it apart from every other tuned row: "tuned" for the
// one tuned group, else its kind, the fixed parameters in which its kind's groups differ, its item.
TEST_CASE("tuned_distance_field: one group is 'tuned', several say which") {
  const testing::TemporaryFolder folder("tuned_cells_distance_field");
  const auto field_of = [&](const std::string& distances, const std::string& parameters,
                            int distance) {
    const Spec spec =
        tuned_cells_test::coffee_spec(folder,
                                      distances +
                                          "selectors: [{kind: none}]\n"
                                          "classifier: {kind: nearest_neighbour}\n"
                                          "tune: {parameters: [" +
                                          parameters + "], inner: {kind: leave_one_out}}\n",
                                      "");
    return tuned_distance_field(spec, distance);
  };
  const std::string one = "distances: [{kind: dtw, window: [2, 4]}, {kind: dtw, window: 8}]\n";
  CHECK(field_of(one, "dtw.window", 0) == "tuned");
  const std::string kinds = "distances: [{kind: dtw, window: [2, 4]}, {kind: msm, c: [0.5, 1]}]\n";
  CHECK(field_of(kinds, "dtw.window, msm.c", 0) == "tuned-dtw");
  CHECK(field_of(kinds, "dtw.window, msm.c", 3) == "tuned-msm");
  const std::string windows = "distances: [{kind: msm, c: [0.5, 1], window: [0.25, 0.5]}]\n";
  CHECK(field_of(windows, "msm.c", 0) == "tuned-msm-window=0.25");
  CHECK(field_of(windows, "msm.c", 2) == "tuned-msm-window=0.5");  // window varies slowest
  const std::string items =
      "distances: [{kind: dtw, window: [2, 4]}, {kind: dtw, window: [6, 8]}]\n";
  CHECK(field_of(items, "dtw.window", 0) == "tuned-dtw-item1");
  CHECK(field_of(items, "dtw.window", 3) == "tuned-dtw-item2");
}

TEST_CASE("tuned_cells: nothing without tune:") {
  const testing::TemporaryFolder folder("tuned_cells_none");
  const auto sweep = tuned_cells_test::planned(folder,
                                               "selectors: [{kind: fisher}]\n"
                                               "classifier: {kind: knn, k: [1, 3]}\n");
  CHECK_FALSE(is_tuned(sweep.spec, sweep.spec.selectors[0]));
  CHECK(tuned_cells(sweep.spec, sweep.plan).empty());
  CHECK(reported_cells(sweep.spec, sweep.plan, {}) == std::vector<bool>(4, true));
  CHECK(make_inner_plan(sweep.spec, sweep.datasets, sweep.plan, {}).unit_of.empty());
}

TEST_CASE("make_inner_plan: a unit per candidate's parameters and inner fold, shared by rows") {
  const testing::TemporaryFolder folder("tuned_cells_inner");
  const auto sweep = tuned_cells_test::planned(
      folder, tuned_cells_test::laplacian_and_fisher("laplacian.sigma_ratio"));
  const PreparedDataset& coffee = sweep.datasets.front();
  REQUIRE(coffee.folds.size() == 3);
  REQUIRE(coffee.inner_folds.size() == 6);
  const auto tuned = tuned_cells(sweep.spec, sweep.plan);
  const InnerPlan inner = make_inner_plan(sweep.spec, sweep.datasets, sweep.plan, tuned);
  // 3 sigmas x 6 inner folds (fold numbers 3-8, after the outer ones), in order of first use:
  // row 0's candidates take units 0-17; the other rows (other classifier k and n_features) reuse
  // them.
  REQUIRE(inner.units.score_units.size() == 18);
  REQUIRE(inner.unit_of.size() == 4);
  for (size_t t = 0; t < 4; ++t) {
    REQUIRE(inner.unit_of[t].size() == 3);
    for (size_t c = 0; c < 3; ++c) {
      REQUIRE(inner.unit_of[t][c].size() == 6);
      for (size_t g = 0; g < 6; ++g) CHECK(inner.unit_of[t][c][g] == static_cast<int>(c * 6 + g));
    }
  }
  for (size_t u = 0; u < 18; ++u) {
    const ScoreUnit& unit = inner.units.score_units[u];
    CHECK(unit.dataset == 0);
    CHECK(unit.distance == 0);  // the Laplacian reads the Euclidean distances
    CHECK(unit.selector == 0);
    CHECK(unit.params == static_cast<int>(u / 6));
    CHECK(unit.fold == static_cast<int>(3 + u % 6));
  }
}

TEST_CASE("make_inner_plan: fit_on: all fits once per outer fold, on its training rows") {
  const testing::TemporaryFolder folder("tuned_cells_inner_all");
  const auto sweep = tuned_cells_test::planned(
      folder, tuned_cells_test::laplacian_and_fisher("laplacian.sigma_ratio", "all"));
  const PreparedDataset& coffee = sweep.datasets.front();
  REQUIRE(coffee.inner_outer == std::vector<int>{0, 0, 1, 1, 2, 2});
  const auto tuned = tuned_cells(sweep.spec, sweep.plan);
  REQUIRE(tuned.size() == 4);
  const InnerPlan inner = make_inner_plan(sweep.spec, sweep.datasets, sweep.plan, tuned);
  // 3 sigmas x 3 outer folds; both inner folds of an outer fold share its unit, numbered as the
  // outer fold (its training rows).
  REQUIRE(inner.units.score_units.size() == 9);
  for (size_t c = 0; c < 3; ++c)
    CHECK(inner.unit_of[2][c] ==
          std::vector<int>{static_cast<int>(c * 3), static_cast<int>(c * 3),
                           static_cast<int>(c * 3 + 1), static_cast<int>(c * 3 + 1),
                           static_cast<int>(c * 3 + 2), static_cast<int>(c * 3 + 2)});
  for (size_t u = 0; u < 9; ++u) {
    CHECK(inner.units.score_units[u].params == static_cast<int>(u / 3));
    CHECK(inner.units.score_units[u].fold == static_cast<int>(u % 3));
  }
}

}  // namespace tsfs
