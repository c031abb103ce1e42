#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/text.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "plot/plot.hpp"
#include "select/selector.hpp"
#include "spec/archive.hpp"
#include "spec/overrides.hpp"
#include "spec/resolved_yaml.hpp"
#include "spec/spec.hpp"
#include "spec/yaml_values.hpp"

namespace tsfs {

using spec_detail::check_keys;
using spec_detail::fail;
using spec_detail::location_of;

std::string SourceLocation::str() const {
  if (line == 0) return file;
  return fmt::format("{}:{}:{}", file, line, column);
}

std::string fit_on_name(FitOn fit_on) {
  return fit_on == FitOn::all ? "all" : "train";
}

namespace {

struct Context {
  spec_detail::SpecSource file;
};

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
  std::string message = fmt::format("unknown {} '{}'", what, kind);
  if (auto suggestion = closest_match(kind, registry.names()))
    message += fmt::format(" (did you mean '{}'?)", *suggestion);
  message += fmt::format("; known: {}", fmt::join(registry.names(), ", "));
  fail(kind_node, context.file, message);
}

// Reads a component's parameters from `node` (other than the keys in `reserved`), expands
// sweeps into the Cartesian product and applies presets and defaults.
SweptComponentSpec read_component(const YAML::Node& node, const ComponentInfo& info,
                                  const std::vector<std::string>& reserved, const Context& context,
                                  const std::string& what) {
  std::vector<std::string> allowed = reserved;
  for (const auto& name : info.param_names()) allowed.push_back(name);
  check_keys(node, allowed, context.file, fmt::format("{} '{}'", what, info.name));

  SweptComponentSpec component;
  component.where = location_of(node, context.file);
  std::vector<std::pair<std::string, std::vector<ParamValue>>> given;
  for (const auto& spec : info.params) {
    YAML::Node value = node[spec.name];
    if (!value) continue;
    component.param_where[spec.name] = location_of(value, context.file);
    given.emplace_back(spec.name, spec_detail::read_sweep(value, spec, context.file));
  }
  // Cartesian product, last-declared parameter varying fastest (mixed-radix counting).
  size_t total = 1;
  for (const auto& axis : given) total *= axis.second.size();
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
    if (info.apply_presets) info.apply_presets(chosen);
    ParamSet complete;
    for (const auto& spec : info.params) {
      if (chosen.has(spec.name)) {
        complete.set(spec.name, chosen.at(spec.name));
      } else if (spec.default_value) {
        complete.set(spec.name, *spec.default_value);
      } else {
        fail(
            node, context.file,
            fmt::format("{} '{}' needs parameter '{}' ({})", what, info.name, spec.name, spec.doc));
      }
    }
    if (info.validate) {
      if (auto problem = info.validate(complete)) {
        auto where = component.param_where.find(problem->param);
        throw InputError(
            where != component.param_where.end() ? where->second.str() : component.where.str(),
            fmt::format("{} '{}': {}", what, info.name, problem->message));
      }
    }
    component.grid.push_back(std::move(complete));
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

std::vector<DatasetSpec> read_datasets(const YAML::Node& node, const Context& context) {
  if (node && node.IsMap() && node["archive"]) return spec_detail::read_archive(node, context.file);
  if (!node || !node.IsSequence() || node.size() == 0)
    fail(node ? node : YAML::Node(), context.file, "'datasets' must be a non-empty list");
  std::vector<DatasetSpec> datasets;
  for (const auto& item : node) {
    DatasetSpec dataset;
    dataset.where = location_of(item, context.file);
    YAML::Node entry = item;
    if (item.IsScalar()) {
      dataset.options.name = item.Scalar();
    } else {
      check_keys(item, {"name", "path", "split", "max_samples"}, context.file, "dataset");
      if (!item["name"]) fail(item, context.file, "a dataset needs 'name'");
      dataset.options.name = read_text(item["name"], context, "name");
      if (item["path"]) dataset.options.folder = read_text(item["path"], context, "path");
      if (item["split"]) dataset.options.split = read_split(item["split"], context);
      if (item["max_samples"]) {
        auto value =
            spec_detail::read_scalar(item["max_samples"], ParamType::integer, context.file);
        long long count = std::get<long long>(value);
        if (count < 2) fail(item["max_samples"], context.file, "'max_samples' must be >= 2");
        dataset.options.max_samples = count;
      }
    }
    if (dataset.options.folder.empty())
      dataset.options.folder = std::filesystem::path("third_party/ucr") / dataset.options.name;
    datasets.push_back(std::move(dataset));
  }
  return datasets;
}

std::vector<long long> read_n_features(const YAML::Node& node, const Context& context) {
  std::vector<long long> values;
  auto add = [&](const YAML::Node& item, double number) {
    if (number < 1 || number != std::floor(number))
      fail(item, context.file, "'n_features' values must be positive integers or 'all'");
    values.push_back(static_cast<long long>(number));
  };
  auto read_item = [&](const YAML::Node& item) {
    if (item.IsMap()) {
      for (double number : spec_detail::expand_generator(item, context.file)) add(item, number);
      return;
    }
    if (item.IsScalar() && item.Scalar() == "all") {
      values.push_back(kAllFeatures);
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
  auto read_int = [&](const char* key, long long minimum) -> long long {
    long long value =
        std::get<long long>(spec_detail::read_scalar(node[key], ParamType::integer, context.file));
    if (value < minimum)
      fail(node[key], context.file, fmt::format("'{}' must be >= {}", key, minimum));
    return value;
  };
  bool kfold = protocol.kind == ProtocolKind::stratified_kfold;
  bool resampled = protocol.kind == ProtocolKind::resamples;
  for (const char* key : {"folds", "repeats"})
    if (node[key] && !kfold)
      fail(node[key], context.file, fmt::format("'{}' applies to stratified_kfold only", key));
  if (node["count"] && !resampled)
    fail(node["count"], context.file, "'count' applies to resamples only");
  if (node["seed"] && !kfold && !resampled)
    fail(node["seed"], context.file, "'seed' applies to stratified_kfold and resamples only");
  if (node["count"]) protocol.resamples = static_cast<int>(read_int("count", 1));
  if (node["folds"]) protocol.folds = static_cast<int>(read_int("folds", 2));
  if (node["repeats"]) protocol.repeats = static_cast<int>(read_int("repeats", 1));
  if (node["seed"]) protocol.seed = static_cast<std::uint64_t>(read_int("seed", 0));
  return protocol;
}

YAML::Node load_yaml(const std::filesystem::path& file) {
  if (!std::filesystem::exists(file)) throw InputError(file.string(), "spec file not found");
  try {
    return YAML::LoadFile(file.string());
  } catch (const YAML::ParserException& error) {
    throw InputError(
        fmt::format("{}:{}:{}", file.string(), error.mark.line + 1, error.mark.column + 1),
        error.msg);
  }
}

}  // namespace

Spec load_spec(const std::filesystem::path& file, const std::vector<std::string>& overrides) {
  Context context{{file.string(), {}}};
  YAML::Node root = load_yaml(file);
  if (!root.IsMap()) throw InputError(file.string(), "a spec must be a YAML map");
  context.file.overridden = apply_overrides(root, overrides);
  check_keys(root,
             {"name", "description", "datasets", "features", "distances", "selectors", "n_features",
              "classifier", "protocol", "duplicates", "output", "plots", "save_scores"},
             context.file, "the spec");

  Spec spec;
  spec.file = file;
  spec.name = root["name"] ? read_text(root["name"], context, "name") : file.stem().string();
  spec.datasets = read_datasets(root["datasets"], context);

  YAML::Node features = root["features"];
  if (features) {
    if (!features.IsMap() || !features["extractor"])
      fail(features, context.file, "'features' needs 'extractor'");
    const auto& extractor =
        find_component<ExtractorRegistration>(features["extractor"], context, "extractor");
    spec.features = read_single(features, extractor.info, {"extractor"}, context, "extractor");
  } else {
    spec.features = {"raw", ParamSet{}, {context.file.file, 0, 0}};
  }

  if (YAML::Node distances = root["distances"]) {
    if (!distances.IsSequence()) fail(distances, context.file, "'distances' must be a list");
    for (const auto& item : distances) {
      if (!item.IsMap() || !item["kind"]) fail(item, context.file, "a distance needs 'kind'");
      const auto& distance =
          find_component<DistanceRegistration>(item["kind"], context, "distance");
      spec.distances.push_back(read_single(item, distance.info, {"kind"}, context, "distance"));
    }
  }

  YAML::Node selectors = root["selectors"];
  if (!selectors || !selectors.IsSequence() || selectors.size() == 0)
    fail(selectors ? selectors : root, context.file, "'selectors' must be a non-empty list");
  for (const auto& item : selectors) {
    if (!item.IsMap() || !item["kind"]) fail(item, context.file, "a selector needs 'kind'");
    const auto& selector = find_component<SelectorRegistration>(item["kind"], context, "selector");
    SelectorSpec entry;
    static_cast<SweptComponentSpec&>(entry) =
        read_component(item, selector.info, {"kind", "fit_on"}, context, "selector");
    if (YAML::Node fit_on = item["fit_on"]) {
      std::string text = read_text(fit_on, context, "fit_on");
      if (text != "train" && text != "all")
        fail(fit_on, context.file, fmt::format("'fit_on' must be train or all, got '{}'", text));
      entry.fit_on = text == "all" ? FitOn::all : FitOn::train;
      if (entry.fit_on == FitOn::all && selector.supervised)
        fail(fit_on, context.file,
             fmt::format("selector '{}' uses labels, so it cannot be fitted on all rows "
                         "(fit_on: all would leak test labels); use fit_on: train",
                         selector.info.name));
    }
    if (selector.uses_distance && spec.distances.empty())
      fail(item, context.file,
           fmt::format("selector '{}' needs a distance: add a 'distances' list to the spec",
                       selector.info.name));
    spec.selectors.push_back(std::move(entry));
  }

  if (YAML::Node n_features = root["n_features"]) {
    spec.n_features = read_n_features(n_features, context);
    spec.n_features_where = location_of(n_features, context.file);
  } else {
    spec.n_features = {kAllFeatures};
    spec.n_features_where = {context.file.file, 0, 0};
  }

  YAML::Node classifier = root["classifier"];
  YAML::Node classifier_node = classifier ? classifier : YAML::Load("{kind: svc}");
  if (!classifier_node.IsMap() || !classifier_node["kind"])
    fail(classifier_node, context.file, "'classifier' needs 'kind'");
  const auto& classifier_registration =
      find_component<ClassifierRegistration>(classifier_node["kind"], context, "classifier");
  spec.classifier = read_component(classifier_node, classifier_registration.info, {"kind"}, context,
                                   "classifier");

  spec.protocol = read_protocol(root["protocol"], context);
  if (YAML::Node duplicates = root["duplicates"]) {
    auto handling = parse_duplicate_handling(read_text(duplicates, context, "duplicates"));
    if (!handling)
      fail(duplicates, context.file,
           fmt::format("'duplicates' must be one of: {}",
                       fmt::join(duplicate_handling_names(), ", ")));
    spec.duplicates = *handling;
  }
  spec.output = root["output"] ? std::filesystem::path(read_text(root["output"], context, "output"))
                               : std::filesystem::path("results") / spec.name;
  spec.output_where = root["output"] ? location_of(root["output"], context.file)
                                     : SourceLocation{context.file.file};
  if (YAML::Node save_scores = root["save_scores"])
    spec.save_scores =
        std::get<bool>(spec_detail::read_scalar(save_scores, ParamType::boolean, context.file));
  if (YAML::Node plots = root["plots"]) {
    if (!plots.IsSequence()) fail(plots, context.file, "'plots' must be a list");
    std::vector<std::string> names;
    for (const auto& item : plots) {
      if (!item.IsMap() || !item["kind"]) fail(item, context.file, "a plot needs 'kind'");
      const auto& plot = find_component<PlotRegistration>(item["kind"], context, "plot");
      auto entry = read_single(item, plot.info, {"kind"}, context, "plot");
      std::string name = entry.params.text("name");
      if (name.empty() || name.find_first_of("/\\'\"") != std::string::npos)
        fail(item["name"], context.file, "a plot 'name' must be a non-empty file name");
      if (std::find(names.begin(), names.end(), name) != names.end())
        fail(item["name"], context.file, fmt::format("two plots are named '{}'", name));
      names.push_back(name);
      spec.plots.push_back(std::move(entry));
    }
  }
  spec.input_yaml = YAML::Dump(root) + "\n";
  spec.resolved_yaml = resolved_yaml(spec);
  return spec;
}

}  // namespace tsfs
