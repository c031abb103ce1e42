#include "compare/comparison.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "statistics/multiple_testing.hpp"
#include "statistics/nemenyi.hpp"
#include "statistics/ranks.hpp"

namespace tsfs::compare {
namespace {

PairComparison compare_pair(const Eigen::MatrixXd& scores, const Eigen::VectorXd& average_ranks,
                            int a, int b) {
  PairComparison pair;
  pair.a = a;
  pair.b = b;
  const Eigen::VectorXd first = scores.col(a), second = scores.col(b);
  pair.mean_difference = (first - second).mean();
  for (Eigen::Index d = 0; d < scores.rows(); ++d) {
    if (first(d) > second(d)) ++pair.wins;
    if (first(d) == second(d)) ++pair.ties;
    if (first(d) < second(d)) ++pair.losses;
  }
  // SciPy 1.10 truncates a fractional r+ (tied |d|) in its exact test, so its p-value depends on
  // which sample comes first; the comparison takes the larger (conservative) of the two orders,
  // each equal to scipy.stats.wilcoxon with the samples in that order.
  pair.wilcoxon = statistics::wilcoxon_signed_rank(first, second);
  const statistics::WilcoxonResult swapped = statistics::wilcoxon_signed_rank(second, first);
  if (swapped.p_value > pair.wilcoxon.p_value) pair.wilcoxon.p_value = swapped.p_value;
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

}  // namespace

size_t pair_index(size_t first, size_t second, size_t methods) {
  const size_t a = std::min(first, second), b = std::max(first, second);
  // Pairs (a, b), a < b, in lexicographic order: the pairs of rows 0..a-1 come first.
  return a * (2 * methods - a - 1) / 2 + (b - a - 1);
}

Comparison compare_methods(const Eigen::MatrixXd& scores, double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("alpha must be in (0, 1)");
  Comparison comparison;
  comparison.alpha = alpha;
  const auto methods = static_cast<int>(scores.cols());
  const auto datasets = static_cast<int>(scores.rows());
  if (methods < 2 || datasets < 2)
    throw std::invalid_argument("a comparison needs at least 2 methods and 2 datasets");
  comparison.friedman = methods >= 3 ? statistics::friedman_test(scores) : untested(scores);
  comparison.ranks = statistics::rank_rows_descending(scores);
  comparison.average_ranks = comparison.ranks.colwise().mean().transpose();
  comparison.mean_scores = scores.colwise().mean().transpose();
  comparison.q_alpha = statistics::nemenyi_q_alpha(methods, alpha);
  comparison.critical_difference =
      statistics::nemenyi_critical_difference(methods, datasets, alpha);

  comparison.rank_order.resize(static_cast<size_t>(methods));
  std::iota(comparison.rank_order.begin(), comparison.rank_order.end(), 0);
  std::stable_sort(comparison.rank_order.begin(), comparison.rank_order.end(), [&](int x, int y) {
    return comparison.average_ranks(x) < comparison.average_ranks(y);
  });
  Eigen::VectorXd sorted_ranks(methods);
  for (int i = 0; i < methods; ++i)
    sorted_ranks(i) = comparison.average_ranks(comparison.rank_order[static_cast<size_t>(i)]);
  comparison.cliques = statistics::nemenyi_cliques(sorted_ranks, comparison.critical_difference);

  for (int a = 0; a < methods; ++a)
    for (int b = a + 1; b < methods; ++b)
      comparison.pairs.push_back(compare_pair(scores, comparison.average_ranks, a, b));
  Eigen::VectorXd p_values(static_cast<Eigen::Index>(comparison.pairs.size()));
  for (size_t i = 0; i < comparison.pairs.size(); ++i)
    p_values(static_cast<Eigen::Index>(i)) = comparison.pairs[i].wilcoxon.p_value;
  const Eigen::VectorXd adjusted = statistics::holm_adjust(p_values);
  for (size_t i = 0; i < comparison.pairs.size(); ++i)
    comparison.pairs[i].holm_p = adjusted(static_cast<Eigen::Index>(i));
  return comparison;
}

}  // namespace tsfs::compare
