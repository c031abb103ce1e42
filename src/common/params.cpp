#include "common/params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "common/enum_names.hpp"
#include "common/text.hpp"

namespace tsfs {
namespace {

std::optional<double> numeric(const ParamValue& value) {
  if (auto* integer = std::get_if<long long>(&value)) return static_cast<double>(*integer);
  if (auto* real = std::get_if<double>(&value)) return *real;
  return std::nullopt;
}

}  // namespace

ParamCheck greater_than(double bound) {
  return {[bound](const ParamValue& value) -> std::string {
            auto number = numeric(value);
            if (number && *number > bound) return {};
            return fmt::format("must be > {}", format_double(bound));
          },
          "> " + format_double(bound)};
}

ParamCheck at_least(double bound) {
  return {[bound](const ParamValue& value) -> std::string {
            auto number = numeric(value);
            if (number && *number >= bound) return {};
            return fmt::format("must be >= {}", format_double(bound));
          },
          ">= " + format_double(bound)};
}

ParamCheck between(double low, double high) {
  return {[low, high](const ParamValue& value) -> std::string {
            auto number = numeric(value);
            if (number && *number >= low && *number <= high) return {};
            return fmt::format("must be between {} and {}", format_double(low),
                               format_double(high));
          },
          fmt::format("in [{}, {}]", format_double(low), format_double(high))};
}

ParamCheck none_or(ParamCheck check) {
  std::string description =
      check.description().empty() ? std::string() : "none or " + check.description();
  return {[check = std::move(check)](const ParamValue& value) -> std::string {
            if (std::holds_alternative<std::monostate>(value)) return {};
            return check(value);
          },
          std::move(description)};
}

void ParamSet::set(const std::string& name, ParamValue value) {
  for (auto& [key, existing] : entries_) {
    if (key == name) {
      existing = std::move(value);
      return;
    }
  }
  entries_.emplace_back(name, std::move(value));
}

bool ParamSet::has(const std::string& name) const {
  for (const auto& entry : entries_)
    if (entry.first == name) return true;
  return false;
}

const ParamValue& ParamSet::at(const std::string& name) const {
  for (const auto& entry : entries_)
    if (entry.first == name) return entry.second;
  throw std::logic_error("parameter not set: " + name);
}

long long ParamSet::integer(const std::string& name) const {
  return std::get<long long>(at(name));
}

double ParamSet::real(const std::string& name) const {
  auto number = numeric(at(name));
  if (!number) throw std::logic_error("parameter is not numeric: " + name);
  return *number;
}

const std::string& ParamSet::text(const std::string& name) const {
  return std::get<std::string>(at(name));
}

bool ParamSet::boolean(const std::string& name) const {
  return std::get<bool>(at(name));
}

const std::vector<std::string>& ParamSet::text_list(const std::string& name) const {
  return std::get<std::vector<std::string>>(at(name));
}

std::optional<long long> ParamSet::optional_integer(const std::string& name) const {
  const ParamValue& value = at(name);
  if (std::holds_alternative<std::monostate>(value)) return std::nullopt;
  return std::get<long long>(value);
}

std::optional<double> ParamSet::optional_real(const std::string& name) const {
  const ParamValue& value = at(name);
  if (std::holds_alternative<std::monostate>(value)) return std::nullopt;
  return std::get<double>(value);
}

int int_param(const ParamSet& params, const std::string& name) {
  const long long value = params.integer(name);
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
    throw ParamValueRefused(
        {name, fmt::format("{} = {} is beyond the largest value tsfs holds for it, {}", name, value,
                           std::numeric_limits<int>::max())});
  return static_cast<int>(value);
}

std::string display_value(const ParamValue& value) {
  struct Visitor {
    std::string operator()(long long v) const { return std::to_string(v); }
    std::string operator()(double v) const { return format_double(v); }
    std::string operator()(const std::string& v) const { return v; }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(std::monostate) const { return "none"; }
    std::string operator()(const std::vector<std::string>& v) const {
      return fmt::format("{}", fmt::join(v, ";"));
    }
  };
  return std::visit(Visitor{}, value);
}

std::string ParamSet::display(const std::string& name) const {
  return display_value(at(name));
}

std::string ParamSet::canonical() const {
  std::string text;
  for (const auto& [name, value] : entries_) {
    if (!text.empty()) text += ',';
    text += name + '=' + display_value(value);
  }
  return text;
}

std::string type_name(ParamType type) {
  static constexpr auto type_names =
      enum_names<ParamType>({{ParamType::integer, "an integer"},
                             {ParamType::real, "a number"},
                             {ParamType::text, "a string"},
                             {ParamType::boolean, "a boolean"},
                             {ParamType::text_list, "a list of strings"},
                             {ParamType::optional_integer, "an integer or none"},
                             {ParamType::optional_real, "a number or none"},
                             {ParamType::any, "a number, a boolean, none or a string"}});
  return std::string(type_names.name(type));
}

std::optional<ParamProblem> ParamDeclaration::problem_with(const ParamValue& value) const {
  if (!choices.empty()) {
    const auto& text = std::get<std::string>(value);
    if (std::find(choices.begin(), choices.end(), text) == choices.end())
      return ParamProblem{
          name, fmt::format("must be one of {}, got '{}'", fmt::join(choices, ", "), text)};
  }
  if (check)
    if (std::string problem = check(value); !problem.empty())
      return ParamProblem{name, fmt::format("{} (got {})", problem, display_value(value))};
  return std::nullopt;
}

const ParamDeclaration* ComponentInfo::find_param(const std::string& param_name) const {
  for (const auto& spec : params)
    if (spec.name == param_name) return &spec;
  return nullptr;
}

std::vector<std::string> ComponentInfo::param_names() const {
  std::vector<std::string> names;
  for (const auto& spec : params) names.push_back(spec.name);
  return names;
}

}  // namespace tsfs
