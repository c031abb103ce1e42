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

}  // namespace

std::string resolved_yaml(const Spec& spec) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << spec.name;
  out << YAML::Key << "datasets" << YAML::Value << YAML::BeginSeq;
  for (const auto& dataset : spec.datasets) {
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
  // One extractor as a map, as it is usually written; several as a list of maps.
  out << YAML::Key << "features" << YAML::Value;
  if (spec.extractors.size() > 1) out << YAML::BeginSeq;
  for (const auto& extractor : spec.extractors) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "extractor" << YAML::Value << extractor.kind;
    emit_params(out, extractor.params);
    out << YAML::EndMap;
  }
  if (spec.extractors.size() > 1) out << YAML::EndSeq;
  out << YAML::Key << "distances" << YAML::Value << YAML::BeginSeq;
  for (const auto& distance : spec.distances) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << distance.kind;
    emit_params(out, distance.params);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "selectors" << YAML::Value << YAML::BeginSeq;
  for (const auto& selector : spec.selectors) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << selector.kind;
    out << YAML::Key << "fit_on" << YAML::Value << fit_on_name(selector.fit_on);
    emit_grid(out, selector.grid);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "n_features" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (long long count : spec.n_features) {
    if (count == kAllFeatures)
      out << "all";
    else
      out << count;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "classifier" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << spec.classifier.kind;
  emit_grid(out, spec.classifier.grid);
  out << YAML::EndMap;
  if (spec.reduce) {
    out << YAML::Key << "reduce" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "kind" << YAML::Value << spec.reduce->kind;
    emit_grid(out, spec.reduce->grid);
    out << YAML::EndMap;
  }
  out << YAML::Key << "protocol" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << protocol_name(spec.protocol.kind);
  if (spec.protocol.kind == ProtocolKind::stratified_kfold) {
    out << YAML::Key << "folds" << YAML::Value << spec.protocol.folds;
    out << YAML::Key << "repeats" << YAML::Value << spec.protocol.repeats;
    out << YAML::Key << "seed" << YAML::Value << spec.protocol.seed;
  }
  if (spec.protocol.kind == ProtocolKind::resamples) {
    out << YAML::Key << "count" << YAML::Value << spec.protocol.resamples;
    out << YAML::Key << "seed" << YAML::Value << spec.protocol.seed;
  }
  out << YAML::EndMap;
  if (!spec.metrics.empty()) {
    out << YAML::Key << "metrics" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const ChosenMetric metric : spec.metrics) out << chosen_metric_name(metric);
    out << YAML::EndSeq;
  }
  out << YAML::Key << "duplicates" << YAML::Value << duplicate_handling_name(spec.duplicates);
  out << YAML::Key << "output" << YAML::Value << spec.output.string();
  if (spec.cache != spec.output / "cache")
    out << YAML::Key << "cache" << YAML::Value << spec.cache.string();
  out << YAML::Key << "save_scores" << YAML::Value << spec.save_scores;
  if (spec.tune) {
    out << YAML::Key << "tune" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "parameters" << YAML::Value << YAML::BeginSeq;
    for (const auto& parameter : spec.tune->parameters)
      out << (parameter.component == "n_features"
                  ? parameter.parameter
                  : parameter.component + "." + parameter.parameter);
    out << YAML::EndSeq << YAML::Key << "inner" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "kind" << YAML::Value << protocol_name(spec.tune->inner.kind);
    if (spec.tune->inner.kind != ProtocolKind::leave_one_out) {
      out << YAML::Key << "folds" << YAML::Value << spec.tune->inner.folds;
      out << YAML::Key << "repeats" << YAML::Value << spec.tune->inner.repeats;
      out << YAML::Key << "seed" << YAML::Value << spec.tune->inner.seed;
    }
    out << YAML::EndMap << YAML::Key << "metric" << YAML::Value << tune_metric_name(*spec.tune);
    // Written only when not the default, so that earlier runs' resolved specs stay as they were.
    if (spec.tune->ties == TieBreak::last) out << YAML::Key << "ties" << YAML::Value << "last";
    if (spec.tune->outer == OuterEvaluation::chosen)
      out << YAML::Key << "outer" << YAML::Value << "chosen";
    out << YAML::EndMap;
  }
  if (spec.curves) {
    out << YAML::Key << "curves" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "kinds" << YAML::Value << YAML::BeginSeq;
    for (const CurveKind kind : spec.curves->kinds) out << curve_kind_name(kind);
    out << YAML::EndSeq << YAML::Key << "where" << YAML::Value << YAML::BeginMap;
    for (const auto& filter : spec.curves->where) {
      out << YAML::Key << filter.column << YAML::Value << YAML::BeginSeq;
      for (const auto& value : filter.values) out << value;
      out << YAML::EndSeq;
    }
    out << YAML::EndMap << YAML::EndMap;
  }
  if (!spec.plots.empty()) {
    out << YAML::Key << "plots" << YAML::Value << YAML::BeginSeq;
    for (const auto& plot : spec.plots) {
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "kind" << YAML::Value << plot.kind;
      emit_params(out, plot.params);
      out << YAML::EndMap;
    }
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace tsfs
