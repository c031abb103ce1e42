#include <doctest/doctest.h>

#include <cmath>

#include "select/constraint/constraint_test_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

TEST_CASE("constraint_sc3 selector: registration, all labelled, and hidden labels") {
  const auto& registration = tsfs::testing::selector_registration("constraint_sc3");
  CHECK(registration.supervised);
  CHECK(registration.uses_distance);
  CHECK(tsfs::testing::make_selector("constraint_sc3")->check_fit_rows(10));  // k = 10 >= 10 rows
  tsfs::ParamSet params;
  params.set("k", tsfs::ParamValue{1LL});
  const auto selector = tsfs::testing::make_selector("constraint_sc3", params);
  CHECK(selector->order() == tsfs::ScoreOrder::ascending);
  const auto example = tsfs::testing::constraint_example();
  const tsfs::SelectionProblem problem{example.features, &example.labels, 2, &example.distances};
  // All five rows labelled (row 4 in class 0): no kNN term. Class 0 = {0, 1, 2}: pairs
  // 1 + 4 + 1 = 6, class 1 = {3, 6}: 9, must = 15; all pairs: 5 x sum (f - 2.4)^2 = 5 x 21.2 =
  // 106, cannot = 91. sc3 = 100 x 15 / 91.
  CHECK(selector->score(problem).scores[0] == doctest::Approx(1500.0 / 91.0).epsilon(1e-13));

  // Half the labels hidden: deterministic for the seed, and different from the full score.
  params.set("labeled_fraction", tsfs::ParamValue{0.5});
  params.set("seed", tsfs::ParamValue{3LL});
  const auto hidden = tsfs::testing::make_selector("constraint_sc3", params);
  const Eigen::VectorXd first = hidden->score(problem).scores;
  CHECK(first == hidden->score(problem).scores);
  CHECK(std::abs(first[0] - 1500.0 / 91.0) > 1e-6);
}
