// "features": Euclidean distances between the fit rows' standardised feature vectors, the graph
// He, Cai & Niyogi (2005) build the Laplacian score on (their section 3: a nearest-neighbour graph
// of the data points x_i, the rows of the feature matrix), beside the series distances the study
// used. The matrix depends on the rows it is fitted on (their means and deviations), so it is
// computed per selector fit, never per dataset or cached.
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

#include "distance/distance.hpp"

namespace tsfs {
namespace {

// Column scales as scikit-learn's StandardScaler sets them (1.2, `_is_constant_feature`): the
// population standard deviation, or 1 where the variance is within the rounding error of its
// own computation (n eps var + (n mean eps)^2), so a constant column contributes nothing and a
// nearly constant one is not blown up from its rounding noise.
Eigen::RowVectorXd column_scales(const Eigen::MatrixXd& centred, const Eigen::RowVectorXd& means) {
  const auto rows = static_cast<double>(centred.rows());
  const double eps = std::numeric_limits<double>::epsilon();
  Eigen::RowVectorXd scales(centred.cols());
  for (Eigen::Index column = 0; column < centred.cols(); ++column) {
    const double variance = centred.col(column).squaredNorm() / rows;
    const double bound = rows * eps * variance + std::pow(rows * means(column) * eps, 2);
    scales(column) = variance <= bound ? 1.0 : std::sqrt(variance);
  }
  return scales;
}

class FeatureVectorDistance final : public DistanceMeasure {
 public:
  explicit FeatureVectorDistance(bool standardise) : standardise_(standardise) {}

  // Never asked: the plan computes no per-dataset matrix for a distance of feature vectors.
  Eigen::MatrixXd pairwise(const Dataset& dataset, int /*threads*/) const override {
    throw std::logic_error("distance 'features' has no matrix of dataset " + dataset.name +
                           "'s series; it is computed from each fit's feature vectors");
  }

  bool compares_feature_vectors() const override { return true; }

  // A direct sum of squared differences per pair (as euclidean: no |a|^2 + |b|^2 - 2ab
  // cancellation), in column order, so the same doubles for any caller.
  Eigen::MatrixXd feature_distances(const Eigen::MatrixXd& vectors) const override {
    Eigen::MatrixXd scaled = vectors;
    if (standardise_ && vectors.rows() > 0) {
      const Eigen::RowVectorXd means = vectors.colwise().mean();
      scaled.rowwise() -= means;
      scaled.array().rowwise() /= column_scales(scaled, means).array();
    }
    const Eigen::MatrixXd by_row = scaled.transpose();  // one contiguous column per row
    const Eigen::Index count = vectors.rows();
    Eigen::MatrixXd distances = Eigen::MatrixXd::Zero(count, count);
    for (Eigen::Index i = 0; i < count; ++i)
      for (Eigen::Index j = i + 1; j < count; ++j)
        distances(i, j) = distances(j, i) = (by_row.col(i) - by_row.col(j)).norm();
    return distances;
  }

  std::string label() const override { return standardise_ ? "features" : "features-raw"; }

  bool cacheable() const override { return false; }

 private:
  bool standardise_;
};

DistanceRegistration feature_vectors_registration() {
  ParamDeclaration standardise;
  standardise.name = "standardise";
  standardise.type = ParamType::boolean;
  standardise.default_value = true;
  standardise.doc =
      "scale each feature column to mean 0 and standard deviation 1 over the fit rows first "
      "(scikit-learn's StandardScaler), so that no feature dominates by its unit";
  standardise.sweepable = false;

  DistanceRegistration registration;
  registration.info.name = "features";
  registration.info.doc =
      "Euclidean distance between the fit rows' feature vectors (He et al. 2005's own graph), "
      "computed per selector fit from its rows and usable columns; for selectors that take a "
      "graph (a 1-NN on features is `classifier: {kind: knn, k: 1}`).";
  registration.info.params = {standardise};
  registration.configure = [](const ParamSet& params) -> Configured<DistanceMeasure> {
    return std::make_shared<const FeatureVectorDistance>(params.boolean("standardise"));
  };
  return registration;
}

const Registrar<DistanceRegistration> kRegisterFeatureVectors{feature_vectors_registration()};

}  // namespace
}  // namespace tsfs
