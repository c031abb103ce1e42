#pragma once
// Laplacian scores of one kNN graph under many heat kernels at once: a sigma sweep scores the same
// graph hundreds of times, and everything but the weights is shared (the edges, the per-edge
// squared feature differences, the shifted feature matrix). The sums run across features in SIMD
// lanes (graph/laplacian_batch_kernels.hpp), each lane adding its feature's terms in the order the
// one-kernel functions of graph/laplacian_score.hpp use.
#include <Eigen/Core>
#include <vector>

#include "graph/knn_graph.hpp"
#include "graph/laplacian_score.hpp"

namespace tsfs {

struct HeatKernel {
  double sigma = 1.0;
  double kernel_scale = 1.0;
  bool stable_weights = true;
  LaplacianArithmetic arithmetic = LaplacianArithmetic::exact;
};

struct LaplacianBatchScores {
  Eigen::MatrixXd scores;                     // features x kernels
  std::vector<double> zero_weight_fractions;  // per kernel, as heat_kernel_weights reports it
};

// For every kernel q, column q equals
//   laplacian_scores(features, heat_kernel_weights(graph, q).weights)          (exact, to 1e-12
//   relative: the edge sums add the same non-negative terms in another grouping), or
//   laplacian_scores_literal(features, heat_kernel_weights(graph, q).weights)  (literal, bit for
//   bit: same terms, same order).
// `graph` is a distance graph from knn_graph over the rows of `features` (n x R). Throws
// std::invalid_argument as heat_kernel_weights and laplacian_scores do. Cost per kernel
// O(nnz x R) additions in SIMD lanes, plus O(nnz) exponentials.
LaplacianBatchScores laplacian_scores_batch(const Eigen::MatrixXd& features,
                                            const SparseGraph& graph,
                                            const std::vector<HeatKernel>& kernels);

}  // namespace tsfs
