// Views of the spec's datasets themselves (no run results needed):
// "dataset_view": per dataset, the mean +/- one standard deviation at each time step over all
//   series, and the dataset's first series as an example;
// "autocovariance": per dataset, the average over series of the biased sample autocovariance
//   gamma(h) = 1/L sum_{t < L-h} (x_t - mean)(x_{t+h} - mean) (or the autocorrelation
//   gamma(h)/gamma(0) with `normalize`), for lags 0 .. max_lag.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "plot/gnuplot_text.hpp"
#include "plot/panel_grid.hpp"
#include "plot/plot.hpp"
#include "plot/plot_params.hpp"

namespace tsfs {
namespace {

Figure panels_figure(size_t panels, const std::string& title) {
  Figure figure;
  auto [rows, columns] = gnuplot::layout(panels);
  figure.width = 520 * columns;
  figure.height = 400 * rows + 40;
  figure.body = fmt::format(
      "  set multiplot layout {},{} title {}\n  set grid\n  set key top right font \",9\"\n", rows,
      columns, gnuplot::text(title));
  return figure;
}

class DatasetView final : public PlotKind {
 public:
  explicit DatasetView(const ParamSet& params) : params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    // The three entries are alike in every panel: one legend for the figure, below the panels.
    Figure figure = gnuplot::panel_grid_figure(
        {.panels = context.spec.datasets.size(),
         .panel_width = 520,
         .panel_height = 420,
         .title = params_.text("title"),
         .x_label = "\"time step\"",
         .y_label = "\"value\"",
         .key_titles = {"mean ± std", "mean", "row 0 (its class: panel title)"}});
    figure.chart.x_label = "time step";
    figure.chart.y_label = "value";
    for (size_t d = 0; d < context.spec.datasets.size(); ++d) {
      Dataset dataset = load_ucr_dataset(context.spec.datasets[d].options);
      for (Eigen::Index t = 0; t < dataset.values.cols(); ++t) {
        double sum = 0.0, squares = 0.0;
        long long count = 0;
        for (Eigen::Index r = 0; r < dataset.rows(); ++r) {
          double value = dataset.values(r, t);
          if (std::isnan(value)) continue;
          sum += value;
          ++count;
        }
        double mean = sum / static_cast<double>(count);
        for (Eigen::Index r = 0; r < dataset.rows(); ++r)
          if (!std::isnan(dataset.values(r, t)))
            squares += std::pow(dataset.values(r, t) - mean, 2);
        const double deviation = std::sqrt(squares / static_cast<double>(count));
        figure.data +=
            fmt::format("{}\t{}\t{}\t{}\n", t, gnuplot::number(mean), gnuplot::number(deviation),
                        gnuplot::number(dataset.values(0, t)));
        figure.chart.add(dataset.name, "mean ± std", PageMark::line, static_cast<double>(t), mean,
                         deviation);
        figure.chart.add(dataset.name, "row 0", PageMark::line, static_cast<double>(t),
                         dataset.values(0, t));
      }
      figure.data += "\n\n";
      figure.body += fmt::format(
          "  set title {}\n  plot '{}.dat' index {} using 1:($2-$3):($2+$3) with filledcurves fs "
          "transparent "
          "solid 0.25 noborder lc 1 title \"mean ± std\", '' index {} using 1:2 with lines lw 2 lc "
          "1 title \"mean\", "
          "'' index {} using 1:4 with lines lw 1 lc 2 dt 2 title \"row 0 (its class: "
          "panel title)\"\n{}",
          gnuplot::text(fmt::format("{} ({} series; row 0 of class {})", dataset.name,
                                    dataset.rows(),
                                    dataset.class_names[static_cast<size_t>(dataset.labels(0))])),
          name, d, d, d, d == 0 ? gnuplot::kAfterFirstPanel : "");
    }
    return figure;
  }

 private:
  ParamSet params_;
};

class Autocovariance final : public PlotKind {
 public:
  explicit Autocovariance(const ParamSet& params) : params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    Figure figure = panels_figure(context.spec.datasets.size(), params_.text("title"));
    bool normalize = params_.boolean("normalize");
    figure.chart.x_label = "lag";
    figure.chart.y_label = normalize ? "autocorrelation" : "autocovariance";
    figure.body +=
        fmt::format("  set xlabel \"lag\"\n  set ylabel {}\n", gnuplot::text(figure.chart.y_label));
    for (size_t d = 0; d < context.spec.datasets.size(); ++d) {
      Dataset dataset = load_ucr_dataset(context.spec.datasets[d].options);
      long long max_lag = dataset.lengths.maxCoeff() - 1;
      if (params_.integer("max_lag") > 0) max_lag = std::min(max_lag, params_.integer("max_lag"));
      std::vector<double> sum(static_cast<size_t>(max_lag + 1), 0.0);
      std::vector<long long> count(sum.size(), 0);
      for (Eigen::Index r = 0; r < dataset.rows(); ++r) {
        Eigen::VectorXd series = dataset.series(r);
        Eigen::VectorXd centred = series.array() - series.mean();
        auto length = centred.size();
        double variance = centred.squaredNorm() / static_cast<double>(length);
        for (long long h = 0; h <= max_lag && h < length; ++h) {
          double gamma =
              centred.head(length - h).dot(centred.tail(length - h)) / static_cast<double>(length);
          if (normalize) gamma = variance > 0 ? gamma / variance : std::nan("");
          if (std::isnan(gamma)) continue;
          sum[static_cast<size_t>(h)] += gamma;
          ++count[static_cast<size_t>(h)];
        }
      }
      for (size_t h = 0; h < sum.size(); ++h) {
        const double mean = count[h] ? sum[h] / static_cast<double>(count[h]) : std::nan("");
        figure.data += fmt::format("{}\t{}\n", h, gnuplot::number(mean));
        figure.chart.add(dataset.name, figure.chart.y_label, PageMark::line, static_cast<double>(h),
                         mean);
      }
      figure.data += "\n\n";
      figure.body += fmt::format(
          "  set title {}\n  plot '{}.dat' index {} using 1:2 with lines lw 2 notitle\n",
          gnuplot::text(dataset.name), name, d);
    }
    return figure;
  }

 private:
  ParamSet params_;
};

template <typename Kind>
PlotRegistration dataset_plot(const std::string& kind, const std::string& doc,
                              std::vector<ParamDeclaration> extra) {
  PlotRegistration registration;
  registration.info.name = kind;
  registration.info.doc = doc;
  registration.info.params = {plot_params::name(), plot_params::title()};
  for (auto& spec : extra) registration.info.params.push_back(std::move(spec));
  registration.configure = configured_by_factory<PlotKind>(
      [](const ParamSet& params) { return std::make_unique<Kind>(params); });
  return registration;
}

const Registrar<PlotRegistration> kRegisterDatasetView{dataset_plot<DatasetView>(
    "dataset_view", "mean +/- std per time step and an example series, per dataset", {})};
const Registrar<PlotRegistration> kRegisterAutocovariance{dataset_plot<Autocovariance>(
    "autocovariance", "average autocovariance function per dataset",
    {ParamDeclaration{.name = "max_lag",
                      .type = ParamType::integer,
                      .default_value = 0LL,
                      .doc = "largest lag (0: series length - 1)",
                      .check = at_least(0),
                      .sweepable = false},
     ParamDeclaration{.name = "normalize",
                      .type = ParamType::boolean,
                      .default_value = false,
                      .doc = "autocorrelation instead of autocovariance",
                      .sweepable = false}})};

}  // namespace
}  // namespace tsfs
