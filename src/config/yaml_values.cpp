#include "config/yaml_values.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

#include "common/error.hpp"
#include "common/text.hpp"

namespace tsfs::spec_detail {
namespace {

// Refuses a generator or list longer than kMaxSweepValues before anything is allocated.
void check_sweep_length(const YAML::Node& node, double count, const SpecSource& file) {
  if (count > static_cast<double>(kMaxSweepValues))
    fail(node, file,
         fmt::format("this makes {} values, more than the {} tsfs accepts in one sweep",
                     format_double(count), kMaxSweepValues));
}

double read_number(const YAML::Node& node, const SpecSource& file) {
  if (!node.IsScalar()) fail(node, file, "expected a number");
  auto value = parse_double(node.Scalar());
  if (!value || !std::isfinite(*value))
    fail(node, file, fmt::format("expected a finite number, got '{}'", node.Scalar()));
  return *value;
}

long long read_count(const YAML::Node& map, const char* key, const SpecSource& file) {
  if (!map[key]) fail(map, file, fmt::format("missing key '{}'", key));
  double value = read_number(map[key], file);
  if (value < 1 || value != std::floor(value))
    fail(map[key], file, fmt::format("'{}' must be a positive integer", key));
  check_sweep_length(map[key], value, file);
  return static_cast<long long>(value);
}

// numpy.linspace: start + i * step, with the last value set exactly to stop.
std::vector<double> linspace(double start, double stop, long long num) {
  std::vector<double> values(static_cast<size_t>(num));
  double step = num > 1 ? (stop - start) / static_cast<double>(num - 1) : 0.0;
  for (long long i = 0; i < num; ++i)
    values[static_cast<size_t>(i)] = start + static_cast<double>(i) * step;
  if (num > 1) values.back() = stop;
  return values;
}

void check_value(const YAML::Node& node, const ParamDeclaration& spec, const ParamValue& value,
                 const SpecSource& file) {
  if (auto problem = spec.problem_with(value))
    fail(node, file, fmt::format("'{}' {}", problem->param, problem->message));
}

}  // namespace

SourceLocation location_of(const YAML::Node& node, const SpecSource& file) {
  for (const auto& [overridden, where] : file.overridden)
    if (overridden.is(node)) return {where, 0, 0};
  YAML::Mark mark = node.Mark();
  if (mark.is_null()) return {file.file, 0, 0};
  return {file.file, mark.line + 1, mark.column + 1};
}

void fail(const YAML::Node& node, const SpecSource& file, const std::string& message) {
  throw InputError(location_of(node, file).str(), message);
}

std::string read_word(const YAML::Node& node, const SpecSource& file, const std::string& what) {
  if (!node.IsScalar()) fail(node, file, fmt::format("'{}' must be a string", what));
  return node.Scalar();
}

void fail_unknown(const YAML::Node& node, const SpecSource& file, const std::string& message,
                  const std::string& given, const std::vector<std::string>& known) {
  std::string text = message;
  if (auto suggestion = closest_match(given, known))
    text += fmt::format(" (did you mean '{}'?)", *suggestion);
  fail(node, file, fmt::format("{}; known: {}", text, fmt::join(known, ", ")));
}

namespace {

// A scalar of a ParamType::any parameter as the kind it is written in: a quoted scalar is a
// string; else `none`, an integer, a finite number, a boolean (YAML's true/false words), or a
// string, tried in that order.
ParamValue any_value(const YAML::Node& node) {
  const std::string& text = node.Scalar();
  if (node.Tag() == "!") return text;
  if (text == "none") return std::monostate{};
  long long integer = 0;
  if (auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
      error == std::errc() && end == text.data() + text.size())
    return integer;
  if (auto number = parse_double(text); number && std::isfinite(*number)) return *number;
  bool flag = false;
  if (YAML::convert<bool>::decode(node, flag)) return flag;
  return text;
}

}  // namespace

ParamValue read_scalar(const YAML::Node& node, ParamType type, const SpecSource& file) {
  if (type == ParamType::text_list) {
    std::vector<std::string> items;
    if (node.IsScalar()) {
      items.push_back(node.Scalar());
    } else if (node.IsSequence()) {
      for (const auto& item : node) {
        if (!item.IsScalar()) fail(item, file, "expected a string");
        items.push_back(item.Scalar());
      }
    } else {
      fail(node, file, "expected a list of strings");
    }
    return items;
  }
  // YAML's null (`null`, `~`, an empty value) is `none` where a parameter may have no value.
  const bool may_be_none = type == ParamType::optional_integer ||
                           type == ParamType::optional_real || type == ParamType::any;
  if (may_be_none && node.IsNull()) return std::monostate{};
  if (!node.IsScalar()) fail(node, file, fmt::format("expected {}", type_name(type)));
  const std::string& text = node.Scalar();
  switch (type) {
    case ParamType::any:
      return any_value(node);
    case ParamType::integer:
    case ParamType::optional_integer: {
      if (type == ParamType::optional_integer && text == "none") return std::monostate{};
      long long value = 0;
      auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error != std::errc() || end != text.data() + text.size())
        fail(node, file, fmt::format("expected {}, got '{}'", type_name(type), text));
      return value;
    }
    case ParamType::optional_real:
      if (text == "none") return std::monostate{};
      return read_number(node, file);
    case ParamType::real:
      return read_number(node, file);
    case ParamType::boolean: {
      bool value = false;
      if (!YAML::convert<bool>::decode(node, value))
        fail(node, file, fmt::format("expected true or false, got '{}'", text));
      return value;
    }
    case ParamType::text:
      return text;
    case ParamType::text_list:
      break;
  }
  fail(node, file, "unsupported parameter type");
}

long long read_int_in_range(const YAML::Node& node, const std::string& key, long long minimum,
                            long long maximum, const SpecSource& file) {
  long long value = std::get<long long>(read_scalar(node, ParamType::integer, file));
  if (value < minimum) fail(node, file, fmt::format("'{}' must be >= {}", key, minimum));
  if (value > maximum) fail(node, file, fmt::format("'{}' must be <= {}", key, maximum));
  return value;
}

void read_fold_options(const YAML::Node& node, const std::string& prefix, ProtocolOptions& protocol,
                       const SpecSource& file) {
  auto read = [&](const char* key, long long minimum, long long maximum) {
    return read_int_in_range(node[key], prefix + key, minimum, maximum, file);
  };
  if (node["folds"]) protocol.folds = static_cast<int>(read("folds", 2, kMaxProtocolCount));
  if (node["repeats"]) protocol.repeats = static_cast<int>(read("repeats", 1, kMaxProtocolCount));
  if (node["seed"])
    protocol.seed =
        static_cast<std::uint64_t>(read("seed", 0, std::numeric_limits<long long>::max()));
}

std::vector<double> expand_generator(const YAML::Node& node, const SpecSource& file) {
  check_keys(node, {"logspace", "linspace", "range"}, file, "generator");
  if (node.size() != 1)
    fail(node, file, "a generator has exactly one of logspace, linspace, range");
  auto entry = node.begin();
  std::string kind = entry->first.as<std::string>();
  // A copy: `entry->` yields a temporary pair, so a reference to its member would dangle (found
  // by the spec_loader fuzzer under AddressSanitizer: stack-use-after-scope).
  YAML::Node args = entry->second;
  if (kind == "range") {
    if (!args.IsSequence() || args.size() < 2 || args.size() > 3)
      fail(args, file, "range takes [first, last] or [first, last, step] (inclusive)");
    double first = read_number(args[0], file), last = read_number(args[1], file);
    double step = args.size() == 3 ? read_number(args[2], file) : 1.0;
    if (step <= 0) fail(args, file, "range step must be > 0");
    if (last < first) fail(args, file, "range needs first <= last");
    check_sweep_length(args, std::floor((last - first) / step) + 1, file);
    std::vector<double> values;
    for (long long i = 0;; ++i) {
      double value = first + static_cast<double>(i) * step;
      if (value > last + 1e-9 * std::abs(step)) break;
      values.push_back(value);
    }
    return values;
  }
  if (!args.IsMap()) fail(args, file, fmt::format("{} takes a map {{start, stop, num}}", kind));
  check_keys(args,
             kind == "logspace" ? std::vector<std::string>{"start", "stop", "num", "base"}
                                : std::vector<std::string>{"start", "stop", "num"},
             file, kind);
  for (const char* key : {"start", "stop"})
    if (!args[key]) fail(args, file, fmt::format("{} is missing '{}'", kind, key));
  auto values = linspace(read_number(args["start"], file), read_number(args["stop"], file),
                         read_count(args, "num", file));
  if (kind == "logspace") {
    double base = args["base"] ? read_number(args["base"], file) : 10.0;
    if (base <= 0) fail(args["base"], file, "logspace base must be > 0");
    for (double& value : values) value = std::pow(base, value);
  }
  for (double value : values)
    if (!std::isfinite(value))
      fail(node, file,
           fmt::format("{} overflows: it gives {} (every value must be a finite number)", kind,
                       format_double(value)));
  return values;
}

std::vector<ParamValue> read_sweep(const YAML::Node& node, const ParamDeclaration& spec,
                                   const SpecSource& file) {
  std::vector<std::pair<YAML::Node, ParamValue>> values;
  bool list_typed = spec.type == ParamType::text_list;
  if (node.IsMap()) {
    const bool integral =
        spec.type == ParamType::integer || spec.type == ParamType::optional_integer;
    if (!integral && spec.type != ParamType::real && spec.type != ParamType::optional_real)
      fail(node, file,
           fmt::format("'{}' is {}; generators make numbers", spec.name, type_name(spec.type)));
    for (double number : expand_generator(node, file)) {
      if (integral) {
        // Beyond 2^53 a double no longer holds every integer; the cast would also overflow.
        if (number != std::floor(number) || std::abs(number) > 9007199254740992.0)
          fail(node, file,
               fmt::format("'{}' needs integers; the generator gives {}", spec.name,
                           format_double(number)));
        values.emplace_back(node, static_cast<long long>(number));
      } else {
        values.emplace_back(node, number);
      }
    }
  } else if (node.IsSequence() && !list_typed) {
    if (node.size() == 0) fail(node, file, fmt::format("'{}' has an empty list", spec.name));
    check_sweep_length(node, static_cast<double>(node.size()), file);
    for (const auto& item : node) values.emplace_back(item, read_scalar(item, spec.type, file));
  } else {
    values.emplace_back(node, read_scalar(node, spec.type, file));
  }
  if (values.size() > 1 && !spec.sweepable)
    fail(node, file, fmt::format("'{}' cannot be swept: give one value", spec.name));
  std::vector<ParamValue> result;
  std::map<std::string, const YAML::Node*> seen;
  for (auto& [item, value] : values) {
    check_value(item, spec, value, file);
    // -0.0 equals 0.0: one grid point, keyed "0" (IEEE 754's signed zero would print "-0").
    if (auto* real = std::get_if<double>(&value); real != nullptr && *real == 0.0) *real = 0.0;
    // A repeated value would repeat every grid cell it is part of, with the same key.
    auto [previous, inserted] = seen.try_emplace(display_value(value), &item);
    if (!inserted)
      fail(item, file,
           fmt::format("'{}' takes the value {} twice (first at {}); each value once", spec.name,
                       display_value(value), location_of(*previous->second, file).str()));
    result.push_back(std::move(value));
  }
  return result;
}

std::optional<std::string> file_name_problem(std::string_view name) {
  if (name.empty()) return "it is empty";
  if (name.find_first_of("/\\") != std::string_view::npos)
    return "it holds a path separator ('/' or '\\')";
  if (name.find("..") != std::string_view::npos) return "it holds '..'";
  if (name == ".") return "'.' names the current folder";
  if (std::any_of(name.begin(), name.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }))
    return "it holds a control character";
  if (name.front() == ' ' || name.back() == ' ') return "it starts or ends with a blank";
  if (!is_valid_utf8(name)) return "it is not valid UTF-8 (JSON and CSV outputs hold it)";
  // Output files add a label, an extension and a temporary suffix
  // (".<name>_<label>.csv.tsfs-tmp.<pid>.<n>"), and a file name has at most 255 bytes: refusing
  // here spares a run that fails at its end.
  if (name.size() > kMaxFileNameLength)
    return fmt::format("it is {} bytes long, more than {}", name.size(), kMaxFileNameLength);
  return std::nullopt;
}

std::string read_file_name(const YAML::Node& node, const SpecSource& file,
                           const std::string& what) {
  if (!node.IsScalar()) fail(node, file, fmt::format("{} must be a string", what));
  const std::string& name = node.Scalar();
  if (auto problem = file_name_problem(name))
    fail(node, file,
         fmt::format("{} '{}' is part of output file names, so it must be a plain file name: {}",
                     what, printable_excerpt(name), *problem));
  return name;
}

void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed,
                const SpecSource& file, const std::string& what) {
  if (!map.IsMap()) fail(map, file, fmt::format("{} must be a map", what));
  for (const auto& entry : map) {
    std::string key = entry.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string message = fmt::format("unknown key '{}' in {}", printable_excerpt(key, 80), what);
    if (auto suggestion = closest_match(key, allowed))
      message += fmt::format(" (did you mean '{}'?)", *suggestion);
    else
      message += fmt::format(" (allowed: {})", fmt::join(allowed, ", "));
    // A key added by --set has no mark of its own; its value knows the override.
    SourceLocation where = location_of(entry.first, file);
    if (where.line == 0) where = location_of(entry.second, file);
    throw InputError(where.str(), message);
  }
}

}  // namespace tsfs::spec_detail
