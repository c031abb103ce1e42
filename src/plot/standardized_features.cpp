#include "plot/standardized_features.hpp"

#include <utility>

#include "cache/artefacts.hpp"
#include "common/parallel.hpp"

namespace tsfs {

StandardizedFeatures standardized_features(const Spec& spec, const Dataset& data) {
  const FeatureMatrix features =
      feature_matrix(data, spec.extractors, spec.cache, default_threads());
  std::vector<Eigen::Index> usable;
  StandardizedFeatures result;
  for (Eigen::Index c = 0; c < features.values.cols(); ++c) {
    const auto column = features.values.col(c);
    if (column.allFinite() && column.maxCoeff() > column.minCoeff()) {
      usable.push_back(c);
      result.names.push_back(features.names[static_cast<size_t>(c)]);
    }
  }
  Eigen::MatrixXd z = features.values(Eigen::all, usable);
  z = z.rowwise() - z.colwise().mean();
  z.array().rowwise() /=
      (z.colwise().squaredNorm() / static_cast<double>(z.rows())).cwiseSqrt().array();
  result.values = std::move(z);
  return result;
}

}  // namespace tsfs
