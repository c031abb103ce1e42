#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "config/spec_test_support.hpp"
#include "evaluate/shuffle.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"
#include "select/wrappers/wrapper_reference.hpp"

namespace {

using tsfs::InnerFits;
using tsfs::ParamValue;
using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;
using tsfs::testing::params_of;

// Four rows per class; both columns separate the classes perfectly (column 0 is the class sign,
// column 1 twice it with an offset that alternates).
struct ShapleySelectorToy {
  Eigen::MatrixXd features{8, 2};
  Eigen::VectorXi labels{8};
  ShapleySelectorToy() {
    features << -1, -2, -1, -3, -1, -2, -1, -3, 1, 2, 1, 3, 1, 2, 1, 3;
    labels << 0, 0, 0, 0, 1, 1, 1, 1;
  }
};

}  // namespace

TEST_CASE("shapley selector registration") {
  tsfs::testing::check_model_selector_registration("shapley", ScoreOrder::descending);
  CHECK(tsfs::testing::selector_registration("shapley").provides_std_errors);
}

// validation_fraction 0.25 holds out one row per class; three per class train, so the empty set
// predicts class 0 (the first of the tied majority) and scores 0.5. Either column alone, or
// both, classify both validation rows: 1. So the first column of an order contributes 0.5 and the
// second 0: column 0's Shapley estimate is 0.5 x the share of orders that put it first, column
// 1's the rest, their sum 0.5 in every order (efficiency). The orders are the selector's draws:
// Fisher-Yates with protocol_generator(seed, 1).
TEST_CASE("shapley on a hand-checked toy case, with its standard error") {
  const ShapleySelectorToy toy;
  const SelectionProblem problem{toy.features, &toy.labels, 2, nullptr};
  for (const long long seed : {0LL, 5LL}) {
    const int permutations = 9;
    const auto scored =
        make_selector("shapley",
                      params_of({{"permutations", ParamValue{9LL}}, {"seed", ParamValue{seed}}}))
            ->score(problem);
    std::mt19937_64 generator = tsfs::protocol_generator(static_cast<std::uint64_t>(seed), 1);
    int first = 0;
    for (int p = 0; p < permutations; ++p) {
      std::vector<int> order = {0, 1};
      tsfs::shuffle_in_place(order, generator);
      if (order[0] == 0) ++first;
    }
    CAPTURE(seed);
    CAPTURE(first);
    const double share = static_cast<double>(first) / permutations;
    CHECK(scored.scores[0] == doctest::Approx(0.5 * share).epsilon(1e-15));
    CHECK(scored.scores[1] == doctest::Approx(0.5 * (1.0 - share)).epsilon(1e-15));
    CHECK(scored.scores.sum() == doctest::Approx(0.5).epsilon(1e-15));
    // Column 0's contributions: 0.5 in `first` orders, 0 in the others.
    const double mean = 0.5 * share;
    const double variance =
        (first * std::pow(0.5 - mean, 2) + (permutations - first) * std::pow(mean, 2)) /
        (permutations - 1);
    CHECK(scored.std_errors[0] ==
          doctest::Approx(std::sqrt(variance / permutations)).epsilon(1e-12));
    CHECK(scored.std_errors[1] == doctest::Approx(scored.std_errors[0]).epsilon(1e-12));
  }
  // Pinned: seed 0 puts column 0 first in 6 of 9 orders.
  const auto pinned =
      make_selector("shapley", params_of({{"permutations", ParamValue{9LL}}}))->score(problem);
  CHECK(pinned.scores[0] == doctest::Approx(0.5 * 6.0 / 9.0).epsilon(1e-15));
  // One order: no standard error.
  const auto single =
      make_selector("shapley", params_of({{"permutations", ParamValue{1LL}}}))->score(problem);
  CHECK(std::isnan(single.std_errors[0]));
}

TEST_CASE("shapley is reproducible for a seed and changes with it") {
  std::mt19937_64 generator(5);
  const Eigen::MatrixXd features = tsfs::testing::clustered_features(60, 5, generator);
  Eigen::VectorXi labels(60);
  for (int row = 0; row < 60; ++row) labels[row] = row % 3;
  const SelectionProblem problem{features, &labels, 3, nullptr};
  const auto params = params_of({{"permutations", ParamValue{3LL}}, {"seed", ParamValue{3LL}}});
  const auto first = make_selector("shapley", params)->score(problem);
  const auto second = make_selector("shapley", params)->score(problem);
  CHECK(first.scores == second.scores);
  CHECK(first.std_errors == second.std_errors);
  const auto other =
      make_selector("shapley",
                    params_of({{"permutations", ParamValue{3LL}}, {"seed", ParamValue{4LL}}}))
          ->score(problem);
  CHECK(other.scores != first.scores);
}

TEST_CASE("shapley refuses a budget above max_fits, naming the computed count") {
  const auto selector = make_selector("shapley", params_of({{"permutations", ParamValue{50LL}}}));
  const auto problem = selector->check_features(210);
  REQUIRE(problem);
  CHECK(problem->param == "permutations");
  CHECK(problem->message.find("permutations 50 x 210 features = 10500 model fits, above "
                              "max_fits 10000") != std::string::npos);
  CHECK_FALSE(selector->check_features(200));
}

// permutations x features fits, as max_fits counts them: each permutation on 1, 2, .. columns of
// the inner training rows, scored on the validation rows (a quarter of 40 by default).
TEST_CASE("shapley's inner fits: each permutation on 1, 2, .. columns") {
  const auto fits =
      make_selector("shapley", params_of({{"permutations", ParamValue{6LL}}}))->inner_fits(40, 5);
  REQUIRE(fits.size() == 5);
  long long count = 0;
  for (size_t size = 1; size <= fits.size(); ++size) {
    const InnerFits& kind = fits[size - 1];
    CHECK(kind.model == InnerFits::Model::linear);
    CHECK(kind.count == 6);
    CHECK(kind.features == static_cast<long long>(size));
    CHECK(kind.train_rows == 30);
    CHECK(kind.test_rows == 10);
    count += kind.count;
  }
  CHECK(count == 6 * 5);
}
