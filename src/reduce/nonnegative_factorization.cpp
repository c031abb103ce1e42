#include "reduce/nonnegative_factorization.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include "numerics/decompositions.hpp"

#include "numerics/standard_normal.hpp"

namespace tsfs {
namespace {

// One sweep over the columns of `w` (scikit-learn's _update_cdnmf_fast with an identity
// permutation): w_it <- max(0, w_it - g_it / (H H^T)_tt), g = W (H H^T) - X H^T, using the
// entries of w already updated. Returns the summed |projected gradient|.
double update_factor(const Eigen::MatrixXd& x, Eigen::MatrixXd& w, const Eigen::MatrixXd& h) {
  const Eigen::MatrixXd hht = h * h.transpose();
  const Eigen::MatrixXd xht = x * h.transpose();
  double violation = 0.0;
  for (Eigen::Index t = 0; t < w.cols(); ++t) {
    const double hessian = hht(t, t);
    for (Eigen::Index i = 0; i < w.rows(); ++i) {
      double gradient = -xht(i, t);
      for (Eigen::Index r = 0; r < w.cols(); ++r) gradient += hht(t, r) * w(i, r);
      const double projected = w(i, t) == 0.0 ? std::min(0.0, gradient) : gradient;
      violation += std::abs(projected);
      if (hessian != 0.0) w(i, t) = std::max(w(i, t) - gradient / hessian, 0.0);
    }
  }
  return violation;
}

}  // namespace

Factorization nndsvda_start(const Eigen::MatrixXd& x, Eigen::Index components) {
  const ThinSvd svd = thin_svd(x, SvdFactors::u_and_v);
  const Eigen::MatrixXd& u = svd.u;
  const Eigen::MatrixXd& v = svd.v;
  const Eigen::VectorXd& s = svd.singular_values;
  Factorization start{Eigen::MatrixXd::Zero(x.rows(), components),
                      Eigen::MatrixXd::Zero(components, x.cols()), 0};
  // The leading triplet of a non-negative matrix is non-negative up to a common sign.
  start.w.col(0) = std::sqrt(s(0)) * u.col(0).cwiseAbs();
  start.h.row(0) = std::sqrt(s(0)) * v.col(0).cwiseAbs().transpose();
  for (Eigen::Index j = 1; j < components; ++j) {
    const Eigen::VectorXd x_positive = u.col(j).cwiseMax(0.0), y_positive = v.col(j).cwiseMax(0.0);
    const Eigen::VectorXd x_negative = (-u.col(j)).cwiseMax(0.0);
    const Eigen::VectorXd y_negative = (-v.col(j)).cwiseMax(0.0);
    const double positive = x_positive.norm() * y_positive.norm();
    const double negative = x_negative.norm() * y_negative.norm();
    const bool use_positive = positive > negative;
    const Eigen::VectorXd& left = use_positive ? x_positive : x_negative;
    const Eigen::VectorXd& right = use_positive ? y_positive : y_negative;
    const double scale = std::sqrt(s(j) * (use_positive ? positive : negative));
    start.w.col(j) = scale * left / left.norm();
    start.h.row(j) = (scale * right / right.norm()).transpose();
  }
  const double mean = x.mean();
  start.w = (start.w.array() < 1e-6).select(mean, start.w);
  start.h = (start.h.array() < 1e-6).select(mean, start.h);
  return start;
}

Factorization random_start(const Eigen::MatrixXd& x, Eigen::Index components, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  const double scale = std::sqrt(x.mean() / static_cast<double>(components));
  Factorization start{Eigen::MatrixXd(x.rows(), components), Eigen::MatrixXd(components, x.cols()),
                      0};
  // H first, then W, as scikit-learn draws them.
  for (Eigen::Index r = 0; r < start.h.rows(); ++r)
    for (Eigen::Index c = 0; c < start.h.cols(); ++c)
      start.h(r, c) = scale * std::abs(standard_normal(generator));
  for (Eigen::Index r = 0; r < start.w.rows(); ++r)
    for (Eigen::Index c = 0; c < start.w.cols(); ++c)
      start.w(r, c) = scale * std::abs(standard_normal(generator));
  return start;
}

void coordinate_descent(const Eigen::MatrixXd& x, Factorization& factors, bool update_h,
                        int max_iterations, double tolerance) {
  // H is updated through its transpose, as W on X^T.
  Eigen::MatrixXd ht = factors.h.transpose();
  const Eigen::MatrixXd xt = x.transpose();
  double first_violation = 0.0;
  int iteration = 1;
  for (; iteration <= max_iterations; ++iteration) {
    double violation = update_factor(x, factors.w, ht.transpose());
    if (update_h) violation += update_factor(xt, ht, factors.w.transpose());
    if (iteration == 1) first_violation = violation;
    if (first_violation == 0.0 || violation / first_violation <= tolerance) break;
  }
  factors.h = ht.transpose();
  factors.iterations = std::min(iteration, max_iterations);
}

namespace {

// scikit-learn's EPSILON (np.finfo(np.float32).eps): what a zero denominator becomes.
constexpr double kZeroDenominator = 1.1920928955078125e-07;

// factor <- factor * numerator / denominator, entrywise, a zero denominator replaced.
void multiply_by_ratio(Eigen::MatrixXd& factor, const Eigen::MatrixXd& numerator,
                       Eigen::MatrixXd denominator) {
  denominator = (denominator.array() == 0.0).select(kZeroDenominator, denominator);
  factor.array() *= numerator.array() / denominator.array();
}

}  // namespace

void multiplicative_updates(const Eigen::MatrixXd& x, Factorization& factors, bool update_h,
                            int max_iterations, double tolerance) {
  const double start_error = reconstruction_error(x, factors);
  double previous_error = start_error;
  // With H fixed, X H' and H H' do not change between iterations.
  Eigen::MatrixXd x_ht = x * factors.h.transpose();
  Eigen::MatrixXd h_ht = factors.h * factors.h.transpose();
  int iteration = 1;
  for (; iteration <= max_iterations; ++iteration) {
    multiply_by_ratio(factors.w, x_ht, factors.w * h_ht);
    if (update_h) {
      // numpy's multi_dot takes (W' W) H, the cheaper order for few components.
      multiply_by_ratio(factors.h, factors.w.transpose() * x,
                        (factors.w.transpose() * factors.w) * factors.h);
      x_ht = x * factors.h.transpose();
      h_ht = factors.h * factors.h.transpose();
    }
    if (iteration % 10 == 0) {
      const double error = reconstruction_error(x, factors);
      if ((previous_error - error) / start_error < tolerance) break;
      previous_error = error;
    }
  }
  factors.iterations = std::min(iteration, max_iterations);
}

Eigen::MatrixXd multiplicative_transform_start(const Eigen::MatrixXd& x, Eigen::Index components) {
  return Eigen::MatrixXd::Constant(x.rows(), components,
                                   std::sqrt(x.mean() / static_cast<double>(components)));
}

double reconstruction_error(const Eigen::MatrixXd& x, const Factorization& factors) {
  return (x - factors.w * factors.h).norm();
}

}  // namespace tsfs
