#include "cli/component_list.hpp"

#include <fmt/format.h>

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

}  // namespace

std::string component_list() {
  return section<ExtractorRegistration>("feature extractors (features: {extractor: NAME, ...})") +
         section<DistanceRegistration>("distances (distances: [{kind: NAME, ...}])") +
         section<SelectorRegistration>("selectors (selectors: [{kind: NAME, fit_on, ...}])") +
         section<ReducerRegistration>("reducers (reduce: {kind: NAME, ...}; single values)") +
         section<ClassifierRegistration>("classifiers (classifier: {kind: NAME, ...})") +
         section<PlotRegistration>("plots (plots: [{kind: NAME, name, ...}])");
}

}  // namespace tsfs
