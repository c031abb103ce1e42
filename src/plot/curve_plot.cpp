// "pr_curve" and "roc_curve": the precision-recall and ROC curves of curves.csv (`curves:` in the
// spec), one line per value of the `series` columns (and per class when the rows hold several,
// one-vs-rest; per fold with `folds: each`), one panel per value of `facet`.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "common/error.hpp"
#include "common/text.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/panel_grid.hpp"
#include "plot/plot.hpp"
#include "plot/plot_params.hpp"
#include "plot/run_tables.hpp"

namespace tsfs {
namespace {

struct CurveStyle {
  const char* kind;  // the `curve` column's value
  const char* x_label;
  const char* y_label;
  bool diagonal;  // ROC: the chance line
};

using Line = std::pair<std::string, std::vector<std::pair<std::string, std::string>>>;
using Panel = std::pair<std::string, std::vector<Line>>;

class CurvePlot final : public PlotKind {
 public:
  CurvePlot(const ParamSet& params, CurveStyle style) : params_(params), style_(style) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    const CsvTable table = read_run_table(context.run_folder, "curves");
    const size_t curve = require_column(table, "curve", name);
    const size_t fold = require_column(table, "fold", name);
    const size_t repeat = require_column(table, "repeat", name);
    const size_t label = require_column(table, "class", name);
    const size_t x = require_column(table, "x", name), y = require_column(table, "y", name);
    std::vector<size_t> series, facet;
    for (const auto& column : params_.text_list("series"))
      series.push_back(require_column(table, column, name));
    if (!params_.text("facet").empty())
      facet.push_back(require_column(table, params_.text("facet"), name));
    const bool each_fold = params_.text("folds") == "each";
    std::vector<size_t> rows;
    std::set<std::string> classes;
    for (const size_t row : filter_rows(table, params_.text_list("filter"), name)) {
      const auto& fields = table.rows[row];
      if (fields[curve] != style_.kind || (!each_fold && fields[fold] != "pooled")) continue;
      rows.push_back(row);
      classes.insert(fields[label]);
    }
    if (rows.empty())
      throw InputError("", fmt::format("plot '{}': curves.csv has no {} rows matching its filter",
                                       name, style_.kind));
    std::vector<Panel> panels;
    for (const size_t row : rows) {
      const auto& fields = table.rows[row];
      std::string line = key_label(table, row, series);
      if (classes.size() > 1) line += (line.empty() ? "" : ", ") + ("class " + fields[label]);
      if (each_fold)
        line += (line.empty() ? "" : ", ") +
                (fields[fold] == "pooled" ? std::string("pooled")
                                          : "repeat " + fields[repeat] + ", fold " + fields[fold]);
      find_or_add(find_or_add(panels, key_label(table, row, facet)), line)
          .emplace_back(fields[x], fields[y]);
    }
    std::vector<std::string> shown = params_.text_list("series");
    shown.push_back(params_.text("facet"));
    return figure(panels, name, gnuplot::fixed_parameters_caption(table, rows, shown));
  }

 private:
  Figure figure(const std::vector<Panel>& panels, const std::string& name,
                const std::string& caption) const {
    const auto order = gnuplot::series_order(panels);
    gnuplot::PanelGrid grid{.panels = panels.size(),
                            .panel_width = panels.size() == 1 ? 700 : 560,
                            .panel_height = panels.size() == 1 ? 620 : 520,
                            .title = params_.text("title"),
                            .caption = caption,
                            .x_label = gnuplot::text(style_.x_label),
                            .y_label = gnuplot::text(style_.y_label),
                            .key_titles = order};
    for (auto& title : grid.key_titles)
      if (title.empty()) title = style_.kind;
    if (style_.diagonal) grid.key_titles.emplace_back("chance");
    Figure figure = gnuplot::panel_grid_figure(grid);
    figure.body += "  set xrange [0:1]\n  set yrange [0:1.02]\n  set size ratio -1\n";
    figure.chart.x_label = style_.x_label;
    figure.chart.y_label = style_.y_label;
    figure.chart.shared_x = figure.chart.shared_y = true;
    figure.chart.y_min = 0;
    figure.chart.y_max = 1.02;
    int block = 0;
    bool first_panel = true;
    for (const auto& [panel, lines] : panels) {
      figure.body += fmt::format("  set title {}\n  plot \\\n", gnuplot::text(panel));
      std::vector<std::string> commands;
      for (const auto& [line, points] : lines) {
        // Empty fields (a rate with no positive or negative rows) are gaps for gnuplot.
        for (const auto& [x_text, y_text] : points) {
          figure.data += fmt::format("{}\t{}\n", x_text.empty() ? "NaN" : x_text,
                                     y_text.empty() ? "NaN" : y_text);
          figure.chart.add(panel, line.empty() ? style_.kind : line, PageMark::line,
                           parse_double(x_text).value_or(std::nan("")),
                           parse_double(y_text).value_or(std::nan("")));
        }
        figure.data += "\n\n";
        commands.push_back(
            fmt::format("    '{}.dat' index {} using 1:2 with linespoints lw 2 {} pi {} title {}",
                        name, block++, gnuplot::series_style(gnuplot::style_of(order, line)),
                        gnuplot::marker_interval(points.size()),
                        gnuplot::text(line.empty() ? style_.kind : line)));
      }
      if (first_panel)
        for (auto& entry : gnuplot::absent_series_entries(order, lines))
          commands.push_back(std::move(entry));
      if (style_.diagonal) {
        commands.push_back("    x with lines dt 2 lc rgb \"#999999\" title \"chance\"");
        for (const double end : {0.0, 1.0})
          figure.chart.add(panel, "chance", PageMark::line, end, end);
      }
      figure.body += fmt::format("{}\n", fmt::join(commands, ", \\\n"));
      if (first_panel) figure.body += gnuplot::kAfterFirstPanel;
      first_panel = false;
    }
    return figure;
  }

  ParamSet params_;
  CurveStyle style_;
};

PlotRegistration curve_registration(const char* kind_name, const char* doc, CurveStyle style) {
  PlotRegistration registration;
  registration.info.name = kind_name;
  registration.info.doc = doc;
  registration.info.params = {
      plot_params::name(),
      ParamDeclaration{
          .name = "series",
          .type = ParamType::text_list,
          .default_value = std::vector<std::string>{"selector"},
          .doc =
              "curves.csv columns whose values get one line each (a class of several, one-vs-rest, "
              "gets its own line too)",
          .sweepable = false},
      ParamDeclaration{.name = "facet",
                       .type = ParamType::text,
                       .default_value = std::string("dataset"),
                       .doc = "column whose values get one panel each",
                       .sweepable = false},
      plot_params::filter(),
      ParamDeclaration{
          .name = "folds",
          .type = ParamType::text,
          .default_value = std::string("pooled"),
          .doc =
              "pooled: the curve of every fold's test rows together; each: one line per fold too",
          .choices = {"pooled", "each"},
          .sweepable = false},
      plot_params::title(),
  };
  registration.configure = configured_by_factory<PlotKind>(
      [style](const ParamSet& params) { return std::make_unique<CurvePlot>(params, style); });
  registration.needs_curves = style.kind;
  registration.columns_used = [](const ParamSet& params) {
    std::vector<std::string> columns = plot_params::filter_columns(params);
    if (!params.text("facet").empty()) columns.push_back(params.text("facet"));
    for (const auto& column : params.text_list("series")) columns.push_back(column);
    return std::make_pair(std::string("curves"), columns);
  };
  return registration;
}

const Registrar<PlotRegistration> kRegisterPrCurve{
    curve_registration("pr_curve", "precision-recall curves of curves.csv (needs `curves: [pr]`)",
                       {"pr", "recall", "precision", false})};
const Registrar<PlotRegistration> kRegisterRocCurve{
    curve_registration("roc_curve", "ROC curves of curves.csv (needs `curves: [roc]`)",
                       {"roc", "false positive rate", "true positive rate", true})};

}  // namespace
}  // namespace tsfs
