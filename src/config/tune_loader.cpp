#include "config/tune_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "classify/classifier.hpp"
#include "common/text.hpp"
#include "distance/distance.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs::spec_detail {
namespace {

// Distinct values a parameter takes over the grids of the given component entries.
size_t distinct_values(const std::vector<const SweptComponentSpec*>& entries,
                       const std::string& parameter) {
  std::set<std::string> values;
  for (const auto* entry : entries)
    for (const auto& point : entry->grid)
      if (point.has(parameter)) values.insert(point.display(parameter));
  return values.size();
}

// The spec's components a tuned parameter `component.parameter` may name, and the one it names.
struct TunedComponent {
  std::vector<std::string> components;             // every component name, for the message
  std::vector<const SweptComponentSpec*> entries;  // the named component's spec entries
  const ComponentInfo* info = nullptr;             // its registration (nullptr: none named)
  std::set<std::string> distance_values;           // a distance parameter's values
  bool distance = false;                           // the component is a distance of the spec
};

TunedComponent find_tuned_component(const TunedParameter& parameter, const std::string& text,
                                    const YAML::Node& item, const SpecSource& file,
                                    const Spec& spec) {
  TunedComponent found;
  for (const auto& selector : spec.selectors) {
    if (std::find(found.components.begin(), found.components.end(), selector.kind) ==
        found.components.end())
      found.components.push_back(selector.kind);
    if (selector.kind == parameter.component) {
      found.entries.push_back(&selector);
      found.info = &selector.registration->info;
    }
  }
  found.components.push_back("classifier");
  if (parameter.component == "classifier") {
    found.entries.push_back(&spec.classifier);
    found.info = &spec.classifier.registration->info;
  }
  if (spec.reduce) {
    found.components.push_back("reduce");
    if (parameter.component == "reduce") {
      found.entries.push_back(&*spec.reduce);
      found.info = &spec.reduce->registration->info;
    }
  }
  // A distance parameter swept over a `distances:` item (dtw.window_ratio for the UCR archive's
  // learned window): its candidates are the distances of the item.
  for (const auto& distance : spec.distances) {
    if (std::find(found.components.begin(), found.components.end(), distance.kind) ==
        found.components.end())
      found.components.push_back(distance.kind);
    if (distance.kind != parameter.component) continue;
    if (!spec.classifier.registration->configure_from_distances)
      fail(item, file,
           fmt::format("tuned parameter '{}': a distance parameter is tuned for a classifier of "
                       "distances (nearest_neighbour) only; classifier '{}' reads features",
                       printable_excerpt(text, 80), spec.classifier.kind));
    found.distance = true;
    found.info = &distance.registration->info;
    if (distance.params.has(parameter.parameter))
      found.distance_values.insert(distance.params.display(parameter.parameter));
  }
  return found;
}

TunedParameter read_parameter(const YAML::Node& item, const SpecSource& file, const Spec& spec) {
  std::string text = read_word(item, file, "tune.parameters item");
  TunedParameter parameter{text, text, location_of(item, file)};
  if (text == "n_features") {
    if (spec.n_features.size() < 2)
      fail(item, file,
           "tuned parameter 'n_features' is not swept: give n_features two or more "
           "values");
    return parameter;
  }
  auto dot = text.find('.');
  if (dot == std::string::npos)
    fail(item, file,
         fmt::format("tuned parameter '{}' must be 'component.parameter' (e.g. "
                     "laplacian.sigma_ratio) or 'n_features'",
                     printable_excerpt(text, 80)));
  parameter.component = text.substr(0, dot);
  parameter.parameter = text.substr(dot + 1);
  const TunedComponent found = find_tuned_component(parameter, text, item, file, spec);
  parameter.distance = found.distance;
  const ComponentInfo* info = found.info;
  if (info == nullptr)
    fail_unknown(
        item, file,
        fmt::format("tuned parameter '{}': no component '{}' in the spec",
                    printable_excerpt(text, 80), printable_excerpt(parameter.component, 80)),
        parameter.component, found.components);
  auto names = info->param_names();
  // A component's own parameters (ComponentInfo::open_params) are those its entries were given.
  for (const auto* entry : found.entries)
    for (const auto& [name, value] : entry->grid.front().entries())
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  if (names.empty())
    fail(item, file,
         fmt::format("tuned parameter '{}': '{}' has no parameters", printable_excerpt(text, 80),
                     info->name));
  if (std::find(names.begin(), names.end(), parameter.parameter) == names.end())
    fail_unknown(
        item, file,
        fmt::format("tuned parameter '{}': '{}' has no parameter '{}'", printable_excerpt(text, 80),
                    info->name, printable_excerpt(parameter.parameter, 80)),
        parameter.parameter, names);
  if ((parameter.distance ? found.distance_values.size()
                          : distinct_values(found.entries, parameter.parameter)) < 2)
    fail(item, file,
         fmt::format("tuned parameter '{}' is not swept: give it two or more values "
                     "in the spec's '{}'",
                     text, parameter.component));
  return parameter;
}

ProtocolOptions read_inner(const YAML::Node& node, const SpecSource& file, const Spec& spec) {
  ProtocolOptions inner;
  inner.kind = ProtocolKind::stratified_kfold;
  inner.folds = 3;
  if (!node) return inner;
  if (!node.IsMap()) fail(node, file, "'tune.inner' must be a map, e.g. {kind: stratified_kfold}");
  check_keys(node, {"kind", "folds", "repeats", "seed"}, file, "tune.inner");
  if (node["kind"]) {
    std::string kind = read_word(node["kind"], file, "tune.inner.kind");
    if (kind == "leave_one_out") {
      // Every training row tested on all the others: one fit per row, which a classifier of
      // distances does from one block (and the learned DTW window from one pruned search).
      check_keys(node, {"kind"}, file, "tune.inner (leave_one_out)");
      if (!spec.classifier.registration->configure_from_distances)
        fail(node["kind"], file,
             fmt::format("inner protocol leave_one_out is for a classifier of distances "
                         "(nearest_neighbour); classifier '{}' would be fitted once per "
                         "training row: use stratified_kfold",
                         spec.classifier.kind));
      inner.kind = ProtocolKind::leave_one_out;
      return inner;
    }
    if (kind != "stratified_kfold")
      fail_unknown(node["kind"], file,
                   fmt::format("unknown inner protocol '{}'", printable_excerpt(kind, 80)), kind,
                   {"stratified_kfold", "leave_one_out"});
  }
  read_fold_options(node, "tune.inner.", inner, file);
  return inner;
}

// accuracy, balanced_accuracy, or a metric of the spec's `metrics:` (the folds compute those).
void read_metric(const YAML::Node& node, const SpecSource& file, const Spec& spec, TuneSpec& tune) {
  if (!node) return;
  std::string metric = read_word(node, file, "tune.metric");
  if (metric == "accuracy") return;
  if (metric == "balanced_accuracy") {
    tune.metric = TuneMetric::balanced_accuracy;
    return;
  }
  if (auto chosen = chosen_metric_from_name(metric)) {
    auto listed = std::find(spec.metrics.begin(), spec.metrics.end(), *chosen);
    if (listed == spec.metrics.end())
      fail(node, file,
           fmt::format("tune.metric '{}' must also be listed in the spec's metrics: (e.g. "
                       "metrics: [{}]), so that every fold computes it and results.csv shows it",
                       metric, metric));
    tune.metric = TuneMetric::chosen;
    tune.chosen_metric = *chosen;
    tune.chosen_index = static_cast<size_t>(listed - spec.metrics.begin());
    return;
  }
  std::vector<std::string> names = {"accuracy", "balanced_accuracy"};
  for (const auto& name : chosen_metric_names()) names.push_back(name);
  fail_unknown(node, file, fmt::format("unknown tune metric '{}'", printable_excerpt(metric, 80)),
               metric, names);
}

}  // namespace

TuneSpec read_tune(const YAML::Node& node, const SpecSource& file, const Spec& spec) {
  if (!node.IsMap())
    fail(node, file,
         "'tune' must be a map with 'parameters', 'inner', 'metric', 'ties' and 'outer'");
  check_keys(node, {"parameters", "inner", "metric", "ties", "outer"}, file, "tune");
  TuneSpec tune;
  tune.where = location_of(node, file);
  const YAML::Node parameters = node["parameters"];
  if (!parameters) fail(node, file, "'tune' needs 'parameters' (e.g. [laplacian.sigma_ratio])");
  if (!parameters.IsSequence() || parameters.size() == 0)
    fail(parameters, file, "'tune.parameters' must be a non-empty list of component.parameter");
  for (const auto& item : parameters) {
    TunedParameter parameter = read_parameter(item, file, spec);
    for (const auto& earlier : tune.parameters)
      if (earlier.component == parameter.component && earlier.parameter == parameter.parameter)
        fail(item, file,
             fmt::format("tuned parameter '{}' is listed twice (first at {})", item.Scalar(),
                         earlier.where.str()));
    tune.parameters.push_back(std::move(parameter));
  }
  tune.inner = read_inner(node["inner"], file, spec);
  tune.inner_where = node["inner"] ? location_of(node["inner"], file) : tune.where;
  read_metric(node["metric"], file, spec, tune);
  if (const YAML::Node ties = node["ties"]) {
    const std::string text = read_word(ties, file, "tune.ties");
    if (text == "last")
      tune.ties = TieBreak::last;
    else if (text != "first")
      fail_unknown(ties, file,
                   fmt::format("tune.ties is first or last, got '{}'", printable_excerpt(text, 80)),
                   text, {"first", "last"});
  }
  if (const YAML::Node outer = node["outer"]) {
    const std::string text = read_word(outer, file, "tune.outer");
    if (text == "chosen")
      tune.outer = OuterEvaluation::chosen;
    else if (text != "all")
      fail_unknown(
          outer, file,
          fmt::format("tune.outer is all or chosen, got '{}'", printable_excerpt(text, 80)), text,
          {"all", "chosen"});
  }
  return tune;
}

}  // namespace tsfs::spec_detail
