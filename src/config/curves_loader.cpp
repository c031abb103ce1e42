#include "config/curves_loader.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/text.hpp"
#include "select/selector.hpp"

namespace tsfs::spec_detail {
namespace {

// The key columns of results.csv this spec writes (result_layout.hpp): where may name them.
std::vector<std::string> key_columns(const Spec& spec) {
  std::vector<std::string> columns = {"dataset", "distance", "selector", "fit_on"};
  for (const auto& selector : spec.selectors)
    for (const auto& name : selector_param_names(selector))
      if (std::find(columns.begin(), columns.end(), name) == columns.end()) columns.push_back(name);
  columns.push_back("n_features");
  columns.push_back("classifier");
  if (!spec.classifier.grid.empty())
    for (const auto& [name, value] : spec.classifier.grid.front().entries())
      columns.push_back("classifier_" + name);
  if (spec.reduce) {
    columns.push_back("reducer");
    for (const auto& [name, value] : spec.reduce->grid.front().entries())
      columns.push_back("reducer_" + name);
  }
  return columns;
}

std::vector<CurveKind> read_kinds(const YAML::Node& node, const SpecSource& file) {
  if (!node.IsSequence() || node.size() == 0)
    fail(node, file, "curve kinds must be a non-empty list of pr and roc, e.g. [pr, roc]");
  std::vector<CurveKind> kinds;
  for (const auto& item : node) {
    const std::string name = read_word(item, file, "curves kind");
    if (name != "pr" && name != "roc")
      fail_unknown(item, file, fmt::format("unknown curve kind '{}'", printable_excerpt(name, 80)),
                   name, {"pr", "roc"});
    const CurveKind kind = name == "roc" ? CurveKind::roc : CurveKind::pr;
    if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end())
      fail(item, file, fmt::format("curve kind '{}' is listed twice", name));
    kinds.push_back(kind);
  }
  return kinds;
}

std::vector<CurveFilter> read_where(const YAML::Node& node, const SpecSource& file,
                                    const Spec& spec) {
  if (!node.IsMap())
    fail(node, file, "'curves.where' must be a map of results.csv columns to values");
  const std::vector<std::string> columns = key_columns(spec);
  std::vector<CurveFilter> filters;
  for (const auto& entry : node) {
    const std::string column = read_word(entry.first, file, "curves.where key");
    if (std::find(columns.begin(), columns.end(), column) == columns.end())
      fail_unknown(entry.first, file,
                   fmt::format("curves.where: '{}' is not a key column of this spec's results",
                               printable_excerpt(column, 80)),
                   column, columns);
    CurveFilter filter{column, {}, location_of(entry.first, file)};
    if (entry.second.IsSequence()) {
      for (const auto& value : entry.second)
        filter.values.push_back(read_word(value, file, "curves.where." + column + " value"));
      if (filter.values.empty())
        fail(entry.second, file, fmt::format("curves.where.{}: give at least one value", column));
    } else {
      filter.values.push_back(read_word(entry.second, file, "curves.where." + column));
    }
    filters.push_back(std::move(filter));
  }
  return filters;
}

}  // namespace

CurvesSpec read_curves(const YAML::Node& node, const SpecSource& file, const Spec& spec) {
  CurvesSpec curves;
  curves.where_location = location_of(node, file);
  if (node.IsSequence()) {
    curves.kinds = read_kinds(node, file);
    return curves;
  }
  if (!node.IsMap())
    fail(node, file, "'curves' must be a list of kinds ([pr, roc]) or a map {kinds, where}");
  check_keys(node, {"kinds", "where"}, file, "curves");
  if (!node["kinds"]) fail(node, file, "'curves' needs 'kinds' (e.g. [pr, roc])");
  curves.kinds = read_kinds(node["kinds"], file);
  if (node["where"]) curves.where = read_where(node["where"], file, spec);
  return curves;
}

}  // namespace tsfs::spec_detail
