#include <doctest/doctest.h>

#include <algorithm>

#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

using tsfs::testing::make_selector;
using tsfs::testing::params_of;

TEST_CASE("relieff selector registration") {
  const auto& registration = tsfs::testing::selector_registration("relieff");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(registration.info.find_param("neighbours")->default_value == tsfs::ParamValue{10LL});
}

// Two classes, so scikit-feature's class-prior factor is 1: its reliefF on [0, 1]-scaled columns
// divided by n (make_similarity_based.py) is ReliefF's weight on the raw columns.
TEST_CASE("relieff matches scikit-feature reliefF on two-class reference data") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const tsfs::SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("relieff", params_of({{"neighbours", 5LL}}));
    tsfs::testing::check_against(selector->score(problem).scores, prefix + "_relieff_k5.csv",
                                 selector->order(), 1e-10);
  }
}

// Rows 0..5 on a line, one feature; classes 0 0 1 1 2 2 (shares 1/3 each), k = 1, range 5.
// Row 0: hit row 1 (diff 1/5); misses row 2 (class 1, diff 2/5) and row 4 (class 2, diff 4/5),
// each weighed (1/3) / (2/3) = 1/2. Summing the six rows the same way and dividing by n = 6:
// hits 6 x 1/5, misses 1/2 x (2 + 4 + 1 + 3 + 1 + 2 + 3 + 1 + 4 + 2 + 1 + 2)/5 = 13/5; weight
// (13/5 - 6/5) / 6 = 7/30. scikit-feature would divide the misses by 1/2 instead: 4 x as much.
TEST_CASE("relieff weighs the misses of each class by its prior") {
  Eigen::MatrixXd features(6, 1);
  features << 0, 1, 2, 3, 4, 5;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 1, 1, 2, 2;
  const tsfs::SelectionProblem problem{features, &labels, 3, nullptr};
  const auto scores = make_selector("relieff", params_of({{"neighbours", 1LL}}))->score(problem);
  CHECK(scores.scores[0] == doctest::Approx(7.0 / 30.0).epsilon(1e-14));
}

// m instances of n: the same seed draws the same rows; all n rows as instances is the default.
TEST_CASE("relieff with fewer instances: seeded, and every row when m reaches the rows") {
  const auto data = tsfs::testing::load_labelled_data("gunpoint50");
  const tsfs::SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
  const auto every = make_selector("relieff")->score(problem).scores;
  const auto all_rows =
      make_selector("relieff", params_of({{"instances", 50LL}}))->score(problem).scores;
  CHECK(all_rows == every);
  const auto some = make_selector("relieff", params_of({{"instances", 20LL}}))->score(problem);
  const auto again = make_selector("relieff", params_of({{"instances", 20LL}}))->score(problem);
  CHECK(some.scores == again.scores);
  const auto other_seed =
      make_selector("relieff", params_of({{"instances", 20LL}, {"seed", 1LL}}))->score(problem);
  CHECK(some.scores != other_seed.scores);
  // A sample of 20 of 50 rows still puts the same feature near the top.
  const auto top = tsfs::rank_by_score(every, tsfs::ScoreOrder::descending).front();
  const auto sampled_ranking = tsfs::rank_by_score(some.scores, tsfs::ScoreOrder::descending);
  CHECK(std::find(sampled_ranking.begin(), sampled_ranking.begin() + 10, top) !=
        sampled_ranking.begin() + 10);
}
