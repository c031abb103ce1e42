#include "config/resolved_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

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

// Each parameter's distinct values across the grid, in first-seen order.
void emit_grid(YAML::Emitter& out, const std::vector<ParamSet>& grid) {
  if (grid.empty()) return;
  for (const auto& [name, first_value] : grid.front().entries()) {
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
  out << YAML::Key << "datasets" << YAML::Value << YAML::BeginSeq;
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
  out << YAML::Key << "features" << YAML::Value;
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
  out << YAML::Key << "distances" << YAML::Value << YAML::BeginSeq;
  for (const auto& distance : distances) emit_kind_and_params(out, distance);
  out << YAML::EndSeq;
}

void emit_selectors_section(YAML::Emitter& out, const std::vector<SelectorSpec>& selectors) {
  out << YAML::Key << "selectors" << YAML::Value << YAML::BeginSeq;
  for (const auto& selector : selectors) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << selector.kind;
    out << YAML::Key << "fit_on" << YAML::Value << fit_on_name(selector.fit_on);
    emit_grid(out, selector.grid);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void emit_n_features_section(YAML::Emitter& out, const std::vector<long long>& n_features) {
  out << YAML::Key << "n_features" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (long long count : n_features) {
    if (count == kAllFeatures)
      out << "all";
    else
      out << count;
  }
  out << YAML::EndSeq;
}

// The classifier or the reducer under `key`: its kind and each parameter's distinct values.
void emit_swept_component_section(YAML::Emitter& out, const char* key,
                                  const SweptComponentSpec& component) {
  out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << component.kind;
  emit_grid(out, component.grid);
  out << YAML::EndMap;
}

void emit_protocol_section(YAML::Emitter& out, const ProtocolOptions& protocol) {
  out << YAML::Key << "protocol" << YAML::Value << YAML::Flow << YAML::BeginMap;
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
  out << YAML::Key << "metrics" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const ChosenMetric metric : metrics) out << chosen_metric_name(metric);
  out << YAML::EndSeq;
}

void emit_tune_section(YAML::Emitter& out, const TuneSpec& tune) {
  out << YAML::Key << "tune" << YAML::Value << YAML::Flow << YAML::BeginMap;
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
  out << YAML::Key << "curves" << YAML::Value << YAML::Flow << YAML::BeginMap;
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
  out << YAML::Key << "plots" << YAML::Value << YAML::BeginSeq;
  for (const auto& plot : plots) emit_kind_and_params(out, plot);
  out << YAML::EndSeq;
}

}  // namespace

// The sections in a fixed order, each optional one only when given: the resolved specs (and the
// inputs fingerprint) of earlier runs must stay as they were, byte for byte.
std::string resolved_yaml(const Spec& spec) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << spec.name;
  emit_datasets_section(out, spec.datasets);
  emit_features_section(out, spec.extractors);
  emit_distances_section(out, spec.distances);
  emit_selectors_section(out, spec.selectors);
  emit_n_features_section(out, spec.n_features);
  emit_swept_component_section(out, "classifier", spec.classifier);
  if (spec.reduce) emit_swept_component_section(out, "reduce", *spec.reduce);
  emit_protocol_section(out, spec.protocol);
  if (!spec.metrics.empty()) emit_metrics_section(out, spec.metrics);
  out << YAML::Key << "duplicates" << YAML::Value << duplicate_handling_name(spec.duplicates);
  out << YAML::Key << "output" << YAML::Value << spec.output.string();
  if (spec.cache != spec.output / "cache")
    out << YAML::Key << "cache" << YAML::Value << spec.cache.string();
  out << YAML::Key << "save_scores" << YAML::Value << spec.save_scores;
  if (spec.tune) emit_tune_section(out, *spec.tune);
  if (spec.curves) emit_curves_section(out, *spec.curves);
  if (!spec.plots.empty()) emit_plots_section(out, spec.plots);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace tsfs
