// "histogram": distribution of a numeric column (by default the selector scores of scores.csv),
// one panel per value of `facet` (e.g. sigma_ratio), equal-width bins over each panel's range,
// over all panels' range (shared_range) or over [x_min, x_max]; the x axis spans the bins. Exact
// zeros are counted apart from the bins.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/plot.hpp"
#include "plot/plot_params.hpp"
#include "plot/run_tables.hpp"

namespace tsfs {
namespace {

class HistogramPlot final : public PlotKind {
 public:
  explicit HistogramPlot(const ParamSet& params) : params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    const Panels panels = panel_values(context, name);
    Figure figure;
    auto [panel_rows, panel_columns] = gnuplot::layout(panels.size());
    figure.width = 480 * panel_columns;
    figure.height = 360 * panel_rows + 40;
    figure.body = fmt::format(
        "  set multiplot layout {},{} title {}\n  set style fill solid 0.6 border -1\n"
        "  set xlabel {}\n  set ylabel \"count\"\n  set grid ytics\n",
        panel_rows, panel_columns, gnuplot::text(params_.text("title")),
        gnuplot::text(params_.text("value")));
    if (params_.boolean("log_y")) figure.body += "  set logscale y\n";
    figure.chart.x_label = params_.text("value");
    figure.chart.y_label = "count";
    figure.chart.shared_x = params_.boolean("shared_range");
    figure.chart.log_y = params_.boolean("log_y");
    // When any panel has exact zeros, every panel states its count, none included.
    const bool zeros_anywhere = std::any_of(panels.begin(), panels.end(), [](const auto& panel) {
      return std::find(panel.second.begin(), panel.second.end(), 0.0) != panel.second.end();
    });
    const auto shared_range = bin_range(panels);
    for (size_t p = 0; p < panels.size(); ++p)
      draw_panel(figure, name, p, panels[p], shared_range, zeros_anywhere);
    return figure;
  }

 private:
  using Panels = std::vector<std::pair<std::string, std::vector<double>>>;

  // The finite values of the value column, one panel per facet label in order of appearance.
  Panels panel_values(const PlotContext& context, const std::string& name) const {
    CsvTable table = read_run_table(context.run_folder, params_.text("source"));
    auto rows = filter_rows(table, params_.text_list("filter"), name);
    size_t value_column = require_column(table, params_.text("value"), name);
    std::vector<size_t> facet;
    if (!params_.text("facet").empty())
      facet.push_back(require_column(table, params_.text("facet"), name));
    Panels panels;
    for (size_t row : rows) {
      auto value = parse_double(table.rows[row][value_column]);
      if (!value || !std::isfinite(*value)) continue;
      std::string label = key_label(table, row, facet);
      auto found = std::find_if(panels.begin(), panels.end(),
                                [&](const auto& p) { return p.first == label; });
      if (found == panels.end()) {
        panels.emplace_back(label, std::vector<double>{});
        found = panels.end() - 1;
      }
      found->second.push_back(*value);
    }
    if (panels.empty())
      throw InputError("", fmt::format("plot '{}': no finite values to plot", name));
    return panels;
  }

  // One panel's bins (data blocks 2p and 2p + 1: the counts and the exact zeros) and plot command.
  void draw_panel(Figure& figure, const std::string& name, size_t p,
                  const Panels::value_type& panel, std::pair<double, double> shared_range,
                  bool zeros_anywhere) const {
    const long long bins = params_.integer("bins");
    const auto& values = panel.second;
    auto [panel_low, panel_high] = std::minmax_element(values.begin(), values.end());
    double low = params_.boolean("shared_range") ? shared_range.first : *panel_low;
    double high = params_.boolean("shared_range") ? shared_range.second : *panel_high;
    if (!std::isnan(params_.real("x_min"))) low = params_.real("x_min");
    if (!std::isnan(params_.real("x_max"))) high = params_.real("x_max");
    if (!(high > low)) high = low + 1.0;  // one value: a unit range, drawn as such
    double width = (high - low) / static_cast<double>(bins);
    // Exact zeros (a selector's score of a feature it gives no weight) are counted apart from
    // the near-zero scores of the first bin: an orange impulse at 0, its count in the title.
    std::vector<long long> counts(static_cast<size_t>(bins), 0);
    long long zeros = 0;
    for (double value : values) {
      if (value == 0.0) {
        ++zeros;
        continue;
      }
      auto bin = static_cast<long long>(std::floor((value - low) / width));
      ++counts[static_cast<size_t>(std::clamp(bin, 0LL, bins - 1))];
    }
    for (long long b = 0; b < bins; ++b) {
      const double centre = low + (static_cast<double>(b) + 0.5) * width;
      figure.data +=
          fmt::format("{}\t{}\n", gnuplot::number(centre), counts[static_cast<size_t>(b)]);
      figure.chart.add(panel.first, "count", PageMark::bar, centre,
                       static_cast<double>(counts[static_cast<size_t>(b)]), width / 2);
    }
    figure.data += fmt::format("\n\n0\t{}\n\n\n", zeros);
    const bool zero_shown = zeros > 0 && low <= 0.0 && 0.0 <= high;
    if (zero_shown)  // an impulse, as the figure's orange line
      figure.chart.add(panel.first, "exactly 0", PageMark::bar, 0.0, static_cast<double>(zeros), 0);
    std::string title = panel.first;
    if (zeros_anywhere)
      title += fmt::format("{}{} of {} exactly 0{}", title.empty() ? "" : ": ", zeros,
                           values.size(), zero_shown ? " (orange line at 0)" : "");
    // An explicit x range: gnuplot would otherwise zoom onto the occupied bins (a panel whose
    // values are all equal showed one bar filling the panel). Half a bin more on the left
    // keeps the zeros' line off the frame.
    figure.body += fmt::format(
        "  set title {}\n  set xrange [{}:{}]\n  set boxwidth {}\n  plot '{}.dat' index {} "
        "using 1:2 with boxes lc rgb \"#0072B2\" notitle{}\n",
        gnuplot::text(title), format_double(zero_shown ? low - width / 2 : low),
        format_double(high), format_double(width * 0.9), name, 2 * p,
        zero_shown ? fmt::format(", '{}.dat' index {} using 1:2 with impulses lw 4 lc rgb "
                                 "\"#D55E00\" notitle",
                                 name, 2 * p + 1)
                   : "");
  }

  // The range of every panel's values together (for shared_range).
  static std::pair<double, double> bin_range(const Panels& panels) {
    double low = panels.front().second.front(), high = low;
    for (const auto& [label, values] : panels) {
      auto [panel_low, panel_high] = std::minmax_element(values.begin(), values.end());
      low = std::min(low, *panel_low);
      high = std::max(high, *panel_high);
    }
    return {low, high};
  }

  ParamSet params_;
};

PlotRegistration histogram_registration() {
  PlotRegistration registration;
  registration.info.name = "histogram";
  registration.info.doc =
      "histogram of a column (default: scores.csv's score), one panel per facet";
  registration.info.params = {
      plot_params::name(),
      plot_params::source("scores"),
      ParamDeclaration{.name = "value",
                       .type = ParamType::text,
                       .default_value = std::string("score"),
                       .doc = "numeric column to histogram",
                       .sweepable = false},
      plot_params::facet(),
      plot_params::filter(),
      ParamDeclaration{.name = "bins",
                       .type = ParamType::integer,
                       .default_value = 30LL,
                       .doc = "number of equal-width bins per panel (at most 10000)",
                       .check = between(1, 10000),
                       .sweepable = false},
      ParamDeclaration{.name = "log_y",
                       .type = ParamType::boolean,
                       .default_value = false,
                       .doc = "logarithmic count axis",
                       .sweepable = false},
      ParamDeclaration{
          .name = "shared_range",
          .type = ParamType::boolean,
          .default_value = false,
          .doc = "the same bins (and x range) in every panel: the range of all panels' values",
          .sweepable = false},
      plot_params::optional_number("x_min", "lower end of the bins (default: the data's)"),
      plot_params::optional_number("x_max", "upper end of the bins (default: the data's)"),
      plot_params::title(),
  };
  registration.info.validate = [](const ParamSet& params) {
    return plot_params::ordered_range(params, "x_min", "x_max");
  };
  registration.configure = configured_by_factory<PlotKind>(
      [](const ParamSet& params) { return std::make_unique<HistogramPlot>(params); });
  registration.columns_used = [](const ParamSet& params) {
    std::vector<std::string> columns = plot_params::filter_columns(params);
    for (const char* name : {"value", "facet"})
      if (!params.text(name).empty()) columns.push_back(params.text(name));
    return std::make_pair(params.text("source"), columns);
  };
  return registration;
}

const Registrar<PlotRegistration> kRegisterHistogram{histogram_registration()};

}  // namespace
}  // namespace tsfs
