#include "cli/component_list.hpp"

#include <doctest/doctest.h>

#include "classify/classifier.hpp"
#include "config/plot_kind.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace {

template <typename Registration>
void check_every_component_listed(const std::string& text) {
  for (const auto& name : tsfs::Registry<Registration>::instance().names())
    CHECK_MESSAGE(text.find("### `" + name + "`\n") != std::string::npos, name);
}

}  // namespace

TEST_CASE("component list: the markdown form has a section per registry and every component") {
  const std::string text = tsfs::component_list_markdown();
  for (const char* title : {"## Feature extractors", "## Distances", "## Selectors", "## Reducers",
                            "## Classifiers", "## Plots"})
    CHECK_MESSAGE(text.find(std::string(title) + "\n") != std::string::npos, title);
  check_every_component_listed<tsfs::ExtractorRegistration>(text);
  check_every_component_listed<tsfs::DistanceRegistration>(text);
  check_every_component_listed<tsfs::SelectorRegistration>(text);
  check_every_component_listed<tsfs::ReducerRegistration>(text);
  check_every_component_listed<tsfs::ClassifierRegistration>(text);
  check_every_component_listed<tsfs::PlotRegistration>(text);
}

TEST_CASE("component list: parameter rows give type, default, choices and range checks") {
  const std::string text = tsfs::component_list_markdown();
  // svc's C: a real with a default and a range check described by the check itself.
  CHECK(text.find("| `C` | a number | `1` | > 0 | yes |") != std::string::npos);
  // A text parameter's choices, with `|` kept out of the table's cell separators.
  CHECK(text.find("one of `l1`, `l2`") != std::string::npos);
  // Every table row has the cells of its header: six for selectors and classifiers (sweepable or
  // not), five for the components that take one value per parameter.
  size_t rows = 0;
  for (size_t at = text.find("\n| `"); at != std::string::npos; at = text.find("\n| `", at + 1)) {
    const size_t end = text.find('\n', at + 1);
    std::string row = text.substr(at + 1, end - at - 1);
    size_t separators = 0;
    for (size_t i = 0; i < row.size(); ++i)
      if (row[i] == '|' && (i == 0 || row[i - 1] != '\\')) ++separators;
    CHECK_MESSAGE((separators == 6 || separators == 7), row);
    ++rows;
  }
  CHECK(rows > 50);
  // Single-valued components have no sweepable column: dtw's step_pattern row ends with its doc.
  CHECK(
      text.find("| `step_pattern` | a string | `symmetric2` | one of `symmetric2`, `symmetric1` | "
                "symmetric2:") != std::string::npos);
}

TEST_CASE("component list: range checks describe themselves") {
  CHECK(tsfs::greater_than(0.0).description() == "> 0");
  CHECK(tsfs::at_least(1.0).description() == ">= 1");
  CHECK(tsfs::between(0.0, 1.0).description() == "in [0, 1]");
  CHECK(tsfs::none_or(tsfs::at_least(1.0)).description() == "none or >= 1");
  tsfs::ParamCheck lambda = [](const tsfs::ParamValue&) { return std::string(); };
  CHECK(lambda.description().empty());
  CHECK(static_cast<bool>(lambda));
  CHECK_FALSE(static_cast<bool>(tsfs::ParamCheck()));
}
