#pragma once
// Parameters several plot kinds share, declared once.
#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "common/text.hpp"

namespace tsfs::plot_params {

inline ParamDeclaration name() {
  return ParamDeclaration{.name = "name",
                          .type = ParamType::text,
                          .doc = "file name of the figure (without extension)",
                          .sweepable = false};
}
inline ParamDeclaration source(const std::string& default_source) {
  return ParamDeclaration{.name = "source",
                          .type = ParamType::text,
                          .default_value = default_source,
                          .doc = "which run CSV to read",
                          .choices = {"results", "folds", "scores"},
                          .sweepable = false};
}
inline ParamDeclaration filter() {
  return ParamDeclaration{.name = "filter",
                          .type = ParamType::text_list,
                          .default_value = std::vector<std::string>{},
                          .doc = "rows to keep: column=value (or column=a|b) entries",
                          .sweepable = false};
}
inline ParamDeclaration facet() {
  return ParamDeclaration{.name = "facet",
                          .type = ParamType::text,
                          .default_value = std::string(),
                          .doc = "column whose values get one panel each",
                          .sweepable = false};
}
inline ParamDeclaration title() {
  return ParamDeclaration{.name = "title",
                          .type = ParamType::text,
                          .default_value = std::string(),
                          .doc = "figure title",
                          .sweepable = false};
}
inline ParamDeclaration optional_number(const std::string& param_name, const std::string& doc) {
  return ParamDeclaration{.name = param_name,
                          .type = ParamType::real,
                          .default_value = std::nan(""),
                          .doc = doc,
                          .sweepable = false};
}

// The columns of a plot's `filter` entries ("column=value"; a malformed entry is returned whole,
// so the check names it).
inline std::vector<std::string> filter_columns(const ParamSet& params) {
  std::vector<std::string> columns;
  for (const auto& filter : params.text_list("filter"))
    columns.push_back(filter.substr(0, filter.find('=')));
  return columns;
}

// Two optional limits given together must be in order: an inverted axis or range draws nothing.
inline std::optional<ParamProblem> ordered_range(const ParamSet& params, const std::string& lower,
                                                 const std::string& upper) {
  const double low = params.real(lower), high = params.real(upper);
  if (std::isnan(low) || std::isnan(high) || low < high) return std::nullopt;
  return ParamProblem{lower, fmt::format("{} ({}) must be below {} ({})", lower, format_double(low),
                                         upper, format_double(high))};
}

}  // namespace tsfs::plot_params
