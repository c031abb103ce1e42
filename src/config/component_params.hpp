#pragma once
// One component chosen outside a spec file (the Python bindings): its registration found by name
// and its parameters read from a YAML map by the spec loader's own code, so types, choices,
// ranges, presets, defaults, combination checks and "did you mean" are those of a spec, with the
// same messages. `origin` stands where a spec error names its file:line:col.
#include <yaml-cpp/yaml.h>

#include <string>

#include "common/params.hpp"

namespace tsfs {

// Throws InputError(origin, "unknown <what> '<kind>' (did you mean '...'?); known: ...").
// Instantiated for the extractor, distance, selector and classifier registrations.
template <typename Registration>
const Registration& find_registration(const std::string& kind, const std::string& what,
                                      const std::string& origin);

// `params` maps parameter names to single values (a scalar, or a list for a list parameter);
// undefined or null means none given. Throws InputError(origin, ...) for an unknown parameter,
// a bad value, a missing required one or a refused combination.
ParamSet read_component_params(const YAML::Node& params, const ComponentInfo& info,
                               const std::string& what, const std::string& origin);

}  // namespace tsfs
