#include "classify/classifier.hpp"

#include "common/error.hpp"

namespace tsfs {

std::shared_ptr<const Classifier> configure_classifier(const ClassifierRegistration& registration,
                                                       const ParamSet& params) {
  Configured<Classifier> configured = registration.configure(params);
  if (const auto& problem = configured.problem())
    throw InputError("classifier " + registration.info.name, problem->message);
  return configured.component();
}

}  // namespace tsfs
