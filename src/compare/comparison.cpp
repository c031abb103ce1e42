#include "compare/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "common/parallel.hpp"
#include "statistics/cliques.hpp"
#include "statistics/multiple_testing.hpp"
#include "statistics/nemenyi.hpp"
#include "statistics/ranks.hpp"
#include "statistics/rounding_ties.hpp"

namespace tsfs::compare {
namespace {

constexpr double kMarginSlack = 1e-9;  // relative widening of the tie margin (rounding)

double median(Eigen::VectorXd values) {
  std::sort(values.begin(), values.end());
  const Eigen::Index n = values.size();
  return n % 2 == 1 ? values(n / 2) : 0.5 * (values(n / 2 - 1) + values(n / 2));
}

// `scores` snapped per dataset (statistics::snap_rounding_ties): equal results differ by exactly 0.
PairComparison compare_pair(const Eigen::MatrixXd& scores, const Eigen::VectorXd& average_ranks,
                            int a, int b, const ComparisonOptions& options,
                            const std::vector<std::string>& labels) {
  PairComparison pair;
  pair.a = a;
  pair.b = b;
  // The magnitudes snapped too, so that differences equal up to rounding share a rank of |d|.
  const Eigen::VectorXd differences =
      statistics::snap_rounding_ties_of_magnitudes(scores.col(a) - scores.col(b));
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(differences.size());
  pair.mean_difference = differences.mean();
  pair.median_difference = median(differences);
  const double margin = options.tie_margin * (1 + kMarginSlack);
  for (double difference : differences) {
    if (std::abs(difference) <= margin)
      ++pair.ties;
    else
      ++(difference > 0 ? pair.wins : pair.losses);
  }
  // The tests see the differences (d - 0 is d exactly). SciPy 1.10 truncates a fractional r+
  // (tied |d|) in its exact test, so its p-value depends on which sample comes first; the
  // comparison takes the larger (conservative) of the two orders, each equal to
  // scipy.stats.wilcoxon with the samples in that order.
  pair.wilcoxon = statistics::wilcoxon_signed_rank(differences, zero, options.zero_method);
  const statistics::WilcoxonResult swapped =
      statistics::wilcoxon_signed_rank(zero, differences, options.zero_method);
  if (swapped.p_value > pair.wilcoxon.p_value) pair.wilcoxon.p_value = swapped.p_value;
  const std::uint64_t seed =
      labels.empty() ? statistics::pair_seed(options.seed, std::to_string(a), std::to_string(b))
                     : statistics::pair_seed(options.seed, labels[static_cast<size_t>(a)],
                                             labels[static_cast<size_t>(b)]);
  pair.bayes = statistics::bayesian_signed_rank(differences, zero, options.rope,
                                                options.bayes_samples, seed);
  pair.rank_difference = average_ranks(a) - average_ranks(b);
  return pair;
}

// Two methods: no Friedman test (the pairwise Wilcoxon test is the test), NaN statistics.
statistics::FriedmanResult untested(const Eigen::MatrixXd& scores) {
  statistics::FriedmanResult result;
  result.datasets = static_cast<int>(scores.rows());
  result.methods = static_cast<int>(scores.cols());
  result.chi_square = result.chi_square_p = std::numeric_limits<double>::quiet_NaN();
  result.iman_davenport_f = result.iman_davenport_p = result.chi_square;
  result.f_numerator_degrees = result.f_denominator_degrees = result.chi_square;
  return result;
}

void check_options(const ComparisonOptions& options) {
  if (!(options.alpha > 0 && options.alpha < 1))
    throw std::invalid_argument("alpha must be in (0, 1)");
  if (!(options.tie_margin >= 0) || std::isinf(options.tie_margin))
    throw std::invalid_argument("the tie margin must be a number >= 0");
  if (!(options.rope >= 0) || std::isinf(options.rope))
    throw std::invalid_argument("the rope must be a number >= 0");
  if (options.bayes_samples < 1)
    throw std::invalid_argument("the Bayesian test needs at least one draw");
}

// The cliques of the diagram from the comparison's clique test (holm_p set).
void draw_cliques(Comparison& comparison) {
  const auto methods = static_cast<size_t>(comparison.average_ranks.size());
  comparison.cliques = statistics::cliques_in_rank_order(
      static_cast<int>(methods),
      [&](int first, int second) {
        const PairComparison& pair = comparison.pairs[pair_index(
            static_cast<size_t>(comparison.rank_order[static_cast<size_t>(first)]),
            static_cast<size_t>(comparison.rank_order[static_cast<size_t>(second)]), methods)];
        return comparison.options.cliques == CliqueTest::nemenyi
                   ? nemenyi_significant(comparison, pair)
                   : holm_significant(comparison, pair);
      },
      comparison.options.bars);
}

}  // namespace

std::string clique_test_name(CliqueTest test) {
  return test == CliqueTest::nemenyi ? "nemenyi" : "wilcoxon-holm";
}

std::optional<CliqueTest> clique_test_from_name(const std::string& name) {
  for (CliqueTest test : {CliqueTest::wilcoxon_holm, CliqueTest::nemenyi})
    if (clique_test_name(test) == name) return test;
  return std::nullopt;
}

size_t pair_index(size_t first, size_t second, size_t methods) {
  const size_t a = std::min(first, second), b = std::max(first, second);
  // Pairs (a, b), a < b, in lexicographic order: the pairs of rows 0..a-1 come first.
  return a * (2 * methods - a - 1) / 2 + (b - a - 1);
}

bool holm_significant(const Comparison& comparison, const PairComparison& pair) {
  return !std::isnan(pair.holm_p) && pair.holm_p <= comparison.options.alpha;
}

bool nemenyi_significant(const Comparison& comparison, const PairComparison& pair) {
  return std::abs(pair.rank_difference) >= comparison.critical_difference;
}

Comparison compare_methods(const Eigen::MatrixXd& scores, double alpha) {
  ComparisonOptions options;
  options.alpha = alpha;
  return compare_methods(scores, options);
}

Comparison compare_methods(const Eigen::MatrixXd& scores, const ComparisonOptions& options,
                           const std::vector<std::string>& labels) {
  check_options(options);
  Comparison comparison;
  comparison.options = options;
  const auto methods = static_cast<int>(scores.cols());
  const auto datasets = static_cast<int>(scores.rows());
  if (methods < 2 || datasets < 2)
    throw std::invalid_argument("a comparison needs at least 2 methods and 2 datasets");
  if (!labels.empty() && labels.size() != static_cast<size_t>(methods))
    throw std::invalid_argument("compare_methods: one label per method");
  // Every count, rank and test on scores whose ties up to rounding are exact (rounding_ties.hpp).
  Eigen::MatrixXd snapped(scores.rows(), scores.cols());
  for (Eigen::Index d = 0; d < scores.rows(); ++d)
    snapped.row(d) = statistics::snap_rounding_ties(scores.row(d).transpose()).transpose();
  comparison.friedman = methods >= 3 ? statistics::friedman_test(snapped) : untested(snapped);
  comparison.ranks = statistics::rank_rows_descending(snapped);
  comparison.average_ranks = comparison.ranks.colwise().mean().transpose();
  comparison.mean_scores = scores.colwise().mean().transpose();
  comparison.q_alpha = statistics::nemenyi_q_alpha(methods, options.alpha);
  comparison.critical_difference =
      statistics::nemenyi_critical_difference(methods, datasets, options.alpha);

  comparison.rank_order.resize(static_cast<size_t>(methods));
  std::iota(comparison.rank_order.begin(), comparison.rank_order.end(), 0);
  std::stable_sort(comparison.rank_order.begin(), comparison.rank_order.end(), [&](int x, int y) {
    return comparison.average_ranks(x) < comparison.average_ranks(y);
  });

  // The pairs in parallel (the Bayesian test's draws dominate); each pair's result depends on its
  // own seed only, so the outcome does not depend on the thread count.
  std::vector<std::pair<int, int>> indices;
  for (int a = 0; a < methods; ++a)
    for (int b = a + 1; b < methods; ++b) indices.emplace_back(a, b);
  comparison.pairs.resize(indices.size());
  parallel_for(indices.size(), default_threads(), [&](size_t i) {
    comparison.pairs[i] = compare_pair(snapped, comparison.average_ranks, indices[i].first,
                                       indices[i].second, options, labels);
  });
  std::vector<Comparison> alone;
  alone.push_back(std::move(comparison));
  adjust_as_family(alone, "", {});
  return std::move(alone.front());
}

void adjust_as_family(std::vector<Comparison>& members, const std::string& column,
                      const std::vector<std::string>& values) {
  Eigen::Index tests = 0;
  for (const Comparison& member : members) {
    tests += static_cast<Eigen::Index>(member.pairs.size());
    if (member.options.alpha != members.front().options.alpha ||
        member.options.cliques != members.front().options.cliques ||
        member.options.bars != members.front().options.bars)
      throw std::invalid_argument("a family's members share alpha, the clique test and the bars");
  }
  Eigen::VectorXd p_values(tests);
  Eigen::Index next = 0;
  for (const Comparison& member : members)
    for (const PairComparison& pair : member.pairs) p_values(next++) = pair.wilcoxon.p_value;
  const Eigen::VectorXd adjusted = statistics::holm_adjust(p_values);
  const auto tested = static_cast<int>((p_values.array() == p_values.array()).count());
  next = 0;
  for (Comparison& member : members) {
    for (PairComparison& pair : member.pairs) pair.holm_p = adjusted(next++);
    member.family_tests = tested;
    member.family_column = column;
    member.family_values = values;
    draw_cliques(member);
  }
}

}  // namespace tsfs::compare
