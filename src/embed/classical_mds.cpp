#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <stdexcept>
#include <vector>
#include "numerics/decompositions.hpp"

#include "common/interrupt.hpp"
#include "embed/embedding.hpp"
#include "embed/neighbourhood.hpp"

namespace tsfs {

Eigen::MatrixXd classical_mds(const Eigen::MatrixXd& distances, int dimensions) {
  const Eigen::Index n = distances.rows();
  // B = -1/2 J D^2 J: double centring of the squared distances.
  Eigen::MatrixXd b = distances.array().square().matrix() * -0.5;
  const Eigen::RowVectorXd column_means = b.colwise().mean();
  const Eigen::VectorXd row_means = b.rowwise().mean();
  const double mean = b.mean();
  b = ((b.rowwise() - column_means).colwise() - row_means).array() + mean;
  const SymmetricEigen eigen = symmetric_eigen(b);
  const auto kept = std::min<Eigen::Index>(dimensions, n);
  Eigen::MatrixXd coordinates(n, kept);
  for (Eigen::Index k = 0; k < kept; ++k) {
    const Eigen::Index column = n - 1 - k;  // eigenvalues ascending: largest last
    coordinates.col(k) = eigen.vectors.col(column) * std::sqrt(std::max(eigen.values(column), 0.0));
  }
  sign_by_largest_entry(coordinates);
  return coordinates;
}

double raw_stress(const Eigen::MatrixXd& distances, const Eigen::MatrixXd& coordinates) {
  double stress = 0.0;
  for (Eigen::Index i = 0; i < distances.rows(); ++i)
    for (Eigen::Index j = i + 1; j < distances.rows(); ++j) {
      const double embedded = (coordinates.row(i) - coordinates.row(j)).norm();
      stress += (distances(i, j) - embedded) * (distances(i, j) - embedded);
    }
  return stress;
}

namespace {

using Adjacency = std::vector<std::vector<std::pair<Eigen::Index, double>>>;

// Undirected adjacency: i -> its nearest `neighbours` others (ties to the lower index), and back.
Adjacency knn_edges(const Eigen::MatrixXd& distances, int neighbours) {
  const Eigen::Index n = distances.rows();
  Adjacency edges(static_cast<size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i)
    for (const Eigen::Index j : nearest_other_rows(distances, i, neighbours)) {
      edges[static_cast<size_t>(i)].emplace_back(j, distances(i, j));
      edges[static_cast<size_t>(j)].emplace_back(i, distances(i, j));
    }
  return edges;
}

// Connected components, numbered in the order of their lowest row (as scipy's
// connected_components), as row -> component.
std::vector<int> component_labels(const Adjacency& edges) {
  std::vector<int> labels(edges.size(), -1);
  int next = 0;
  for (size_t start = 0; start < edges.size(); ++start) {
    if (labels[start] >= 0) continue;
    std::vector<size_t> stack = {start};
    labels[start] = next;
    while (!stack.empty()) {
      const size_t node = stack.back();
      stack.pop_back();
      for (const auto& [other, weight] : edges[node])
        if (labels[static_cast<size_t>(other)] < 0) {
          labels[static_cast<size_t>(other)] = next;
          stack.push_back(static_cast<size_t>(other));
        }
    }
    ++next;
  }
  return labels;
}

// scikit-learn's Isomap completes a disconnected graph (sklearn.utils.graph.
// _fix_connected_components): for every pair of components j < i, one edge between their closest
// rows (the first minimum in row-major order over component i's rows x component j's rows).
void join_components(const Eigen::MatrixXd& distances, Adjacency& edges) {
  const std::vector<int> labels = component_labels(edges);
  const int components = *std::max_element(labels.begin(), labels.end()) + 1;
  std::vector<std::vector<Eigen::Index>> members(static_cast<size_t>(components));
  for (size_t row = 0; row < labels.size(); ++row)
    members[static_cast<size_t>(labels[row])].push_back(static_cast<Eigen::Index>(row));
  for (size_t i = 0; i < members.size(); ++i)
    for (size_t j = 0; j < i; ++j) {
      Eigen::Index best_i = members[i].front(), best_j = members[j].front();
      for (const Eigen::Index a : members[i])
        for (const Eigen::Index b : members[j])
          if (distances(a, b) < distances(best_i, best_j)) {
            best_i = a;
            best_j = b;
          }
      edges[static_cast<size_t>(best_i)].emplace_back(best_j, distances(best_i, best_j));
      edges[static_cast<size_t>(best_j)].emplace_back(best_i, distances(best_i, best_j));
    }
}

}  // namespace

Eigen::MatrixXd geodesic_distances(const Eigen::MatrixXd& distances, int neighbours) {
  const Eigen::Index n = distances.rows();
  Adjacency edges = knn_edges(distances, neighbours);
  if (n > 0) join_components(distances, edges);
  Eigen::MatrixXd geodesic =
      Eigen::MatrixXd::Constant(n, n, std::numeric_limits<double>::infinity());
  using Entry = std::pair<double, Eigen::Index>;
  for (Eigen::Index source = 0; source < n; ++source) {
    throw_if_interrupted();
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    geodesic(source, source) = 0.0;
    queue.emplace(0.0, source);
    while (!queue.empty()) {
      const auto [length, node] = queue.top();
      queue.pop();
      if (length > geodesic(source, node)) continue;
      for (const auto& [next, weight] : edges[static_cast<size_t>(node)])
        if (length + weight < geodesic(source, next)) {
          geodesic(source, next) = length + weight;
          queue.emplace(length + weight, next);
        }
    }
  }
  return geodesic;
}

Eigen::MatrixXd isomap(const Eigen::MatrixXd& distances, int neighbours, int dimensions) {
  return classical_mds(geodesic_distances(distances, neighbours), dimensions);
}

}  // namespace tsfs
