// Laplacian eigenmaps and locally linear embedding of a distance matrix's rows (embedding.hpp
// states each as computed). Both are dense: a dataset view embeds at most `max_rows` rows.
#include <fmt/format.h>
#include <Eigen/Cholesky>

#include <cmath>
#include <stdexcept>
#include "numerics/decompositions.hpp"

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "embed/embedding.hpp"
#include "embed/neighbourhood.hpp"

namespace tsfs {
namespace {

void check_embedding_problem(const char* method, const Eigen::MatrixXd& distances, int neighbours,
                             int dimensions, int fewest_neighbours) {
  if (distances.rows() != distances.cols())
    throw std::invalid_argument(std::string(method) + ": distances must be square");
  if (neighbours < fewest_neighbours || neighbours >= distances.rows())
    throw std::invalid_argument(std::string(method) + ": neighbours must be at least " +
                                std::to_string(fewest_neighbours) + " and below the rows");
  if (dimensions < 1 || dimensions + 1 >= distances.rows())
    throw std::invalid_argument(std::string(method) + ": too many dimensions for the rows");
}

// The eigenvectors of a symmetric matrix's `dimensions` smallest eigenvalues after the first.
Eigen::MatrixXd smallest_after_first(const Eigen::MatrixXd& symmetric, int dimensions) {
  const SymmetricEigen eigen = symmetric_eigen(symmetric);
  if (!eigen.converged) throw std::runtime_error("eigensolver did not converge");
  return eigen.vectors.middleCols(1, dimensions);  // eigenvalues ascending
}

}  // namespace

Eigen::MatrixXd laplacian_eigenmaps(const Eigen::MatrixXd& distances, int neighbours,
                                    int dimensions) {
  // The row itself is one of its `neighbours`, so a row needs 2 to reach another row.
  check_embedding_problem("laplacian_eigenmaps", distances, neighbours, dimensions, 2);
  const Eigen::Index n = distances.rows();
  Eigen::MatrixXd connectivity = Eigen::MatrixXd::Identity(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (const Eigen::Index j : nearest_other_rows(distances, i, neighbours - 1))
      connectivity(i, j) = 1.0;
  Eigen::MatrixXd affinity = 0.5 * (connectivity + connectivity.transpose());
  affinity.diagonal().setZero();
  const Eigen::VectorXd root_degrees = affinity.rowwise().sum().cwiseSqrt();
  const Eigen::VectorXd scale = root_degrees.cwiseInverse();
  Eigen::MatrixXd laplacian = -(scale.asDiagonal() * affinity * scale.asDiagonal());
  laplacian.diagonal().setOnes();
  throw_if_interrupted();
  Eigen::MatrixXd embedding = smallest_after_first(laplacian, dimensions);
  embedding = scale.asDiagonal() * embedding;  // scikit-learn divides by sqrt(degree)
  sign_by_largest_entry(embedding);
  return embedding;
}

Eigen::MatrixXd locally_linear_embedding(const Eigen::MatrixXd& distances, int neighbours,
                                         int dimensions, double regularization) {
  check_embedding_problem("locally_linear_embedding", distances, neighbours, dimensions, 1);
  const Eigen::Index n = distances.rows();
  // (I - W), row i: 1 at i, minus the weights that rebuild row i from its neighbours.
  Eigen::MatrixXd residual = Eigen::MatrixXd::Identity(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::vector<Eigen::Index> near = nearest_other_rows(distances, i, neighbours);
    const auto k = static_cast<Eigen::Index>(near.size());
    Eigen::MatrixXd gram(k, k);
    for (Eigen::Index a = 0; a < k; ++a)
      for (Eigen::Index b = 0; b < k; ++b) {
        const double to_a = distances(i, near[static_cast<size_t>(a)]);
        const double to_b = distances(i, near[static_cast<size_t>(b)]);
        const double between =
            distances(near[static_cast<size_t>(a)], near[static_cast<size_t>(b)]);
        gram(a, b) = 0.5 * (to_a * to_a + to_b * to_b - between * between);
      }
    const double trace = gram.trace();
    gram.diagonal().array() += trace > 0.0 ? regularization * trace : regularization;
    Eigen::VectorXd weights = gram.ldlt().solve(Eigen::VectorXd::Ones(k));
    // A distance that is far from Euclidean can make the local Gram matrix indefinite and the
    // weights' sum vanish: no reconstruction to normalise.
    const double total = weights.sum();
    if (!std::isfinite(total) || std::abs(total) < 1e-12 * weights.cwiseAbs().sum())
      throw InputError("", fmt::format("lle: the weights rebuilding row {} from its {} nearest "
                                       "rows do not sum to a usable value (is the distance far "
                                       "from Euclidean?); use from: features or another view",
                                       i, k));
    weights /= total;
    for (Eigen::Index a = 0; a < k; ++a) residual(i, near[static_cast<size_t>(a)]) -= weights[a];
  }
  throw_if_interrupted();
  Eigen::MatrixXd embedding = smallest_after_first(residual.transpose() * residual, dimensions);
  sign_by_largest_entry(embedding);
  return embedding;
}

}  // namespace tsfs
