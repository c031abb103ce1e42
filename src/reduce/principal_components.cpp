#include "reduce/principal_components.hpp"

#include <algorithm>
#include <cmath>
#include "numerics/decompositions.hpp"

namespace tsfs {
namespace {

// Thin SVD of `centred`; V's columns get the sign that makes the largest |U_ki| of the matching
// column of U positive (scikit-learn's svd_flip with u_based_decision=True), so that directions
// do not depend on the SVD routine's arbitrary signs.
ThinSvd signed_svd(const Eigen::MatrixXd& matrix) {
  ThinSvd result = thin_svd(matrix, SvdFactors::u_and_v);
  for (Eigen::Index k = 0; k < result.u.cols(); ++k) {
    Eigen::Index largest = 0;
    result.u.col(k).cwiseAbs().maxCoeff(&largest);
    if (result.u(largest, k) < 0) {
      result.u.col(k) *= -1.0;
      result.v.col(k) *= -1.0;
    }
  }
  return result;
}

}  // namespace

PrincipalComponents principal_components(const Eigen::MatrixXd& rows) {
  PrincipalComponents result;
  result.mean = rows.colwise().mean();
  const ThinSvd svd = signed_svd(rows.rowwise() - result.mean);
  result.directions = svd.v;
  result.singular_values = svd.singular_values;
  result.explained_variance_ratio = energy_shares(svd.singular_values);
  return result;
}

PrincipalComponents truncated_svd(const Eigen::MatrixXd& rows) {
  PrincipalComponents result;
  result.mean = Eigen::RowVectorXd::Zero(rows.cols());
  const ThinSvd svd = signed_svd(rows);
  result.directions = svd.v;
  result.singular_values = svd.singular_values;
  const auto population_variances = [](const Eigen::MatrixXd& columns) {
    const Eigen::MatrixXd centred = columns.rowwise() - columns.colwise().mean();
    return Eigen::VectorXd(centred.colwise().squaredNorm().transpose() /
                           static_cast<double>(columns.rows()));
  };
  // X V_i = U_i s_i: the projections' variances over the columns' total variance.
  const Eigen::MatrixXd projected = svd.u * svd.singular_values.asDiagonal();
  result.explained_variance_ratio =
      population_variances(projected) / population_variances(rows).sum();
  return result;
}

long long components_reaching(const Eigen::VectorXd& ratios, double energy) {
  long long within = 0;
  double cumulative = 0.0;
  for (Eigen::Index i = 0; i < ratios.size(); ++i) {
    cumulative += ratios(i);
    if (cumulative <= energy) ++within;
  }
  return std::min<long long>(within + 1, ratios.size());
}

Eigen::VectorXd energy_shares(const Eigen::VectorXd& singular_values) {
  const Eigen::VectorXd squares = singular_values.array().square();
  return squares / squares.sum();
}

double dropped_energy_norm(const Eigen::VectorXd& singular_values, Eigen::Index kept) {
  return std::sqrt(singular_values.tail(singular_values.size() - kept).squaredNorm());
}

}  // namespace tsfs
