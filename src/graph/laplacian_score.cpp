#include "graph/laplacian_score.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace tsfs {

// He, Cai & Niyogi 2005, Sec. 2 (the algorithm's last two steps): with d = W 1 and f~ = f - (f'd /
// 1'd) 1,
//   L_r = f~'(D - W) f~ / f~'D f~.
// The numerator is not formed as f~'Df~ - f~'Wf~ (two large, nearly equal terms). Expanding
// sum_ij w_ij (f_i - f_j)^2 = sum_i d_i f_i^2 + sum_j c_j f_j^2 - 2 f'Wf, with c = 1'W the column
// sums, gives for any (also asymmetric) W
//   f'(D - W) f = 1/2 sum_ij w_ij (f_i - f_j)^2 + 1/2 sum_i (d_i - c_i) f_i^2,
// a sum of non-negative edge terms plus a correction that vanishes when W is symmetric. The edge
// term uses raw differences (f~_i - f~_j = f_i - f_j), so centring errors do not enter it.
Eigen::VectorXd laplacian_scores(const Eigen::MatrixXd& features, const SparseGraph& weights) {
  const Eigen::Index size = features.rows();
  if (weights.rows() != size || weights.cols() != size)
    throw std::invalid_argument(
        fmt::format("laplacian_scores: weights are {} x {} but features have {} rows",
                    weights.rows(), weights.cols(), size));

  Eigen::VectorXd row_sums = Eigen::VectorXd::Zero(size);     // d
  Eigen::VectorXd column_sums = Eigen::VectorXd::Zero(size);  // c
  for (Eigen::Index row = 0; row < size; ++row)
    for (SparseGraph::InnerIterator edge(weights, row); edge; ++edge) {
      row_sums[row] += edge.value();
      column_sums[edge.col()] += edge.value();
    }
  const Eigen::VectorXd degree_imbalance = row_sums - column_sums;  // d - c, 0 if W symmetric
  const double total_degree = row_sums.sum();                       // 1'd

  Eigen::VectorXd scores(features.cols());
  for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
    const auto values = features.col(feature);
    // Centred in the frame f - f_0, as the score is invariant to shifts: the weighted mean of a
    // near-constant column (0.999 + 1e-9 noise) then keeps its digits. Degree-weighted mean
    // f'd / 1'd; for an all-zero graph it is 0/0, and any shift gives the same (zero) numerator
    // and denominator there, so use 0.
    const Eigen::VectorXd shifted = values.array() - values[0];
    const double weighted_mean = total_degree > 0.0 ? shifted.dot(row_sums) / total_degree : 0.0;
    const Eigen::VectorXd centred = shifted.array() - weighted_mean;

    double edge_term = 0.0;  // sum_ij w_ij (f_i - f_j)^2
    for (Eigen::Index row = 0; row < size; ++row)
      for (SparseGraph::InnerIterator edge(weights, row); edge; ++edge) {
        const double difference = values[row] - values[edge.col()];
        edge_term += edge.value() * (difference * difference);
      }
    const Eigen::ArrayXd centred_squared = centred.array().square();
    const double numerator =
        0.5 * edge_term + 0.5 * (degree_imbalance.array() * centred_squared).sum();
    const double denominator = (row_sums.array() * centred_squared).sum();  // f~'D f~
    scores[feature] = numerator / (denominator > 0.0 ? denominator : laplacian_denominator_floor);
  }
  return scores;
}

LiteralLaplacian literal_laplacian(const SparseGraph& weights) {
  const Eigen::Index size = weights.rows();
  LiteralLaplacian laplacian;
  laplacian.degrees = Eigen::VectorXd::Zero(size);
  for (Eigen::Index row = 0; row < size; ++row)
    for (SparseGraph::InnerIterator edge(weights, row); edge; ++edge)
      laplacian.degrees[row] += edge.value();
  for (Eigen::Index row = 0; row < size; ++row) laplacian.total_degree += laplacian.degrees[row];

  laplacian.row_starts.reserve(static_cast<size_t>(size) + 1);
  laplacian.row_starts.push_back(0);
  auto append = [&laplacian](Eigen::Index column, double value) {
    laplacian.columns.push_back(static_cast<int>(column));
    laplacian.values.push_back(value);
  };
  for (Eigen::Index row = 0; row < size; ++row) {
    bool diagonal_done = false;
    for (SparseGraph::InnerIterator edge(weights, row); edge; ++edge) {
      if (!diagonal_done && edge.col() >= row) {
        diagonal_done = true;
        if (edge.col() == row) {  // a stored self-weight: L_ii = d_i - w_ii
          append(row, laplacian.degrees[row] - edge.value());
          continue;
        }
        append(row, laplacian.degrees[row]);
      }
      append(edge.col(), -edge.value());
    }
    if (!diagonal_done) append(row, laplacian.degrees[row]);
    laplacian.row_starts.push_back(static_cast<Eigen::Index>(laplacian.columns.size()));
  }
  return laplacian;
}

// The study's arithmetic, term by term (see the header): every sum runs sequentially in the order
// stated there, so the rounding is the study's wherever it decides the result.
Eigen::VectorXd laplacian_scores_literal(const Eigen::MatrixXd& features,
                                         const SparseGraph& weights) {
  const Eigen::Index size = features.rows();
  if (weights.rows() != size || weights.cols() != size)
    throw std::invalid_argument(
        fmt::format("laplacian_scores_literal: weights are {} x {} but features have {} rows",
                    weights.rows(), weights.cols(), size));
  const LiteralLaplacian laplacian = literal_laplacian(weights);
  const double mean_divisor = std::max(laplacian.total_degree, literal_total_degree_floor);

  Eigen::VectorXd scores(features.cols());
  Eigen::VectorXd centred(size);
  for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
    const auto values = features.col(feature);
    double weighted_sum = 0.0;
    for (Eigen::Index row = 0; row < size; ++row)
      weighted_sum += values[row] * laplacian.degrees[row];
    const double mean = weighted_sum / mean_divisor;
    for (Eigen::Index row = 0; row < size; ++row) centred[row] = values[row] - mean;

    double numerator = 0.0;
    double denominator = 0.0;
    for (Eigen::Index row = 0; row < size; ++row) {
      const auto begin = laplacian.row_starts[static_cast<size_t>(row)];
      const auto end = laplacian.row_starts[static_cast<size_t>(row) + 1];
      for (auto entry = begin; entry < end; ++entry)
        numerator += (centred[row] * centred[laplacian.columns[static_cast<size_t>(entry)]]) *
                     laplacian.values[static_cast<size_t>(entry)];
    }
    for (Eigen::Index row = 0; row < size; ++row)
      denominator += (centred[row] * centred[row]) * laplacian.degrees[row];
    scores[feature] = numerator / (denominator == 0.0 ? laplacian_denominator_floor : denominator);
  }
  return scores;
}

}  // namespace tsfs
