#pragma once
// A component configured outside a spec (tests, benchmarks, bindings): the component, or an
// InputError naming `what` with the problem that prevents it.
#include <memory>
#include <string>

#include "common/error.hpp"
#include "common/params.hpp"

namespace tsfs {

template <typename Component>
std::shared_ptr<const Component> component_or_throw(const Configured<Component>& configured,
                                                    const std::string& what) {
  if (const auto& problem = configured.problem()) throw InputError(what, problem->message);
  return configured.component();
}

}  // namespace tsfs
