#pragma once
// Typed parameters of pluggable components (extractors, distances, selectors, classifiers).
// Each component declares its parameters once as ParamDeclarations; the spec loader validates YAML
// against them (types, ranges, choices, with file:line:col) and hands the component a ParamSet
// of plain typed values. No YAML reaches the algorithms.
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace tsfs {

// optional_integer / optional_real: a number passing its checks, or `none` (no value, e.g. DTW's
// window or window_ratio: no band). any: a parameter of a component's own (open_params) whose
// values differ in kind (`max_features: [sqrt, 0.5]`, `class_weight: [none, balanced]`): each value
// keeps the kind it is written in (integer, number, boolean, none or string).
enum class ParamType {
  integer,
  real,
  text,
  boolean,
  text_list,
  optional_integer,
  optional_real,
  any
};

// std::monostate is the `none` of an optional_integer or optional_real.
using ParamValue =
    std::variant<long long, double, std::string, bool, std::vector<std::string>, std::monostate>;

// A parameter value the component rejects; `param` is empty when the problem concerns the
// component as a whole (a combination of parameters).
struct ParamProblem {
  std::string param;
  std::string message;
};

// An extra check of a parameter's value: returns an empty string when the value is acceptable,
// otherwise what is wrong with it (ParamDeclaration::problem_with reports it as a ParamProblem).
// The range checks below also describe themselves ("> 0"), for `runner list`; a check written as a
// lambda has no description (its parameter's doc says it).
class ParamCheck {
 public:
  using Function = std::function<std::string(const ParamValue&)>;
  ParamCheck() = default;
  template <typename F,
            typename = std::enable_if_t<std::is_invocable_r_v<std::string, F&, const ParamValue&> &&
                                        !std::is_same_v<std::decay_t<F>, ParamCheck>>>
  ParamCheck(F function, std::string description = {})  // NOLINT: converts from callables
      : function_(std::move(function)), description_(std::move(description)) {}

  std::string operator()(const ParamValue& value) const { return function_(value); }
  explicit operator bool() const { return static_cast<bool>(function_); }
  // "> 0", ">= 1", "in [0, 1]", "none or >= 1"; empty when not known.
  const std::string& description() const { return description_; }

 private:
  Function function_;
  std::string description_;
};

struct ParamDeclaration {
  std::string name;
  ParamType type = ParamType::real;
  std::optional<ParamValue> default_value;  // nullopt: required unless a preset fills it
  std::string doc;
  std::vector<std::string> choices;  // allowed values of a text parameter (empty: any)
  ParamCheck check;                  // extra range check (may be empty)
  bool sweepable = true;             // may be a list or a generator in the spec
  // A parameter that only means something when this one is not given (pca's `energy` with a
  // fixed `components`): giving both is a spec error rather than one silently ignored.
  std::string excludes = {};

  // The problem with one value of this parameter (not one of `choices`, or refused by `check`),
  // naming the parameter, as the spec loader reports it; none when the value is acceptable.
  std::optional<ParamProblem> problem_with(const ParamValue& value) const;
};

// Range checks for ParamDeclaration::check.
ParamCheck greater_than(double bound);
ParamCheck at_least(double bound);
ParamCheck between(double low, double high);  // inclusive
// An optional number's check: `none` passes, a number must pass `check`.
ParamCheck none_or(ParamCheck check);

// A complete, validated assignment of values to a component's parameters, in declaration order.
class ParamSet {
 public:
  void set(const std::string& name, ParamValue value);
  bool has(const std::string& name) const;
  const ParamValue& at(const std::string& name) const;

  long long integer(const std::string& name) const;
  double real(const std::string& name) const;  // integers convert
  const std::string& text(const std::string& name) const;
  bool boolean(const std::string& name) const;
  const std::vector<std::string>& text_list(const std::string& name) const;
  std::optional<long long> optional_integer(const std::string& name) const;  // nullopt: none
  std::optional<double> optional_real(const std::string& name) const;        // nullopt: none

  // Canonical text of one value (%.17g for reals), as written to CSV files and hashes.
  std::string display(const std::string& name) const;
  // "name=value,name=value" over all parameters, for keys and labels.
  std::string canonical() const;

  const std::vector<std::pair<std::string, ParamValue>>& entries() const { return entries_; }
  bool operator==(const ParamSet&) const = default;

 private:
  std::vector<std::pair<std::string, ParamValue>> entries_;
};

std::string display_value(const ParamValue& value);
std::string type_name(ParamType type);

// A component configured from one complete parameter set, once, when the spec is loaded: the
// typed object the stages use (its label, checks and work come from it, never from the ParamSet
// again), or the problem that prevents it, a combination of values that single-parameter checks
// cannot see (`param` names the parameter to blame, empty for the component as a whole).
template <typename Component>
class Configured {
 public:
  template <typename Derived>  // a registration's own class, derived from Component
  Configured(std::shared_ptr<Derived> component) : component_(std::move(component)) {}
  Configured(ParamProblem problem) : problem_(std::move(problem)) {}
  const std::shared_ptr<const Component>& component() const { return component_; }
  const std::optional<ParamProblem>& problem() const { return problem_; }

 private:
  std::shared_ptr<const Component> component_;
  std::optional<ParamProblem> problem_;
};

// Thrown by a component's factory for a parameter value it cannot hold although the parameter's
// check accepts it (an integer beyond the int it is stored in): configured_by_factory turns it
// into the Configured's problem, so the spec loader names the parameter's line and key.
class ParamValueRefused : public std::runtime_error {
 public:
  explicit ParamValueRefused(ParamProblem problem)
      : std::runtime_error(problem.message), problem_(std::move(problem)) {}
  const ParamProblem& problem() const { return problem_; }

 private:
  ParamProblem problem_;
};

// Integer parameter `name` as the int a component stores it in; ParamValueRefused beyond int.
int int_param(const ParamSet& params, const std::string& name);

// A registration's `configure` from the factory of its class: the component is built once per
// parameter set when the spec is loaded; `validate`, when given, refuses combinations of values
// first.
template <typename Component, typename Make>
std::function<Configured<Component>(const ParamSet&)> configured_by_factory(
    Make make, std::function<std::optional<ParamProblem>(const ParamSet&)> validate = nullptr) {
  return [make, validate](const ParamSet& params) -> Configured<Component> {
    if (validate)
      if (auto problem = validate(params)) return *problem;
    try {
      return std::shared_ptr<const Component>(make(params));
    } catch (const ParamValueRefused& refused) {
      return refused.problem();
    }
  };
}

// What a component tells the spec loader about itself.
struct ComponentInfo {
  std::string name;
  std::string doc;
  std::vector<ParamDeclaration> params;
  // Fills parameters left unset from presets (e.g. a `variant`), before defaults apply; a problem
  // it finds on the way (a Python component's code that cannot be imported) refuses the grid point.
  std::function<std::optional<ParamProblem>(ParamSet&)> apply_presets;
  // Optional: rejects combinations of values that single-parameter checks cannot see; called on
  // every complete parameter set of the grid, so errors carry the spec location.
  std::function<std::optional<ParamProblem>(const ParamSet&)> validate;
  // Takes parameters it does not declare (a Python component's keyword arguments): each key of
  // its spec entry that is not a declared parameter becomes one, typed by its values (integer,
  // real, boolean, text, an optional number, or `any` when they differ in kind), swept like a
  // declared one and handed over by name.
  bool open_params = false;
  // A Python component's parameter that names its code by import path ("function" of the python
  // selector, "estimator" of the sklearn classifier), which manifest.json lists with the file and
  // version it ran from; empty for a native component.
  std::string python_path_param = {};

  const ParamDeclaration* find_param(const std::string& param_name) const;
  std::vector<std::string> param_names() const;
};

}  // namespace tsfs
