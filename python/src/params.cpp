#include "params.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "classify/classifier.hpp"
#include "config/component_params.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "select/selector.hpp"

namespace tsfs::python {
namespace {

// A bool or a numpy.bool_: the latter is no Python bool and has __index__, so it would pass for
// an integer.
bool is_boolean(const py::handle& value) {
  return py::isinstance<py::bool_>(value) ||
         py::isinstance(value, py::module_::import("numpy").attr("bool_"));
}

// Refuses a value whose Python type a number or boolean parameter does not take, as a TypeError
// naming the parameter (`what`). yaml_value writes every value as YAML text and the spec loader
// reads the text, so without this a str holding a number ("0.1") would pass, and True or 2.0 for
// an integer would be refused as values (ValueError), not as types. A text parameter takes any
// scalar, as a spec's YAML does (edr's epsilon, svc's gamma hold numbers).
void check_python_type(const py::handle& value, ParamType type, const std::string& what) {
  const bool boolean = is_boolean(value);
  const bool integer =
      !boolean && (py::isinstance<py::int_>(value) || py::hasattr(value, "__index__"));
  const bool number =
      integer ||
      (!boolean && (py::isinstance<py::float_>(value) || py::hasattr(value, "__float__")));
  // An optional number's "no value": None, or "none" as a spec writes it.
  const bool none =
      value.is_none() || (py::isinstance<py::str>(value) && value.cast<std::string>() == "none");
  bool fits = true;
  switch (type) {
    case ParamType::integer:
      fits = integer;
      break;
    case ParamType::optional_integer:
      fits = integer || none;
      break;
    case ParamType::real:
      fits = number;
      break;
    case ParamType::optional_real:
      fits = number || none;
      break;
    case ParamType::boolean:
      fits = boolean;
      break;
    case ParamType::text:
    case ParamType::text_list:
    case ParamType::any:
      break;
  }
  if (!fits)
    throw py::type_error(fmt::format("{}: expected {}, got {} {}", what, type_name(type),
                                     py::str(value.get_type().attr("__name__")).cast<std::string>(),
                                     py::repr(value).cast<std::string>()));
}

}  // namespace

YAML::Node yaml_value(const py::handle& handle, const std::string& what) {
  const auto value = py::reinterpret_borrow<py::object>(handle);
  if (value.is_none()) return YAML::Node("none");
  if (is_boolean(value)) return YAML::Node(value.cast<bool>() ? "true" : "false");
  // numpy scalars too (numpy.int64, numpy.float64): through their Python number.
  if (py::isinstance<py::int_>(value) || py::hasattr(value, "__index__"))
    return YAML::Node(py::str(py::int_(value)).cast<std::string>());
  if (py::isinstance<py::float_>(value) || py::hasattr(value, "__float__")) {
    // repr() is the shortest text that reads back as the same double, as the spec's YAML would.
    return YAML::Node(py::repr(py::float_(value)).cast<std::string>());
  }
  if (py::isinstance<py::str>(value)) return YAML::Node(value.cast<std::string>());
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    YAML::Node sequence(YAML::NodeType::Sequence);
    for (const auto& item : value) sequence.push_back(yaml_value(item, what));
    return sequence;
  }
  throw py::type_error(
      fmt::format("{}: a parameter value must be None, a bool, a number, a string "
                  "or a list of them, got {}",
                  what, py::str(value.get_type().attr("__name__")).cast<std::string>()));
}

template <typename Registration>
Chosen<Registration> choose(const std::string& kind, const py::handle& params,
                            const std::string& what) {
  const std::string origin = fmt::format("{} '{}'", what, kind);
  const Registration& registration = find_registration<Registration>(kind, what, what);
  YAML::Node map(YAML::NodeType::Map);
  if (!params.is_none()) {
    if (!py::isinstance<py::dict>(params))
      throw py::type_error(fmt::format("{}: parameters must be a dict", origin));
    for (const auto& [key, value] : py::reinterpret_borrow<py::dict>(params)) {
      if (!py::isinstance<py::str>(key))
        throw py::type_error(fmt::format("{}: parameter names must be strings", origin));
      const auto name = py::cast<std::string>(key);
      const std::string parameter = fmt::format("{} parameter '{}'", origin, name);
      // An unknown name goes on to the spec loader, which refuses it with its "did you mean".
      if (const ParamDeclaration* declared = registration.info.find_param(name))
        check_python_type(value, declared->type, parameter);
      map[name] = yaml_value(value, parameter);
    }
  }
  return {&registration, read_component_params(map, registration.info, what, origin)};
}

template Chosen<ExtractorRegistration> choose(const std::string&, const py::handle&,
                                              const std::string&);
template Chosen<DistanceRegistration> choose(const std::string&, const py::handle&,
                                             const std::string&);
template Chosen<SelectorRegistration> choose(const std::string&, const py::handle&,
                                             const std::string&);
template Chosen<ClassifierRegistration> choose(const std::string&, const py::handle&,
                                               const std::string&);

py::object python_value(const ParamValue& value) {
  return std::visit(
      [](const auto& held) -> py::object {
        using Held = std::decay_t<decltype(held)>;
        if constexpr (std::is_same_v<Held, std::monostate>) {
          return py::none();
        } else {
          return py::cast(held);
        }
      },
      value);
}

}  // namespace tsfs::python
