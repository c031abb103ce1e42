#pragma once
#include <string>

#include "config/spec.hpp"

namespace tsfs {

// The spec as it will run: overrides applied, presets and defaults filled in, every swept
// parameter listed with its distinct values in grid order. Written as spec.resolved.yaml.
std::string resolved_yaml(const Spec& spec);

}  // namespace tsfs
