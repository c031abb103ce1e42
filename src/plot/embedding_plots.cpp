// Dataset views as 2-D embeddings of a dataset's rows, one panel per dataset, points coloured by
// class (embed/embedding.hpp): "mds" (classical MDS), "isomap" (classical MDS of kNN-graph
// geodesics, `neighbours`), "laplacian_eigenmaps" (`neighbours`), "lle" (locally linear embedding,
// `neighbours`, `regularization`) and "tsne" (exact t-SNE: `perplexity`, `iterations`,
// `learning_rate`, `seed`). `from: distance` embeds the spec's distance (`distance: LABEL`, default
// its first) and `from: features` the Euclidean distances of the spec's features, z-scored (columns
// with a NaN or constant over the rows left out). Above `max_rows` rows an evenly spaced subsample
// (row floor(i n / max_rows)) is embedded, and the panel title says so. t-SNE's affinities use the
// squared distances, as scikit-learn does for Euclidean data.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "cache/artefacts.hpp"
#include "common/error.hpp"
#include "common/parallel.hpp"
#include "distance/distance.hpp"
#include "embed/embedding.hpp"
#include "plot/class_points.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/panel_grid.hpp"
#include "plot/plot.hpp"
#include "plot/plot_params.hpp"
#include "plot/standardized_features.hpp"

namespace tsfs {
namespace {

enum class Method { mds, isomap, laplacian_eigenmaps, lle, tsne };

// Rows kept: all, or `limit` evenly spaced ones.
std::vector<int> kept_rows(long long rows, long long limit) {
  std::vector<int> kept;
  const long long count = std::min(rows, limit);
  for (long long i = 0; i < count; ++i) kept.push_back(static_cast<int>(i * rows / count));
  return kept;
}

// Euclidean distances between the rows of the z-scored usable feature columns.
Eigen::MatrixXd feature_distances(const Eigen::MatrixXd& z) {
  const Eigen::VectorXd norms = z.rowwise().squaredNorm();
  Eigen::MatrixXd squared = (-2.0 * z * z.transpose()).colwise() + norms;
  squared.rowwise() += norms.transpose();
  return squared.cwiseMax(0.0).cwiseSqrt();
}

class EmbeddingPlot final : public PlotKind {
 public:
  EmbeddingPlot(Method method, std::string kind, const ParamSet& params)
      : method_(method), kind_(std::move(kind)), params_(params) {}

  Figure draw(const PlotContext& context, const std::string& name) const override {
    const Spec& spec = context.spec;
    Figure figure = gnuplot::panel_figure(spec.datasets.size(), 700, 480, params_.text("title"),
                                          "axis 1", "axis 2");
    int block = 0;
    for (const auto& dataset_spec : spec.datasets) {
      const Dataset data = load_ucr_dataset(dataset_spec.options);
      const std::vector<int> rows = kept_rows(data.rows(), params_.integer("max_rows"));
      if (auto problem = check_dataset_rows(data.rows())) throw InputError("", problem->message);
      const Eigen::MatrixXd distances = row_distances(spec, data)(rows, rows);
      const Eigen::MatrixXd coordinates = embed(distances);
      const std::string plot =
          class_point_blocks(figure, name, block, {coordinates, data, rows}, 0.7);
      const std::string sample = static_cast<long long>(rows.size()) < data.rows()
                                     ? fmt::format(", {} of {} series", rows.size(), data.rows())
                                     : fmt::format(", {} series", data.rows());
      figure.body +=
          fmt::format("  set title {}\n  plot {}\n",
                      gnuplot::text(data.name + " (" + source_label(spec) + sample + ")"), plot);
    }
    return figure;
  }

  // Isomap's kNN graph and t-SNE's perplexity (its effective number of neighbours) need more
  // rows than neighbours: scikit-learn's Isomap refuses n_neighbors >= n_samples ("Expected
  // n_neighbors < n_samples_fit") and its TSNE perplexity >= n_samples. Fewer rows would make
  // every row a neighbour of every other and draw something other than what was asked.
  std::optional<ParamProblem> check_dataset_rows(long long rows) const override {
    const long long embedded = std::min(rows, params_.integer("max_rows"));
    const std::string rows_text = embedded < rows
                                      ? fmt::format("{} rows (max_rows of {})", embedded, rows)
                                      : fmt::format("{} rows", rows);
    // Laplacian eigenmaps and LLE drop the constant eigenvector: 2 dimensions need 4 rows.
    if ((method_ == Method::laplacian_eigenmaps || method_ == Method::lle) && embedded < 4)
      return ParamProblem{"max_rows", fmt::format("{}: a 2-D view needs at least 4 rows, not {}",
                                                  kind_, rows_text)};
    if (params_.has("neighbours") && params_.integer("neighbours") >= embedded)
      return ParamProblem{"neighbours",
                          fmt::format("{}: neighbours {} needs more than {} to embed; lower it",
                                      kind_, params_.integer("neighbours"), rows_text)};
    if (method_ == Method::tsne && params_.real("perplexity") >= static_cast<double>(embedded))
      return ParamProblem{"perplexity",
                          fmt::format("tsne: perplexity {} needs more than {} to embed; lower it",
                                      params_.real("perplexity"), rows_text)};
    return std::nullopt;
  }

 private:
  std::string source_label(const Spec& spec) const {
    if (params_.text("from") == "features") {
      std::vector<std::string> kinds;
      for (const auto& extractor : spec.extractors) kinds.push_back(extractor.kind);
      return fmt::format("features: {}", fmt::join(kinds, " + "));
    }
    return "distance: " + chosen_distance(spec).label;
  }

  const DistanceSpec& chosen_distance(const Spec& spec) const {
    const std::string& label = params_.text("distance");
    if (spec.distances.empty())
      throw InputError("",
                       "from: distance needs a distance in the spec's distances; or use "
                       "from: features");
    if (label.empty()) return spec.distances.front();
    for (const auto& distance : spec.distances)
      if (distance.label == label) return distance;
    std::vector<std::string> labels;
    for (const auto& distance : spec.distances) labels.push_back(distance.label);
    throw InputError("", fmt::format("distance '{}' is not one of the spec's: {}", label,
                                     fmt::join(labels, ", ")));
  }

  Eigen::MatrixXd row_distances(const Spec& spec, const Dataset& data) const {
    if (params_.text("from") == "features")
      return feature_distances(standardized_features(spec, data).values);
    const DistanceSpec& distance = chosen_distance(spec);
    return distance_matrix(data, distance, spec.cache, default_threads());
  }

  Eigen::MatrixXd embed(const Eigen::MatrixXd& distances) const {
    switch (method_) {
      case Method::mds:
        return classical_mds(distances, 2);
      case Method::isomap:
        return isomap(distances, static_cast<int>(params_.integer("neighbours")), 2);
      case Method::laplacian_eigenmaps:
        return laplacian_eigenmaps(distances, static_cast<int>(params_.integer("neighbours")), 2);
      case Method::lle:
        return locally_linear_embedding(distances, static_cast<int>(params_.integer("neighbours")),
                                        2, params_.real("regularization"));
      case Method::tsne:
        break;
    }
    TsneOptions options;
    options.perplexity = params_.real("perplexity");
    options.iterations = static_cast<int>(params_.integer("iterations"));
    options.learning_rate = params_.real("learning_rate");
    options.seed = static_cast<std::uint64_t>(params_.integer("seed"));
    return tsne(distances.array().square(), options);
  }

  Method method_;
  std::string kind_;
  ParamSet params_;
};

std::vector<ParamDeclaration> common_params() {
  return {
      plot_params::name(), plot_params::title(),
      ParamDeclaration{.name = "from",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("distance")},
                       .doc = "what is embedded: the spec's distance, or its features (z-scored, "
                              "Euclidean)",
                       .choices = {"distance", "features"}},
      ParamDeclaration{.name = "distance",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string()},
                       .doc = "label of the spec's distance (default: its first)"},
      ParamDeclaration{.name = "max_rows",
                       .type = ParamType::integer,
                       .default_value = ParamValue{2000LL},
                       .doc = "embed at most this many rows (evenly spaced) per dataset",
                       .check = at_least(3.0)}};
}

PlotRegistration embedding_plot(Method method, const std::string& kind, const std::string& doc,
                                std::vector<ParamDeclaration> extra) {
  PlotRegistration registration;
  registration.info.name = kind;
  registration.info.doc = doc;
  registration.info.params = common_params();
  for (auto& spec : extra) registration.info.params.push_back(std::move(spec));
  registration.configure = configured_by_factory<PlotKind>([method, kind](const ParamSet& params) {
    return std::make_unique<EmbeddingPlot>(method, kind, params);
  });
  return registration;
}

const Registrar<PlotRegistration> kRegisterMds{embedding_plot(
    Method::mds, "mds", "classical MDS of each dataset's rows, coloured by class", {})};
const Registrar<PlotRegistration> kRegisterIsomap{embedding_plot(
    Method::isomap, "isomap", "Isomap (kNN-graph geodesics) of each dataset's rows, by class",
    {ParamDeclaration{.name = "neighbours",
                      .type = ParamType::integer,
                      .default_value = ParamValue{10LL},
                      .doc = "nearest neighbours linked in the graph",
                      .check = at_least(1.0)}})};
const Registrar<PlotRegistration> kRegisterLaplacianEigenmaps{embedding_plot(
    Method::laplacian_eigenmaps, "laplacian_eigenmaps",
    "Laplacian eigenmaps (scikit-learn's SpectralEmbedding on the kNN graph) of each dataset's "
    "rows, by class",
    {ParamDeclaration{.name = "neighbours",
                      .type = ParamType::integer,
                      .default_value = ParamValue{10LL},
                      .doc = "nearest rows linked in the graph, the row itself included",
                      .check = at_least(2.0)}})};
const Registrar<PlotRegistration> kRegisterLle{embedding_plot(
    Method::lle, "lle", "locally linear embedding (standard LLE) of each dataset's rows, by class",
    {ParamDeclaration{.name = "neighbours",
                      .type = ParamType::integer,
                      .default_value = ParamValue{10LL},
                      .doc = "nearest other rows that rebuild each row",
                      .check = at_least(1.0)},
     ParamDeclaration{.name = "regularization",
                      .type = ParamType::real,
                      .default_value = ParamValue{1e-3},
                      .doc = "added to the local Gram matrix's diagonal, times its trace "
                             "(scikit-learn's reg)",
                      .check = greater_than(0.0)}})};
const Registrar<PlotRegistration> kRegisterTsne{embedding_plot(
    Method::tsne, "tsne", "exact t-SNE of each dataset's rows, coloured by class",
    {ParamDeclaration{.name = "perplexity",
                      .type = ParamType::real,
                      .default_value = ParamValue{30.0},
                      .doc = "effective number of neighbours (scikit-learn's default 30)",
                      .check = greater_than(1.0)},
     ParamDeclaration{
         .name = "iterations",
         .type = ParamType::integer,
         .default_value = ParamValue{1000LL},
         .doc = "gradient descent iterations (the first 250 with early exaggeration 12)",
         .check = at_least(250.0)},
     ParamDeclaration{.name = "learning_rate",
                      .type = ParamType::real,
                      .default_value = ParamValue{0.0},
                      .doc = "0: scikit-learn's auto, max(rows / 48, 50)",
                      .check = at_least(0.0)},
     ParamDeclaration{.name = "seed",
                      .type = ParamType::integer,
                      .default_value = ParamValue{0LL},
                      .doc = "seed of the initial coordinates (1e-4 x N(0, 1), tsfs's generator)",
                      .check = at_least(0.0)}})};

}  // namespace
}  // namespace tsfs
