#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <stdexcept>
#include <vector>

#include "embed/embedding.hpp"

namespace tsfs {

Eigen::MatrixXd classical_mds(const Eigen::MatrixXd& distances, int dimensions) {
  const Eigen::Index n = distances.rows();
  // B = -1/2 J D^2 J: double centring of the squared distances.
  Eigen::MatrixXd b = distances.array().square().matrix() * -0.5;
  const Eigen::RowVectorXd column_means = b.colwise().mean();
  const Eigen::VectorXd row_means = b.rowwise().mean();
  const double mean = b.mean();
  b = ((b.rowwise() - column_means).colwise() - row_means).array() + mean;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(b);
  const auto kept = std::min<Eigen::Index>(dimensions, n);
  Eigen::MatrixXd coordinates(n, kept);
  for (Eigen::Index k = 0; k < kept; ++k) {
    const Eigen::Index column = n - 1 - k;  // eigenvalues ascending: largest last
    coordinates.col(k) =
        eigen.eigenvectors().col(column) * std::sqrt(std::max(eigen.eigenvalues()(column), 0.0));
    Eigen::Index largest = 0;
    coordinates.col(k).cwiseAbs().maxCoeff(&largest);
    if (coordinates(largest, k) < 0) coordinates.col(k) *= -1.0;
  }
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

Eigen::MatrixXd geodesic_distances(const Eigen::MatrixXd& distances, int neighbours) {
  const Eigen::Index n = distances.rows();
  // Undirected adjacency: i -> its nearest `neighbours` others, and back.
  std::vector<std::vector<std::pair<Eigen::Index, double>>> edges(static_cast<size_t>(n));
  std::vector<Eigen::Index> others;
  for (Eigen::Index i = 0; i < n; ++i) {
    others.clear();
    for (Eigen::Index j = 0; j < n; ++j)
      if (j != i) others.push_back(j);
    const auto count = std::min<size_t>(static_cast<size_t>(neighbours), others.size());
    std::partial_sort(others.begin(), others.begin() + static_cast<long>(count), others.end(),
                      [&](Eigen::Index a, Eigen::Index b) {
                        return distances(i, a) < distances(i, b) ||
                               (distances(i, a) == distances(i, b) && a < b);
                      });
    for (size_t k = 0; k < count; ++k) {
      edges[static_cast<size_t>(i)].emplace_back(others[k], distances(i, others[k]));
      edges[static_cast<size_t>(others[k])].emplace_back(i, distances(i, others[k]));
    }
  }
  Eigen::MatrixXd geodesic =
      Eigen::MatrixXd::Constant(n, n, std::numeric_limits<double>::infinity());
  using Entry = std::pair<double, Eigen::Index>;
  for (Eigen::Index source = 0; source < n; ++source) {
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
  const Eigen::MatrixXd geodesic = geodesic_distances(distances, neighbours);
  if (!geodesic.allFinite()) throw std::invalid_argument("the kNN graph is disconnected");
  return classical_mds(geodesic, dimensions);
}

}  // namespace tsfs
