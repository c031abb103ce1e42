#include "compare/comparison.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "statistics/bayesian_signed_rank.hpp"
#include "statistics/cliques.hpp"
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

TEST_CASE("compare_methods: tie margin, median difference and the Bayesian test per pair") {
  Eigen::MatrixXd scores(5, 2);
  scores << 0.80, 0.79,  //
      0.81, 0.80,        // 0.81 - 0.80 = 0.010000000000000009: a tie at margin 0.01
      0.70, 0.75,        //
      0.90, 0.90,        //
      0.60, 0.50;
  ComparisonOptions options;
  options.bayes_samples = 2000;
  const PairComparison exact = compare_methods(scores, options).pairs[0];
  CHECK(exact.wins == 3);
  CHECK(exact.ties == 1);
  CHECK(exact.losses == 1);
  CHECK(exact.median_difference == doctest::Approx(0.01));
  options.tie_margin = 0.01;
  const PairComparison margin = compare_methods(scores, options).pairs[0];
  CHECK(margin.wins == 1);
  CHECK(margin.ties == 3);
  CHECK(margin.losses == 1);
  // The pair's draws depend on the seed and the two names only.
  const PairComparison named = compare_methods(scores, options, {"x", "y"}).pairs[0];
  const auto direct = statistics::bayesian_signed_rank(scores.col(0), scores.col(1), 0.01, 2000,
                                                       statistics::pair_seed(1, "x", "y"));
  CHECK(named.bayes.p_right == direct.p_right);
  CHECK(named.bayes.p_rope == direct.p_rope);
  options.tie_margin = -1;
  CHECK_THROWS_AS(compare_methods(scores, options), std::invalid_argument);
}

TEST_CASE("compare_methods: scores and differences equal up to rounding are equal") {
  // Two methods 1 ulp apart on every dataset predict the same: ties everywhere, no test.
  Eigen::MatrixXd scores(6, 2);
  for (int d = 0; d < 6; ++d) {
    const double score = 0.7 + 0.01 * d;
    scores.row(d) << score, std::nextafter(score, 1.0);
  }
  ComparisonOptions options;
  options.bayes_samples = 100;
  const Comparison tied = compare_methods(scores, options);
  CHECK(tied.average_ranks(0) == tied.average_ranks(1));
  CHECK(tied.pairs[0].ties == 6);
  CHECK(tied.pairs[0].wins == 0);
  CHECK(tied.pairs[0].mean_difference == 0.0);
  CHECK(std::isnan(tied.pairs[0].wilcoxon.p_value));  // every difference zero: no test
  // |d| equal up to rounding share a rank: 0.8 - 0.7 (0.10000000000000009) and 0.2 - 0.3
  // (-0.09999999999999998) tie, so r+ = 1.5 + 3 and r- = 1.5, where rounding would rank them
  // 2 and 1 (statistic 1).
  Eigen::MatrixXd paired(3, 2);
  paired << 0.8, 0.7, 0.2, 0.3, 0.9, 0.6;
  REQUIRE(0.8 - 0.7 != 0.3 - 0.2);
  const Comparison ranked = compare_methods(paired, options);
  CHECK(ranked.pairs[0].wilcoxon.statistic == 1.5);
  Eigen::VectorXd exact_first(3), exact_second(3);
  exact_first << 0.1, 0.0, 0.3;
  exact_second << 0.0, 0.1, 0.0;
  CHECK(ranked.pairs[0].wilcoxon.p_value ==
        std::max(statistics::wilcoxon_signed_rank(exact_first, exact_second).p_value,
                 statistics::wilcoxon_signed_rank(exact_second, exact_first).p_value));
}

TEST_CASE("cliques_in_rank_order: maximal bars, or aeon's (control method, first rejection)") {
  // aeon's docstring: A differs from B; B, C, D do not differ, nor C and D: one clique [B, C, D].
  auto differs = [](std::vector<std::pair<int, int>> pairs) {
    return [pairs](int i, int j) {
      return std::find(pairs.begin(), pairs.end(), std::pair{i, j}) != pairs.end();
    };
  };
  using Cliques = std::vector<std::pair<int, int>>;
  using statistics::BarConstruction;
  for (const BarConstruction construction : {BarConstruction::maximal, BarConstruction::aeon}) {
    CAPTURE(statistics::bar_construction_name(construction));
    CHECK(statistics::cliques_in_rank_order(4, differs({{0, 1}, {0, 2}, {0, 3}}), construction) ==
          Cliques{{1, 3}});
    // A differs from B but not from C: A's run stops at B (the heuristic aeon documents).
    CHECK(statistics::cliques_in_rank_order(4, differs({{0, 1}, {1, 3}}), construction) ==
          Cliques{{1, 2}, {2, 3}});
    CHECK(statistics::cliques_in_rank_order(3, differs({}), construction) == Cliques{{0, 2}});
    CHECK(statistics::cliques_in_rank_order(3, differs({{0, 1}, {0, 2}, {1, 2}}), construction) ==
          Cliques{});
  }
  // B differs from C, A from neither: aeon's bar from A joins B and C; the maximal bars do not.
  CHECK(statistics::cliques_in_rank_order(3, differs({{1, 2}}), BarConstruction::aeon) ==
        Cliques{{0, 2}});
  CHECK(statistics::cliques_in_rank_order(3, differs({{1, 2}})) == Cliques{{0, 1}});
  // The case: a significant pair inside a control's run, then a longer run after it.
  CHECK(statistics::cliques_in_rank_order(5, differs({{1, 3}, {0, 4}})) == Cliques{{0, 2}, {2, 4}});
  CHECK(statistics::cliques_in_rank_order(5, differs({{1, 3}, {0, 4}}), BarConstruction::aeon) ==
        Cliques{{0, 3}, {2, 4}});  // [0, 3] joins the significant pair (1, 3)
  CHECK(statistics::bar_construction_from_name("aeon") == BarConstruction::aeon);
  CHECK(!statistics::bar_construction_from_name("greedy"));
}

TEST_CASE("compare_methods: cliques from Holm-adjusted Wilcoxon tests or from Nemenyi") {
  // 12 datasets: method 0 beats 1 and 2 everywhere, 1 and 2 alternate.
  Eigen::MatrixXd scores(12, 3);
  for (int d = 0; d < 12; ++d)
    scores.row(d) << 0.9 + 0.001 * d, 0.7 + (d % 2 == 0 ? 0.01 : -0.01) + 0.001 * d,
        0.7 + (d % 2 == 0 ? -0.01 : 0.01) + 0.0005 * d;
  ComparisonOptions options;
  options.bayes_samples = 100;
  const Comparison holm = compare_methods(scores, options);
  // Exact two-sided p of 12 wins in 12: 2 / 4096; Holm's factor 3 for the smallest.
  CHECK(holm.pairs[pair_index(0, 1, 3)].wilcoxon.p_value == doctest::Approx(2.0 / 4096));
  CHECK(holm.pairs[pair_index(0, 1, 3)].holm_p == doctest::Approx(3 * 2.0 / 4096));
  CHECK(holm.family_tests == 3);
  CHECK(holm.rank_order.front() == 0);
  CHECK(holm.cliques == std::vector<std::pair<int, int>>{{1, 2}});
  options.cliques = CliqueTest::nemenyi;
  const Comparison nemenyi = compare_methods(scores, options);
  CHECK(nemenyi.cliques == std::vector<std::pair<int, int>>{{1, 2}});
  // Holm over a family: the same pairs twice double m, so the smallest p is multiplied by 6.
  std::vector<Comparison> family = {compare_methods(scores, 0.05), compare_methods(scores, 0.05)};
  adjust_as_family(family, "n_features", {"10", "30"});
  CHECK(family[0].family_tests == 6);
  CHECK(family[1].pairs[pair_index(0, 1, 3)].holm_p == doctest::Approx(6 * 2.0 / 4096));
  CHECK(family[1].family_values == std::vector<std::string>{"10", "30"});
  family.push_back(nemenyi);
  CHECK_THROWS_AS(adjust_as_family(family, "n_features", {"10", "30", "100"}),
                  std::invalid_argument);
}

}  // namespace
}  // namespace tsfs::compare
