#include "reduce/linear_discriminant.hpp"

#include <cmath>
#include <stdexcept>
#include "numerics/decompositions.hpp"

namespace tsfs {

LinearDiscriminant linear_discriminant(const Eigen::MatrixXd& rows, const Eigen::VectorXi& labels,
                                       int classes, double tolerance) {
  const Eigen::Index n = rows.rows(), features = rows.cols();
  Eigen::MatrixXd means = Eigen::MatrixXd::Zero(classes, features);
  Eigen::VectorXd counts = Eigen::VectorXd::Zero(classes);
  for (Eigen::Index r = 0; r < n; ++r) {
    means.row(labels(r)) += rows.row(r);
    counts(labels(r)) += 1.0;
  }
  if ((counts.array() == 0.0).any())
    throw std::invalid_argument("linear_discriminant: every class needs a row");
  means.array().colwise() /= counts.array();
  const Eigen::VectorXd priors = counts / static_cast<double>(n);
  LinearDiscriminant model;
  model.overall_mean = priors.transpose() * means;

  // 1) Within-class scaling: the class-centred rows, each column divided by its std (1 if 0).
  Eigen::MatrixXd centred(n, features);
  for (Eigen::Index r = 0; r < n; ++r) centred.row(r) = rows.row(r) - means.row(labels(r));
  Eigen::RowVectorXd std_dev =
      ((centred.rowwise() - centred.colwise().mean()).colwise().squaredNorm() /
       static_cast<double>(n))
          .cwiseSqrt();
  for (Eigen::Index c = 0; c < features; ++c)
    if (std_dev(c) == 0.0) std_dev(c) = 1.0;
  // 2) Within variance: an SVD of the scaled rows whitens the pooled within-class covariance.
  const double within_factor = std::sqrt(1.0 / static_cast<double>(n - classes));
  const ThinSvd within = thin_svd(
      (centred.array().rowwise() / std_dev.array()).matrix() * within_factor, SvdFactors::v);
  Eigen::Index rank = (within.singular_values.array() > tolerance).count();
  const Eigen::MatrixXd whitening =
      (within.v.leftCols(rank).array().colwise() / std_dev.transpose().array()).matrix() *
      within.singular_values.head(rank).cwiseInverse().asDiagonal();
  // 3) Between variance: the class means, weighted by sqrt(n x prior / (classes - 1)).
  const double between_factor = classes == 1 ? 1.0 : 1.0 / static_cast<double>(classes - 1);
  const Eigen::VectorXd weights = (static_cast<double>(n) * priors * between_factor).cwiseSqrt();
  const Eigen::MatrixXd weighted_means =
      weights.asDiagonal() * (means.rowwise() - model.overall_mean) * whitening;
  const ThinSvd between = thin_svd(weighted_means, SvdFactors::v);
  const Eigen::VectorXd& singular = between.singular_values;
  const Eigen::VectorXd squares = singular.array().square();
  const Eigen::Index max_components = std::min<Eigen::Index>(classes - 1, features);
  model.explained_variance_ratio = (squares / squares.sum()).head(max_components);
  rank = (singular.array() > tolerance * singular(0)).count();
  model.scalings = whitening * between.v.leftCols(rank);
  return model;
}

Eigen::MatrixXd discriminant_scores(const LinearDiscriminant& model, const Eigen::MatrixXd& rows,
                                    Eigen::Index components) {
  return (rows.rowwise() - model.overall_mean) * model.scalings.leftCols(components);
}

}  // namespace tsfs
