#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>

#include "common/error.hpp"
#include "config/spec_test_support.hpp"
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

// Four rows per class. Column 0 is the class (-1 / +1): it separates perfectly and gets a large
// weight. Column 1 takes the values 1..4 in both classes: by the symmetry (column 0, class) ->
// (-column 0, other class) the optimum gives it weight 0 and the intercept 0 (up to the solver's
// tolerance; its decision share stays far below column 0's whatever rows are held out).
struct Toy {
  Eigen::MatrixXd features{8, 2};
  Eigen::VectorXi labels{8};
  Toy() {
    features << -1, 1, -1, 2, -1, 3, -1, 4, 1, 1, 1, 2, 1, 3, 1, 4;
    labels << 0, 0, 0, 0, 1, 1, 1, 1;
  }
};

}  // namespace

TEST_CASE("permutation_importance selector registration") {
  tsfs::testing::check_model_selector_registration("permutation_importance",
                                                   ScoreOrder::descending);
}

// validation_fraction 0.25 holds out one row per class. Baseline accuracy 1. Shuffling column 0
// over the two held-out rows either keeps them (accuracy 1) or swaps their class values, and then
// both are misclassified (accuracy 0): the drop is the share of repeats that swap. Fisher-Yates on
// two rows swaps when its one draw below 2 is 0, and draw_below(2) is the generator's raw output
// mod 2 (2^64 is a multiple of 2: nothing is rejected); column 0's repeats take the first draws of
// mt19937_64(seed + 1000003). Column 1's weight is ~0: shuffling it changes nothing.
TEST_CASE("permutation_importance on a hand-checked toy case") {
  const Toy toy;
  const SelectionProblem problem{toy.features, &toy.labels, 2, nullptr};
  for (const long long seed : {0LL, 7LL}) {
    const int repeats = 8;
    const auto scored =
        make_selector("permutation_importance",
                      params_of({{"repeats", ParamValue{static_cast<long long>(repeats)}},
                                 {"seed", ParamValue{seed}}}))
            ->score(problem);
    std::mt19937_64 draws(static_cast<std::uint64_t>(seed) + 1000003u);
    int swaps = 0;
    for (int repeat = 0; repeat < repeats; ++repeat) swaps += draws() % 2 == 0 ? 1 : 0;
    CAPTURE(seed);
    CHECK(scored.scores[0] == static_cast<double>(swaps) / repeats);
    CHECK(scored.scores[1] == 0.0);
  }
  // Pinned: seed 0 swaps in 3 of 8 repeats (the draws above, by hand from mt19937_64).
  const auto pinned =
      make_selector("permutation_importance", params_of({{"repeats", ParamValue{8LL}}}))
          ->score(problem);
  CHECK(pinned.scores[0] == 0.375);
}

TEST_CASE("permutation_importance is reproducible for a seed and changes with it") {
  std::mt19937_64 generator(5);
  const Eigen::MatrixXd features = tsfs::testing::clustered_features(60, 6, generator);
  Eigen::VectorXi labels(60);
  for (int row = 0; row < 60; ++row) labels[row] = row % 3;
  const SelectionProblem problem{features, &labels, 3, nullptr};
  const auto params = params_of({{"repeats", ParamValue{4LL}}, {"seed", ParamValue{3LL}}});
  const auto first = make_selector("permutation_importance", params)->score(problem);
  const auto second = make_selector("permutation_importance", params)->score(problem);
  CHECK(first.scores == second.scores);
  const auto other =
      make_selector("permutation_importance",
                    params_of({{"repeats", ParamValue{4LL}}, {"seed", ParamValue{4LL}}}))
          ->score(problem);
  CHECK(other.scores != first.scores);
}

TEST_CASE("permutation_importance refuses a split without validation rows") {
  Eigen::MatrixXd features(4, 2);
  features << 0, 1, 1, 0, 2, 1, 3, 0;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  // round(0.2 x 2) = 0 rows per class.
  CHECK_THROWS_AS(
      make_selector("permutation_importance", params_of({{"validation_fraction", ParamValue{0.2}}}))
          ->score(problem),
      tsfs::InputError);
}

TEST_CASE("permutation_importance parameters are checked at load time with file:line:col") {
  using tsfs::testing::spec_error;
  CHECK(spec_error(tsfs::testing::spec_with_selector(
                       "{kind: permutation_importance, validation_fraction: 1}"))
            .find("spec.yaml:4:57: 'validation_fraction' must be a fraction in (0, 1)") !=
        std::string::npos);
  CHECK(spec_error(tsfs::testing::spec_with_selector("{kind: permutation_importance, repeats: 0}"))
            .find("spec.yaml:4:45: 'repeats' must be between") != std::string::npos);
  CHECK(spec_error(tsfs::testing::spec_with_selector("{kind: permutation_importance, seed: -1}"))
            .find("spec.yaml:4:42: 'seed' must be between") != std::string::npos);
}

// One fit on the inner training rows (three quarters of 40 by default), then features x repeats
// updates of the validation rows' decision values, counted as predictions of one column.
TEST_CASE("permutation_importance's inner fits: one fit, then one column per permutation") {
  const auto fits =
      make_selector("permutation_importance", params_of({{"repeats", ParamValue{4LL}}}))
          ->inner_fits(40, 9);
  REQUIRE(fits.size() == 2);
  CHECK(fits[0].count == 1);
  CHECK(fits[0].train_rows == 30);
  CHECK(fits[0].test_rows == 10);
  CHECK(fits[0].features == 9);
  CHECK(fits[1].count == 9 * 4);
  CHECK(fits[1].train_rows == 0);
  CHECK(fits[1].test_rows == 10);
  CHECK(fits[1].features == 1);
}
