#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "common/interrupt.hpp"
#include "embed/embedding.hpp"
#include "numerics/standard_normal.hpp"

namespace tsfs {
namespace {

constexpr double kMachineEpsilon = std::numeric_limits<double>::epsilon();
constexpr double kEarlyExaggeration = 12.0;
constexpr int kExplorationIterations = 250;

// scikit-learn's _binary_search_perplexity for one row: beta of the Gaussian such that the row's
// conditional distribution has entropy log(perplexity).
Eigen::RowVectorXd conditional_row(const Eigen::MatrixXd& squared, Eigen::Index i,
                                   double perplexity) {
  Eigen::RowVectorXd row(squared.cols());
  const double desired_entropy = std::log(perplexity);
  double beta = 1.0, beta_min = -std::numeric_limits<double>::infinity();
  double beta_max = std::numeric_limits<double>::infinity();
  for (int step = 0; step < 100; ++step) {
    double sum = 0.0;
    for (Eigen::Index j = 0; j < squared.cols(); ++j) {
      row(j) =
          j == i ? 0.0 : std::exp(-static_cast<double>(static_cast<float>(squared(i, j))) * beta);
      sum += row(j);
    }
    if (sum == 0.0) sum = 1e-8;
    double weighted = 0.0;
    for (Eigen::Index j = 0; j < squared.cols(); ++j) {
      row(j) /= sum;
      weighted += static_cast<double>(static_cast<float>(squared(i, j))) * row(j);
    }
    const double difference = std::log(sum) + beta * weighted - desired_entropy;
    if (std::abs(difference) <= 1e-5) break;
    if (difference > 0.0) {
      beta_min = beta;
      beta = std::isinf(beta_max) ? beta * 2.0 : (beta + beta_max) / 2.0;
    } else {
      beta_max = beta;
      beta = std::isinf(beta_min) ? beta / 2.0 : (beta + beta_min) / 2.0;
    }
  }
  return row;
}

// One phase of the optimisation: iterations [first, last) of scikit-learn's _gradient_descent,
// stopping after `without_progress` iterations without a lower error.
struct DescentPhase {
  int first = 0;
  int last = 0;
  double momentum = 0.0;
  double learning_rate = 0.0;
  int without_progress = 0;
};

// One run of scikit-learn's _gradient_descent from `embedding` (updated in place).
void gradient_descent(const Eigen::MatrixXd& p, Eigen::MatrixXd& embedding,
                      const DescentPhase& phase) {
  const auto [first, last, momentum, learning_rate, without_progress] = phase;
  Eigen::MatrixXd update = Eigen::MatrixXd::Zero(embedding.rows(), embedding.cols());
  Eigen::MatrixXd gains = Eigen::MatrixXd::Ones(embedding.rows(), embedding.cols());
  Eigen::MatrixXd gradient;
  double best_error = std::numeric_limits<double>::max();
  int best_iteration = first;
  for (int i = first; i < last; ++i) {
    throw_if_interrupted();  // thousands of O(n^2) steps: Ctrl-C is honoured between two
    const double error = tsne_kl_divergence(p, embedding, &gradient);
    const auto increase = (update.array() * gradient.array() < 0.0);
    gains = increase.select(gains.array() + 0.2, gains.array() * 0.8).max(0.01).matrix();
    gradient.array() *= gains.array();
    update = momentum * update - learning_rate * gradient;
    embedding += update;
    if ((i + 1) % 50 != 0) continue;
    if (error < best_error) {
      best_error = error;
      best_iteration = i;
    } else if (i - best_iteration > without_progress) {
      break;
    }
    if (gradient.norm() <= 1e-7) break;
  }
}

}  // namespace

Eigen::MatrixXd tsne_joint_probabilities(const Eigen::MatrixXd& squared_distances,
                                         double perplexity) {
  const Eigen::Index n = squared_distances.rows();
  Eigen::MatrixXd conditional(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    conditional.row(i) = conditional_row(squared_distances, i, perplexity);
  Eigen::MatrixXd joint = conditional + conditional.transpose();
  const double total = std::max(joint.sum(), kMachineEpsilon);
  joint = (joint / total).cwiseMax(kMachineEpsilon);
  joint.diagonal().setZero();
  return joint;
}

double tsne_kl_divergence(const Eigen::MatrixXd& joint_probabilities,
                          const Eigen::MatrixXd& embedding, Eigen::MatrixXd* gradient) {
  const Eigen::Index n = embedding.rows();
  // Student-t kernel (1 degree of freedom): w_ij = 1 / (1 + ||y_i - y_j||^2).
  Eigen::MatrixXd kernel(n, n);
  double total = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    kernel(i, i) = 0.0;
    for (Eigen::Index j = i + 1; j < n; ++j) {
      kernel(i, j) = kernel(j, i) =
          1.0 / (1.0 + (embedding.row(i) - embedding.row(j)).squaredNorm());
      total += 2.0 * kernel(i, j);
    }
  }
  double divergence = 0.0;
  Eigen::MatrixXd weights(n, n);  // (P - Q) w, the gradient's pair weights
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) {
      if (i == j) {
        weights(i, j) = 0.0;
        continue;
      }
      const double q = std::max(kernel(i, j) / total, kMachineEpsilon);
      const double p = joint_probabilities(i, j);
      divergence += p * std::log(std::max(p, kMachineEpsilon) / q);
      weights(i, j) = (p - q) * kernel(i, j);
    }
  if (gradient != nullptr) {
    // 2 (dof + 1) / dof = 4: grad_i = 4 sum_j (p_ij - q_ij) w_ij (y_i - y_j).
    *gradient = 4.0 * (weights.rowwise().sum().asDiagonal() * embedding - weights * embedding);
  }
  return divergence;
}

Eigen::MatrixXd tsne(const Eigen::MatrixXd& squared_distances, const TsneOptions& options) {
  const Eigen::Index n = squared_distances.rows();
  Eigen::MatrixXd p = tsne_joint_probabilities(squared_distances, options.perplexity);
  std::mt19937_64 generator(options.seed);
  Eigen::MatrixXd embedding(n, options.dimensions);
  for (Eigen::Index r = 0; r < n; ++r)
    for (Eigen::Index c = 0; c < embedding.cols(); ++c)
      embedding(r, c) = 1e-4 * standard_normal(generator);
  const double learning_rate =
      options.learning_rate > 0.0
          ? options.learning_rate
          : std::max(static_cast<double>(n) / kEarlyExaggeration / 4.0, 50.0);
  p *= kEarlyExaggeration;
  gradient_descent(p, embedding,
                   {.first = 0,
                    .last = kExplorationIterations,
                    .momentum = 0.5,
                    .learning_rate = learning_rate,
                    .without_progress = kExplorationIterations});
  p /= kEarlyExaggeration;
  gradient_descent(p, embedding,
                   {.first = kExplorationIterations,
                    .last = options.iterations,
                    .momentum = 0.8,
                    .learning_rate = learning_rate,
                    .without_progress = 300});
  return embedding;
}

}  // namespace tsfs
