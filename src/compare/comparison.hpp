#pragma once
// The statistical comparison of k methods over N datasets (Demsar 2006; Benavoli, Corani and
// Mangili 2016 for the pairwise Wilcoxon-Holm procedure used by aeon and the UCR bake-offs).
#include <Eigen/Core>

#include <utility>
#include <vector>

#include "statistics/friedman.hpp"
#include "statistics/wilcoxon.hpp"

namespace tsfs::compare {

// Method a against method b over the datasets.
struct PairComparison {
  int a = 0;
  int b = 0;
  double mean_difference = 0;  // mean over datasets of score_a - score_b
  int wins = 0;                // datasets where a scores higher than b
  int ties = 0;
  int losses = 0;
  // Paired over the datasets; p_value the larger of scipy.stats.wilcoxon(a, b) and (b, a), which
  // differ only when SciPy's exact test truncates a fractional rank sum (tied differences).
  statistics::WilcoxonResult wilcoxon;
  double holm_p = 0;           // Wilcoxon p-value, Holm-adjusted over all pairs
  double rank_difference = 0;  // average rank of a - average rank of b
};

struct Comparison {
  double alpha = 0.05;
  Eigen::MatrixXd ranks;          // datasets x methods, 1 = best on that dataset, ties averaged
  Eigen::VectorXd average_ranks;  // per method
  Eigen::VectorXd mean_scores;    // per method, over datasets
  statistics::FriedmanResult friedman;  // NaN statistics for 2 methods (no Friedman test)
  double q_alpha = 0;                   // Nemenyi
  double critical_difference = 0;       // Nemenyi
  std::vector<int> rank_order;          // methods by ascending average rank (ties: input order)
  // Groups not significantly different under Nemenyi, as [first, last] positions in rank_order.
  std::vector<std::pair<int, int>> cliques;
  std::vector<PairComparison> pairs;  // every a < b, in lexicographic order
};

// `scores`: datasets x methods, higher = better. Needs at least 2 methods and 2 datasets
// (std::invalid_argument otherwise) and 0 < alpha < 1.
Comparison compare_methods(const Eigen::MatrixXd& scores, double alpha);

// Index in Comparison::pairs of the pair of methods `first` and `second` (either order, first
// != second) among `methods`.
size_t pair_index(size_t first, size_t second, size_t methods);

}  // namespace tsfs::compare
