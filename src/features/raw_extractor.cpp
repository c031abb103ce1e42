// "raw": the series values themselves are the features, one per time step. The baseline that
// every other extractor is compared against.
#include <fmt/format.h>

#include <memory>
#include <string>

#include "features/feature_extractor.hpp"

namespace tsfs {
namespace {

class RawExtractor final : public FeatureExtractor {
 public:
  FeatureMatrix extract(const Dataset& dataset, int /*threads*/) const override {
    FeatureMatrix features;
    features.names.reserve(static_cast<size_t>(dataset.values.cols()));
    for (Eigen::Index step = 0; step < dataset.values.cols(); ++step)
      features.names.push_back(fmt::format("t{}", step));
    // NaN padding of shorter series stays NaN: only the selector can tell whether a time step
    // that some series lack is worth keeping.
    features.values = dataset.values;
    return features;
  }
};

ExtractorRegistration raw_registration() {
  ExtractorRegistration registration;
  registration.info.name = "raw";
  registration.info.doc = "The series values as features: column tK is the value at time step K.";
  registration.configure = configured_by_factory<FeatureExtractor>(
      [](const ParamSet&) { return std::make_unique<RawExtractor>(); });
  return registration;
}

const Registrar<ExtractorRegistration> kRegisterRaw{raw_registration()};

}  // namespace
}  // namespace tsfs
