// Conformance of every registered component's parameters, the same for the five kinds (extractors,
// distances, selectors, classifiers, reducers), read from each registration's declarations
// (common/params.hpp): a spec at the defaults, and with each parameter at another valid value,
// comes back with equal parameters from its spec.resolved.yaml; each out-of-range value is refused
// as a spec error naming its line and key; and values the declared range accepts, however large,
// load or are refused as spec errors, never as internal errors.
#include <doctest/doctest.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/error.hpp"
#include "common/params.hpp"
#include "config/spec.hpp"
#include "conformance/conformance_data.hpp"

namespace tsfs::conformance::parameter_checks {
namespace {

// The parameter sets of the component the spec placed (a grid for the swept kinds).
std::vector<ParamSet> placed_params(const Spec& spec, Kind kind) {
  std::vector<ParamSet> sets;
  switch (kind) {
    case Kind::extractor:
      for (const auto& extractor : spec.extractors) sets.push_back(extractor.params);
      break;
    case Kind::distance:
      for (const auto& distance : spec.distances) sets.push_back(distance.params);
      break;
    case Kind::selector:
      if (!spec.selectors.empty()) sets = spec.selectors.front().grid;
      break;
    case Kind::classifier:
      sets = spec.classifier.grid;
      break;
    case Kind::reducer:
      if (spec.reduce) sets = spec.reduce->grid;
      break;
  }
  return sets;
}

std::string placed_kind(const Spec& spec, Kind kind) {
  switch (kind) {
    case Kind::extractor:
      return spec.extractors.empty() ? "" : spec.extractors.front().kind;
    case Kind::distance:
      return spec.distances.empty() ? "" : spec.distances.front().kind;
    case Kind::selector:
      return spec.selectors.empty() ? "" : spec.selectors.front().kind;
    case Kind::classifier:
      return spec.classifier.kind;
    case Kind::reducer:
      return spec.reduce ? spec.reduce->kind : "";
  }
  return "";
}

std::string described(const std::vector<ParamSet>& sets) {
  std::string text;
  for (const ParamSet& params : sets) text += "{" + params.canonical() + "}";
  return text;
}

// Check 4, one spec: loaded, its resolved YAML written as spec.resolved.yaml is and loaded again,
// gives the same component with equal parameters (types included) and the same resolved YAML.
// Returns the first spec; nullopt when the loader refuses it (a failure at the defaults only: a
// non-default value may be one the component refuses beside the others, and then there is
// nothing to write back).
std::optional<Spec> check_round_trip(Kind kind, const std::string& name, const ParamValues& given) {
  std::optional<Spec> first;
  try {
    first = load_spec_text(component_spec(kind, name, given).text);
  } catch (const InputError& error) {
    if (given.empty())
      FAIL_CHECK("its spec at the defaults is refused: " << std::string(error.what()));
    return std::nullopt;
  }
  INFO("spec.resolved.yaml:\n" << first->resolved_yaml);
  Spec again;
  try {
    again = load_spec_text(first->resolved_yaml, "conformance.resolved.yaml");
  } catch (const InputError& error) {
    FAIL_CHECK("its spec.resolved.yaml does not load again: " << std::string(error.what()));
    return first;
  }
  CHECK(placed_kind(again, kind) == placed_kind(*first, kind));
  CHECK(described(placed_params(again, kind)) == described(placed_params(*first, kind)));
  CHECK_MESSAGE(placed_params(again, kind) == placed_params(*first, kind),
                "the same values read back as other types");
  CHECK(again.resolved_yaml == first->resolved_yaml);
  return first;
}

std::optional<double> number_of(const ParamValue& value) {
  if (const auto* integer = std::get_if<long long>(&value)) return static_cast<double>(*integer);
  if (const auto* real = std::get_if<double>(&value)) return *real;
  return std::nullopt;
}

// A valid value other than `current`, from the declaration alone: another choice, the other
// boolean, a nearby number, none or a number for an optional one, a shorter list; nullopt for
// free text (a path, svc's gamma), whose other valid values only the component knows.
std::optional<ParamValue> other_value(const ParamDeclaration& declaration,
                                      const ParamValue& current) {
  std::vector<ParamValue> candidates;
  const bool optional = declaration.type == ParamType::optional_integer ||
                        declaration.type == ParamType::optional_real;
  if (!declaration.choices.empty()) {
    for (const std::string& choice : declaration.choices) candidates.emplace_back(choice);
  } else {
    switch (declaration.type) {
      case ParamType::boolean:
        if (const auto* flag = std::get_if<bool>(&current))
          candidates.push_back(boolean_value(!*flag));
        break;
      case ParamType::integer:
      case ParamType::optional_integer: {
        const auto base = static_cast<long long>(number_of(current).value_or(1.0));
        for (long long step : {1LL, 2LL, -1LL, 9LL}) candidates.emplace_back(base + step);
        break;
      }
      case ParamType::real:
      case ParamType::optional_real: {
        const double base = number_of(current).value_or(0.5);
        for (double other : {base * 0.5, base * 2.0, base + 0.25, base - 0.25, 0.5})
          candidates.emplace_back(other);
        break;
      }
      case ParamType::text_list:
        if (const auto* items = std::get_if<std::vector<std::string>>(&current))
          if (items->size() > 1)
            candidates.emplace_back(std::vector<std::string>(items->begin(), items->end() - 1));
        break;
      case ParamType::text:
      case ParamType::any:
        break;
    }
    if (optional) candidates.emplace_back(std::monostate{});
  }
  for (const ParamValue& candidate : candidates)
    if (candidate != current && !declaration.problem_with(candidate)) return candidate;
  return std::nullopt;
}

// Check 4: the defaults, then each parameter in turn at another valid value.
void check_parameters_round_trip(Kind kind, const std::string& name) {
  const std::optional<Spec> defaults = check_round_trip(kind, name, {});
  if (!defaults) return;
  const std::vector<ParamSet> sets = placed_params(*defaults, kind);
  if (sets.empty()) return;
  for (const ParamDeclaration& declaration : component_info(kind, name).params) {
    if (!sets.front().has(declaration.name)) continue;
    const std::optional<ParamValue> other =
        other_value(declaration, sets.front().at(declaration.name));
    if (!other) continue;
    INFO("with " << declaration.name << ": " << yaml_text(*other));
    check_round_trip(kind, name, {{declaration.name, *other}});
  }
}

// The bounds a range check describes ("> 0", ">= 1", "in [2, 10000]", "none or >= 1").
std::vector<double> described_bounds(const std::string& description) {
  std::vector<double> bounds;
  const char* text = description.c_str();
  while (*text != '\0') {
    const bool number_starts =
        std::isdigit(static_cast<unsigned char>(text[0])) ||
        (text[0] == '-' && std::isdigit(static_cast<unsigned char>(text[1])));
    if (!number_starts) {
      ++text;
      continue;
    }
    char* end = nullptr;
    const double bound = std::strtod(text, &end);
    if (end == text) {
      ++text;
      continue;
    }
    bounds.push_back(bound);
    text = end;
  }
  return bounds;
}

// Values tried as out-of-range ones, in the parameter's type: numbers on both sides of every bound
// its check describes, then common ones. Finite only: the spec reader refuses a non-finite number
// itself, before any range check, as a malformed number.
std::vector<ParamValue> out_of_range_probes(const ParamDeclaration& declaration) {
  std::vector<ParamValue> probes;
  const std::vector<double> bounds = described_bounds(declaration.check.description());
  switch (declaration.type) {
    case ParamType::integer:
    case ParamType::optional_integer:
      for (double bound : bounds)
        if (std::abs(bound) < 1e15)
          for (double near : {std::floor(bound) - 1.0, std::ceil(bound) + 1.0, std::round(bound)})
            probes.emplace_back(static_cast<long long>(near));
      for (long long common : {-1LL, 0LL, 1LL, 2LL, -1000000LL, 100001LL, 1000001LL})
        probes.emplace_back(common);
      break;
    case ParamType::real:
    case ParamType::optional_real:
      // The next doubles too: beside a large bound (1e100), bound +- 1 is the bound itself.
      for (double bound : bounds)
        for (double near : {bound - 1.0, bound + 1.0, bound - 0.5, bound + 0.5, bound,
                            std::nextafter(bound, -HUGE_VAL), std::nextafter(bound, HUGE_VAL)})
          probes.emplace_back(near);
      for (double common : {-1.0, 0.0, -0.5, 1.5, 2.0, 1e7, -1e7}) probes.emplace_back(common);
      break;
    case ParamType::text:
      for (const char* text : {"-1", "", "{x}"}) probes.emplace_back(std::string(text));
      break;
    case ParamType::text_list:
      probes.emplace_back(std::vector<std::string>{"-1"});
      break;
    case ParamType::any:
      break;
    case ParamType::boolean:
      break;
  }
  return probes;
}

// Check 5: for each parameter with a check (choices aside), the first probe it refuses, written in
// a spec, is refused as a spec error naming the parameter's line and key.
void check_out_of_range_refusals(Kind kind, const std::string& name) {
  for (const ParamDeclaration& declaration : component_info(kind, name).params) {
    if (!declaration.check || !declaration.choices.empty()) continue;
    INFO("parameter '" << declaration.name << "' (" << declaration.check.description() << ")");
    std::optional<ParamValue> refused;
    for (const ParamValue& probe : out_of_range_probes(declaration))
      if (declaration.problem_with(probe)) {
        refused = probe;
        break;
      }
    if (!refused) {
      // A range the check describes has values beyond it; a check written as a lambda may refuse
      // only values the spec reader cannot carry (erp's g: any finite number).
      CHECK_MESSAGE(declaration.check.description().empty(),
                    "no value outside the described range was found");
      continue;
    }
    const SpecText spec = component_spec(kind, name, {{declaration.name, *refused}});
    const std::string place =
        std::string(kSpecFile) + ":" + std::to_string(spec.param_line.at(declaration.name)) + ":";
    INFO(declaration.name << ": " << yaml_text(*refused) << " (expected at " << place << ")");
    std::string message;
    try {
      load_spec_text(spec.text);
    } catch (const InputError& error) {
      message = error.what();
    }
    CHECK_MESSAGE(!message.empty(), "the out-of-range value loads");
    CHECK(doctest::String(message.c_str()) == doctest::Contains(place.c_str()));
    CHECK(doctest::String(message.c_str()) ==
          doctest::Contains(("'" + declaration.name + "'").c_str()));
  }
}

// In-range values at the far end of a numeric type: one past the range of an int, 2^62, +-1e300.
std::vector<ParamValue> extreme_probes(const ParamDeclaration& declaration) {
  switch (declaration.type) {
    case ParamType::integer:
    case ParamType::optional_integer:
      return {ParamValue{2147483648LL}, ParamValue{1LL << 62}};
    case ParamType::real:
    case ParamType::optional_real:
      return {ParamValue{1e300}, ParamValue{-1e300}};
    default:
      return {};
  }
}

// Check 5, the other side: a value its declared check accepts reaches the component, which
// configures from it or refuses it as a spec error (InputError) at load time; any other
// exception would stop a run as an internal error over a value its spec may hold.
void check_accepted_extremes(Kind kind, const std::string& name) {
  for (const ParamDeclaration& declaration : component_info(kind, name).params)
    for (const ParamValue& probe : extreme_probes(declaration)) {
      if (declaration.problem_with(probe)) continue;  // out of range: refused as checked above
      INFO(declaration.name << ": " << yaml_text(probe));
      try {
        load_spec_text(component_spec(kind, name, {{declaration.name, probe}}).text);
      } catch (const InputError&) {
        // A spec error, at load time: fine.
      } catch (const std::exception& error) {
        FAIL_CHECK("a value its check accepts fails the spec's loading with a non-spec error: "
                   << std::string(error.what()));
      }
    }
}

// Runs `check` for every component of every kind.
template <typename Check>
void for_every_component(const Check& check) {
  for (Kind kind : kKinds)
    for_each_component(kind, [&](const std::string& name) { check(kind, name); });
}

}  // namespace

TEST_CASE("conformance: every component's parameters come back equal from spec.resolved.yaml") {
  for_every_component(check_parameters_round_trip);
}

TEST_CASE("conformance: every out-of-range parameter value is refused at its line and key") {
  for_every_component(check_out_of_range_refusals);
}

TEST_CASE("conformance: every parameter value in range loads or is refused as a spec error") {
  for_every_component(check_accepted_extremes);
}

}  // namespace tsfs::conformance::parameter_checks
