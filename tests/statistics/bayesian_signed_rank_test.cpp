#include "statistics/bayesian_signed_rank.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include "statistics/statistics_reference.hpp"

namespace tsfs::statistics {
namespace {

std::map<long, Eigen::VectorXd> reference_differences() {
  const CsvTable inputs = testing::statistics_reference("bayes_input.csv");
  std::map<long, Eigen::VectorXd> differences;
  for (const auto& [number, rows] : testing::rows_by(inputs, "case")) {
    Eigen::VectorXd z(static_cast<Eigen::Index>(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i)
      z(static_cast<Eigen::Index>(i)) = testing::reference_number(inputs, rows[i], "difference");
    differences[number] = z;
  }
  return differences;
}

// NumPy's Dirichlet draws per case (make_bayesian_reference.py), one row per draw.
std::map<long, Eigen::MatrixXd> reference_weights() {
  const CsvTable table = testing::statistics_reference("bayes_weights.csv");
  std::map<long, Eigen::MatrixXd> weights;
  for (const auto& [number, rows] : testing::rows_by(table, "case")) {
    std::vector<std::vector<double>> draws;
    for (size_t row : rows) {
      std::vector<double> values;
      for (const auto& word : split(table.rows[row][*table.column("weights")], ' '))
        values.push_back(*parse_double(std::string(word)));
      draws.push_back(std::move(values));
    }
    Eigen::MatrixXd matrix(static_cast<Eigen::Index>(draws.size()),
                           static_cast<Eigen::Index>(draws.front().size()));
    for (size_t d = 0; d < draws.size(); ++d)
      for (size_t i = 0; i < draws[d].size(); ++i)
        matrix(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(i)) = draws[d][i];
    weights[number] = matrix;
  }
  return weights;
}

TEST_CASE("bayesian_region_masses equals the direct NumPy evaluation on NumPy's draws") {
  const auto differences = reference_differences();
  const auto weights = reference_weights();
  const CsvTable expected = testing::statistics_reference("bayes_masses.csv");
  testing::Agreement agreement(1e-12);
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    const long number = std::lround(testing::reference_number(expected, row, "case"));
    const double rope = testing::reference_number(expected, row, "rope");
    const auto draw = static_cast<Eigen::Index>(testing::reference_number(expected, row, "draw"));
    const RegionMasses masses = bayesian_region_masses(
        differences.at(number), weights.at(number).row(draw).transpose(), rope);
    const std::string what = "case " + std::to_string(number) + " draw " + std::to_string(draw);
    agreement.check(masses.left, testing::reference_number(expected, row, "left"), what);
    agreement.check(masses.rope, testing::reference_number(expected, row, "rope_mass"), what);
    agreement.check(masses.right, testing::reference_number(expected, row, "right"), what);
  }
  MESSAGE("Bayesian signed-rank masses vs NumPy (same draws): largest difference ",
          agreement.largest());
}

TEST_CASE("bayesian_signed_rank_from_weights gives NumPy's probabilities on the same draws") {
  const auto differences = reference_differences();
  const auto weights = reference_weights();
  const CsvTable expected = testing::statistics_reference("bayes_from_weights.csv");
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    const long number = std::lround(testing::reference_number(expected, row, "case"));
    const double rope = testing::reference_number(expected, row, "rope");
    const auto result =
        bayesian_signed_rank_from_weights(differences.at(number), weights.at(number), rope);
    const std::string what = "case " + std::to_string(number) + " rope " + std::to_string(rope);
    // The same votes: equal up to the rounding of the shares' mean.
    CHECK_MESSAGE(
        std::abs(result.p_left - testing::reference_number(expected, row, "p_left")) < 1e-12, what);
    CHECK_MESSAGE(
        std::abs(result.p_rope - testing::reference_number(expected, row, "p_rope")) < 1e-12, what);
    CHECK_MESSAGE(
        std::abs(result.p_right - testing::reference_number(expected, row, "p_right")) < 1e-12,
        what);
  }
}

TEST_CASE("bayesian_signed_rank's own sampler agrees with NumPy's within Monte-Carlo error") {
  const auto differences = reference_differences();
  const CsvTable expected = testing::statistics_reference("bayes_monte_carlo.csv");
  constexpr int kSamples = 50000;
  double largest = 0, largest_in_errors = 0;
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    const long number = std::lround(testing::reference_number(expected, row, "case"));
    const double rope = testing::reference_number(expected, row, "rope");
    const double reference_samples = testing::reference_number(expected, row, "samples");
    const Eigen::VectorXd& z = differences.at(number);
    const auto result = bayesian_signed_rank(z, Eigen::VectorXd::Zero(z.size()), rope, kSamples,
                                             static_cast<std::uint64_t>(number) + 1);
    const std::string what = "case " + std::to_string(number) + " rope " + std::to_string(rope);
    CHECK(result.p_left + result.p_rope + result.p_right == doctest::Approx(1.0));
    for (const auto& [actual_value, column_name] :
         {std::pair{result.p_left, "p_left"}, std::pair{result.p_rope, "p_rope"},
          std::pair{result.p_right, "p_right"}}) {
      // Copies: doctest's checks capture in lambdas, which C++20 allows for structured bindings
      // but Clang 14 does not.
      const double actual = actual_value;
      const char* const column = column_name;
      const double p = testing::reference_number(expected, row, column);
      // Standard error of the difference of two independent estimates; a floor of one vote in
      // the reference's draws, so a probability of (nearly) 0 or 1 still has a scale.
      const double variance = std::max(p * (1 - p), 1 / reference_samples);
      const double error = std::sqrt(variance * (1.0 / kSamples + 1 / reference_samples));
      largest = std::max(largest, std::abs(actual - p));
      largest_in_errors = std::max(largest_in_errors, std::abs(actual - p) / error);
      CHECK_MESSAGE(std::abs(actual - p) <= 5 * error, what, " ", column, ": ", actual, " vs ", p);
    }
  }
  MESSAGE("Bayesian signed-rank vs NumPy (own draws, 50000 vs 400000): largest difference ",
          largest, " (", largest_in_errors, " standard errors)");
}

TEST_CASE("bayesian_signed_rank: deterministic for a seed, oriented, and checks its inputs") {
  Eigen::VectorXd x(6), y(6);
  x << 0.9, 0.8, 0.85, 0.7, 0.95, 0.75;
  y << 0.85, 0.8, 0.8, 0.6, 0.9, 0.74;
  const auto first = bayesian_signed_rank(x, y, 0.01, 2000, 7);
  const auto again = bayesian_signed_rank(x, y, 0.01, 2000, 7);
  CHECK(first.p_right == again.p_right);
  CHECK(first.p_rope == again.p_rope);
  const auto swapped = bayesian_signed_rank(y, x, 0.01, 2000, 7);
  CHECK(swapped.p_left == first.p_right);  // the same draws, the regions mirrored
  CHECK(swapped.p_rope == first.p_rope);
  CHECK(first.p_right > 0.5);
  CHECK(pair_seed(1, "a", "b") != pair_seed(1, "b", "a"));
  CHECK(pair_seed(1, "a", "b") != pair_seed(2, "a", "b"));
  CHECK(pair_seed(1, "ab", "c") != pair_seed(1, "a", "bc"));
  // FNV-1a of "a\0b", then SplitMix64's finaliser of 1 + golden * (hash | 1), computed apart in
  // Python: the committed comparisons' draws depend on these bits.
  CHECK(pair_seed(1, "a", "b") == 0x31eaacb28986495dULL);
  CHECK_THROWS_AS(bayesian_signed_rank(x, y, -0.1, 10, 1), std::invalid_argument);
  CHECK_THROWS_AS(bayesian_signed_rank(x, y.head(3), 0.01, 10, 1), std::invalid_argument);
  CHECK_THROWS_AS(bayesian_signed_rank(x, y, 0.01, 0, 1), std::invalid_argument);
}

}  // namespace
}  // namespace tsfs::statistics
