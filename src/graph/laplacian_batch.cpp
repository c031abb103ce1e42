#include "graph/laplacian_batch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "graph/laplacian_batch_kernels.hpp"

namespace tsfs {
namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// How many kernels share one pass over the edge rows in weighted_row_sums, which takes the rows a
// chunk at a time through every kernel of the pass: 32 kernels' weights and sums are a few hundred
// KiB, the edge rows up to tens of MB (fig4_k_kfold, WormsTwoClass's 206-row folds with k = 30:
// 3,090 to 6,180 pairs of 389 features, 10 to 19 MB), which streamed in once per four kernels
// when four shared a pass (fig4_k_kfold 0.90x the time with 32 and the chunks).
constexpr Eigen::Index kKernelsPerPass = 32;

// The exact numerator's edge sum sum_ij w_ij (f_i - f_j)^2 over unordered pairs: an edge stored
// both ways with the same distance (every edge of a symmetric graph) gets the same weight both
// ways, so it is one pair of multiplicity 2 (an exact doubling), read once instead of twice.
struct EdgePairs {
  std::vector<Eigen::Index> edges;  // the pair's first stored edge (index into valuePtr())
  std::vector<double> multiplicity;
  RowMajorMatrix squared_differences;  // pairs x R: (f_i - f_j)^2
};

Eigen::Index find_edge(const SparseGraph& graph, Eigen::Index row, Eigen::Index column) {
  const int* begin = graph.innerIndexPtr() + graph.outerIndexPtr()[row];
  const int* end = graph.innerIndexPtr() + graph.outerIndexPtr()[row + 1];
  const int* found = std::lower_bound(begin, end, static_cast<int>(column));
  if (found == end || *found != column) return -1;
  return found - graph.innerIndexPtr();
}

EdgePairs edge_pairs(const SparseGraph& graph, const Eigen::MatrixXd& features) {
  EdgePairs pairs;
  const double* distances = graph.valuePtr();
  for (Eigen::Index row = 0; row < graph.outerSize(); ++row)
    for (Eigen::Index edge = graph.outerIndexPtr()[row]; edge < graph.outerIndexPtr()[row + 1];
         ++edge) {
      const Eigen::Index column = graph.innerIndexPtr()[edge];
      const Eigen::Index reverse = column == row ? -1 : find_edge(graph, column, row);
      const bool twin = reverse >= 0 && distances[reverse] == distances[edge];
      if (twin && column < row) continue;  // counted with its twin
      pairs.edges.push_back(edge);
      pairs.multiplicity.push_back(twin ? 2.0 : 1.0);
    }
  const auto count = static_cast<Eigen::Index>(pairs.edges.size());
  pairs.squared_differences.resize(count, features.cols());
  std::vector<Eigen::Index> rows_of_edges(static_cast<size_t>(graph.nonZeros()));
  for (Eigen::Index row = 0; row < graph.outerSize(); ++row)
    for (Eigen::Index edge = graph.outerIndexPtr()[row]; edge < graph.outerIndexPtr()[row + 1];
         ++edge)
      rows_of_edges[static_cast<size_t>(edge)] = row;
  for (Eigen::Index pair = 0; pair < count; ++pair) {
    const Eigen::Index edge = pairs.edges[static_cast<size_t>(pair)];
    const Eigen::Index row = rows_of_edges[static_cast<size_t>(edge)];
    const Eigen::Index column = graph.innerIndexPtr()[edge];
    pairs.squared_differences.row(pair) =
        (features.row(row) - features.row(column)).array().square();
  }
  return pairs;
}

struct Degrees {
  Eigen::VectorXd row_sums;   // d, each summed in storage order like laplacian_scores
  Eigen::VectorXd imbalance;  // d - c (column sums c)
  bool symmetric = true;      // imbalance all 0
};

Degrees degrees_of(const SparseGraph& weights) {
  Degrees degrees;
  const Eigen::Index size = weights.rows();
  degrees.row_sums = Eigen::VectorXd::Zero(size);
  Eigen::VectorXd column_sums = Eigen::VectorXd::Zero(size);
  for (Eigen::Index row = 0; row < size; ++row)
    for (SparseGraph::InnerIterator edge(weights, row); edge; ++edge) {
      degrees.row_sums[row] += edge.value();
      column_sums[edge.col()] += edge.value();
    }
  degrees.imbalance = degrees.row_sums - column_sums;
  degrees.symmetric = (degrees.imbalance.array() == 0.0).all();
  return degrees;
}

// Exact scores (features x kernels) of a few kernels, which share one pass over the edge pairs.
Eigen::MatrixXd exact_block(const RowMajorMatrix& shifted, const EdgePairs& pairs,
                            const std::vector<HeatKernelWeights>& weights) {
  const Eigen::Index count = static_cast<Eigen::Index>(weights.size());
  const Eigen::Index pair_count = pairs.squared_differences.rows();
  const Eigen::Index width = shifted.cols();
  RowMajorMatrix pair_weights(count, pair_count);
  for (Eigen::Index set = 0; set < count; ++set) {
    const double* values = weights[static_cast<size_t>(set)].weights.valuePtr();
    for (Eigen::Index pair = 0; pair < pair_count; ++pair)
      pair_weights(set, pair) = pairs.multiplicity[static_cast<size_t>(pair)] *
                                values[pairs.edges[static_cast<size_t>(pair)]];
  }
  RowMajorMatrix edge_terms(count, width);
  laplacian_kernels::weighted_row_sums(pairs.squared_differences.data(), pair_count, width,
                                       pair_weights.data(), count, edge_terms.data());

  Eigen::MatrixXd scores(width, count);
  Eigen::VectorXd means(width), denominators(width), imbalance_terms(width);
  for (Eigen::Index set = 0; set < count; ++set) {
    const Degrees degrees = degrees_of(weights[static_cast<size_t>(set)].weights);
    laplacian_kernels::centred_moments({shifted.data(), shifted.rows(), width},
                                       {degrees.row_sums.data(), degrees.row_sums.sum()},
                                       degrees.symmetric ? nullptr : degrees.imbalance.data(),
                                       {means.data(), denominators.data(), imbalance_terms.data()});
    for (Eigen::Index r = 0; r < width; ++r) {
      const double numerator =
          0.5 * edge_terms(set, r) + (degrees.symmetric ? 0.0 : 0.5 * imbalance_terms[r]);
      const double denominator = denominators[r];
      scores(r, set) = numerator / (denominator > 0.0 ? denominator : laplacian_denominator_floor);
    }
  }
  return scores;
}

void literal_one(const RowMajorMatrix& values, const SparseGraph& weights, Eigen::Index index,
                 LaplacianBatchScores& result) {
  const LiteralLaplacian laplacian = literal_laplacian(weights);
  const Eigen::Index width = values.cols();
  Eigen::VectorXd means(width), numerators(width), denominators(width);
  RowMajorMatrix centred(values.rows(), width);
  laplacian_kernels::literal_forms(
      {values.data(), values.rows(), width},
      {laplacian.degrees.data(), std::max(laplacian.total_degree, literal_total_degree_floor)},
      {laplacian.row_starts.data(), laplacian.columns.data(), laplacian.values.data()},
      {means.data(), centred.data(), numerators.data(), denominators.data()});
  for (Eigen::Index r = 0; r < width; ++r)
    result.scores(r, index) =
        numerators[r] / (denominators[r] == 0.0 ? laplacian_denominator_floor : denominators[r]);
}

}  // namespace

LaplacianBatchScores laplacian_scores_batch(const Eigen::MatrixXd& features,
                                            const SparseGraph& graph,
                                            const std::vector<HeatKernel>& kernels) {
  const Eigen::Index size = features.rows();
  if (graph.rows() != size || graph.cols() != size)
    throw std::invalid_argument(
        fmt::format("laplacian_scores_batch: graph is {} x {} but features have {} rows",
                    graph.rows(), graph.cols(), size));
  LaplacianBatchScores result;
  result.scores.resize(features.cols(), static_cast<Eigen::Index>(kernels.size()));
  result.zero_weight_fractions.resize(kernels.size());

  const RowMajorMatrix values = features;
  std::vector<Eigen::Index> exact;
  for (size_t q = 0; q < kernels.size(); ++q) {
    if (kernels[q].arithmetic == LaplacianArithmetic::exact) {
      exact.push_back(static_cast<Eigen::Index>(q));
      continue;
    }
    const auto& kernel = kernels[q];
    const HeatKernelWeights weights =
        heat_kernel_weights(graph, kernel.sigma, kernel.kernel_scale, kernel.stable_weights);
    result.zero_weight_fractions[q] = weights.zero_weight_fraction;
    literal_one(values, weights.weights, static_cast<Eigen::Index>(q), result);
  }
  if (exact.empty()) return result;

  // Shifted by each column's first value, as laplacian_scores centres (the score is shift
  // invariant); the squared differences do not depend on the shift.
  const RowMajorMatrix shifted = values.rowwise() - values.row(0);
  const EdgePairs pairs = edge_pairs(graph, features);
  for (size_t begin = 0; begin < exact.size(); begin += kKernelsPerPass) {
    const size_t end = std::min(exact.size(), begin + kKernelsPerPass);
    std::vector<HeatKernelWeights> weights;
    for (size_t e = begin; e < end; ++e) {
      const auto& kernel = kernels[static_cast<size_t>(exact[e])];
      weights.push_back(
          heat_kernel_weights(graph, kernel.sigma, kernel.kernel_scale, kernel.stable_weights));
      result.zero_weight_fractions[static_cast<size_t>(exact[e])] =
          weights.back().zero_weight_fraction;
    }
    const Eigen::MatrixXd block = exact_block(shifted, pairs, weights);
    for (size_t e = begin; e < end; ++e)
      result.scores.col(exact[e]) = block.col(static_cast<Eigen::Index>(e - begin));
  }
  return result;
}

}  // namespace tsfs
