#pragma once
// What a plot kind is and how it registers: the extension point of the spec's `plots:` entries,
// declared here in the configuration layer, which validates those entries against the registered
// kinds when the spec is loaded. The kinds themselves and their rendering live in src/plot/,
// above the configuration they read (plot/plot.hpp).
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/params.hpp"
#include "common/registry.hpp"

namespace tsfs {

struct Spec;

struct PlotContext {
  const Spec& spec;
  std::filesystem::path run_folder;  // holds results.csv, folds.csv, scores.csv
};

struct Figure {
  std::string data;  // gnuplot data blocks, written to <name>.dat
  std::string body;  // gnuplot commands drawing the figure; the data file is "<name>.dat"
  // Horizontal reference lines the figure draws (a line plot's baselines), as CSV with the header
  // dataset,kind,value, written to <name>.lines.csv for the run's page
  // (report/html_report.hpp); empty: none, and no such file.
  std::string reference_lines;
  int width = 1200;  // pixels
  int height = 800;
};

class PlotKind {
 public:
  virtual ~PlotKind() = default;
  // Throws InputError (without a location; the caller adds the plot's) when the run's files do
  // not have what the plot asks for.
  virtual Figure draw(const PlotContext& context, const std::string& name) const = 0;
  // The parameter that keeps the plot from drawing a dataset of `rows` rows (an embedding asking
  // for more neighbours than there are rows) and why, so that the run is refused when it is
  // planned rather than after the sweep; none by default.
  virtual std::optional<ParamProblem> check_dataset_rows(long long /*rows*/) const {
    return std::nullopt;
  }
};

struct PlotRegistration {
  ComponentInfo info;
  // The plot of one complete parameter set, configured once when the spec is loaded.
  std::function<Configured<PlotKind>(const ParamSet&)> configure;
  // The `curves:` kind ("pr", "roc") whose curves.csv rows the plot draws; empty: none. The spec
  // loader refuses the plot when the spec does not ask for those curves.
  std::string needs_curves = {};
  // The run CSV the plot reads ("results", "folds", "scores", "curves"; empty: none) and the
  // columns its parameters name, so a misspelt column is refused before the sweep runs.
  std::function<std::pair<std::string, std::vector<std::string>>(const ParamSet&)> columns_used =
      nullptr;
};
using PlotRegistry = Registry<PlotRegistration>;

}  // namespace tsfs
