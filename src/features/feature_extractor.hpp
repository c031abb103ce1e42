#pragma once
// Feature extraction stage: a dataset -> one row of features per series. Extractors are
// registered by name (`features: {extractor: NAME, ...}` in a spec).
#include <Eigen/Core>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/params.hpp"
#include "common/registry.hpp"
#include "data/dataset.hpp"

namespace tsfs {

struct FeatureMatrix {
  std::vector<std::string> names;  // one per column
  Eigen::MatrixXd values;          // rows = series in dataset order
};

class FeatureExtractor {
 public:
  virtual ~FeatureExtractor() = default;
  virtual FeatureMatrix extract(const Dataset& dataset, int threads) const = 0;
  // Whether results may be cached on disk (false when reading a file is as cheap as the cache).
  virtual bool cacheable() const { return true; }
};

struct ExtractorRegistration {
  ComponentInfo info;
  // The extractor of one complete parameter set, configured once when the spec is loaded.
  std::function<Configured<FeatureExtractor>(const ParamSet&)> configure;
};
using ExtractorRegistry = Registry<ExtractorRegistration>;

// The columns of several extractors side by side, in the order given (`features: {extractor:
// [tsfel, catch22]}`), so a study selects from their union. A name that more than one part
// produces is prefixed with its part's label ("catch22:DN_Mean"): names stay unique.
FeatureMatrix concatenate_features(
    const std::vector<std::pair<std::string, FeatureMatrix>>& labelled_parts);

}  // namespace tsfs
