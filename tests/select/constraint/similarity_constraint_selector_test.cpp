#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "select/constraint/similarity_search.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::SimilaritySearchSettings;

}  // namespace

// Rows 0, 1 in class 0, rows 2, 3 in class 1; f0 = (-1, -1, 1, 1) and f1 = (-1, 1, -1, 1) are
// already z-scores. Pairs: must (0,1), (2,3); cannot (0,2), (0,3), (1,2), (1,3). sigma = 1.
// F = {f0}: must d^2 = 0 -> W = 1 (error 0); cannot d^2 = 4 -> W = e^-2 (error e^-4 each):
//   J = 4 e^-4 / 6 = 0.012210409...
// F = {f1}: must W = e^-2, cannot (0,2), (1,3) have W = 1: J > 1/3, so f0 goes first.
// F = {f0, f1}, |F| = 2: must d^2 = 4 -> W = e^-1; cannot (0,2), (1,3): d^2 = 4 -> e^-1,
//   (0,3), (1,2): d^2 = 8 -> e^-2: J = (2 (1 - e^-1)^2 + 2 e^-2 + 2 e^-4) / 6.
// m^ = 1.
TEST_CASE("similarity forward search on a hand-worked example") {
  Eigen::MatrixXd features(4, 2);
  features << -1, -1, -1, 1, 1, -1, 1, 1;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  const auto result = tsfs::similarity_forward_search(features, labels, 2, {});
  REQUIRE(result.order == std::vector<int>{0, 1});
  CHECK(result.pairs == 6);
  CHECK(result.objective[0] == doctest::Approx(4.0 * std::exp(-4.0) / 6.0).epsilon(1e-14));
  const double e1 = std::exp(-1.0);
  CHECK(result.objective[1] ==
        doctest::Approx((2 * (1 - e1) * (1 - e1) + 2 * std::exp(-2.0) + 2 * std::exp(-4.0)) / 6)
            .epsilon(1e-14));
  CHECK(result.best_size == 1);

  // Through the registered selector: scores are the selection steps, ascending.
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const auto selector = tsfs::testing::make_selector("similarity_constraint");
  CHECK(selector->order() == tsfs::ScoreOrder::ascending);
  const tsfs::SelectorScores scored = selector->score(problem);
  CHECK(scored.scores[0] == 1.0);
  CHECK(scored.scores[1] == 2.0);
  // m^, J there and the pair count as measures (selection_measures.csv); supervised: no COV/CR.
  CHECK(tsfs::testing::selector_registration("similarity_constraint").reports_measures);
  REQUIRE(scored.measures.size() == 3);
  CHECK(scored.measures[0] == std::pair<std::string, double>{"m_hat", 1.0});
  CHECK(scored.measures[1].first == "objective_at_m_hat");
  CHECK(scored.measures[1].second == result.objective[0]);
  CHECK(scored.measures[2] == std::pair<std::string, double>{"constraint_pairs", 6.0});
}

// The hand-worked example's m^ = 1: `keep: m_hat` removes the other feature, so n_features: all
// selects one; it needs the ascending order (the first steps first).
TEST_CASE("similarity_constraint with keep: m_hat removes the features after m-hat") {
  Eigen::MatrixXd features(4, 2);
  features << -1, -1, -1, 1, 1, -1, 1, 1;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  using tsfs::testing::params_of;
  const auto keep = tsfs::testing::make_selector("similarity_constraint",
                                                 params_of({{"keep", std::string("m_hat")}}));
  CHECK(keep->score(problem).removed == 1);
  CHECK(tsfs::testing::make_selector("similarity_constraint")->score(problem).removed == 0);
  const auto& registration = tsfs::testing::selector_registration("similarity_constraint");
  const auto refused = registration.configure(tsfs::testing::complete_params(
      registration.info,
      params_of({{"keep", std::string("m_hat")}, {"order", std::string("descending")}})));
  REQUIRE(refused.problem().has_value());
  CHECK(refused.problem()->param == "keep");
}

// Two far-apart clusters, informative column 0 plus noise columns; half the labels hidden. The
// inferred must-links cover every unlabelled row and are all correct; column 0 comes first.
TEST_CASE("semi-supervised similarity search infers correct must-links from prototypes") {
  std::mt19937_64 generator(5);
  std::normal_distribution<double> normal(0.0, 1.0);
  const int rows = 40;
  Eigen::MatrixXd features(rows, 4);
  Eigen::VectorXi labels(rows);
  for (int row = 0; row < rows; ++row) {
    labels[row] = row % 2;
    features(row, 0) = 20.0 * labels[row] + 0.1 * normal(generator);
    for (int j = 1; j < 4; ++j) features(row, j) = normal(generator);
  }
  SimilaritySearchSettings settings;
  settings.semi_supervised = true;
  settings.labeled_fraction = 0.5;
  settings.seed = 11;
  const auto result = tsfs::similarity_forward_search(features, labels, 2, settings);
  CHECK(result.must_links_inferred == 20);
  CHECK(result.coverage == 1.0);
  CHECK(result.must_link_correct_ratio == 1.0);
  CHECK(result.order.front() == 0);
  CHECK(result.best_size == 1);
  // Deterministic for the seed.
  CHECK(tsfs::similarity_forward_search(features, labels, 2, settings).order == result.order);

  // max_features limits the steps; the rest score NaN (ranked last).
  tsfs::ParamSet params;
  params.set("max_features", tsfs::ParamValue{2LL});
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores =
      tsfs::testing::make_selector("similarity_constraint", params)->score(problem).scores;
  CHECK(scores[0] == 1.0);
  CHECK(std::isnan(scores[3]) + std::isnan(scores[2]) + std::isnan(scores[1]) == 2);

  // The semi-supervised variant through the selector reports the must-links, COV and CR too.
  const auto semi = tsfs::testing::make_selector(
      "similarity_constraint",
      tsfs::testing::params_of({{"variant", std::string("semi_supervised")},
                                {"labeled_fraction", 0.5},
                                {"seed", 11LL}}));
  const auto measures = semi->score(problem).measures;
  REQUIRE(measures.size() == 6);
  CHECK(measures[3] == std::pair<std::string, double>{"must_links_inferred", 20.0});
  CHECK(measures[4] == std::pair<std::string, double>{"coverage", 1.0});
  CHECK(measures[5] == std::pair<std::string, double>{"correct_ratio", 1.0});
}

TEST_CASE("kmeans_centres finds two separated groups") {
  Eigen::MatrixXd points(6, 1);
  points << 0, 0.1, 0.2, 10, 10.1, 10.2;
  const Eigen::MatrixXd centres = tsfs::kmeans_centres(points, 2, 3);
  const double low = std::min(centres(0, 0), centres(1, 0));
  const double high = std::max(centres(0, 0), centres(1, 0));
  CHECK(low == doctest::Approx(0.1));
  CHECK(high == doctest::Approx(10.1));
}
