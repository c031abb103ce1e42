#pragma once
// Component parameters from Python: keyword arguments become the YAML map a spec entry would
// hold, read by the spec loader (config/component_params.hpp), so a Python call checks and
// completes them exactly as a spec does and fails with the same messages.
#include <pybind11/pybind11.h>
#include <yaml-cpp/yaml.h>

#include <string>

#include "common/params.hpp"

namespace tsfs::python {

namespace py = pybind11;

// A Python value as a YAML node: None -> `none` (an optional number's "no value"), bool (or
// numpy.bool_) -> true/false, int -> its digits, float -> its shortest round-trip text, str as is,
// a list or tuple -> a sequence of those; anything else is a TypeError naming `what`.
YAML::Node yaml_value(const py::handle& value, const std::string& what);

// The registration named `kind` and the complete parameter set of `params` (a dict, or None).
// A value of a Python type its parameter does not take raises TypeError naming the parameter: a
// number parameter takes an int or float (numpy's too; an integer one no float), an optional one
// also None or "none", a boolean one a bool; a text parameter takes any scalar, as in a spec.
template <typename Registration>
struct Chosen {
  const Registration* registration;
  ParamSet params;
};

template <typename Registration>
Chosen<Registration> choose(const std::string& kind, const py::handle& params,
                            const std::string& what);

// A ParamValue as a Python value (None for `none`).
py::object python_value(const ParamValue& value);

}  // namespace tsfs::python
