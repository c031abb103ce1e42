#pragma once
// The spec's features of one dataset as the feature-based dataset views see them: the run's
// cached matrix when the spec's cache holds a verified one, else extracted by every extractor of
// the spec; the columns with a NaN or constant over the rows left out, the rest
// z-scored (population standard deviation). Shared by the embeddings' `from: features` and the
// PCA views.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "data/dataset.hpp"

namespace tsfs {

struct StandardizedFeatures {
  Eigen::MatrixXd values;          // rows x usable columns, z-scored
  std::vector<std::string> names;  // of the usable columns
};

StandardizedFeatures standardized_features(const Spec& spec, const Dataset& data);

}  // namespace tsfs
