// The PCA views of each dataset's features (the spec's extractors, usable columns z-scored as the
// `from: features` embeddings see them; reduce/principal_components.hpp's PCA), one panel per
// dataset:
// - "scree": the share of the variance along each of the first `components` principal
//   directions (bars) and their running total (line), with the count that reaches `energy`;
// - "pca_biplot": the rows' scores on the first two directions, by class, and the `loadings`
//   features that weigh most on them (largest (v_1j^2 + v_2j^2)), drawn as arrows from the origin
//   to (v_1j, v_2j) scaled to the scores and labelled with the feature's name.
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "common/error.hpp"
#include "plot/class_points.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/panel_grid.hpp"
#include "plot/plot.hpp"
#include "plot/plot_params.hpp"
#include "plot/standardized_features.hpp"
#include "reduce/principal_components.hpp"

namespace tsfs {
namespace {

class ScreePlot final : public PlotKind {
 public:
  explicit ScreePlot(const ParamSet& params) : params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    const Spec& spec = context.spec;
    Figure figure = gnuplot::panel_figure(spec.datasets.size(), 560, 420, params_.text("title"),
                                          "principal component", "share of the variance");
    figure.body += "  set yrange [0:1.05]\n  set style fill solid 0.5\n";
    figure.chart.shared_y = true;
    figure.chart.y_min = 0;
    figure.chart.y_max = 1.05;
    const double energy = params_.real("energy");
    const std::string energy_label = fmt::format("{:g}% of the variance", 100.0 * energy);
    int block = 0;
    for (const auto& dataset_spec : spec.datasets) {
      const Dataset data = load_ucr_dataset(dataset_spec.options);
      const StandardizedFeatures features = standardized_features(spec, data);
      const PrincipalComponents fitted = principal_components(features.values);
      const Eigen::VectorXd& shares = fitted.explained_variance_ratio;
      const auto shown = std::min<Eigen::Index>(shares.size(), params_.integer("components"));
      double total = 0.0;
      for (Eigen::Index k = 0; k < shown; ++k) {
        total += shares[k];
        figure.data +=
            fmt::format("{}\t{}\t{}\n", k + 1, gnuplot::number(shares[k]), gnuplot::number(total));
        figure.chart.add(data.name, "share", PageMark::bar, static_cast<double>(k + 1), shares[k],
                         0.5);
        figure.chart.add(data.name, "running total", PageMark::line, static_cast<double>(k + 1),
                         total);
      }
      figure.data += "\n\n";
      const long long reaching = components_reaching(shares, energy);
      for (const Eigen::Index end : {Eigen::Index{1}, shown})
        figure.chart.add(data.name, energy_label, PageMark::line, static_cast<double>(end), energy);
      figure.body += fmt::format(
          "  set title {}\n  plot '{}.dat' index {} using 1:2 with boxes lc rgb \"{}\" title "
          "\"share\", '' index {} using 1:3 with linespoints pt 7 ps 0.6 lc rgb \"{}\" title "
          "\"running total\", {} with lines dt (8,6) lc rgb \"#555555\" title {}\n",
          gnuplot::text(fmt::format("{} ({} features)", data.name, features.names.size())), name,
          block, gnuplot::palette_colour(0), block, gnuplot::palette_colour(1),
          gnuplot::number(energy),
          gnuplot::text(fmt::format("{}: {} components", energy_label, reaching)));
      ++block;
    }
    return figure;
  }

 private:
  ParamSet params_;
};

class BiplotPlot final : public PlotKind {
 public:
  explicit BiplotPlot(const ParamSet& params) : params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    const Spec& spec = context.spec;
    Figure figure = gnuplot::panel_figure(spec.datasets.size(), 700, 480, params_.text("title"),
                                          "PC 1", "PC 2");
    int block = 0;
    for (const auto& dataset_spec : spec.datasets) {
      const Dataset data = load_ucr_dataset(dataset_spec.options);
      const StandardizedFeatures features = standardized_features(spec, data);
      const PrincipalComponents fitted = principal_components(features.values);
      if (fitted.directions.cols() < 2)
        throw InputError(
            "", fmt::format("pca_biplot: {} has fewer than 2 usable feature columns", data.name));
      const Eigen::MatrixXd scores =
          (features.values.rowwise() - fitted.mean) * fitted.directions.leftCols(2);
      std::vector<int> rows(static_cast<size_t>(scores.rows()));
      std::iota(rows.begin(), rows.end(), 0);
      std::string plot = class_point_blocks(figure, name, block, {scores, data, rows}, 0.6);
      // The features of largest loading on the two directions, as arrows scaled to the scores.
      const Eigen::MatrixXd loadings = fitted.directions.leftCols(2);
      std::vector<Eigen::Index> order(static_cast<size_t>(loadings.rows()));
      std::iota(order.begin(), order.end(), Eigen::Index{0});
      const auto shown = std::min<size_t>(order.size(), params_.integer("loadings"));
      std::partial_sort(order.begin(), order.begin() + static_cast<long>(shown), order.end(),
                        [&](Eigen::Index a, Eigen::Index b) {
                          const double wa = loadings.row(a).squaredNorm();
                          const double wb = loadings.row(b).squaredNorm();
                          return wa > wb || (wa == wb && a < b);
                        });
      const double reach =
          0.8 * scores.cwiseAbs().maxCoeff() / loadings.row(order.front()).cwiseAbs().maxCoeff();
      for (size_t i = 0; i < shown; ++i) {
        const Eigen::Index feature = order[i];
        const std::string& feature_name = features.names[static_cast<size_t>(feature)];
        figure.data +=
            fmt::format("0\t0\t{}\t{}\t{}\n", gnuplot::number(reach * loadings(feature, 0)),
                        gnuplot::number(reach * loadings(feature, 1)), gnuplot::text(feature_name));
        // The arrow as a line from the origin to its tip, named by its feature.
        figure.chart.add(data.name, "loading: " + feature_name, PageMark::line, 0, 0);
        figure.chart.add(data.name, "loading: " + feature_name, PageMark::line,
                         reach * loadings(feature, 0), reach * loadings(feature, 1));
      }
      figure.data += "\n\n";
      plot += fmt::format(
          ", '{}.dat' index {} using 1:2:3:4 with vectors head filled lc rgb \"#333333\" title "
          "{}, '' index {} using ($1+$3):($2+$4):5 with labels font \",8\" offset 0,0.6 notitle",
          name, block, gnuplot::text(fmt::format("loadings x {:.3g} (top {})", reach, shown)),
          block);
      ++block;
      const Eigen::VectorXd& shares = fitted.explained_variance_ratio;
      figure.body +=
          fmt::format("  set title {}\n  plot {}\n",
                      gnuplot::text(fmt::format("{} (PC 1 {:.1f}%, PC 2 {:.1f}% of the variance)",
                                                data.name, 100.0 * shares[0], 100.0 * shares[1])),
                      plot);
    }
    return figure;
  }

 private:
  ParamSet params_;
};

PlotRegistration scree_registration() {
  PlotRegistration registration;
  registration.info.name = "scree";
  registration.info.doc =
      "scree plot of each dataset's z-scored features: the variance share of each principal "
      "component and the running total";
  registration.info.params = {
      plot_params::name(), plot_params::title(),
      ParamDeclaration{.name = "components",
                       .type = ParamType::integer,
                       .default_value = ParamValue{20LL},
                       .doc = "leading components drawn",
                       .check = at_least(1.0)},
      ParamDeclaration{.name = "energy",
                       .type = ParamType::real,
                       .default_value = ParamValue{0.9},
                       .doc = "the share marked by a line, with the count of components reaching "
                              "it (PCA(n_components=energy)'s rule)",
                       .check = between(0.0, 1.0)}};
  registration.configure = configured_by_factory<PlotKind>(
      [](const ParamSet& params) { return std::make_unique<ScreePlot>(params); });
  return registration;
}

PlotRegistration biplot_registration() {
  PlotRegistration registration;
  registration.info.name = "pca_biplot";
  registration.info.doc =
      "each dataset's rows on the first two principal components of its z-scored features, by "
      "class, with the features of largest loading as arrows";
  registration.info.params = {plot_params::name(), plot_params::title(),
                              ParamDeclaration{.name = "loadings",
                                               .type = ParamType::integer,
                                               .default_value = ParamValue{8LL},
                                               .doc = "features drawn as loading arrows",
                                               .check = at_least(1.0)}};
  registration.configure = configured_by_factory<PlotKind>(
      [](const ParamSet& params) { return std::make_unique<BiplotPlot>(params); });
  return registration;
}

const Registrar<PlotRegistration> kRegisterScree{scree_registration()};
const Registrar<PlotRegistration> kRegisterBiplot{biplot_registration()};

}  // namespace
}  // namespace tsfs
