// "line": y against x from a run CSV, one line per value of the `series` columns, one panel per
// value of `facet`, optionally a log x axis, a centred moving average and an error band.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "common/error.hpp"
#include "common/text.hpp"
#include "plot/band.hpp"
#include "plot/baselines.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/panel_grid.hpp"
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
    Columns columns = find_columns(table, name);
    Curves curves;
    PanelDatasets datasets;
    bool averaged = false;
    const bool log_x = params_.boolean("log_x");
    size_t not_positive = 0, drawn = 0;
    for (size_t row : rows) {
      auto y_value = parse_double(table.rows[row][columns.y]);
      if (!y_value) continue;  // empty (e.g. accuracy_std of a single fold)
      // A row marked tuned (nested CV, `tune:`) chose its x per fold: it is no point of a curve.
      if (table.rows[row][columns.x] == "tuned") continue;
      const double x_value = parse_or_fail(table.rows[row][columns.x], params_.text("x"), name);
      ++drawn;
      // A log axis has no place for x <= 0 (gnuplot fails when no point is left).
      if (log_x && !(x_value > 0.0)) {
        ++not_positive;
        continue;
      }
      const std::string panel = key_label(table, row, columns.facet);
      auto& point =
          find_or_add(find_or_add(curves, panel), key_label(table, row, columns.series))[x_value];
      if (columns.dataset) find_or_add(datasets, panel).insert(table.rows[row][*columns.dataset]);
      averaged = averaged || point.count > 0;
      point.y_sum += *y_value;
      if (columns.band) point.band_sum += band_half_width(table, row, columns, name);
      ++point.count;
    }
    if (not_positive > 0 && not_positive == drawn)
      throw InputError("", fmt::format("plot '{}': log_x needs x values above 0, but every value "
                                       "of column '{}' in its rows is 0 or less; drop log_x or "
                                       "plot another column",
                                       name, params_.text("x")));
    if (not_positive > 0)
      spdlog::warn(
          "plot '{}': {} of {} rows have {} <= 0, which a log x axis cannot show; left out", name,
          not_positive, drawn, params_.text("x"));
    if (averaged)
      spdlog::warn(
          "plot '{}': several rows share a (facet, series, x); their mean is drawn "
          "(add the differing columns to `series` or `filter`)",
          name);
    std::vector<std::string> shown = params_.text_list("series");
    for (const char* column : {"x", "facet"}) shown.push_back(params_.text(column));
    const PanelBaselines baselines = baseline_lines(context, datasets, name);
    Figure result = figure(curves, baselines, name, band_title(band_error(table)),
                           gnuplot::fixed_parameters_caption(table, rows, shown));
    result.reference_lines = reference_lines_csv(baselines);
    return result;
  }

  // The legend entry of the first band, saying what it is.
  std::string band_title(const std::string& error) const {
    if (params_.text("band").empty()) return "";
    if (error == "nadeau_bengio") return "band: +-1 s.e., Nadeau-Bengio corrected";
    if (error == "standard_error") return "band: +-1 s.e., folds as independent";
    return "band: +-1 " + params_.text("band");
  }

 private:
  struct Columns {
    size_t x = 0, y = 0;
    std::vector<size_t> series, facet;
    std::optional<size_t> band, n_folds, protocol, dataset;
  };
  using PanelDatasets = std::vector<std::pair<std::string, std::set<std::string>>>;
  // A horizontal baseline line of one dataset in one panel, labelled with its value.
  // Thin long or short dashes: the series use gnuplot's dash types 1-5 at line width 2.
  static constexpr const char* kTestMajorityDash = "(16,8)";
  static constexpr const char* kTrainMajorityDash = "(3,6)";
  struct BaselineLine {
    std::string dataset, title;
    double value = 0.0;
    const char* dash = kTestMajorityDash;
    const char* kind = "test_majority";  // or "train_majority"
  };
  using PanelBaselines = std::map<std::string, std::vector<BaselineLine>>;
  // Light enough that four or more overlapping bands do not turn into one opaque area.
  static constexpr double kBandOpacity = 0.12;

  Columns find_columns(const CsvTable& table, const std::string& name) const {
    Columns columns;
    columns.x = require_column(table, params_.text("x"), name);
    columns.y = require_column(table, params_.text("y"), name);
    for (const auto& column : params_.text_list("series"))
      columns.series.push_back(require_column(table, column, name));
    if (!params_.text("facet").empty())
      columns.facet.push_back(require_column(table, params_.text("facet"), name));
    if (!params_.text("band").empty())
      columns.band = require_column(table, params_.text("band"), name);
    const std::string error = band_error(table);
    if (error != "std") columns.n_folds = require_column(table, "n_folds", name);
    if (error == "nadeau_bengio") columns.protocol = require_column(table, "protocol", name);
    if (params_.text("baseline") != "none")
      columns.dataset = require_column(table, "dataset", name);
    return columns;
  }

  // band_error, with `auto` resolved: nadeau_bengio when the rows come from k-fold CV (their
  // folds share training rows), std otherwise.
  std::string band_error(const CsvTable& table) const {
    const std::string chosen = params_.text("band_error");
    if (chosen != "auto") return chosen;
    const auto protocol = table.column("protocol");
    const bool k_fold =
        protocol && !table.rows.empty() && k_fold_folds(table.rows.front()[*protocol]).has_value();
    return k_fold && table.column("n_folds") ? "nadeau_bengio" : "std";
  }

  // The band column (a fold standard deviation s), or the standard error of its mean over the
  // n_folds folds (standard_error_half_width: plain, or Nadeau-Bengio corrected).
  double band_half_width(const CsvTable& table, size_t row, const Columns& columns,
                         const std::string& name) const {
    // Empty where no spread exists (accuracy_std of a single fold); text is not a band.
    const std::string& field = table.rows[row][*columns.band];
    double half_width = field.empty() ? 0.0 : parse_or_fail(field, params_.text("band"), name);
    if (!columns.n_folds) return half_width;
    const double folds = parse_double(table.rows[row][*columns.n_folds]).value_or(1.0);
    if (!columns.protocol) return standard_error_half_width(half_width, folds, std::nullopt);
    const std::string& protocol = table.rows[row][*columns.protocol];
    const auto k = k_fold_folds(protocol);
    if (!k)
      throw InputError("", fmt::format("plot '{}': band_error nadeau_bengio corrects k-fold CV "
                                       "(test/train ratio 1/(k-1)), and a row's protocol is "
                                       "'{}'; use standard_error or std",
                                       name, protocol));
    return standard_error_half_width(half_width, folds, k);
  }

  // The baselines once per dataset and kind, for the run's page (Figure::reference_lines).
  static std::string reference_lines_csv(const PanelBaselines& baselines) {
    std::set<std::pair<std::string, std::string>> written;
    std::string csv;
    for (const auto& [panel, lines] : baselines)
      for (const BaselineLine& line : lines)
        if (written.emplace(line.dataset, line.kind).second)
          csv += fmt::format("{},{},{}\n", csv_field(line.dataset), line.kind,
                             format_double(line.value));
    return csv.empty() ? csv : "dataset,kind,value\n" + csv;
  }

  PanelBaselines baseline_lines(const PlotContext& context, const PanelDatasets& datasets,
                                const std::string& name) const {
    PanelBaselines lines;
    const std::string which = params_.text("baseline");
    if (which == "none") return lines;
    std::set<std::string> wanted;
    for (const auto& [panel, names] : datasets) wanted.insert(names.begin(), names.end());
    const auto baselines = majority_baselines(context.spec, wanted);
    for (const auto& [panel, names] : datasets)
      for (const auto& dataset : names) {
        auto found = baselines.find(dataset);
        if (found == baselines.end())
          throw InputError("", fmt::format("plot '{}': dataset '{}' of the results is not in the "
                                           "spec, so its baseline is unknown",
                                           name, dataset));
        const std::string suffix = names.size() > 1 ? " (" + dataset + ")" : "";
        const auto& baseline = found->second;
        if (which == "majority" || which == "both")
          lines[panel].push_back(
              {dataset, fmt::format("test majority {:.3f}{}", baseline.test_majority, suffix),
               baseline.test_majority, kTestMajorityDash});
        if (which == "train_majority" || which == "both")
          lines[panel].push_back(
              {dataset, fmt::format("training majority {:.3f}{}", baseline.train_majority, suffix),
               baseline.train_majority, kTrainMajorityDash, "train_majority"});
      }
    return lines;
  }

  std::vector<double> smoothed(const std::vector<double>& xs,
                               const std::vector<double>& values) const {
    if (params_.real("smooth_width") > 0.0)
      return smoothing::width_average(xs, values, params_.real("smooth_width"),
                                      params_.boolean("log_x"));
    return smoothing::moving_average(values, params_.integer("smooth"));
  }

  // The kinds of baseline line drawn (by their dash pattern), each getting one key entry; the
  // lines themselves carry their value as a label, since it differs from panel to panel.
  static std::vector<const char*> baseline_kinds(const PanelBaselines& baselines) {
    std::vector<const char*> kinds;
    for (const char* dash : {kTestMajorityDash, kTrainMajorityDash})
      if (std::any_of(baselines.begin(), baselines.end(), [&](const auto& panel) {
            return std::any_of(panel.second.begin(), panel.second.end(),
                               [&](const auto& line) { return line.dash == dash; });
          }))
        kinds.push_back(dash);
    return kinds;
  }
  static std::string baseline_key_title(const char* dash) {
    return dash == kTestMajorityDash ? "majority class of the test rows (value at the line)"
                                     : "predicting the training majority (value at the line)";
  }

  // Grey, or the colour of the series of the baseline's dataset when the series are datasets.
  static std::string baseline_colour(const BaselineLine& line,
                                     const std::vector<std::string>& series_order) {
    for (size_t i = 0; i < series_order.size(); ++i)
      if (series_order[i] == "dataset=" + line.dataset)
        return gnuplot::palette_colour(static_cast<int>(i));
    return "#555555";
  }

  std::string axis_label(const char* label_param, const char* column_param) const {
    const std::string& label = params_.text(label_param);
    return gnuplot::text(label.empty() ? params_.text(column_param) : label);
  }

  Figure figure(const Curves& curves, const PanelBaselines& baselines, const std::string& name,
                const std::string& band_legend, const std::string& caption) const {
    const auto order = gnuplot::series_order(curves);
    const bool banded = !params_.text("band").empty();
    gnuplot::PanelGrid grid{.panels = curves.size(),
                            .panel_width = curves.size() == 1 ? 820 : 560,
                            .panel_height = curves.size() == 1 ? 520 : 420,
                            .title = params_.text("title"),
                            .caption = caption,
                            .x_label = axis_label("x_label", "x"),
                            .y_label = axis_label("y_label", "y"),
                            .key_titles = order};
    if (banded) grid.key_titles.push_back(band_legend);
    const auto kinds = baseline_kinds(baselines);
    for (const char* dash : kinds) grid.key_titles.push_back(baseline_key_title(dash));
    Figure figure = gnuplot::panel_grid_figure(grid);
    if (params_.boolean("log_x")) figure.body += "  set logscale x\n  set format x \"1e%L\"\n";
    double y_min = params_.real("y_min"), y_max = params_.real("y_max");
    figure.body +=
        fmt::format("  set yrange [{}:{}]\n", std::isnan(y_min) ? "*" : format_double(y_min),
                    std::isnan(y_max) ? "*" : format_double(y_max));
    // Autoscaled ends get 3% of headroom: a curve at an axis end would hide in the frame.
    figure.body += "  set offsets 0, 0, graph 0.03, graph 0.03\n";
    int block = 0;
    bool first_panel = true;
    for (const auto& [facet_label, lines] : curves) {
      figure.body += fmt::format("  unset label\n  set title {}\n", gnuplot::text(facet_label));
      std::vector<std::string> commands;
      for (const auto& [series_label, points] : lines) {
        std::vector<double> xs, ys, bands;
        for (const auto& [x_value, point] : points) {
          xs.push_back(x_value);
          ys.push_back(point.y_sum / point.count);
          bands.push_back(point.band_sum / point.count);
        }
        ys = smoothed(xs, ys);
        bands = smoothed(xs, bands);
        for (size_t i = 0; i < xs.size(); ++i)
          figure.data += fmt::format("{}\t{}\t{}\n", gnuplot::number(xs[i]), gnuplot::number(ys[i]),
                                     gnuplot::number(bands[i]));
        figure.data += "\n\n";
        const int style = gnuplot::style_of(order, series_label);
        if (banded)
          commands.push_back(
              fmt::format("    '{}.dat' index {} using 1:($2-$3):($2+$3) with filledcurves fs "
                          "transparent solid {} noborder {} notitle",
                          name, block, kBandOpacity, gnuplot::series_colour(style)));
        commands.push_back(
            fmt::format("    '{}.dat' index {} using 1:2 with linespoints lw 2 {} pi {} title {}",
                        name, block, gnuplot::series_style(style),
                        gnuplot::marker_interval(xs.size()), gnuplot::text(series_label)));
        ++block;
      }
      if (first_panel)
        key_entries_of_other_panels(order, lines, banded, band_legend, kinds, commands);
      if (auto found = baselines.find(facet_label); found != baselines.end())
        for (size_t i = 0; i < found->second.size(); ++i) {
          const BaselineLine& line = found->second[i];
          const std::string colour = baseline_colour(line, order);
          // Labels take turns at the right edge, the left edge and the middle, each aligned to
          // stay inside the panel (a right-aligned label further left ran past the left axis and
          // over its ticks), so two lines at (nearly) one value keep readable labels.
          static constexpr std::pair<const char*, const char*> kPlaces[] = {
              {"0.99", "right"}, {"0.01", "left"}, {"0.5", "center"}};
          const auto& [place, alignment] = kPlaces[i % 3];
          figure.body += fmt::format(
              "  set label {} {} at graph {}, first {} {} offset 0,0.6 font \",9\" "
              "tc rgb \"{}\" front\n",
              i + 1, gnuplot::text(line.title), place, format_double(line.value), alignment,
              colour);
          commands.push_back(fmt::format("    {} with lines lw 1 dt {} lc rgb \"{}\" notitle",
                                         format_double(line.value), line.dash, colour));
        }
      figure.body += fmt::format("  plot \\\n{}\n", fmt::join(commands, ", \\\n"));
      if (first_panel) figure.body += gnuplot::kAfterFirstPanel;
      first_panel = false;
    }
    return figure;
  }

  // The first panel draws the legend: entries for the series it lacks, the band and the
  // baselines, drawn as key entries only (gnuplot's keyentry).
  static void key_entries_of_other_panels(
      const std::vector<std::string>& order,
      const std::vector<std::pair<std::string, std::map<double, Point>>>& lines, bool banded,
      const std::string& band_legend, const std::vector<const char*>& baseline_kinds,
      std::vector<std::string>& commands) {
    for (auto& entry : gnuplot::absent_series_entries(order, lines))
      commands.push_back(std::move(entry));
    if (banded)
      commands.push_back(fmt::format(
          "    keyentry with filledcurves fs transparent solid {} noborder lc rgb \"#888888\" "
          "title {}",
          kBandOpacity, gnuplot::text(band_legend)));
    for (const char* dash : baseline_kinds)
      commands.push_back(
          fmt::format("    keyentry with lines lw 1 dt {} lc rgb \"#555555\" title {}", dash,
                      gnuplot::text(baseline_key_title(dash))));
  }

  ParamSet params_;
};

// What is drawn: the run CSV, its x and y columns, the columns whose values get a line
// (series) or a panel (facet) each, and the rows kept.
std::vector<ParamDeclaration> line_data_params() {
  return {
      plot_params::name(),
      plot_params::source("results"),
      ParamDeclaration{.name = "x",
                       .type = ParamType::text,
                       .doc = "column on the x axis (numeric)",
                       .sweepable = false},
      ParamDeclaration{.name = "y",
                       .type = ParamType::text,
                       .default_value = std::string("accuracy"),
                       .doc = "column on the y axis (numeric)",
                       .sweepable = false},
      ParamDeclaration{.name = "series",
                       .type = ParamType::text_list,
                       .default_value = std::vector<std::string>{},
                       .doc = "columns whose values get one line each",
                       .sweepable = false},
      plot_params::facet(),
      plot_params::filter(),
  };
}

// What surrounds the lines: an error band around each, baselines across each panel.
std::vector<ParamDeclaration> line_band_and_baseline_params() {
  return {
      ParamDeclaration{.name = "band",
                       .type = ParamType::text,
                       .default_value = std::string(),
                       .doc = "column holding the half-width of an error band (e.g. accuracy_std)",
                       .sweepable = false},
      ParamDeclaration{
          .name = "band_error",
          .type = ParamType::text,
          .default_value = std::string("auto"),
          .doc = "std: the band column as it is; standard_error: divided by sqrt(n_folds) (the "
                 "standard error of a fold mean, folds taken as independent); nadeau_bengio: "
                 "times sqrt(1/n_folds + 1/(k-1)), the corrected standard error of k-fold CV "
                 "(Nadeau & Bengio 2003); auto: nadeau_bengio for k-fold rows, else std",
          .choices = {"auto", "std", "standard_error", "nadeau_bengio"},
          .sweepable = false},
      ParamDeclaration{
          .name = "baseline",
          .type = ParamType::text,
          .default_value = std::string("none"),
          .doc = "horizontal lines per dataset: majority (share of the test rows in their "
                 "own majority "
                 "class), train_majority (share of the test rows in the training rows' "
                 "majority class), "
                 "both; means over the run's folds",
          .choices = {"none", "majority", "train_majority", "both"},
          .sweepable = false},
  };
}

// How the lines and axes look: scale, smoothing, labels, limits and title.
std::vector<ParamDeclaration> line_appearance_params() {
  return {
      ParamDeclaration{.name = "log_x",
                       .type = ParamType::boolean,
                       .default_value = false,
                       .doc = "logarithmic x axis",
                       .sweepable = false},
      ParamDeclaration{.name = "smooth",
                       .type = ParamType::integer,
                       .default_value = 1LL,
                       .doc = "centred moving-average window, in points",
                       .check = at_least(1),
                       .sweepable = false},
      plot_params::optional_number("smooth_width",
                                   "centred average over a fixed width of x (in decades with "
                                   "log_x), instead of `smooth`'s point count"),
      ParamDeclaration{.name = "x_label",
                       .type = ParamType::text,
                       .default_value = std::string(),
                       .doc = "x axis label (default: the x column)",
                       .sweepable = false},
      ParamDeclaration{.name = "y_label",
                       .type = ParamType::text,
                       .default_value = std::string(),
                       .doc = "y axis label (default: the y column)",
                       .sweepable = false},
      plot_params::optional_number("y_min", "lower y limit (default: automatic)"),
      plot_params::optional_number("y_max", "upper y limit (default: automatic)"),
      plot_params::title(),
  };
}

PlotRegistration line_registration() {
  PlotRegistration registration;
  registration.info.name = "line";
  registration.info.doc = "y against x, one line per series, one panel per facet";
  // In this order: the documentation lists them as declared.
  registration.info.params = line_data_params();
  for (const auto& group : {line_band_and_baseline_params(), line_appearance_params()})
    registration.info.params.insert(registration.info.params.end(), group.begin(), group.end());
  registration.info.validate = [](const ParamSet& params) -> std::optional<ParamProblem> {
    const double width = params.real("smooth_width");
    if (!std::isnan(width) && !(width > 0))
      return ParamProblem{"smooth_width", "smooth_width must be > 0 (or left out)"};
    if (params.integer("smooth") > 1 && width > 0)
      return ParamProblem{"smooth_width",
                          "give either `smooth` (points) or `smooth_width` (x units, decades on a "
                          "log axis), not both"};
    return plot_params::ordered_range(params, "y_min", "y_max");
  };
  registration.configure = configured_by_factory<PlotKind>(
      [](const ParamSet& params) { return std::make_unique<LinePlot>(params); });
  registration.columns_used = [](const ParamSet& params) {
    std::vector<std::string> columns = plot_params::filter_columns(params);
    for (const char* name : {"x", "y", "facet", "band"})
      if (!params.text(name).empty()) columns.push_back(params.text(name));
    for (const auto& column : params.text_list("series")) columns.push_back(column);
    return std::make_pair(params.text("source"), columns);
  };
  return registration;
}

const Registrar<PlotRegistration> kRegisterLine{line_registration()};

}  // namespace
}  // namespace tsfs
