#include "compare/comparison.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "statistics/wilcoxon.hpp"

namespace tsfs::compare {
namespace {

TEST_CASE("pair_index enumerates the pairs a < b in lexicographic order, either order given") {
  size_t expected = 0;
  for (size_t a = 0; a < 5; ++a)
    for (size_t b = a + 1; b < 5; ++b) {
      CHECK(pair_index(a, b, 5) == expected);
      CHECK(pair_index(b, a, 5) == expected);
      ++expected;
    }
}

TEST_CASE("compare_methods: ranks, wins/ties/losses, Holm over the pairs, rank order") {
  // 4 datasets x 3 methods: method 2 best everywhere, 0 and 1 tie on the last dataset.
  Eigen::MatrixXd scores(4, 3);
  scores << 0.5, 0.6, 0.9,  //
      0.7, 0.6, 0.8,        //
      0.4, 0.5, 0.9,        //
      0.6, 0.6, 0.7;
  const Comparison comparison = compare_methods(scores, 0.05);
  CHECK(comparison.average_ranks(2) == 1.0);
  CHECK(comparison.average_ranks(0) == doctest::Approx((3 + 2 + 3 + 2.5) / 4.0));
  CHECK(comparison.rank_order == std::vector<int>{2, 1, 0});
  CHECK(comparison.mean_scores(2) == doctest::Approx(0.825));
  REQUIRE(comparison.pairs.size() == 3);
  const PairComparison& zero_one = comparison.pairs[pair_index(0, 1, 3)];
  CHECK(zero_one.wins == 1);
  CHECK(zero_one.ties == 1);
  CHECK(zero_one.losses == 2);
  CHECK(zero_one.mean_difference == doctest::Approx(-0.025));
  // Holm: the smallest of 3 p-values is multiplied by 3 (capped at 1), never decreasing after.
  double smallest = 1;
  for (const auto& pair : comparison.pairs) smallest = std::min(smallest, pair.wilcoxon.p_value);
  for (const auto& pair : comparison.pairs) CHECK(pair.holm_p >= pair.wilcoxon.p_value);
  bool found = false;
  for (const auto& pair : comparison.pairs)
    found = found || pair.holm_p == doctest::Approx(std::min(1.0, 3 * smallest));
  CHECK(found);
  CHECK(comparison.critical_difference ==
        doctest::Approx(comparison.q_alpha * std::sqrt(3.0 * 4 / (6.0 * 4))));
  CHECK(!std::isnan(comparison.friedman.chi_square));
}

TEST_CASE("compare_methods: the Wilcoxon p-value does not depend on the order of the methods") {
  // b - a = 0.125, -0.125, 0.25, 0.375, 0.5: the tied |d| give r+ = 13.5 one way and 1.5 the
  // other; SciPy truncates r+, so scipy.stats.wilcoxon(a, b) gives p = 0.125 and (b, a) 0.1875.
  Eigen::MatrixXd scores(5, 2);
  scores << 0.5, 0.625, 0.625, 0.5, 0.25, 0.5, 0.25, 0.625, 0.375, 0.875;
  const auto forward = statistics::wilcoxon_signed_rank(scores.col(0), scores.col(1));
  const auto backward = statistics::wilcoxon_signed_rank(scores.col(1), scores.col(0));
  CHECK(forward.p_value == doctest::Approx(0.125));
  CHECK(backward.p_value == doctest::Approx(0.1875));
  Eigen::MatrixXd swapped(5, 2);
  swapped << scores.col(1), scores.col(0);
  const double p = std::max(forward.p_value, backward.p_value);
  CHECK(p == doctest::Approx(0.1875));
  CHECK(compare_methods(scores, 0.05).pairs[0].wilcoxon.p_value == p);
  CHECK(compare_methods(swapped, 0.05).pairs[0].wilcoxon.p_value == p);
}

TEST_CASE("compare_methods: two methods have no Friedman test, too few inputs are refused") {
  Eigen::MatrixXd two(3, 2);
  two << 0.5, 0.6, 0.7, 0.8, 0.4, 0.9;
  const Comparison comparison = compare_methods(two, 0.1);
  CHECK(std::isnan(comparison.friedman.chi_square));
  CHECK(comparison.pairs.size() == 1);
  CHECK(comparison.pairs[0].losses == 3);
  CHECK_THROWS_AS(compare_methods(Eigen::MatrixXd::Zero(1, 3), 0.05), std::invalid_argument);
  CHECK_THROWS_AS(compare_methods(two, 1.5), std::invalid_argument);
}

}  // namespace
}  // namespace tsfs::compare
