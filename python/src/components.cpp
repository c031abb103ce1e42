// The registries as data: what `runner list` prints (cli/component_list.cpp), as Python lists of
// dicts, read from the same ComponentInfo declarations.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "classify/classifier.hpp"
#include "cli/component_list.hpp"
#include "config/plot_kind.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "params.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs::python {
namespace {

py::list parameters(const ComponentInfo& info) {
  py::list result;
  for (const ParamDeclaration& declaration : info.params) {
    py::dict param;
    param["name"] = declaration.name;
    param["type"] = type_name(declaration.type);
    param["required"] = !declaration.default_value.has_value();
    param["default"] =
        declaration.default_value ? python_value(*declaration.default_value) : py::none();
    param["choices"] = declaration.choices;
    param["check"] = declaration.check.description();
    param["sweepable"] = declaration.sweepable;
    param["doc"] = declaration.doc;
    result.append(param);
  }
  return result;
}

template <typename Registration, typename Extra>
py::list components(const std::string& kind, Extra extra) {
  py::list result;
  const auto& registry = Registry<Registration>::instance();
  for (const std::string& name : registry.names()) {
    const Registration& registration = *registry.find(name);
    py::dict component;
    component["kind"] = kind;
    component["name"] = name;
    component["doc"] = registration.info.doc;
    component["params"] = parameters(registration.info);
    extra(registration, component);
    result.append(component);
  }
  return result;
}

py::list all_components() {
  const auto nothing = [](const auto&, py::dict&) {};
  py::list result;
  for (const auto& item : components<ExtractorRegistration>("extractor", nothing))
    result.append(item);
  for (const auto& item : components<DistanceRegistration>("distance", nothing))
    result.append(item);
  for (const auto& item : components<SelectorRegistration>(
           "selector", [](const SelectorRegistration&registration, py::dict&component) {
             component["supervised"] = registration.supervised;
             component["uses_distance"] = registration.uses_distance;
             component["uses_classifier"] = registration.uses_classifier;
           }))
    result.append(item);
  for (const auto& item : components<ReducerRegistration>("reducer", nothing)) result.append(item);
  for (const auto& item : components<ClassifierRegistration>(
           "classifier", [](const ClassifierRegistration&registration, py::dict&component) {
             component["uses_distance"] = static_cast<bool>(registration.configure_from_distances);
           }))
    result.append(item);
  for (const auto& item : components<PlotRegistration>("plot", nothing)) result.append(item);
  return result;
}

}  // namespace

void bind_components(py::module_& module) {
  module.def("components", &all_components);
  module.def("component_list", [] { return component_list(); });
}

}  // namespace tsfs::python
