#pragma once
// Builds a registered classifier from its declared defaults plus overrides, as the spec loader
// would after validation (defaults fill whatever the spec leaves unset); and the bitwise
// comparison of doubles the SVC's libsvm tests use.
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "classify/classifier.hpp"

namespace tsfs::test_support {

inline ParamSet classifier_params(
    const std::string& kind,
    const std::vector<std::pair<std::string, ParamValue>>& overrides = {}) {
  const ClassifierRegistration* registration = ClassifierRegistry::instance().find(kind);
  if (registration == nullptr) throw std::logic_error("classifier not registered: " + kind);
  ParamSet params;
  for (const ParamDeclaration& spec : registration->info.params)
    if (spec.default_value) params.set(spec.name, *spec.default_value);
  for (const auto& [name, value] : overrides) params.set(name, value);
  return params;
}

inline std::shared_ptr<const Classifier> make_classifier(
    const std::string& kind,
    const std::vector<std::pair<std::string, ParamValue>>& overrides = {}) {
  return configure_classifier(*ClassifierRegistry::instance().find(kind),
                              classifier_params(kind, overrides));
}

// Whether a and b are the same double, bit for bit (0.0 and -0.0 differ; a NaN equals itself).
inline bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace tsfs::test_support
