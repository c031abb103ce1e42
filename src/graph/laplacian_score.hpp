#pragma once
// Laplacian score of every feature on a weighted graph (He, Cai & Niyogi, "Laplacian Score for
// Feature Selection", NIPS 2005). Smaller is better: the feature varies little across edges
// relative to its weighted variance.
#include <Eigen/Core>
#include <vector>

#include "graph/knn_graph.hpp"

namespace tsfs {

// Guard on zero denominators: an f~'Df~ of exactly 0 is replaced by this, so a feature with no
// weighted variance (in particular every feature of an all-zero graph, whose numerator is 0 too)
// scores 0 instead of NaN. An all-zero graph therefore ranks features in column order; the
// selector reports it through zero_weight_fraction = 1. Only exact zeros are replaced: a floor on
// small positive denominators would break the score's invariance to scaling all weights, and
// literal heat-kernel weights at a small width are tiny but still carry the ranking.
inline constexpr double laplacian_denominator_floor = 1e-10;

// Which arithmetic evaluates the score (spec parameter `arithmetic`).
enum class LaplacianArithmetic {
  exact,    // laplacian_scores: edge sums of non-negative terms, accurate at any weight range
  literal,  // laplacian_scores_literal: the study's dense quadratic forms, rounding included
};

// features: n x R (rows = graph nodes), weights: n x n, non-negative, possibly asymmetric.
// With d = W 1 (row sums), D = diag(d), f~ = f - (f'd / 1'd) 1:
//   L_r = f~'(D - W) f~ / f~'D f~   (f~'D f~ = 0 replaced by 1e-10).
// Throws std::invalid_argument when the sizes disagree. Cost O(nnz x R).
Eigen::VectorXd laplacian_scores(const Eigen::MatrixXd& features, const SparseGraph& weights);

// Floor on the total degree 1'd in the study's weighted mean f'd / max(1'd, 1e-10).
inline constexpr double literal_total_degree_floor = 1e-10;

// The same score as the study's Python code computes it (variant report2023; reference and
// derivation in tests/reference/selectors/report2023_literal/README.md): with L = D - W dense,
//   mean = f'd / max(1'd, 1e-10), f~ = f - mean,
//   numerator = sum over the entries of L, row i ascending outer, column j ascending inner, the
//               diagonal d_i - w_ii at its place j = i, of (f~_i f~_j) L_ij, in one running double,
//   denominator = sum_i (f~_i f~_i) d_i (0 replaced by 1e-10).
// Where weights span many orders of magnitude (weight-1 edges between duplicate rows next to
// weights of 1e-35), d_i = 1 + 1e-35 rounds to 1 and the numerator cancels to exactly 0, where
// laplacian_scores gets the tiny exact value: this reproduces the study's selections there.
// Throws std::invalid_argument when the sizes disagree. Cost O((nnz + n) x R).
Eigen::VectorXd laplacian_scores_literal(const Eigen::MatrixXd& features,
                                         const SparseGraph& weights);

// Entries of L = D - W row by row in the literal accumulation order (columns ascending, the
// diagonal at its place), with the degrees d = W 1 summed in storage order; shared by
// laplacian_scores_literal and the batched scores so both add the same terms in the same order.
struct LiteralLaplacian {
  std::vector<Eigen::Index> row_starts;  // n + 1 offsets into columns / values
  std::vector<int> columns;
  std::vector<double> values;
  Eigen::VectorXd degrees;    // d
  double total_degree = 0.0;  // 1'd summed in row order
};
LiteralLaplacian literal_laplacian(const SparseGraph& weights);

}  // namespace tsfs
