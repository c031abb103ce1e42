#pragma once
// The statistical comparison of k methods over N datasets, one declared procedure (README.md,
// "Comparing runs"):
//  - per-dataset ranks and average ranks, the Friedman and Iman-Davenport tests (Demsar 2006);
//  - every pair: two-sided Wilcoxon signed-rank test (scipy.stats.wilcoxon 1.10's conventions,
//    with a chosen treatment of zero differences), Holm-adjusted over the family of all pairs
//    (of this comparison, or of several compared as one family: adjust_as_family);
//  - the cliques of the critical-difference diagram from those Holm-adjusted tests (Benavoli,
//    Corani and Mangili 2016), or from Nemenyi's critical difference on request: the maximal
//    rank-adjacent groups with no significant pair, or aeon's construction on request
//    (statistics/cliques.hpp);
//  - scores equal up to rounding are equal everywhere the comparison counts, ranks or tests
//    (statistics/rounding_ties.hpp);
//  - every pair: wins/ties/losses with a tie margin, the median per-dataset difference, and the
//    Bayesian signed-rank test with a rope (Benavoli et al. 2017).
#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "statistics/bayesian_signed_rank.hpp"
#include "statistics/cliques.hpp"
#include "statistics/friedman.hpp"
#include "statistics/wilcoxon.hpp"

namespace tsfs::compare {

enum class CliqueTest { wilcoxon_holm, nemenyi };

// "wilcoxon-holm", "nemenyi" and back (nullopt for another name).
std::string clique_test_name(CliqueTest test);
std::optional<CliqueTest> clique_test_from_name(const std::string& name);

// The choices of the procedure; every one is printed in summary.md and procedure.csv.
struct ComparisonOptions {
  double alpha = 0.05;  // Holm (and Nemenyi) level
  CliqueTest cliques = CliqueTest::wilcoxon_holm;
  statistics::BarConstruction bars = statistics::BarConstruction::maximal;
  statistics::ZeroMethod zero_method = statistics::ZeroMethod::wilcox;
  double tie_margin = 0;  // |a - b| <= margin (up to a relative 1e-9) is a tie, as is a
                          // difference within statistics::kRoundingBound
  double rope = 0.01;     // half-width of the Bayesian test's region of practical equivalence
  int bayes_samples = 50000;
  std::uint64_t seed = 1;  // of the Bayesian test's draws (per pair: statistics::pair_seed)
};

// Method a against method b over the datasets.
struct PairComparison {
  int a = 0;
  int b = 0;
  double mean_difference = 0;    // mean over datasets of score_a - score_b
  double median_difference = 0;  // median over datasets of score_a - score_b
  int wins = 0;                  // datasets where a scores higher than b by more than the margin
  int ties = 0;
  int losses = 0;
  // Paired over the datasets; p_value the larger of scipy.stats.wilcoxon(a, b) and (b, a), which
  // differ only when SciPy's exact test truncates a fractional rank sum (tied differences).
  statistics::WilcoxonResult wilcoxon;
  double holm_p = 0;  // Wilcoxon p-value, Holm-adjusted over the family
  // P(b better), P(equivalent), P(a better): the Bayesian signed-rank test on score_a - score_b.
  statistics::BayesianSignedRankResult bayes;
  double rank_difference = 0;  // average rank of a - average rank of b
};

struct Comparison {
  ComparisonOptions options;
  Eigen::MatrixXd ranks;          // datasets x methods, 1 = best on that dataset, ties averaged
  Eigen::VectorXd average_ranks;  // per method
  Eigen::VectorXd mean_scores;    // per method, over datasets (methods.csv only)
  statistics::FriedmanResult friedman;  // NaN statistics for 2 methods (no Friedman test)
  double q_alpha = 0;                   // Nemenyi
  double critical_difference = 0;       // Nemenyi
  std::vector<int> rank_order;          // methods by ascending average rank (ties: input order)
  // Groups not significantly different under options.cliques, as [first, last] positions in
  // rank_order.
  std::vector<std::pair<int, int>> cliques;
  std::vector<PairComparison> pairs;  // every a < b, in lexicographic order
  // The Holm family: the tests adjusted together (this comparison's pairs, or those of every
  // member of a family) and, for a family, what tells its members apart (e.g. "n_features").
  int family_tests = 0;
  std::string family_column;
  std::vector<std::string> family_values;
};

// `scores`: datasets x methods, higher = better; `labels` (one per method, or empty) seed each
// pair's Bayesian draws (statistics::pair_seed; indices when empty). Needs at least 2 methods
// and 2 datasets (std::invalid_argument otherwise), 0 < alpha < 1, tie_margin >= 0, rope >= 0
// and bayes_samples >= 1.
Comparison compare_methods(const Eigen::MatrixXd& scores, const ComparisonOptions& options,
                           const std::vector<std::string>& labels = {});
Comparison compare_methods(const Eigen::MatrixXd& scores, double alpha);

// Holm's correction over the pairs of all `members` together (one family of tests, e.g. one
// comparison per n_features), and their cliques redrawn from it. `column` and `values` name the
// members (stored in each, for the outputs). Members must share alpha, the clique test and the
// bars' construction.
void adjust_as_family(std::vector<Comparison>& members, const std::string& column,
                      const std::vector<std::string>& values);

// Index in Comparison::pairs of the pair of methods `first` and `second` (either order, first
// != second) among `methods`.
size_t pair_index(size_t first, size_t second, size_t methods);

// Whether the pair is significant under the comparison's clique test (Holm-adjusted Wilcoxon p
// <= alpha, or average ranks differing by at least the Nemenyi critical difference).
bool holm_significant(const Comparison& comparison, const PairComparison& pair);
bool nemenyi_significant(const Comparison& comparison, const PairComparison& pair);

}  // namespace tsfs::compare
