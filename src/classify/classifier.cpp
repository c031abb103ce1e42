#include "classify/classifier.hpp"

#include "common/configured.hpp"

namespace tsfs {

std::shared_ptr<const Classifier> configure_classifier(const ClassifierRegistration& registration,
                                                       const ParamSet& params) {
  return component_or_throw(registration.configure(params), "classifier " + registration.info.name);
}

}  // namespace tsfs
