#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

#include "common/error.hpp"
#include "graph/knn_graph.hpp"
#include "graph/laplacian_score.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::clustered_features;
using tsfs::testing::complete_params;
using tsfs::testing::euclidean_distances;
using tsfs::testing::make_selector;
using tsfs::testing::params_of;
using tsfs::testing::selector_registration;

struct ToyData {
  Eigen::MatrixXd features;
  Eigen::MatrixXd distances;  // Euclidean between the feature rows
};

// Random rows in a few loose clusters, so kNN graphs are irregular.
ToyData random_toy_data(int rows, int columns, unsigned seed) {
  std::mt19937_64 generator(seed);
  ToyData data;
  data.features = clustered_features(rows, columns, generator);
  data.distances = euclidean_distances(data.features);
  return data;
}

double max_relative_difference(const Eigen::VectorXd& actual, const Eigen::VectorXd& expected) {
  return ((actual - expected).array().abs() / expected.array().abs()).maxCoeff();
}

}  // namespace

TEST_CASE("laplacian selector registration and parameters") {
  const auto& registration = selector_registration("laplacian");
  CHECK_FALSE(registration.supervised);
  CHECK(registration.uses_distance);
  CHECK(registration.info.param_names() ==
        std::vector<std::string>{"k", "sigma_ratio", "symmetrize", "kernel_scale", "order",
                                 "stable_weights", "arithmetic", "variant"});
  for (const char* preset_filled :
       {"symmetrize", "kernel_scale", "order", "stable_weights", "arithmetic"})
    CHECK_FALSE(registration.info.find_param(preset_filled)->default_value.has_value());
  const auto* k_spec = registration.info.find_param("k");
  CHECK(std::get<long long>(*k_spec->default_value) == 10);
  CHECK(k_spec->check(ParamValue{0LL}) != "");
  CHECK(k_spec->check(ParamValue{1LL}) == "");
  CHECK(registration.info.find_param("sigma_ratio")->check(ParamValue{0.0}) != "");
  CHECK(registration.info.find_param("kernel_scale")->check(ParamValue{0.0}) != "");
  CHECK(std::get<std::string>(*registration.info.find_param("variant")->default_value) == "custom");
  CHECK(registration.info.find_param("symmetrize")->choices ==
        std::vector<std::string>{"or", "and", "none"});
}

TEST_CASE("laplacian selector variant presets fill only what is not set explicitly") {
  const auto& info = selector_registration("laplacian").info;

  const ParamSet he2005 = complete_params(info, params_of({{"variant", std::string("he2005")}}));
  CHECK(he2005.text("symmetrize") == "or");
  CHECK(he2005.real("kernel_scale") == 1.0);
  CHECK(he2005.text("order") == "ascending");
  CHECK(he2005.boolean("stable_weights") == true);
  CHECK(he2005.text("arithmetic") == "exact");
  CHECK(he2005.integer("k") == 10);
  CHECK(he2005.real("sigma_ratio") == 1.0);

  const ParamSet report =
      complete_params(info, params_of({{"variant", std::string("report2023")}}));
  CHECK(report.text("symmetrize") == "none");
  CHECK(report.real("kernel_scale") == 2.0);
  CHECK(report.text("order") == "descending");
  CHECK(report.boolean("stable_weights") == false);
  CHECK(report.text("arithmetic") == "literal");

  // No variant given: presets act as "custom" (= he2005 settings), then the default fills it in.
  const ParamSet plain = complete_params(info, ParamSet{});
  CHECK(plain.text("variant") == "custom");
  CHECK(plain.text("symmetrize") == "or");
  CHECK(plain.real("kernel_scale") == 1.0);
  CHECK(plain.text("order") == "ascending");
  CHECK(plain.boolean("stable_weights") == true);
  CHECK(plain.text("arithmetic") == "exact");

  // Explicit values win over the preset.
  const ParamSet overridden = complete_params(
      info, params_of({{"variant", std::string("report2023")},
                       {"order", std::string("ascending")},
                       {"stable_weights", ParamValue{std::in_place_type<bool>, true}},
                       {"arithmetic", std::string("exact")}}));
  CHECK(overridden.text("order") == "ascending");
  CHECK(overridden.text("arithmetic") == "exact");
  CHECK(overridden.boolean("stable_weights") == true);
  CHECK(overridden.text("symmetrize") == "none");
  CHECK(overridden.real("kernel_scale") == 2.0);
}

TEST_CASE("laplacian selector order follows the order parameter") {
  CHECK(make_selector("laplacian")->order() == ScoreOrder::ascending);
  CHECK(make_selector("laplacian", params_of({{"variant", std::string("report2023")}}))->order() ==
        ScoreOrder::descending);
  CHECK(make_selector("laplacian", params_of({{"order", std::string("descending")}}))->order() ==
        ScoreOrder::descending);
}

TEST_CASE("laplacian selector check_fit_rows rejects k >= fit rows") {
  const auto selector = make_selector("laplacian", params_of({{"k", 10LL}}));
  const auto problem = selector->check_fit_rows(10);
  REQUIRE(problem.has_value());
  CHECK(problem->param == "k");
  CHECK_FALSE(selector->check_fit_rows(11).has_value());
}

TEST_CASE("laplacian selector = kNN graph + heat kernel with sigma from the mean distance") {
  const ToyData data = random_toy_data(24, 5, 7);
  const SelectionProblem problem{data.features, nullptr, 0, &data.distances};

  for (const char* variant : {"he2005", "report2023"}) {
    CAPTURE(variant);
    const ParamSet params = complete_params(
        selector_registration("laplacian").info,
        params_of({{"variant", std::string(variant)}, {"k", 4LL}, {"sigma_ratio", 0.5}}));
    const auto result = make_selector("laplacian", params)->score(problem);

    // Mean of all 24 x 24 entries, zero diagonal included.
    const double mean_distance = data.distances.sum() / (24.0 * 24.0);
    const auto mode = *tsfs::parse_symmetrize(params.text("symmetrize"));
    const auto graph = tsfs::knn_graph(data.distances, 4, mode);
    const auto weights = tsfs::heat_kernel_weights(
        graph, 0.5 * mean_distance, params.real("kernel_scale"), params.boolean("stable_weights"));
    const Eigen::VectorXd expected =
        params.text("arithmetic") == "literal"
            ? tsfs::laplacian_scores_literal(data.features, weights.weights)
            : tsfs::laplacian_scores(data.features, weights.weights);
    CHECK(max_relative_difference(result.scores, expected) < 1e-12);
    CHECK(result.zero_weight_fraction == 0.0);
  }
}

TEST_CASE("laplacian selector: stable and literal weights give the same scores") {
  const ToyData data = random_toy_data(30, 4, 11);
  const SelectionProblem problem{data.features, nullptr, 0, &data.distances};
  for (const char* symmetrize : {"or", "and", "none"}) {
    CAPTURE(symmetrize);
    const auto scores_with = [&](bool stable) {
      return make_selector(
                 "laplacian",
                 params_of({{"k", 5LL},
                            {"symmetrize", std::string(symmetrize)},
                            {"stable_weights", ParamValue{std::in_place_type<bool>, stable}}}))
          ->score(problem);
    };
    const auto literal = scores_with(false);
    const auto stable = scores_with(true);
    CHECK(literal.zero_weight_fraction == 0.0);
    CHECK(stable.zero_weight_fraction == 0.0);
    CHECK(max_relative_difference(stable.scores, literal.scores) < 1e-12);
  }
}

TEST_CASE("laplacian selector: literal weights underflow at sigma_ratio 1e-7, stable ones do not") {
  const ToyData data = random_toy_data(30, 4, 13);
  const SelectionProblem problem{data.features, nullptr, 0, &data.distances};
  const auto run = [&](bool stable) {
    return make_selector(
               "laplacian",
               params_of({{"k", 5LL},
                          {"sigma_ratio", 1e-7},
                          {"stable_weights", ParamValue{std::in_place_type<bool>, stable}}}))
        ->score(problem);
  };
  // Literal: exp(-d^2 / (1e-14 Mbar^2)) is exactly 0 on every edge; the denominator floor turns
  // the all-zero graph into all-zero scores (ranking = column order), flagged by the fraction 1.
  const auto literal = run(false);
  CHECK(literal.zero_weight_fraction == 1.0);
  CHECK(literal.scores == Eigen::VectorXd::Zero(4));

  // Stable: the edges at the smallest distance (here the one closest pair, stored both ways in
  // the "or" graph) keep weight 1, so the graph is not empty and the scores are not degenerate;
  // edges even slightly longer than dmin still underflow at such a small width.
  const auto stable = run(true);
  CHECK(stable.zero_weight_fraction < 1.0);
  CHECK(stable.scores.array().abs().maxCoeff() > 0.0);
}

TEST_CASE("laplacian selector: stable weights on equal edge distances never underflow") {
  // A ring of 12 nodes with circular index distance: with k = 2 every edge joins ring neighbours
  // at distance exactly 1 (= dmin), so stable weights are all exactly 1 at any sigma.
  const int size = 12;
  Eigen::MatrixXd distances(size, size);
  for (int row = 0; row < size; ++row)
    for (int column = 0; column < size; ++column) {
      const int gap = std::abs(row - column);
      distances(row, column) = std::min(gap, size - gap);
    }
  Eigen::MatrixXd features(size, 2);
  for (int row = 0; row < size; ++row) {
    features(row, 0) = std::sin(2.0 * std::numbers::pi * row / size);  // smooth around the ring
    features(row, 1) = row % 2 == 0 ? 1.0 : -1.0;  // alternates between neighbours
  }
  const SelectionProblem problem{features, nullptr, 0, &distances};
  const auto run = [&](bool stable) {
    return make_selector(
               "laplacian",
               params_of({{"k", 2LL},
                          {"sigma_ratio", 1e-7},
                          {"stable_weights", ParamValue{std::in_place_type<bool>, stable}}}))
        ->score(problem);
  };
  const auto literal = run(false);
  CHECK(literal.zero_weight_fraction == 1.0);
  const auto stable = run(true);
  CHECK(stable.zero_weight_fraction == 0.0);
  // Unit ring weights: smooth feature 1 - cos(2 pi / 12), alternating feature 2.
  CHECK(stable.scores[0] ==
        doctest::Approx(1.0 - std::cos(2.0 * std::numbers::pi / size)).epsilon(1e-12));
  CHECK(stable.scores[1] == doctest::Approx(2.0).epsilon(1e-12));
  CHECK(tsfs::rank_by_score(stable.scores, ScoreOrder::ascending) == std::vector<int>{0, 1});
}

TEST_CASE("laplacian selector rejects impossible problems") {
  const ToyData data = random_toy_data(6, 2, 17);
  const auto selector = make_selector("laplacian", params_of({{"k", 6LL}}));
  const SelectionProblem with_distances{data.features, nullptr, 0, &data.distances};
  CHECK_THROWS_AS(selector->score(with_distances), std::invalid_argument);
  const SelectionProblem without_distances{data.features, nullptr, 0, nullptr};
  CHECK_THROWS_AS(make_selector("laplacian")->score(without_distances), std::invalid_argument);
  const Eigen::MatrixXd zero_distances = Eigen::MatrixXd::Zero(6, 6);
  const SelectionProblem all_equal{data.features, nullptr, 0, &zero_distances};
  // All rows identical: no kernel width. A data problem (exit 2), which the orchestrator completes
  // with the dataset and distance; an infinite mean distance likewise.
  CHECK_THROWS_AS(make_selector("laplacian", params_of({{"k", 2LL}}))->score(all_equal),
                  tsfs::InputError);
  const Eigen::MatrixXd huge_distances = Eigen::MatrixXd::Constant(6, 6, 1e308);
  const SelectionProblem overflowing{data.features, nullptr, 0, &huge_distances};
  CHECK_THROWS_AS(make_selector("laplacian", params_of({{"k", 2LL}, {"sigma_ratio", 10.0}}))
                      ->score(overflowing),
                  tsfs::InputError);
}
