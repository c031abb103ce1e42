#include "reduce/partial_least_squares.hpp"

#include <Eigen/QR>
#include <cmath>
#include <limits>
#include <optional>

namespace tsfs {
namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

struct Scaled {
  Eigen::MatrixXd values;
  Eigen::RowVectorXd mean, std_dev;
};

// Centred, divided by the sample standard deviation (ddof 1; 1 where it is 0).
Scaled centre_and_scale(const Eigen::MatrixXd& block) {
  Scaled scaled;
  scaled.mean = block.colwise().mean();
  scaled.values = block.rowwise() - scaled.mean;
  scaled.std_dev =
      (scaled.values.colwise().squaredNorm() / static_cast<double>(block.rows() - 1)).cwiseSqrt();
  for (Eigen::Index c = 0; c < scaled.std_dev.size(); ++c)
    if (scaled.std_dev(c) == 0.0) scaled.std_dev(c) = 1.0;
  scaled.values.array().rowwise() /= scaled.std_dev.array();
  return scaled;
}

struct SingularPair {
  Eigen::VectorXd x_weights, y_weights;
  int iterations = 0;
};

// scikit-learn's _get_first_singular_vectors_power_method, mode A, y weights not normalised.
// nullopt when every column of y is (about) zero: nothing left to explain.
std::optional<SingularPair> first_singular_vectors(const Eigen::MatrixXd& x,
                                                   const Eigen::MatrixXd& y, int max_iterations,
                                                   double tolerance) {
  Eigen::Index start = 0;
  while (start < y.cols() && !(y.col(start).cwiseAbs().array() > kEpsilon).any()) ++start;
  if (start == y.cols()) return std::nullopt;
  Eigen::VectorXd y_score = y.col(start);
  SingularPair pair;
  std::optional<Eigen::VectorXd> previous;
  for (int i = 0; i < max_iterations; ++i) {
    pair.x_weights = x.transpose() * y_score / y_score.dot(y_score);
    pair.x_weights /= std::sqrt(pair.x_weights.dot(pair.x_weights)) + kEpsilon;
    const Eigen::VectorXd x_score = x * pair.x_weights;
    pair.y_weights = y.transpose() * x_score / x_score.dot(x_score);
    y_score = y * pair.y_weights / (pair.y_weights.dot(pair.y_weights) + kEpsilon);
    pair.iterations = i + 1;
    // scikit-learn's first difference is against the scalar 100 (its initial x_weights_old).
    const Eigen::VectorXd difference = previous ? Eigen::VectorXd(pair.x_weights - *previous)
                                                : Eigen::VectorXd(pair.x_weights.array() - 100.0);
    if (difference.dot(difference) < tolerance || y.cols() == 1) break;
    previous = pair.x_weights;
  }
  return pair;
}

}  // namespace

Eigen::MatrixXd PartialLeastSquares::indicators(const Eigen::VectorXi& labels, int classes) {
  if (classes == 2) return (labels.array() == 1).cast<double>().matrix();
  Eigen::MatrixXd result = Eigen::MatrixXd::Zero(labels.size(), classes);
  for (Eigen::Index r = 0; r < labels.size(); ++r) result(r, labels(r)) = 1.0;
  return result;
}

PartialLeastSquares partial_least_squares(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y,
                                          Eigen::Index components, int max_iterations,
                                          double tolerance) {
  Scaled x_block = centre_and_scale(x);
  Scaled y_block = centre_and_scale(y);
  Eigen::MatrixXd& xk = x_block.values;
  Eigen::MatrixXd& yk = y_block.values;
  const Eigen::Index features = x.cols();
  Eigen::MatrixXd x_weights(features, components), x_loadings(features, components);
  Eigen::VectorXi iterations(components);
  Eigen::Index fitted = 0;
  for (; fitted < components; ++fitted) {
    // Columns of the residual responses that are all (about) zero are set to exactly zero.
    for (Eigen::Index c = 0; c < yk.cols(); ++c)
      if ((yk.col(c).cwiseAbs().array() < 10.0 * kEpsilon).all()) yk.col(c).setZero();
    std::optional<SingularPair> pair = first_singular_vectors(xk, yk, max_iterations, tolerance);
    if (!pair) break;
    Eigen::Index largest = 0;
    pair->x_weights.cwiseAbs().maxCoeff(&largest);
    if (pair->x_weights(largest) < 0) {  // scikit-learn's _svd_flip_1d
      pair->x_weights *= -1.0;
      pair->y_weights *= -1.0;
    }
    const Eigen::VectorXd x_scores = xk * pair->x_weights;
    const double norm = x_scores.dot(x_scores);
    const Eigen::RowVectorXd loadings = x_scores.transpose() * xk / norm;
    xk -= x_scores * loadings;
    yk -= x_scores * (x_scores.transpose() * yk / norm);
    x_weights.col(fitted) = pair->x_weights;
    x_loadings.col(fitted) = loadings.transpose();
    iterations(fitted) = pair->iterations;
  }
  PartialLeastSquares model;
  model.x_mean = x_block.mean;
  model.x_std = x_block.std_dev;
  const auto weights = x_weights.leftCols(fitted);
  // x_rotations = W (P^T W)^+ (scikit-learn's pinv2 of a small square matrix).
  model.x_rotations = weights * (x_loadings.leftCols(fitted).transpose() * weights)
                                    .completeOrthogonalDecomposition()
                                    .pseudoInverse();
  model.iterations = iterations.head(fitted);
  return model;
}

Eigen::MatrixXd pls_scores(const PartialLeastSquares& model, const Eigen::MatrixXd& rows) {
  return ((rows.rowwise() - model.x_mean).array().rowwise() / model.x_std.array()).matrix() *
         model.x_rotations;
}

}  // namespace tsfs
