#include "config/resolved_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "classify/classifier.hpp"
#include "config/spec_keys.hpp"
#include "config/spec_sections.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs {
namespace {

void emit_value(YAML::Emitter& out, const ParamValue& value) {
  if (const auto* items = std::get_if<std::vector<std::string>>(&value)) {
    out << YAML::Flow << YAML::BeginSeq;
    for (const auto& item : *items) out << item;
    out << YAML::EndSeq;
  } else {
    out << display_value(value);
  }
}

void emit_params(YAML::Emitter& out, const ParamSet& params) {
  for (const auto& [name, value] : params.entries()) {
    out << YAML::Key << name << YAML::Value;
    emit_value(out, value);
  }
}

// Of two parameters that exclude each other (pca's `components` and `energy`: the loader refuses
// them together), the one without effect: the other when this one was given, else this one (both
// are then at their defaults, and the one written keeps its effect). Left out so that
// spec.resolved.yaml reads back as the same spec.
std::set<std::string> without_effect(const SweptComponentSpec& component,
                                     const ComponentInfo& info) {
  std::set<std::string> names;
  for (const auto& param : info.params)
    if (!param.excludes.empty())
      names.insert(component.param_where.count(param.name) ? param.excludes : param.name);
  return names;
}

// Each parameter's distinct values across the grid, in first-seen order.
void emit_grid(YAML::Emitter& out, const std::vector<ParamSet>& grid,
               const std::set<std::string>& left_out = {}) {
  if (grid.empty()) return;
  for (const auto& [name, first_value] : grid.front().entries()) {
    if (left_out.count(name)) continue;
    std::vector<ParamValue> distinct;
    for (const auto& params : grid) {
      const auto& value = params.at(name);
      if (std::find(distinct.begin(), distinct.end(), value) == distinct.end())
        distinct.push_back(value);
    }
    out << YAML::Key << name << YAML::Value;
    if (distinct.size() == 1) {
      emit_value(out, first_value);
    } else {
      out << YAML::Flow << YAML::BeginSeq;
      for (const auto& value : distinct) emit_value(out, value);
      out << YAML::EndSeq;
    }
  }
}

const char* split_name(Split split) {
  switch (split) {
    case Split::merged:
      return "merged";
    case Split::train:
      return "train";
    case Split::test:
      return "test";
  }
  return "merged";
}

void emit_datasets_section(YAML::Emitter& out, const std::vector<DatasetSpec>& datasets) {
  out << YAML::BeginSeq;
  for (const auto& dataset : datasets) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << dataset.options.name;
    out << YAML::Key << "path" << YAML::Value << dataset.options.folder.string();
    out << YAML::Key << "split" << YAML::Value << split_name(dataset.options.split);
    if (dataset.options.max_samples)
      out << YAML::Key << "max_samples" << YAML::Value << *dataset.options.max_samples;
    out << YAML::Key << "missing" << YAML::Value << missing_values_name(dataset.options.missing);
    // Written only when set, so that the resolved specs (and the inputs fingerprint) of runs made
    // before the option existed stay as they were.
    if (dataset.options.normalise != Normalisation::none)
      out << YAML::Key << "normalise" << YAML::Value
          << normalisation_name(dataset.options.normalise);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

// One extractor as a map, as it is usually written; several as a list of maps.
void emit_features_section(YAML::Emitter& out, const std::vector<ExtractorSpec>& extractors) {
  if (extractors.size() > 1) out << YAML::BeginSeq;
  for (const auto& extractor : extractors) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "extractor" << YAML::Value << extractor.kind;
    emit_params(out, extractor.params);
    out << YAML::EndMap;
  }
  if (extractors.size() > 1) out << YAML::EndSeq;
}

// A distance or a plot: one line of its kind and parameters.
void emit_kind_and_params(YAML::Emitter& out, const ComponentSpec& component) {
  out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << component.kind;
  emit_params(out, component.params);
  out << YAML::EndMap;
}

void emit_distances_section(YAML::Emitter& out, const std::vector<DistanceSpec>& distances) {
  out << YAML::BeginSeq;
  for (const auto& distance : distances) emit_kind_and_params(out, distance);
  out << YAML::EndSeq;
}

void emit_selectors_section(YAML::Emitter& out, const std::vector<SelectorSpec>& selectors) {
  out << YAML::BeginSeq;
  for (const auto& selector : selectors) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << selector.kind;
    out << YAML::Key << "fit_on" << YAML::Value << fit_on_name(selector.fit_on);
    emit_grid(out, selector.grid, without_effect(selector, selector.registration->info));
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void emit_n_features_section(YAML::Emitter& out, const std::vector<long long>& n_features) {
  out << YAML::Flow << YAML::BeginSeq;
  for (long long count : n_features) {
    if (count == kAllFeatures)
      out << "all";
    else
      out << count;
  }
  out << YAML::EndSeq;
}

// The classifier or the reducer: its kind and each parameter's distinct values.
void emit_swept_component_section(YAML::Emitter& out, const SweptComponentSpec& component,
                                  const ComponentInfo& info) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << component.kind;
  emit_grid(out, component.grid, without_effect(component, info));
  out << YAML::EndMap;
}

void emit_protocol_section(YAML::Emitter& out, const ProtocolOptions& protocol) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << protocol_name(protocol.kind);
  if (protocol.kind == ProtocolKind::stratified_kfold) {
    out << YAML::Key << "folds" << YAML::Value << protocol.folds;
    out << YAML::Key << "repeats" << YAML::Value << protocol.repeats;
    out << YAML::Key << "seed" << YAML::Value << protocol.seed;
  }
  if (protocol.kind == ProtocolKind::resamples) {
    out << YAML::Key << "count" << YAML::Value << protocol.resamples;
    out << YAML::Key << "seed" << YAML::Value << protocol.seed;
  }
  out << YAML::EndMap;
}

void emit_metrics_section(YAML::Emitter& out, const std::vector<ChosenMetric>& metrics) {
  out << YAML::Flow << YAML::BeginSeq;
  for (const ChosenMetric metric : metrics) out << chosen_metric_name(metric);
  out << YAML::EndSeq;
}

void emit_tune_section(YAML::Emitter& out, const TuneSpec& tune) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "parameters" << YAML::Value << YAML::BeginSeq;
  for (const auto& parameter : tune.parameters)
    out << (parameter.component == "n_features" ? parameter.parameter
                                                : parameter.component + "." + parameter.parameter);
  out << YAML::EndSeq << YAML::Key << "inner" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << protocol_name(tune.inner.kind);
  if (tune.inner.kind != ProtocolKind::leave_one_out) {
    out << YAML::Key << "folds" << YAML::Value << tune.inner.folds;
    out << YAML::Key << "repeats" << YAML::Value << tune.inner.repeats;
    out << YAML::Key << "seed" << YAML::Value << tune.inner.seed;
  }
  out << YAML::EndMap << YAML::Key << "metric" << YAML::Value << tune_metric_name(tune);
  // Written only when not the default, so that earlier runs' resolved specs stay as they were.
  if (tune.ties == TieBreak::last) out << YAML::Key << "ties" << YAML::Value << "last";
  if (tune.outer == OuterEvaluation::chosen) out << YAML::Key << "outer" << YAML::Value << "chosen";
  out << YAML::EndMap;
}

void emit_curves_section(YAML::Emitter& out, const CurvesSpec& curves) {
  out << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "kinds" << YAML::Value << YAML::BeginSeq;
  for (const CurveKind kind : curves.kinds) out << curve_kind_name(kind);
  out << YAML::EndSeq << YAML::Key << "where" << YAML::Value << YAML::BeginMap;
  for (const auto& filter : curves.where) {
    out << YAML::Key << filter.column << YAML::Value << YAML::BeginSeq;
    for (const auto& value : filter.values) out << value;
    out << YAML::EndSeq;
  }
  out << YAML::EndMap << YAML::EndMap;
}

void emit_plots_section(YAML::Emitter& out, const std::vector<PlotSpec>& plots) {
  out << YAML::BeginSeq;
  for (const auto& plot : plots) emit_kind_and_params(out, plot);
  out << YAML::EndSeq;
}

}  // namespace

namespace spec_detail {

void write_name_key(YAML::Emitter& out, const Spec& spec) {
  out << spec.name;
}
void write_datasets_key(YAML::Emitter& out, const Spec& spec) {
  emit_datasets_section(out, spec.datasets);
}
void write_features_key(YAML::Emitter& out, const Spec& spec) {
  emit_features_section(out, spec.extractors);
}
void write_distances_key(YAML::Emitter& out, const Spec& spec) {
  emit_distances_section(out, spec.distances);
}
void write_selectors_key(YAML::Emitter& out, const Spec& spec) {
  emit_selectors_section(out, spec.selectors);
}
void write_n_features_key(YAML::Emitter& out, const Spec& spec) {
  emit_n_features_section(out, spec.n_features);
}
void write_classifier_key(YAML::Emitter& out, const Spec& spec) {
  emit_swept_component_section(out, spec.classifier, spec.classifier.registration->info);
}
void write_reduce_key(YAML::Emitter& out, const Spec& spec) {
  emit_swept_component_section(out, *spec.reduce, spec.reduce->registration->info);
}
void write_protocol_key(YAML::Emitter& out, const Spec& spec) {
  emit_protocol_section(out, spec.protocol);
}
void write_metrics_key(YAML::Emitter& out, const Spec& spec) {
  emit_metrics_section(out, spec.metrics);
}
void write_duplicates_key(YAML::Emitter& out, const Spec& spec) {
  out << duplicate_handling_name(spec.duplicates);
}
void write_output_key(YAML::Emitter& out, const Spec& spec) {
  out << spec.output.string();
}
void write_cache_key(YAML::Emitter& out, const Spec& spec) {
  out << spec.cache.string();
}
void write_save_scores_key(YAML::Emitter& out, const Spec& spec) {
  out << spec.save_scores;
}
void write_tune_key(YAML::Emitter& out, const Spec& spec) {
  emit_tune_section(out, *spec.tune);
}
void write_curves_key(YAML::Emitter& out, const Spec& spec) {
  emit_curves_section(out, *spec.curves);
}
void write_plots_key(YAML::Emitter& out, const Spec& spec) {
  emit_plots_section(out, spec.plots);
}

}  // namespace spec_detail

// The keys in spec_keys()' order, each optional one only when given: the resolved specs (and the
// inputs fingerprint) of earlier runs must stay as they were, byte for byte.
std::string resolved_yaml(const Spec& spec) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  for (const SpecKey& key : spec_keys()) {
    if (key.write == nullptr || (key.written_when != nullptr && !key.written_when(spec))) continue;
    out << YAML::Key << key.name << YAML::Value;
    key.write(out, spec);
  }
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace tsfs
