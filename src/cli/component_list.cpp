#include "cli/component_list.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <vector>

#include "classify/classifier.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "plot/plot.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs {
namespace {

std::string describe(const ComponentInfo& info) {
  std::string text = fmt::format("  {}: {}\n", info.name, info.doc);
  for (const auto& param : info.params) {
    std::string default_text =
        param.default_value ? "default " + display_value(*param.default_value) : "required";
    if (default_text == "default ") default_text = "default empty";
    std::string choices =
        param.choices.empty() ? "" : fmt::format(", one of {}", fmt::join(param.choices, "|"));
    text += fmt::format("      {} ({}, {}{}{}): {}\n", param.name, type_name(param.type),
                        default_text, choices, param.sweepable ? ", sweepable" : "", param.doc);
  }
  return text;
}

template <typename Registration>
std::string section(const std::string& title) {
  std::string text = title + ":\n";
  const auto& registry = Registry<Registration>::instance();
  for (const auto& name : registry.names()) text += describe(registry.find(name)->info);
  return text + "\n";
}

// A table cell: `|` would end the cell and a line break the row.
std::string cell(std::string text) {
  std::string escaped;
  for (char c : text) {
    if (c == '|')
      escaped += "\\|";
    else if (c == '\n')
      escaped += ' ';
    else
      escaped += c;
  }
  return escaped;
}

std::string code(const std::string& text) {
  return text.empty() ? "" : "`" + cell(text) + "`";
}

std::string markdown_default(const ParamDeclaration& param) {
  if (!param.default_value) return "required";
  std::string text = display_value(*param.default_value);
  return text.empty() ? "empty" : code(text);
}

std::string markdown_allowed(const ParamDeclaration& param) {
  std::vector<std::string> parts;
  if (!param.choices.empty()) {
    std::vector<std::string> choices;
    for (const auto& choice : param.choices) choices.push_back(code(choice));
    parts.push_back(fmt::format("one of {}", fmt::join(choices, ", ")));
  }
  if (param.check)
    parts.push_back(param.check.description().empty() ? "checked (see doc)"
                                                      : cell(param.check.description()));
  if (!param.excludes.empty()) parts.push_back(fmt::format("not with {}", code(param.excludes)));
  return fmt::format("{}", fmt::join(parts, "; "));
}

// `swept`: the component's parameters may sweep (selectors, reducers, classifiers), so the table
// says which do; the other components take one value per parameter.
std::string markdown_component(const ComponentInfo& info, const std::vector<std::string>& traits,
                               bool swept) {
  std::string text = fmt::format("### `{}`\n\n{}\n", info.name, info.doc);
  if (!traits.empty()) text += fmt::format("\n{}.\n", fmt::join(traits, "; "));
  if (info.params.empty()) return text + "\nNo parameters.\n\n";
  text += swept ? "\n| parameter | type | default | allowed | sweepable | doc "
                  "|\n|---|---|---|---|---|---|\n"
                : "\n| parameter | type | default | allowed | doc |\n|---|---|---|---|---|\n";
  for (const auto& param : info.params) {
    text += fmt::format("| `{}` | {} | {} | {} |", param.name, type_name(param.type),
                        markdown_default(param), markdown_allowed(param));
    if (swept) text += param.sweepable ? " yes |" : " no |";
    text += fmt::format(" {} |\n", cell(param.doc));
  }
  return text + "\n";
}

std::vector<std::string> traits(const ExtractorRegistration&) {
  return {};
}
std::vector<std::string> traits(const DistanceRegistration&) {
  return {};
}
std::vector<std::string> traits(const ReducerRegistration&) {
  return {};
}

std::vector<std::string> traits(const SelectorRegistration& selector) {
  std::vector<std::string> result;
  result.push_back(selector.supervised ? "Uses labels (`fit_on: all` is refused)"
                                       : "Unsupervised (`fit_on: all` allowed)");
  if (selector.uses_distance) result.push_back("uses the spec's distances (one grid per distance)");
  if (selector.provides_std_errors) result.push_back("scores.csv gains `score_std_error`");
  if (!selector.batch_varying_params.empty()) {
    std::vector<std::string> names;
    for (const auto& name : selector.batch_varying_params) names.push_back(code(name));
    result.push_back(fmt::format("parameter sets differing only in {} are scored in one batch",
                                 fmt::join(names, ", ")));
  }
  return result;
}

std::vector<std::string> traits(const ClassifierRegistration& classifier) {
  std::vector<std::string> result;
  if (classifier.nested)
    result.push_back(
        fmt::format("Nested subsets of one ranking share their work when the grid has {} or "
                    "more sizes of it (`--direct-fits` turns it off)",
                    classifier.nested->worthwhile_from));
  if (classifier.has_coefficients)
    result.push_back("a linear model: `metrics: [sparsity]` allowed");
  if (!result.empty()) result.front()[0] = static_cast<char>(std::toupper(result.front()[0]));
  return result;
}

std::vector<std::string> traits(const PlotRegistration& plot) {
  if (plot.needs_curves.empty()) return {};
  return {fmt::format("Draws curves.csv: needs `curves: [{}]` in the spec", plot.needs_curves)};
}

template <typename Registration>
std::string markdown_section(const std::string& title, const std::string& usage,
                             bool swept = false) {
  std::string text = fmt::format("## {}\n\n{}\n\n", title, usage);
  const auto& registry = Registry<Registration>::instance();
  for (const auto& name : registry.names()) {
    const Registration& registration = *registry.find(name);
    text += markdown_component(registration.info, traits(registration), swept);
  }
  return text;
}

}  // namespace

std::string component_list() {
  return section<ExtractorRegistration>("feature extractors (features: {extractor: NAME, ...})") +
         section<DistanceRegistration>("distances (distances: [{kind: NAME, ...}])") +
         section<SelectorRegistration>("selectors (selectors: [{kind: NAME, fit_on, ...}])") +
         section<ReducerRegistration>("reducers (reduce: {kind: NAME, ...})") +
         section<ClassifierRegistration>("classifiers (classifier: {kind: NAME, ...})") +
         section<PlotRegistration>("plots (plots: [{kind: NAME, name, ...}])");
}

std::string component_list_markdown() {
  std::string text =
      "<!-- Generated by `runner list --markdown` (`make docs`); do not edit by hand. -->\n"
      "# Components\n\n"
      "Every component registered in tsfs, with its parameters, as `runner list --markdown` "
      "prints them from the registries. `make docs` regenerates this page; the integration test "
      "`docs/components.md is runner list --markdown` fails when it is stale.\n\n"
      "Selector, reducer and classifier parameters marked sweepable take a scalar, a list or a "
      "generator "
      "(`{logspace: ...}`, `{linspace: ...}`, `{range: ...}`; see [spec.md](spec.md)); every "
      "other parameter takes one value. A default \"required\" means the spec must give a value "
      "(or a preset "
      "fills it). \"checked (see doc)\" marks a check the parameter's doc describes. Values are "
      "checked when the spec is loaded, with the spec's file:line:col on any problem.\n\n";
  return text +
         markdown_section<ExtractorRegistration>(
             "Feature extractors", "`features: {extractor: NAME, ...}` (default `raw`).") +
         markdown_section<DistanceRegistration>(
             "Distances", "`distances: [{kind: NAME, ...}, ...]`; one value per parameter.") +
         markdown_section<SelectorRegistration>(
             "Selectors",
             "`selectors: [{kind: NAME, fit_on: train | all, ...}, ...]`; `fit_on` (default "
             "`train`) is common to all.",
             true) +
         markdown_section<ReducerRegistration>(
             "Reducers",
             "`reduce: {kind: NAME, ...}` (optional); swept and tuned (`reduce.components` in "
             "`tune:`) as a classifier.",
             true) +
         markdown_section<ClassifierRegistration>(
             "Classifiers", "`classifier: {kind: NAME, ...}` (default `{kind: svc}`).", true) +
         markdown_section<PlotRegistration>(
             "Plots",
             "`plots: [{kind: NAME, name: FILE_NAME, ...}, ...]`; one value per parameter.");
}

}  // namespace tsfs
