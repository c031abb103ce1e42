#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/text.hpp"
#include "config/archive.hpp"
#include "config/component_params.hpp"
#include "config/curves_loader.hpp"
#include "config/metrics_loader.hpp"
#include "config/overrides.hpp"
#include "config/plot_kind.hpp"
#include "config/resolved_yaml.hpp"
#include "config/spec.hpp"
#include "config/spec_keys.hpp"
#include "config/spec_sections.hpp"
#include "config/tune_loader.hpp"
#include "config/yaml_checks.hpp"
#include "config/yaml_values.hpp"
#include "distance/distance.hpp"
#include "evaluate/chosen_metrics.hpp"
#include "features/feature_extractor.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs {

using spec_detail::check_keys;
using spec_detail::fail;
using spec_detail::location_of;
using spec_detail::read_file_name;

std::string SourceLocation::str() const {
  if (line == 0) return file;
  return fmt::format("{}:{}:{}", file, line, column);
}

std::string fit_on_name(FitOn fit_on) {
  return fit_on == FitOn::all ? "all" : "train";
}

std::string tune_metric_name(const TuneSpec& tune) {
  if (tune.metric == TuneMetric::chosen) return chosen_metric_name(tune.chosen_metric);
  return tune.metric == TuneMetric::balanced_accuracy ? "balanced_accuracy" : "accuracy";
}

std::string tie_break_name(TieBreak ties) {
  return ties == TieBreak::last ? "last" : "first";
}

std::string curve_kind_name(CurveKind kind) {
  return kind == CurveKind::roc ? "roc" : "pr";
}

namespace {

using Context = spec_detail::LoadContext;

std::string read_text(const YAML::Node& node, const Context& context, const std::string& what) {
  if (!node.IsScalar()) fail(node, context.file, fmt::format("'{}' must be a string", what));
  return node.Scalar();
}

template <typename Registration>
const Registration& find_component(const YAML::Node& kind_node, const Context& context,
                                   const std::string& what) {
  std::string kind = read_text(kind_node, context, what);
  const auto& registry = Registry<Registration>::instance();
  if (const auto* found = registry.find(kind)) return *found;
  std::string message = fmt::format("unknown {} '{}'", what, printable_excerpt(kind, 80));
  if (auto suggestion = closest_match(kind, registry.names()))
    message += fmt::format(" (did you mean '{}'?)", *suggestion);
  message += fmt::format("; known: {}", fmt::join(registry.names(), ", "));
  fail(kind_node, context.file, message);
}

using GivenValues = std::vector<std::pair<std::string, std::vector<ParamValue>>>;

// One grid point with presets and defaults applied, validated by the component.
ParamSet complete_point(const ParamSet& chosen, const YAML::Node& node,
                        const SweptComponentSpec& component, const ComponentInfo& info,
                        const Context& context, const std::string& what) {
  for (const auto& spec : info.params)
    if (!spec.excludes.empty() && component.param_where.count(spec.name) &&
        component.param_where.count(spec.excludes))
      throw InputError(
          component.param_where.at(spec.excludes).str(),
          fmt::format("{} '{}': '{}' has no effect when '{}' is given; give one of them", what,
                      info.name, spec.excludes, spec.name));
  const auto refuse = [&](const ParamProblem& problem) {
    auto where = component.param_where.find(problem.param);
    throw InputError(
        where != component.param_where.end() ? where->second.str() : component.where.str(),
        fmt::format("{} '{}': {}", what, info.name, problem.message));
  };
  ParamSet preset = chosen;
  if (info.apply_presets)
    if (auto problem = info.apply_presets(preset)) refuse(*problem);
  ParamSet complete;
  for (const auto& spec : info.params) {
    if (preset.has(spec.name)) {
      complete.set(spec.name, preset.at(spec.name));
    } else if (spec.default_value) {
      complete.set(spec.name, *spec.default_value);
    } else {
      fail(node, context.file,
           fmt::format("{} '{}' needs parameter '{}' ({})", what, info.name, spec.name, spec.doc));
    }
  }
  if (info.validate)
    if (auto problem = info.validate(complete)) refuse(*problem);
  return complete;
}

// The size of the Cartesian product, refused (with its factors) before anything is allocated
// when it exceeds kMaxGridPoints.
size_t grid_size(const GivenValues& given, const YAML::Node& node, const Context& context,
                 const std::string& what) {
  double total = 1;
  std::vector<std::string> factors;
  for (const auto& [name, values] : given) {
    total *= static_cast<double>(values.size());
    factors.push_back(fmt::format("{} {}", values.size(), name));
  }
  if (total > static_cast<double>(spec_detail::kMaxGridPoints))
    fail(node, context.file,
         fmt::format("{} grid has {} parameter combinations ({}), more than the {} tsfs accepts "
                     "per component; sweep fewer values",
                     what, format_double(total), fmt::join(factors, " x "),
                     spec_detail::kMaxGridPoints));
  return static_cast<size_t>(total);
}

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

std::vector<std::string> selector_param_names(const SelectorSpec& selector) {
  if (selector.grid.empty())
    return selector.registration != nullptr ? selector.registration->info.param_names()
                                            : std::vector<std::string>{};
  std::vector<std::string> names;
  for (const auto& [name, value] : selector.grid.front().entries()) names.push_back(name);
  return names;
}

bool is_table_column_name(const std::string& name) {
  static const std::set<std::string> names = {"accuracy",
                                              "balanced_accuracy",
                                              "candidates",
                                              "class",
                                              "classifier",
                                              "component",
                                              "curve",
                                              "dataset",
                                              "dataset_features",
                                              "dataset_rows",
                                              "distance",
                                              "duplicate_groups",
                                              "duplicate_rows",
                                              "feature",
                                              "feature_index",
                                              "fit_on",
                                              "fit_seconds",
                                              "fold",
                                              "handling",
                                              "inner_accuracy",
                                              "inner_protocol",
                                              "measure",
                                              "mixed_label_groups",
                                              "n_components",
                                              "n_features",
                                              "n_features_used",
                                              "n_folds",
                                              "n_test",
                                              "n_train",
                                              "non_converged_fits",
                                              "protocol",
                                              "rank",
                                              "reason",
                                              "reconstruction_error",
                                              "reducer",
                                              "repeat",
                                              "rows",
                                              "rows_loaded",
                                              "rows_resumed",
                                              "rows_used",
                                              "score",
                                              "score_seconds",
                                              "score_std_error",
                                              "score_threshold",
                                              "score_vectors",
                                              "selector",
                                              "status",
                                              "straddling_protocol",
                                              "straddling_used",
                                              "tied_candidates",
                                              "ties",
                                              "tuning_seconds",
                                              "value",
                                              "x",
                                              "y",
                                              "zero_weight_fraction"};
  for (const char* prefix : {"chosen_", "classifier_", "reducer_"})
    if (name.rfind(prefix, 0) == 0) return true;
  static const std::vector<std::string> metrics = chosen_metric_names();
  return names.count(name) > 0 || ends_with(name, "_std") ||
         std::find(metrics.begin(), metrics.end(), name) != metrics.end();
}

namespace {

// The type of a parameter a component does not declare (ComponentInfo::open_params), from the
// values given, each read as ParamType::any reads it: integer when every value is one, real when
// every value is a number, the optional kind of either when some are `none`, boolean when every
// value is true or false, text when every value is a string, else `any` (each value keeps its own
// kind). A generator map makes reals.
ParamType inferred_type(const YAML::Node& node, const spec_detail::SpecSource& file) {
  if (node.IsMap()) return ParamType::real;
  std::vector<ParamValue> values;
  if (node.IsSequence())
    for (const auto& item : node)
      values.push_back(spec_detail::read_scalar(item, ParamType::any, file));
  else
    values.push_back(spec_detail::read_scalar(node, ParamType::any, file));
  // How many values of each kind, by ParamValue's alternative.
  std::array<std::ptrdiff_t, std::variant_size_v<ParamValue>> kinds{};
  for (const ParamValue& value : values) ++kinds[value.index()];
  const auto nones = kinds[ParamValue(std::monostate{}).index()];
  const auto integers = kinds[ParamValue(0LL).index()];
  const auto reals = kinds[ParamValue(0.0).index()];
  const auto booleans = kinds[ParamValue(std::in_place_type<bool>, false).index()];
  const auto total = static_cast<std::ptrdiff_t>(values.size());
  if (nones < total && integers + nones == total)
    return nones > 0 ? ParamType::optional_integer : ParamType::integer;
  if (nones < total && integers + reals + nones == total)
    return nones > 0 ? ParamType::optional_real : ParamType::real;
  if (booleans == total) return ParamType::boolean;
  if (nones + integers + reals + booleans == 0) return ParamType::text;
  return ParamType::any;
}

// `info` with a declaration for each key of `node` it does not declare, typed by its values, when
// the component takes parameters of its own (a Python function's keyword arguments).
ComponentInfo with_open_params(const YAML::Node& node, const ComponentInfo& info,
                               const std::vector<std::string>& reserved, const Context& context,
                               const std::string& what) {
  ComponentInfo extended = info;
  if (!info.open_params || !node.IsMap()) return extended;
  for (const auto& entry : node) {
    const std::string key = entry.first.Scalar();
    if (info.find_param(key) != nullptr ||
        std::find(reserved.begin(), reserved.end(), key) != reserved.end())
      continue;
    // A selector's parameters are columns by their own names (a classifier's and a reducer's
    // are prefixed "classifier_" and "reducer_").
    if (what == "selector" && is_table_column_name(key))
      throw InputError(
          location_of(entry.first, context.file).str(),
          fmt::format("{} '{}': its own parameter '{}' would be named like a column of the run's "
                      "tables; give the function's argument another name",
                      what, info.name, key));
    extended.params.push_back(
        ParamDeclaration{.name = key,
                         .type = inferred_type(entry.second, context.file),
                         .doc = "a parameter of the component's own, passed to it by name"});
  }
  return extended;
}

// Reads a component's parameters from `node` (other than the keys in `reserved`), expands
// sweeps into the Cartesian product and applies presets and defaults.
SweptComponentSpec read_component(const YAML::Node& node, const ComponentInfo& declared,
                                  const std::vector<std::string>& reserved, const Context& context,
                                  const std::string& what) {
  const ComponentInfo info = with_open_params(node, declared, reserved, context, what);
  std::vector<std::string> allowed = reserved;
  for (const auto& name : info.param_names()) allowed.push_back(name);
  check_keys(node, allowed, context.file, fmt::format("{} '{}'", what, info.name));

  SweptComponentSpec component;
  component.where = location_of(node, context.file);
  GivenValues given;
  for (const auto& spec : info.params) {
    YAML::Node value = node[spec.name];
    if (!value) continue;
    component.param_where[spec.name] = location_of(value, context.file);
    given.emplace_back(spec.name, spec_detail::read_sweep(value, spec, context.file));
  }
  // Cartesian product, last-declared parameter varying fastest (mixed-radix counting).
  size_t total = grid_size(given, node, context, what);
  component.grid.reserve(total);
  for (size_t index = 0; index < total; ++index) {
    std::vector<size_t> position(given.size());
    size_t rest = index;
    for (size_t axis = given.size(); axis-- > 0;) {
      position[axis] = rest % given[axis].second.size();
      rest /= given[axis].second.size();
    }
    ParamSet chosen;
    for (size_t axis = 0; axis < given.size(); ++axis)
      chosen.set(given[axis].first, given[axis].second[position[axis]]);
    component.grid.push_back(complete_point(chosen, node, component, info, context, what));
  }
  component.kind = info.name;
  return component;
}

ComponentSpec read_single(const YAML::Node& node, const ComponentInfo& info,
                          const std::vector<std::string>& reserved, const Context& context,
                          const std::string& what) {
  SweptComponentSpec swept = read_component(node, info, reserved, context, what);
  if (swept.grid.size() != 1)
    fail(node, context.file, fmt::format("{} parameters cannot be swept", what));
  return {swept.kind, swept.grid.front(), swept.where};
}

Split read_split(const YAML::Node& node, const Context& context) {
  std::string text = read_text(node, context, "split");
  if (text == "merged") return Split::merged;
  if (text == "train") return Split::train;
  if (text == "test") return Split::test;
  fail(node, context.file, fmt::format("'split' must be merged, train or test, got '{}'", text));
}

DatasetSpec read_dataset(const YAML::Node& item, const Context& context) {
  DatasetSpec dataset;
  dataset.where = location_of(item, context.file);
  if (item.IsScalar()) {
    dataset.options.name = read_file_name(item, context.file, "a dataset name");
  } else {
    check_keys(item, {"name", "path", "split", "max_samples", "missing", "normalise"}, context.file,
               "dataset");
    if (!item["name"]) fail(item, context.file, "a dataset needs 'name'");
    dataset.options.name = read_file_name(item["name"], context.file, "a dataset name");
    if (item["path"]) dataset.options.folder = read_text(item["path"], context, "path");
    if (item["split"]) dataset.options.split = read_split(item["split"], context);
    if (item["max_samples"]) {
      auto value = spec_detail::read_scalar(item["max_samples"], ParamType::integer, context.file);
      long long count = std::get<long long>(value);
      if (count < 2) fail(item["max_samples"], context.file, "'max_samples' must be >= 2");
      dataset.options.max_samples = count;
    }
    if (item["missing"])
      dataset.options.missing = spec_detail::read_missing_values(item["missing"], context.file);
    if (item["normalise"])
      dataset.options.normalise = spec_detail::read_normalisation(item["normalise"], context.file);
  }
  if (dataset.options.folder.empty())
    dataset.options.folder = std::filesystem::path("third_party/ucr") / dataset.options.name;
  dataset.folder_where =
      item.IsMap() && item["path"] ? location_of(item["path"], context.file) : dataset.where;
  return dataset;
}

std::vector<DatasetSpec> read_dataset_list(const YAML::Node& node, const Context& context,
                                           std::vector<IgnoredArchiveEntry>& ignored) {
  if (node && node.IsMap() && node["archive"])
    return spec_detail::read_archive(node, context.file, ignored);
  if (!node || !node.IsSequence() || node.size() == 0)
    fail(node ? node : YAML::Node(), context.file, "'datasets' must be a non-empty list");
  std::vector<DatasetSpec> datasets;
  for (const auto& item : node) datasets.push_back(read_dataset(item, context));
  return datasets;
}

// Dataset names key every output (tables/<name>.md, results rows): one entry per name.
std::vector<DatasetSpec> read_datasets(const YAML::Node& node, const Context& context,
                                       std::vector<IgnoredArchiveEntry>& ignored) {
  std::vector<DatasetSpec> datasets = read_dataset_list(node, context, ignored);
  std::map<std::string, SourceLocation> seen;
  for (const auto& dataset : datasets) {
    auto [previous, inserted] = seen.try_emplace(dataset.options.name, dataset.where);
    if (!inserted)
      throw InputError(dataset.where.str(),
                       fmt::format("dataset '{}' is listed twice (first at {}); list each "
                                   "dataset once",
                                   dataset.options.name, previous->second.str()));
  }
  return datasets;
}

std::vector<long long> read_n_features(const YAML::Node& node, const Context& context) {
  std::vector<long long> values;
  std::map<long long, SourceLocation> seen;
  auto record = [&](const YAML::Node& item, long long value) {
    auto [previous, inserted] = seen.try_emplace(value, location_of(item, context.file));
    if (!inserted)
      fail(item, context.file,
           fmt::format("'n_features' takes {} twice (first at {}); each value once",
                       value == kAllFeatures ? "all" : std::to_string(value),
                       previous->second.str()));
    values.push_back(value);
  };
  auto add = [&](const YAML::Node& item, double number) {
    // Above 2^53 a double no longer holds every integer (and no dataset has that many features).
    if (number < 1 || number != std::floor(number) || number > 9007199254740992.0)
      fail(item, context.file,
           fmt::format("'n_features' values must be positive integers or 'all', got {}",
                       format_double(number)));
    record(item, static_cast<long long>(number));
  };
  auto read_item = [&](const YAML::Node& item) {
    if (item.IsMap()) {
      for (double number : spec_detail::expand_generator(item, context.file)) add(item, number);
      return;
    }
    if (item.IsScalar() && item.Scalar() == "all") {
      record(item, kAllFeatures);
      return;
    }
    auto value = spec_detail::read_scalar(item, ParamType::integer, context.file);
    add(item, static_cast<double>(std::get<long long>(value)));
  };
  if (node.IsMap()) {
    for (double number : spec_detail::expand_generator(node, context.file)) add(node, number);
  } else if (node.IsSequence()) {
    if (node.size() == 0) fail(node, context.file, "'n_features' is an empty list");
    for (const auto& item : node) read_item(item);
  } else {
    read_item(node);
  }
  return values;
}

ProtocolOptions read_protocol(const YAML::Node& node, const Context& context) {
  ProtocolOptions protocol;
  if (!node) return protocol;
  check_keys(node, {"kind", "folds", "repeats", "seed", "count"}, context.file, "protocol");
  if (!node["kind"]) fail(node, context.file, "protocol needs 'kind'");
  std::string kind = read_text(node["kind"], context, "kind");
  std::vector<std::string> kinds = {"holdout_half", "train_test", "stratified_kfold", "resamples"};
  if (kind == "holdout_half") {
    protocol.kind = ProtocolKind::holdout_half;
  } else if (kind == "train_test") {
    protocol.kind = ProtocolKind::train_test;
  } else if (kind == "stratified_kfold") {
    protocol.kind = ProtocolKind::stratified_kfold;
  } else if (kind == "resamples") {
    protocol.kind = ProtocolKind::resamples;
  } else {
    std::string message = fmt::format("unknown protocol '{}'", kind);
    if (auto suggestion = closest_match(kind, kinds))
      message += fmt::format(" (did you mean '{}'?)", *suggestion);
    fail(node["kind"], context.file,
         message + "; known: " + fmt::format("{}", fmt::join(kinds, ", ")));
  }
  bool kfold = protocol.kind == ProtocolKind::stratified_kfold;
  bool resampled = protocol.kind == ProtocolKind::resamples;
  for (const char* key : {"folds", "repeats"})
    if (node[key] && !kfold)
      fail(node[key], context.file, fmt::format("'{}' applies to stratified_kfold only", key));
  if (node["count"] && !resampled)
    fail(node["count"], context.file, "'count' applies to resamples only");
  if (node["seed"] && !kfold && !resampled)
    fail(node["seed"], context.file, "'seed' applies to stratified_kfold and resamples only");
  if (node["count"])
    protocol.resamples = static_cast<int>(spec_detail::read_int_in_range(
        node["count"], "count", 1, spec_detail::kMaxProtocolCount, context.file));
  spec_detail::read_fold_options(node, "", protocol, context.file);
  return protocol;
}

// A spec is a few kilobytes; anything this large is not one (and would only waste memory).
constexpr std::uintmax_t kMaxSpecBytes = 16u << 20;

// The spec's YAML tree: the file's text without a byte-order mark, checked for what yaml-cpp
// would accept silently (duplicate keys, merge keys, deep nesting, ...), then parsed.
YAML::Node load_yaml(const std::filesystem::path& file) {
  std::error_code status;
  if (!std::filesystem::exists(file, status))
    throw InputError(file.string(), "spec file not found");
  if (std::filesystem::is_directory(file, status))
    throw InputError(file.string(), "is a folder, expected a spec file");
  if (!std::filesystem::is_regular_file(file, status))
    throw InputError(file.string(),
                     "is not a regular file (a device, pipe or socket), expected a spec file");
  if (std::filesystem::file_size(file, status) > kMaxSpecBytes)
    throw InputError(file.string(), fmt::format("larger than {} bytes: not a spec", kMaxSpecBytes));
  std::string text(without_byte_order_mark(read_text_file(file)));
  spec_detail::check_yaml_text(text, file.string());
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& error) {
    throw InputError(
        fmt::format("{}:{}:{}", file.string(), error.mark.line + 1, error.mark.column + 1),
        error.msg);
  }
}

YAML::Node load_root(const std::filesystem::path& file, const std::vector<std::string>& overrides,
                     Context& context) {
  YAML::Node root = load_yaml(file);
  if (!root.IsMap()) throw InputError(file.string(), "a spec must be a YAML map");
  context.file.overridden = apply_overrides(root, overrides);
  check_keys(root, spec_key_names(), context.file, "the spec");
  return root;
}

// The spec's name (default: the file's stem) names its output folder: a plain file name.
std::string read_spec_name(const YAML::Node& root, const std::filesystem::path& file,
                           const Context& context) {
  if (root["name"]) return read_file_name(root["name"], context.file, "the spec 'name'");
  std::string stem = file.stem().string();
  if (auto problem = spec_detail::file_name_problem(stem))
    throw InputError(file.string(),
                     fmt::format("the spec has no 'name' and its file name '{}' cannot name the "
                                 "output folder: {}; add a 'name'",
                                 printable_excerpt(stem), *problem));
  return stem;
}

// The configured component, or an InputError at `location` with the component's problem.
template <typename Component>
std::shared_ptr<const Component> configured_or_refused(Configured<Component> one,
                                                       const std::string& location,
                                                       const std::string& what,
                                                       const std::string& kind) {
  if (const auto& problem = one.problem())
    throw InputError(location, fmt::format("{} '{}': {}", what, kind, problem->message));
  return one.component();
}

// Where a component's problem is reported: the line of the parameter it blames, or of the entry.
template <typename Component>
std::string problem_location(const SweptComponentSpec& entry, const Configured<Component>& one) {
  if (const auto& problem = one.problem())
    if (auto where = entry.param_where.find(problem->param); where != entry.param_where.end())
      return where->second.str();
  return entry.where.str();
}

// One extractor from its map (`{extractor: tsfel, ...}`) or, in a list of kinds, from its kind
// alone (`entry` is then the kind's node and the parameters take their defaults).
ExtractorSpec read_extractor(const YAML::Node& entry, const YAML::Node& kind,
                             const Context& context) {
  const auto& extractor = find_component<ExtractorRegistration>(kind, context, "extractor");
  ExtractorSpec result;
  if (entry.IsMap()) {
    static_cast<ComponentSpec&>(result) =
        read_single(entry, extractor.info, {"extractor"}, context, "extractor");
  } else {
    SweptComponentSpec defaults;
    defaults.where = location_of(entry, context.file);
    result.kind = extractor.info.name;
    result.where = defaults.where;
    result.params = complete_point({}, entry, defaults, extractor.info, context, "extractor");
  }
  result.registration = &extractor;
  result.extractor = configured_or_refused(extractor.configure(result.params), result.where.str(),
                                           "extractor", result.kind);
  return result;
}

// `features: {extractor: tsfel, ...}` (one extractor and its parameters), `features: {extractor:
// [tsfel, catch22]}` (several with their defaults) or `features: [{extractor: tsfel, ...},
// {extractor: catch22}]` (several with parameters). No `features:` is the raw series values.
std::vector<ExtractorSpec> read_features(const YAML::Node& features, const Context& context) {
  if (!features) {
    ExtractorSpec raw;
    static_cast<ComponentSpec&>(raw) = {"raw", ParamSet{}, {context.file.file, 0, 0}};
    raw.registration = ExtractorRegistry::instance().find("raw");
    raw.extractor = raw.registration->configure(ParamSet{}).component();
    return {raw};
  }
  std::vector<ExtractorSpec> extractors;
  if (features.IsMap() && features["extractor"] && features["extractor"].IsSequence()) {
    if (features.size() != 1)
      fail(features, context.file,
           "'features' lists several extractors: give each its parameters in its own entry, "
           "features: [{extractor: tsfel, ...}, {extractor: catch22}]");
    for (const auto& kind : features["extractor"])
      extractors.push_back(read_extractor(kind, kind, context));
  } else if (features.IsSequence()) {
    for (const auto& entry : features) {
      if (!entry.IsMap() || !entry["extractor"])
        fail(entry, context.file, "each entry of 'features' needs 'extractor'");
      extractors.push_back(read_extractor(entry, entry["extractor"], context));
    }
  } else {
    if (!features.IsMap() || !features["extractor"])
      fail(features, context.file, "'features' needs 'extractor'");
    extractors.push_back(read_extractor(features, features["extractor"], context));
  }
  if (extractors.empty()) fail(features, context.file, "'features' lists no extractor");
  for (size_t i = 0; i < extractors.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (extractors[j].kind == extractors[i].kind)
        throw InputError(extractors[i].where.str(),
                         fmt::format("extractor '{}' is listed twice in 'features' (first at {})",
                                     extractors[i].kind, extractors[j].where.str()));
  return extractors;
}

std::vector<DistanceSpec> read_distances(const YAML::Node& distances, const Context& context) {
  std::vector<DistanceSpec> result;
  if (!distances) return result;
  if (!distances.IsSequence()) fail(distances, context.file, "'distances' must be a list");
  int index = 0;
  for (const auto& item : distances) {
    if (!item.IsMap() || !item["kind"]) fail(item, context.file, "a distance needs 'kind'");
    const auto& distance = find_component<DistanceRegistration>(item["kind"], context, "distance");
    const SweptComponentSpec swept =
        read_component(item, distance.info, {"kind"}, context, "distance");
    for (const ParamSet& params : swept.grid) {
      DistanceSpec entry;
      static_cast<ComponentSpec&>(entry) = {swept.kind, params, swept.where};
      entry.registration = &distance;
      Configured<DistanceMeasure> one = distance.configure(entry.params);
      const std::string location = problem_location(swept, one);
      entry.measure = configured_or_refused(std::move(one), location, "distance", entry.kind);
      entry.label = entry.measure->label();
      entry.entry = index;
      result.push_back(std::move(entry));
    }
    ++index;
  }
  return result;
}

FitOn read_fit_on(const YAML::Node& fit_on, const SelectorRegistration& selector,
                  const Context& context) {
  std::string text = read_text(fit_on, context, "fit_on");
  if (text != "train" && text != "all")
    fail(fit_on, context.file, fmt::format("'fit_on' must be train or all, got '{}'", text));
  if (text == "all" && selector.supervised)
    fail(fit_on, context.file,
         fmt::format("selector '{}' uses labels, so it cannot be fitted on all rows "
                     "(fit_on: all would leak test labels); use fit_on: train",
                     selector.info.name));
  return text == "all" ? FitOn::all : FitOn::train;
}

// Every grid point of a swept component configured once (select/selector.hpp); a combination the
// component refuses is reported at the line of the parameter it blames, or of the entry.
template <typename Component>
std::vector<std::shared_ptr<const Component>> configure_grid(
    const SweptComponentSpec& entry,
    const std::function<Configured<Component>(const ParamSet&)>& configure,
    const std::string& what) {
  std::vector<std::shared_ptr<const Component>> configured;
  for (const ParamSet& params : entry.grid) {
    Configured<Component> one = configure(params);
    const std::string location = problem_location(entry, one);
    configured.push_back(configured_or_refused(std::move(one), location, what, entry.kind));
  }
  return configured;
}

std::vector<SelectorSpec> read_selectors(const YAML::Node& root, bool have_distances,
                                         const Context& context) {
  YAML::Node selectors = root["selectors"];
  if (!selectors || !selectors.IsSequence() || selectors.size() == 0)
    fail(selectors ? selectors : root, context.file, "'selectors' must be a non-empty list");
  std::vector<SelectorSpec> result;
  for (const auto& item : selectors) {
    if (!item.IsMap() || !item["kind"]) fail(item, context.file, "a selector needs 'kind'");
    const auto& selector = find_component<SelectorRegistration>(item["kind"], context, "selector");
    SelectorSpec entry;
    static_cast<SweptComponentSpec&>(entry) =
        read_component(item, selector.info, {"kind", "fit_on"}, context, "selector");
    entry.registration = &selector;
    entry.selectors = configure_grid(entry, selector.configure, "selector");
    if (YAML::Node fit_on = item["fit_on"]) entry.fit_on = read_fit_on(fit_on, selector, context);
    // One entry's grid points share what decides it (a python entry's function is not swept).
    entry.uses_distance = selector.uses_distance || entry.selectors.front()->asks_for_distances();
    if (entry.uses_distance && !have_distances)
      fail(item, context.file,
           fmt::format("selector '{}' needs a distance: add a 'distances' list to the spec",
                       selector.info.name));
    result.push_back(std::move(entry));
  }
  return result;
}

ClassifierSpec read_classifier(const YAML::Node& classifier, const Context& context) {
  YAML::Node node = classifier ? classifier : YAML::Load("{kind: svc}");
  if (!node.IsMap() || !node["kind"]) fail(node, context.file, "'classifier' needs 'kind'");
  const auto& registration =
      find_component<ClassifierRegistration>(node["kind"], context, "classifier");
  ClassifierSpec result;
  static_cast<SweptComponentSpec&>(result) =
      read_component(node, registration.info, {"kind"}, context, "classifier");
  result.registration = &registration;
  if (registration.configure_from_distances)
    result.distance_classifiers =
        configure_grid(result, registration.configure_from_distances, "classifier");
  else
    result.classifiers = configure_grid(result, registration.configure, "classifier");
  return result;
}

ReducerSpec read_reducer(const YAML::Node& node, const Context& context) {
  if (!node.IsMap() || !node["kind"])
    fail(node, context.file, "'reduce' needs 'kind' (e.g. {kind: pca, energy: 0.9})");
  const auto& registration = find_component<ReducerRegistration>(node["kind"], context, "reducer");
  ReducerSpec result;
  static_cast<SweptComponentSpec&>(result) =
      read_component(node, registration.info, {"kind"}, context, "reduce");
  result.registration = &registration;
  result.reducers = configure_grid(result, registration.configure, "reducer");
  return result;
}

// Plot names become file names under figures/.
std::vector<PlotSpec> read_plots(const YAML::Node& plots, const Context& context) {
  std::vector<PlotSpec> result;
  if (!plots) return result;
  if (!plots.IsSequence()) fail(plots, context.file, "'plots' must be a list");
  std::map<std::string, SourceLocation> names;
  for (const auto& item : plots) {
    if (!item.IsMap() || !item["kind"]) fail(item, context.file, "a plot needs 'kind'");
    const auto& plot = find_component<PlotRegistration>(item["kind"], context, "plot");
    PlotSpec entry;
    static_cast<ComponentSpec&>(entry) = read_single(item, plot.info, {"kind"}, context, "plot");
    entry.registration = &plot;
    entry.plot =
        configured_or_refused(plot.configure(entry.params), entry.where.str(), "plot", entry.kind);
    YAML::Node name_node = item["name"] ? item["name"] : item;
    std::string name = entry.params.text("name");
    if (auto problem = spec_detail::file_name_problem(name))
      fail(name_node, context.file,
           fmt::format("a plot 'name' must be a plain file name: {}", *problem));
    if (name.find_first_of("'\"") != std::string::npos)
      fail(name_node, context.file, "a plot 'name' cannot hold quotes (it is used in gnuplot)");
    auto [previous, inserted] = names.try_emplace(name, location_of(name_node, context.file));
    if (!inserted)
      fail(name_node, context.file,
           fmt::format("two plots are named '{}' (first at {})", name, previous->second.str()));
    result.push_back(std::move(entry));
  }
  return result;
}

// A curve plot draws rows of curves.csv, which only `curves:` of its kind writes: refused at load
// rather than after the sweep.
void check_plots_have_curves(const Spec& spec) {
  for (const auto& plot : spec.plots) {
    const std::string& needed = plot.registration->needs_curves;
    if (needed.empty()) continue;
    const bool asked =
        spec.curves &&
        std::any_of(spec.curves->kinds.begin(), spec.curves->kinds.end(), [&](CurveKind kind) {
          return (kind == CurveKind::roc ? "roc" : "pr") == needed;
        });
    if (!asked)
      throw InputError(plot.where.str(),
                       fmt::format("plot kind '{}' draws curves.csv, which needs `curves: [{}]` "
                                   "in the spec",
                                   plot.kind, needed));
  }
}

// Cells per dataset: each selector's grid (times the distances when it uses one) x n_features x
// the classifier grid x the reducer grid. Refused at load time when the plan would not fit in
// memory.
void check_sweep_size(const Spec& spec) {
  double selector_points = 0;
  for (const auto& selector : spec.selectors) {
    bool uses_distance =
        selector.uses_distance || spec.classifier.registration->configure_from_distances != nullptr;
    selector_points += static_cast<double>(selector.grid.size()) *
                       static_cast<double>(uses_distance ? spec.distances.size() : 1);
  }
  const size_t reducer_points = spec.reduce ? spec.reduce->grid.size() : 1;
  double cells = static_cast<double>(spec.datasets.size()) * selector_points *
                 static_cast<double>(spec.n_features.size()) *
                 static_cast<double>(spec.classifier.grid.size()) *
                 static_cast<double>(reducer_points);
  if (cells > static_cast<double>(spec_detail::kMaxSweepCells))
    throw InputError(
        spec.file.string(),
        fmt::format(
            "the sweep has {} grid cells ({} datasets x {} selector settings "
            "x {} n_features x {} classifier settings{}), more than the {} tsfs "
            "accepts in one run; split it into several specs",
            format_double(cells), spec.datasets.size(), format_double(selector_points),
            spec.n_features.size(), spec.classifier.grid.size(),
            spec.reduce ? fmt::format(" x {} reducer settings", reducer_points) : std::string(),
            spec_detail::kMaxSweepCells));
}

// A classifier of distances (nearest_neighbour) reads the cell's distance block, not features:
// what would select, reduce or count features, or draw its curves, is refused at its line.
void check_distance_classifier(const Spec& spec) {
  if (!spec.classifier.registration->configure_from_distances) return;
  const std::string& kind = spec.classifier.kind;
  if (spec.distances.empty())
    throw InputError(spec.classifier.where.str(),
                     fmt::format("classifier '{}' predicts from distances: add a 'distances' "
                                 "list (euclidean, dtw, ...) to the spec",
                                 kind));
  for (const auto& distance : spec.distances)
    if (distance.measure->compares_feature_vectors())
      throw InputError(distance.where.str(),
                       fmt::format("classifier '{}' predicts from series distances, and distance "
                                   "'{}' compares the feature vectors of each selector's fit "
                                   "rows; for nearest neighbours on the features use "
                                   "classifier: {{kind: knn, k: 1}}",
                                   kind, distance.kind));
  for (const auto& selector : spec.selectors)
    if (selector.kind != "none")
      throw InputError(selector.where.str(),
                       fmt::format("classifier '{}' predicts from the cell's distances and uses "
                                   "no features, so selector '{}' would select nothing it "
                                   "reads; use selectors: [{{kind: none}}]",
                                   kind, selector.kind));
  if (spec.reduce)
    throw InputError(spec.reduce->where.str(),
                     fmt::format("classifier '{}' uses no features, so 'reduce' has nothing to "
                                 "reduce; remove it",
                                 kind));
  if (spec.n_features != std::vector<long long>{kAllFeatures})
    throw InputError(spec.n_features_where.str(),
                     fmt::format("classifier '{}' uses no features, so 'n_features' has no "
                                 "effect; remove it (default: all)",
                                 kind));
  if (spec.curves)
    throw InputError(spec.curves->where_location.str(),
                     fmt::format("'curves' are not available for classifier '{}' yet", kind));
}

// A selector that fits the spec's classifier (a search wrapper) needs one fixed classifier of
// feature columns: a swept or tuned classifier would make each cell's selection depend on its own
// classifier, and `reduce` would put a step between the columns it chooses and the classifier.
void check_classifier_selectors(const Spec& spec) {
  for (const auto& selector : spec.selectors) {
    if (!selector.registration->uses_classifier) continue;
    std::string problem;
    if (spec.classifier.registration->configure_from_distances)
      problem = fmt::format("classifier '{}' predicts from distances, not from feature columns",
                            spec.classifier.kind);
    else if (spec.classifier.grid.size() > 1)
      problem = fmt::format("the classifier has {} parameter sets (swept or tuned); give it one",
                            spec.classifier.grid.size());
    else if (spec.reduce)
      problem = fmt::format(
          "'reduce' ({}) sits between the selected columns and the classifier; "
          "remove it",
          spec.reduce->kind);
    if (!problem.empty())
      throw InputError(selector.where.str(),
                       fmt::format("selector '{}' fits the spec's classifier on inner folds: {}",
                                   selector.kind, problem));
  }
}

}  // namespace

template <typename Registration>
const Registration& find_registration(const std::string& kind, const std::string& what,
                                      const std::string& origin) {
  Context context{{origin, {}}};
  return find_component<Registration>(YAML::Node(kind), context, what);
}
template const ExtractorRegistration& find_registration(const std::string&, const std::string&,
                                                        const std::string&);
template const DistanceRegistration& find_registration(const std::string&, const std::string&,
                                                       const std::string&);
template const SelectorRegistration& find_registration(const std::string&, const std::string&,
                                                       const std::string&);
template const ClassifierRegistration& find_registration(const std::string&, const std::string&,
                                                         const std::string&);

ParamSet read_component_params(const YAML::Node& params, const ComponentInfo& info,
                               const std::string& what, const std::string& origin) {
  Context context{{origin, {}}};
  YAML::Node map =
      params.IsDefined() && !params.IsNull() ? params : YAML::Node(YAML::NodeType::Map);
  if (!map.IsMap()) fail(map, context.file, fmt::format("{} parameters must be a map", what));
  return read_single(map, info, {}, context, what).params;
}

namespace spec_detail {

void read_name_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.name = read_spec_name(root, spec.file, context);
}

void read_description_key(const YAML::Node&, const Context&, Spec&) {}

void read_datasets_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.datasets = read_datasets(root["datasets"], context, spec.ignored_archive_entries);
}

void read_features_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.extractors = read_features(root["features"], context);
}

void read_distances_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.distances = read_distances(root["distances"], context);
}

void read_selectors_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.selectors = read_selectors(root, !spec.distances.empty(), context);
}

void read_n_features_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node n_features = root["n_features"]) {
    spec.n_features = read_n_features(n_features, context);
    spec.n_features_where = location_of(n_features, context.file);
  } else {
    spec.n_features = {kAllFeatures};
    spec.n_features_where = {context.file.file, 0, 0};
  }
}

void read_classifier_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.classifier = read_classifier(root["classifier"], context);
}

void read_reduce_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node reduce = root["reduce"]) spec.reduce = read_reducer(reduce, context);
}

void read_protocol_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.protocol = read_protocol(root["protocol"], context);
  spec.protocol_where = root["protocol"] ? location_of(root["protocol"], context.file)
                                         : SourceLocation{context.file.file, 0, 0};
}

void read_metrics_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node metrics = root["metrics"])
    spec.metrics = read_metrics(metrics, context.file, spec.classifier);
}

void read_duplicates_key(const YAML::Node& root, const Context& context, Spec& spec) {
  YAML::Node duplicates = root["duplicates"];
  if (!duplicates) return;
  auto handling = parse_duplicate_handling(read_text(duplicates, context, "duplicates"));
  if (!handling)
    fail(duplicates, context.file,
         fmt::format("'duplicates' must be one of: {}",
                     fmt::join(duplicate_handling_names(), ", ")));
  spec.duplicates = *handling;
}

void read_output_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node output = root["output"]) {
    spec.output = read_text(output, context, "output");
    spec.output_where = location_of(output, context.file);
  } else {
    spec.output = std::filesystem::path("results") / spec.name;
    spec.output_where = SourceLocation{context.file.file};
  }
}

void read_cache_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node cache = root["cache"]) {
    spec.cache = read_text(cache, context, "cache");
    spec.cache_where = location_of(cache, context.file);
    if (spec.cache.empty()) fail(cache, context.file, "'cache' must name a folder");
  } else {
    spec.cache = spec.output / "cache";
    spec.cache_where = spec.output_where;
  }
}

void read_save_scores_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node save_scores = root["save_scores"])
    spec.save_scores = std::get<bool>(read_scalar(save_scores, ParamType::boolean, context.file));
}

void read_tune_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node tune = root["tune"]) spec.tune = read_tune(tune, context.file, spec);
}

void read_curves_key(const YAML::Node& root, const Context& context, Spec& spec) {
  if (YAML::Node curves = root["curves"]) spec.curves = read_curves(curves, context.file, spec);
}

void read_plots_key(const YAML::Node& root, const Context& context, Spec& spec) {
  spec.plots = read_plots(root["plots"], context);
}

}  // namespace spec_detail

Spec load_spec(const std::filesystem::path& file, const std::vector<std::string>& overrides) {
  Context context{{file.string(), {}}};
  YAML::Node root = load_root(file, overrides, context);
  Spec spec;
  spec.file = file;
  for (const SpecKey& key : spec_keys()) key.read(root, context, spec);
  check_plots_have_curves(spec);
  check_distance_classifier(spec);
  check_classifier_selectors(spec);
  check_sweep_size(spec);
  spec.input_yaml = YAML::Dump(root) + "\n";
  spec.resolved_yaml = resolved_yaml(spec);
  return spec;
}

}  // namespace tsfs
