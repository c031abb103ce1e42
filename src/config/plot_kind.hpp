#pragma once
// What a plot kind is and how it registers: the extension point of the spec's `plots:` entries,
// declared here in the configuration layer, which validates those entries against the registered
// kinds when the spec is loaded. The kinds themselves and their rendering live in src/plot/,
// above the configuration they read (plot/plot.hpp).
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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

// What the run's page (report/html_report.hpp) draws of a figure as an interactive chart, decided
// by the plot kind with the figure itself, so the two show the same marks on the same axes:
// - its marks, written to <name>.chart.csv beside the figure, with the header
//   panel,series,mark,x,y,extent (panel: a dataset or a facet value);
// - its axes, written to <name>.chart_axes.csv, one row with the header
//   x_label,y_label,shared_x,shared_y,y_min,y_max,log_y (shared_*: one range for every panel, else
//   each panel its own; y_min, y_max: empty for the data's range).
// No marks: the page links the figure only, and neither file is written.
enum class PageMark {
  line,   // extent: a band of +-extent around the line (empty: none)
  point,  // extent: empty
  bar,    // from 0 to y; extent: half the bar's width (0: an impulse, a thin bar)
};

class PageChart {
 public:
  std::string x_label, y_label;
  bool shared_x = false, shared_y = false, log_y = false;
  double y_min = std::numeric_limits<double>::quiet_NaN();
  double y_max = std::numeric_limits<double>::quiet_NaN();

  // Appends a mark; NaN coordinates are written as empty fields (a gap in a line).
  void add(std::string_view panel, std::string_view series, PageMark mark, double x, double y,
           double extent = std::numeric_limits<double>::quiet_NaN());
  // Header and rows; empty when there are no marks.
  std::string marks_csv() const;
  std::string axes_csv() const;

 private:
  std::string marks_;
};

struct Figure {
  std::string data;  // gnuplot data blocks, written to <name>.dat
  std::string body;  // gnuplot commands drawing the figure; the data file is "<name>.dat"
  // Horizontal reference lines the figure draws (a line plot's baselines), as CSV with the header
  // dataset,kind,value, written to <name>.lines.csv for the run's page
  // (report/html_report.hpp); empty: none, and no such file.
  std::string reference_lines;
  PageChart chart;   // the figure's points for the run's page
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
