// work_groups' cost model on a hand-made plan whose costs are worked out below, the bundles of
// tuned rows (merged when rows share a group), the refusal of plans out of grid order, and the
// spec-level entry points on Coffee.
#include "launch/shard/work_groups.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/run/load.hpp"

namespace tsfs {
namespace work_groups_test {

// 12 rows, 5 features; fold 0 trains on rows 0-8 and tests 9-11, fold 1 trains on 0-5 and tests
// 6-11.
PreparedDataset twelve_rows() {
  PreparedDataset prepared;
  prepared.data.values = Eigen::MatrixXd::Zero(12, 20);
  prepared.features.values = Eigen::MatrixXd::Zero(12, 5);
  prepared.folds = {{0, 0, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11}},
                    {0, 1, {0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}};
  return prepared;
}

// Group 0: a selector reading distance 0, one score vector per fold (units 0 and 1), cells with
// 2 and 4 features. Group 1: a selector fitted on all rows (unit 2), a cell with 3 features.
Plan two_groups() {
  Plan plan;
  plan.score_units = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 1}, {0, kNoDistance, 1, 0, kAllRows}};
  plan.cells = {{0, 0, 0, 0, 0, 2, {0, 1}, false, 0},
                {0, 0, 0, 0, 0, 4, {0, 1}, false, 0},
                {0, kNoDistance, 1, 0, 0, 3, {2, 2}, false, 0}};
  plan.distance_matrices = {{0, 0}};
  return plan;
}

// Four groups of one cell each (parameter sets 0-3 of one selector, 2 features), two units each.
Plan four_groups() {
  Plan plan;
  for (int params = 0; params < 4; ++params) {
    for (int fold = 0; fold < 2; ++fold)
      plan.score_units.push_back({0, kNoDistance, 0, params, fold});
    plan.cells.push_back({0, kNoDistance, 0, params, 0, 2, {2 * params, 2 * params + 1}, false, 0});
  }
  return plan;
}

std::string logic_error_of(const Plan& plan) {
  try {
    work_groups({twelve_rows()}, plan, {});
  } catch (const std::logic_error& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace work_groups_test

TEST_CASE("score_vector_cost, fit_cost and distance_matrix_cost") {
  CHECK(score_vector_cost(10, 6, false) == 60);
  CHECK(score_vector_cost(10, 6, true) == 60 + 100);  // the kNN graph over the rows
  CHECK(score_vector_cost(0, 6, true) == 0);
  // 10^2 (3 + 10 solver columns) + 5 test rows x 10 x 3.
  CHECK(fit_cost(10, 5, 3) == 1300 + 150);
  CHECK(fit_cost(4, 0, 0) == 16 * kSolverColumns);
  CHECK(distance_matrix_cost(5, 2.5) == 10 * 2.5);
  CHECK(distance_matrix_cost(1, 100) == 0);
}

TEST_CASE("work_groups: bounds, counts and costs of each group") {
  const auto groups =
      work_groups({work_groups_test::twelve_rows()}, work_groups_test::two_groups(), {});
  REQUIRE(groups.size() == 2);
  const WorkGroup& graph = groups[0];
  CHECK(graph.dataset == 0);
  CHECK(graph.distance == 0);
  CHECK(graph.selector == 0);
  CHECK(graph.first_cell == 0);
  CHECK(graph.cells == 2);
  CHECK(graph.first_unit == 0);
  CHECK(graph.units == 2);
  CHECK(graph.fits == 2 * 2);
  CHECK(graph.reported_cells == 2);
  CHECK(graph.tuned_rows == 0);
  CHECK(graph.bundle == 0);
  // Per fold: 9 rows x 5 + 9^2 = 126 and 6 x 5 + 6^2 = 66.
  CHECK(graph.score_cost == 126 + 66);
  // fit_cost(9, 3, 2) + fit_cost(6, 6, 2) + fit_cost(9, 3, 4) + fit_cost(6, 6, 4)
  //   = (972 + 54) + (432 + 72) + (1134 + 108) + (504 + 144).
  CHECK(graph.fit_cost == 3420);
  CHECK(graph.tuning_cost == 0);
  CHECK(graph.cost() == 192 + 3420);

  const WorkGroup& all_rows = groups[1];
  CHECK(all_rows.distance == kNoDistance);
  CHECK(all_rows.selector == 1);
  CHECK(all_rows.first_cell == 2);
  CHECK(all_rows.cells == 1);
  CHECK(all_rows.first_unit == 2);
  CHECK(all_rows.units == 1);
  CHECK(all_rows.fits == 2);
  CHECK(all_rows.bundle == 1);
  CHECK(all_rows.score_cost == 12 * 5);  // fitted once on all 12 rows, no distance
  // fit_cost(9, 3, 3) + fit_cost(6, 6, 3) = (1053 + 81) + (468 + 108).
  CHECK(all_rows.fit_cost == 1710);

  CHECK(work_groups({work_groups_test::twelve_rows()}, Plan{}, {}).empty());
}

TEST_CASE("linear_fit_cost and inner_fits_cost") {
  // 10 passes over 8 training rows and one over 2 predicted rows, of (3 + 1) columns.
  CHECK(linear_fit_cost(8, 2, 3) == 328);
  CHECK(linear_fit_cost(0, 5, 1) == 10);  // predictions alone
  CHECK(inner_fits_cost({}) == 0);
  CHECK(inner_fits_cost({{InnerFits::Model::classifier, 3, 10, 5, 3},
                         {InnerFits::Model::linear, 2, 8, 2, 3}}) ==
        3 * fit_cost(10, 5, 3) + 2 * 328.0);
}

TEST_CASE("work_groups: a selector's inner fits add to each of its score vectors") {
  // Selector 0 (the graph group) fits 2 classifiers of 1 column on half its fit rows; selector 1
  // fits none.
  std::vector<std::pair<int, long long>> asked;  // (selector, rows), as the groups ask
  const InnerFitsOf inner_fits = [&](int selector, int params, long long rows, long long columns) {
    CHECK(params == 0);
    CHECK(columns == 5);
    asked.emplace_back(selector, rows);
    return selector == 0 ? std::vector<InnerFits>{{InnerFits::Model::classifier, 2, rows / 2,
                                                   rows - rows / 2, 1}}
                         : std::vector<InnerFits>{};
  };
  const auto plain =
      work_groups({work_groups_test::twelve_rows()}, work_groups_test::two_groups(), {});
  const auto with_fits =
      work_groups({work_groups_test::twelve_rows()}, work_groups_test::two_groups(), {},
                  OuterEvaluation::every_candidate, inner_fits);
  REQUIRE(with_fits.size() == 2);
  // The score vectors of folds 0 and 1 are fitted on 9 and 6 rows.
  CHECK(with_fits[0].score_cost ==
        plain[0].score_cost + 2 * fit_cost(4, 5, 1) + 2 * fit_cost(3, 3, 1));
  CHECK(with_fits[0].fit_cost == plain[0].fit_cost);
  CHECK(with_fits[1].score_cost == plain[1].score_cost);
  CHECK(asked == std::vector<std::pair<int, long long>>{{0, 9}, {0, 6}, {1, 12}});
}

TEST_CASE("work_groups: tuned rows bundle their groups, a shared group merges two bundles") {
  auto dataset = work_groups_test::twelve_rows();
  // Two inner folds of outer fold 0: 4 training and 2 test rows, and the other way round.
  dataset.inner_folds = {{0, 0, {0, 1, 2, 3}, {4, 5}}, {0, 1, {4, 5}, {0, 1, 2, 3}}};
  dataset.inner_outer = {0, 0};
  // Row 0 chooses between cells 1 and 2, row 1 between cells 0 and 2: group 2 ties them together.
  const std::vector<TunedCell> tuned = {{{1, 2}}, {{0, 2}}};
  const auto groups = work_groups({dataset}, work_groups_test::four_groups(), tuned);
  REQUIRE(groups.size() == 4);
  CHECK(groups[0].bundle == 0);
  CHECK(groups[1].bundle == 0);
  CHECK(groups[2].bundle == 0);
  CHECK(groups[3].bundle == 3);
  // A tuned row counts at the group of its first candidate.
  CHECK(groups[0].tuned_rows == 1);
  CHECK(groups[1].tuned_rows == 1);
  CHECK(groups[2].tuned_rows == 0);
  // A candidate's nested CV: score vectors on 4 and 2 rows x 5 features, and its fits on both
  // inner folds: fit_cost(4, 2, 2) + fit_cost(2, 4, 2) = (192 + 16) + (48 + 16).
  for (size_t g = 0; g < 3; ++g) CHECK(groups[g].tuning_cost == 20 + 10 + 208 + 64);
  CHECK(groups[3].tuning_cost == 0);
  // Every candidate is still reported (tune.outer: all): fits as without tuning.
  for (const auto& group : groups) {
    CHECK(group.reported_cells == 1);
    CHECK(group.fits == 2);
    CHECK(group.fit_cost == 1026 + 504);
  }
}

TEST_CASE("work_groups under tune.outer: chosen: candidates' outer fits by their share") {
  const std::vector<TunedCell> tuned = {{{1, 2}}, {{0, 2}}};
  const auto groups = work_groups({work_groups_test::twelve_rows()},
                                  work_groups_test::four_groups(), tuned, OuterEvaluation::chosen);
  REQUIRE(groups.size() == 4);
  // Each tuned row has 2 candidates: each candidate's outer fits count half.
  for (size_t g = 0; g < 3; ++g) {
    CAPTURE(g);
    CHECK(groups[g].fit_cost == (1026 + 504) / 2.0);
    CHECK(groups[g].reported_cells == 0);
  }
  CHECK(groups[3].fit_cost == 1026 + 504);
  CHECK(groups[3].reported_cells == 1);
  // Outer fits: each tuned row once per fold, at its first candidate's group.
  CHECK(groups[0].fits == 2);
  CHECK(groups[1].fits == 2);
  CHECK(groups[2].fits == 0);
  CHECK(groups[3].fits == 2);
}

TEST_CASE("work_groups refuses a plan whose groups are not contiguous in grid order") {
  const std::string out_of_order = "work_groups: score units out of grid order";
  // Two cells of one group with other score vectors.
  Plan split = work_groups_test::two_groups();
  split.cells[1].score_units = {1, 0};
  CHECK(work_groups_test::logic_error_of(split) ==
        "work_groups: cells of one group with other score vectors");
  // A cell without score units.
  Plan no_units = work_groups_test::two_groups();
  no_units.cells[2].score_units.clear();
  CHECK(work_groups_test::logic_error_of(no_units) == out_of_order);
  // The first group's units not starting at 0, the second's not following the first's.
  Plan late_start = work_groups_test::two_groups();
  for (auto& cell : late_start.cells)
    for (int& unit : cell.score_units) unit = unit == 2 ? 0 : unit + 1;
  CHECK(work_groups_test::logic_error_of(late_start) == out_of_order);
  Plan gap = work_groups_test::two_groups();
  gap.score_units.push_back(gap.score_units[2]);
  gap.cells[2].score_units = {3, 3};
  CHECK(work_groups_test::logic_error_of(gap) == out_of_order);
}

TEST_CASE("spec_work_groups and distance_matrix_costs on a spec's plan") {
  const testing::TemporaryFolder folder("work_groups_spec");
  // Laplacian cells over 2 distances x 2 sigmas (cells 0-3), Fisher (cell 4); each distance's
  // pair of sigmas is a tuned row, evaluated outside only as chosen.
  const Spec spec =
      load_spec(folder.write(
          "spec.yaml",
          "name: work_groups\n"
          "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR "/third_party/ucr/Coffee}]\n"
          "features: {extractor: raw}\n"
          "distances: [{kind: euclidean}, {kind: dtw, window: 4}]\n"
          "selectors:\n"
          "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1]}\n"
          "  - {kind: fisher}\n"
          "n_features: [5]\n"
          "classifier: {kind: knn, k: 1}\n"
          "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
          "tune: {parameters: [laplacian.sigma_ratio], inner: {folds: 2, seed: 2}, outer: chosen}\n"
          "output: " +
              (folder.path() / "out").string() + "\n"));
  const auto datasets = prepare_datasets(spec, folder.path() / "cache", 1);
  const Plan plan = make_plan(spec, datasets);
  REQUIRE(plan.cells.size() == 5);
  const auto groups = spec_work_groups(spec, datasets, plan);
  REQUIRE(groups.size() == 5);
  const std::vector<size_t> bundles = {groups[0].bundle, groups[1].bundle, groups[2].bundle,
                                       groups[3].bundle, groups[4].bundle};
  CHECK(bundles == std::vector<size_t>{0, 0, 2, 2, 4});
  const std::vector<size_t> reported = {groups[0].reported_cells, groups[1].reported_cells,
                                        groups[2].reported_cells, groups[3].reported_cells,
                                        groups[4].reported_cells};
  CHECK(reported == std::vector<size_t>{0, 0, 0, 0, 1});
  const std::vector<long long> fits = {groups[0].fits, groups[1].fits, groups[2].fits,
                                       groups[3].fits, groups[4].fits};
  CHECK(fits == std::vector<long long>{3, 0, 3, 0, 3});  // a tuned row or a cell, x 3 folds
  CHECK(groups[0].tuning_cost > 0);
  CHECK(groups[4].tuning_cost == 0);
  // 56 series of 286 points: 1540 pairs of 286 cells (Euclidean), of 286 x (2 x 4 + 1) (DTW with
  // a window of 4).
  REQUIRE(plan.distance_matrices.size() == 2);
  CHECK(distance_matrix_costs(spec, datasets, plan) ==
        std::vector<double>{1540.0 * 286, 1540.0 * 286 * 9});
}

TEST_CASE("spec_work_groups counts a wrapper selector's inner fits") {
  const testing::TemporaryFolder folder("work_groups_wrapper");
  // rfe (step 2) on Coffee's raw series (286 columns): each score vector fits on 286, 284, .. 2
  // columns of its fold's training rows.
  const Spec rfe = load_spec(folder.write("spec.yaml",
                                          "name: work_groups\n"
                                          "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                                          "/third_party/ucr/Coffee}]\n"
                                          "features: {extractor: raw}\n"
                                          "selectors: [{kind: rfe, step: 2}]\n"
                                          "n_features: [2]\n"
                                          "classifier: {kind: knn, k: 1}\n"
                                          "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n"
                                          "output: " +
                                              (folder.path() / "out").string() + "\n"));
  const auto datasets = prepare_datasets(rfe, folder.path() / "cache", 1);
  const Plan plan = make_plan(rfe, datasets);
  const auto groups = spec_work_groups(rfe, datasets, plan);
  const auto plain = work_groups(datasets, plan, {});
  REQUIRE(groups.size() == 1);
  const long long columns = datasets[0].features.values.cols();
  double inner = 0;
  for (const auto& fold : datasets[0].folds)
    for (long long surviving = columns; surviving > 1; surviving -= 2)
      inner += linear_fit_cost(static_cast<long long>(fold.train_rows.size()), 0, surviving);
  CHECK(inner > 0);
  CHECK(groups[0].score_cost == doctest::Approx(plain[0].score_cost + inner));
}

}  // namespace tsfs
