#include "graph/knn_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "common/enum_names.hpp"
#include "common/interrupt.hpp"

namespace tsfs {
namespace {

using NeighbourLists = std::vector<std::vector<int>>;  // per row, column indices sorted ascending

void check_knn_arguments(const Eigen::MatrixXd& distances, int k) {
  if (distances.rows() != distances.cols())
    throw std::invalid_argument(fmt::format("knn_graph: distance matrix is {} x {}, not square",
                                            distances.rows(), distances.cols()));
  const Eigen::Index size = distances.rows();
  if (k < 1 || k >= size)
    throw std::invalid_argument(
        fmt::format("knn_graph: k = {} must be at least 1 and less than the {} rows", k, size));
  for (Eigen::Index column = 0; column < size; ++column) {
    // A graph of thousands of rows takes seconds, in loops of rows that no caller can interrupt:
    // they check every 64 rows (common/interrupt.hpp).
    if (column % 64 == 0) throw_if_interrupted();
    for (Eigen::Index row = 0; row < size; ++row) {
      const double value = distances(row, column);
      if (row != column && !(value >= 0.0))  // also rejects NaN
        throw std::invalid_argument(fmt::format(
            "knn_graph: distance ({}, {}) = {} is negative or NaN", row, column, value));
    }
  }
}

// Directed kNN: the k nearest other rows of each row, by (distance, column index). partial_sort
// over the n - 1 candidates costs O(n log k) per row.
NeighbourLists directed_neighbours(const Eigen::MatrixXd& distances, int k) {
  const int size = static_cast<int>(distances.rows());
  NeighbourLists neighbours(static_cast<size_t>(size));
  std::vector<int> candidates;
  candidates.reserve(static_cast<size_t>(size));
  // The row is copied once: Eigen stores columns contiguously, so reading distances(row, j)
  // inside the sort would stride through memory on every comparison.
  Eigen::VectorXd row_distances(size);
  for (int row = 0; row < size; ++row) {
    if (row % 64 == 0) throw_if_interrupted();
    row_distances = distances.row(row).transpose();
    candidates.clear();
    for (int column = 0; column < size; ++column)
      if (column != row) candidates.push_back(column);
    auto nearer = [&row_distances](int left, int right) {
      const double a = row_distances[left];
      const double b = row_distances[right];
      return a < b || (a == b && left < right);
    };
    std::partial_sort(candidates.begin(), candidates.begin() + k, candidates.end(), nearer);
    auto& chosen = neighbours[static_cast<size_t>(row)];
    chosen.assign(candidates.begin(), candidates.begin() + k);
    std::sort(chosen.begin(), chosen.end());
  }
  return neighbours;
}

bool contains(const std::vector<int>& sorted_list, int value) {
  return std::binary_search(sorted_list.begin(), sorted_list.end(), value);
}

// Mutual kNN: keep j in row i only when i is also in row j.
NeighbourLists keep_mutual(const NeighbourLists& directed) {
  NeighbourLists mutual(directed.size());
  for (size_t row = 0; row < directed.size(); ++row)
    for (int column : directed[row])
      if (contains(directed[static_cast<size_t>(column)], static_cast<int>(row)))
        mutual[row].push_back(column);
  return mutual;
}

// Union with the transpose: row i gets its own neighbours plus every j that has i as neighbour.
NeighbourLists add_reverse(const NeighbourLists& directed) {
  NeighbourLists either = directed;
  for (size_t row = 0; row < directed.size(); ++row)
    for (int column : directed[row])
      either[static_cast<size_t>(column)].push_back(static_cast<int>(row));
  for (auto& list : either) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return either;
}

SparseGraph to_sparse(const NeighbourLists& lists, const Eigen::MatrixXd& distances) {
  const Eigen::Index size = distances.rows();
  Eigen::VectorXi row_sizes(size);
  for (Eigen::Index row = 0; row < size; ++row)
    row_sizes[row] = static_cast<int>(lists[static_cast<size_t>(row)].size());
  SparseGraph graph(size, size);
  graph.reserve(row_sizes);
  // Columns arrive sorted within each row, so insert() only appends; it also stores explicit
  // zeros (distance 0 between identical rows), which setFromTriplets + prune would lose.
  for (Eigen::Index row = 0; row < size; ++row)
    for (int column : lists[static_cast<size_t>(row)])
      graph.insert(row, column) = distances(row, column);
  graph.makeCompressed();
  return graph;
}

}  // namespace

namespace {

constexpr auto symmetrize_names = enum_names<Symmetrize>(
    {{Symmetrize::either, "or"}, {Symmetrize::both, "and"}, {Symmetrize::none, "none"}});

}  // namespace

std::optional<Symmetrize> parse_symmetrize(std::string_view name) {
  return symmetrize_names.parse(name);
}

std::string_view symmetrize_name(Symmetrize mode) {
  return symmetrize_names.name(mode);
}

SparseGraph knn_graph(const Eigen::MatrixXd& distances, int k, Symmetrize mode) {
  check_knn_arguments(distances, k);
  const NeighbourLists directed = directed_neighbours(distances, k);
  switch (mode) {
    case Symmetrize::either:
      return to_sparse(add_reverse(directed), distances);
    case Symmetrize::both:
      return to_sparse(keep_mutual(directed), distances);
    case Symmetrize::none:
      return to_sparse(directed, distances);
  }
  throw std::logic_error("knn_graph: unknown Symmetrize value");
}

HeatKernelWeights heat_kernel_weights(const SparseGraph& graph, double sigma, double kernel_scale,
                                      bool stable_weights) {
  if (!(sigma > 0.0) || !std::isfinite(sigma))
    throw std::invalid_argument(fmt::format("heat_kernel_weights: sigma = {} must be > 0", sigma));
  if (!(kernel_scale > 0.0) || !std::isfinite(kernel_scale))
    throw std::invalid_argument(
        fmt::format("heat_kernel_weights: kernel_scale = {} must be > 0", kernel_scale));

  HeatKernelWeights result;
  result.weights = graph;
  result.weights.makeCompressed();
  double* values = result.weights.valuePtr();
  const Eigen::Index edge_count = result.weights.nonZeros();
  if (edge_count == 0) {
    result.zero_weight_fraction = std::numeric_limits<double>::quiet_NaN();
    return result;
  }

  double smallest = 0.0;  // dmin; 0 gives the literal kernel
  if (stable_weights) smallest = *std::min_element(values, values + edge_count);

  // exponent = (d^2 - dmin^2) / (c sigma^2), evaluated as ((d - dmin)/sigma) ((d + dmin)/sigma) /
  // c: the factored difference of squares has no cancellation, and dividing each factor by sigma
  // avoids forming sigma^2, which underflows to 0 for sigma below ~1e-154. The edges at dmin get
  // exactly exp(0) = 1 (handled apart so that 0 * inf cannot produce NaN when sigma is tiny).
  Eigen::Index zero_weights = 0;
  for (Eigen::Index edge = 0; edge < edge_count; ++edge) {
    const double distance = values[edge];
    double weight = 1.0;
    if (distance != smallest) {
      const double exponent =
          ((distance - smallest) / sigma) * ((distance + smallest) / sigma) / kernel_scale;
      // exp(-x) is exactly 0 for x > 746 (the smallest subnormal is exp(-744.4)); answering that
      // here skips libm's underflow path (errno handling), the slow part of a small-sigma sweep.
      weight = exponent > 746.0 ? 0.0 : std::exp(-exponent);
    }
    values[edge] = weight;
    if (weight == 0.0) ++zero_weights;
  }
  result.zero_weight_fraction = static_cast<double>(zero_weights) / static_cast<double>(edge_count);
  return result;
}

}  // namespace tsfs
