// "line": y against x from a run CSV, one line per value of the `series` columns, one panel per
// value of `facet`, optionally a log x axis, a centred moving average and an error band.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/error.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/plot.hpp"
#include "plot/plot_params.hpp"
#include "plot/run_tables.hpp"
#include "plot/smoothing.hpp"

namespace tsfs {
namespace {

struct Point {
  double y_sum = 0.0, band_sum = 0.0;
  int count = 0;
};
// facet label -> series label -> x -> accumulated y
using Curves = std::vector<
    std::pair<std::string, std::vector<std::pair<std::string, std::map<double, Point>>>>>;

template <typename Entry>
Entry& find_or_add(std::vector<std::pair<std::string, Entry>>& entries, const std::string& key) {
  for (auto& entry : entries)
    if (entry.first == key) return entry.second;
  entries.emplace_back(key, Entry{});
  return entries.back().second;
}

double parse_or_fail(const std::string& text, const std::string& column, const std::string& name) {
  auto value = parse_double(text);
  if (!value)
    throw InputError(
        "plots", fmt::format("plot '{}': column '{}' has the non-number '{}'", name, column, text));
  return *value;
}

class LinePlot final : public PlotKind {
 public:
  explicit LinePlot(const ParamSet& params) : params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    CsvTable table = read_run_table(context.run_folder, params_.text("source"));
    auto rows = filter_rows(table, params_.text_list("filter"), name);
    if (rows.empty())
      throw InputError("", fmt::format("plot '{}': no rows match its filter", name));
    size_t x = require_column(table, params_.text("x"), name);
    size_t y = require_column(table, params_.text("y"), name);
    std::vector<size_t> series, facet;
    for (const auto& column : params_.text_list("series"))
      series.push_back(require_column(table, column, name));
    if (!params_.text("facet").empty())
      facet.push_back(require_column(table, params_.text("facet"), name));
    std::optional<size_t> band;
    if (!params_.text("band").empty()) band = require_column(table, params_.text("band"), name);

    Curves curves;
    bool averaged = false;
    for (size_t row : rows) {
      auto y_value = parse_double(table.rows[row][y]);
      if (!y_value) continue;  // empty (e.g. accuracy_std of a single fold)
      auto& point = find_or_add(
          find_or_add(curves, key_label(table, row, facet)),
          key_label(table, row,
                    series))[parse_or_fail(table.rows[row][x], params_.text("x"), name)];
      averaged = averaged || point.count > 0;
      point.y_sum += *y_value;
      if (band) point.band_sum += parse_double(table.rows[row][*band]).value_or(0.0);
      ++point.count;
    }
    if (averaged)
      spdlog::warn(
          "plot '{}': several rows share a (facet, series, x); their mean is drawn "
          "(add the differing columns to `series` or `filter`)",
          name);
    return figure(curves, name);
  }

 private:
  Figure figure(const Curves& curves, const std::string& name) const {
    Figure figure;
    auto [panel_rows, panel_columns] = gnuplot::layout(curves.size());
    // The key goes below each panel, so long series labels never crowd out the curves.
    figure.width = panel_columns == 1 ? 800 : 560 * panel_columns;
    figure.height = (panel_columns == 1 ? 600 : 480) * panel_rows + 40;
    figure.body = fmt::format("  set multiplot layout {},{} title {}\n", panel_rows, panel_columns,
                              gnuplot::text(params_.text("title")));
    figure.body +=
        fmt::format("  set xlabel {}\n  set ylabel {}\n  set key below font \",9\"\n  set grid\n",
                    gnuplot::text(params_.text("x")), gnuplot::text(params_.text("y")));
    if (params_.boolean("log_x")) figure.body += "  set logscale x\n  set format x \"1e%L\"\n";
    double y_min = params_.real("y_min"), y_max = params_.real("y_max");
    figure.body +=
        fmt::format("  set yrange [{}:{}]\n", std::isnan(y_min) ? "*" : format_double(y_min),
                    std::isnan(y_max) ? "*" : format_double(y_max));
    int block = 0;
    for (const auto& [facet_label, lines] : curves) {
      figure.body += fmt::format("  set title {}\n  plot \\\n", gnuplot::text(facet_label));
      std::vector<std::string> commands;
      int color = 1;
      for (const auto& [series_label, points] : lines) {
        std::vector<double> xs, ys, bands;
        for (const auto& [x_value, point] : points) {
          xs.push_back(x_value);
          ys.push_back(point.y_sum / point.count);
          bands.push_back(point.band_sum / point.count);
        }
        ys = smoothing::moving_average(ys, params_.integer("smooth"));
        bands = smoothing::moving_average(bands, params_.integer("smooth"));
        for (size_t i = 0; i < xs.size(); ++i)
          figure.data += fmt::format("{}\t{}\t{}\n", gnuplot::number(xs[i]), gnuplot::number(ys[i]),
                                     gnuplot::number(bands[i]));
        figure.data += "\n\n";
        if (!params_.text("band").empty())
          commands.push_back(
              fmt::format("    '{}.dat' index {} using 1:($2-$3):($2+$3) with filledcurves fs "
                          "transparent solid 0.2 "
                          "noborder lc {} notitle",
                          name, block, color));
        commands.push_back(
            fmt::format("    '{}.dat' index {} using 1:2 with lines lw 2 lc {} title {}", name,
                        block, color, gnuplot::text(series_label)));
        ++block;
        ++color;
      }
      figure.body += fmt::format("{}\n", fmt::join(commands, ", \\\n"));
    }
    return figure;
  }

  ParamSet params_;
};

PlotRegistration line_registration() {
  PlotRegistration registration;
  registration.info.name = "line";
  registration.info.doc = "y against x, one line per series, one panel per facet";
  registration.info.params = {
      plot_params::name(),
      plot_params::source("results"),
      {"x", ParamType::text, std::nullopt, "column on the x axis (numeric)", {}, {}, false},
      {"y",
       ParamType::text,
       std::string("accuracy"),
       "column on the y axis (numeric)",
       {},
       {},
       false},
      {"series",
       ParamType::text_list,
       std::vector<std::string>{},
       "columns whose values get one line each",
       {},
       {},
       false},
      plot_params::facet(),
      plot_params::filter(),
      {"band",
       ParamType::text,
       std::string(),
       "column holding the half-width of an error band (e.g. accuracy_std)",
       {},
       {},
       false},
      {"log_x", ParamType::boolean, false, "logarithmic x axis", {}, {}, false},
      {"smooth",
       ParamType::integer,
       1LL,
       "centred moving-average window, in points",
       {},
       at_least(1),
       false},
      plot_params::optional_number("y_min", "lower y limit (default: automatic)"),
      plot_params::optional_number("y_max", "upper y limit (default: automatic)"),
      plot_params::title(),
  };
  registration.make = [](const ParamSet& params) -> std::unique_ptr<PlotKind> {
    return std::make_unique<LinePlot>(params);
  };
  return registration;
}

const Registrar<PlotRegistration> kRegisterLine{line_registration()};

}  // namespace
}  // namespace tsfs
