// Selector "spec": SPEC (Zhao & Liu 2007) scores on a similarity graph of the fit rows' distance
// matrix (see graph/spectral_score.hpp for the scores and how the eigenpairs are computed).
// Graphs, with sigma = sigma_ratio x the mean of all fit x fit distances (the laplacian
// selector's M-bar convention):
// - rbf: dense W_ij = exp(-d_ij^2 / (2 sigma^2)), diagonal 1 (as scikit-learn's rbf_kernel);
// - knn: the symmetric ("or") k-nearest-neighbour graph with the same heat-kernel weights on its
//   edges (sparse, no self-loops; the weights are scaled by one constant to avoid underflow,
//   which leaves the normalised Laplacian unchanged).
// order: auto keeps the paper's better end first (phi1, phi2 ascending; phi3 descending);
// scikit-feature's feature_ranking uses the opposite ends for all three.
// Unsupervised; uses the distance.
#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string>

#include "graph/knn_graph.hpp"
#include "graph/spectral_score.hpp"
#include "select/graph/heat_kernel_graph.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

struct SpecSelectorSettings {
  bool dense_rbf = false;
  int neighbours = 10;
  double sigma_ratio = 1.0;
  SpecSettings spec;
  ScoreOrder order = ScoreOrder::ascending;
};

void check_spec_problem(const SelectionProblem& problem) {
  if (problem.distances == nullptr)
    throw std::invalid_argument("spec selector: no distance matrix given");
  const Eigen::MatrixXd& distances = *problem.distances;
  const Eigen::Index size = problem.features.rows();
  if (distances.rows() != size || distances.cols() != size)
    throw std::invalid_argument(fmt::format("spec selector: distances are {} x {} for {} rows",
                                            distances.rows(), distances.cols(), size));
}

SelectorScores dense_rbf_scores(const SelectionProblem& problem, double sigma,
                                const SpecSettings& spec) {
  SelectorScores result;
  const Eigen::MatrixXd weights =
      (-problem.distances->array().square() / (2.0 * sigma * sigma)).exp().matrix();
  result.zero_weight_fraction =
      static_cast<double>((weights.array() == 0.0).count()) / static_cast<double>(weights.size());
  result.scores = spec_scores(problem.features, weights, spec);
  return result;
}

SelectorScores knn_scores(const Eigen::MatrixXd& features, const SparseGraph& graph, double sigma,
                          const SpecSettings& spec) {
  SelectorScores result;
  const HeatKernelWeights weights = heat_kernel_weights(graph, sigma, 2.0, true);
  result.zero_weight_fraction = weights.zero_weight_fraction;
  result.scores = spec_scores(features, weights.weights, spec);
  return result;
}

class SpecSelector final : public Selector {
 public:
  explicit SpecSelector(SpecSelectorSettings settings) : settings_(settings) {}
  const SpecSelectorSettings& settings() const { return settings_; }

  SelectorScores score(const SelectionProblem& problem) const override {
    check_spec_problem(problem);
    if (settings_.dense_rbf)
      return dense_rbf_scores(problem,
                              heat_kernel_width(settings_.sigma_ratio, problem.distances->mean()),
                              settings_.spec);
    const HeatKernelGraph graph = heat_kernel_graph(*problem.distances, settings_.neighbours,
                                                    Symmetrize::either, {settings_.sigma_ratio});
    return knn_scores(problem.features, graph.graph, graph.sigmas.front(), settings_.spec);
  }

  ScoreOrder order() const override { return settings_.order; }

  std::optional<ParamProblem> check_fit_rows(long long fit_rows) const override {
    if (!settings_.dense_rbf)
      if (auto problem = less_than_fit_rows("k", settings_.neighbours, fit_rows)) return problem;
    if (settings_.spec.ranker == SpecRanker::phi3)
      return less_than_fit_rows("n_eigen", settings_.spec.n_eigen, fit_rows);
    return std::nullopt;
  }

  // A batch shares the graph (and with graph: knn, its kNN graph).
  std::string batch_key() const override {
    return fmt::format("rbf={};k={}", settings_.dense_rbf, settings_.neighbours);
  }

 private:
  SpecSelectorSettings settings_;
};

SpecSelectorSettings spec_selector_settings(const ParamSet& params) {
  SpecSelectorSettings settings;
  settings.dense_rbf = params.text("graph") == "rbf";
  settings.neighbours = int_param(params, "k");
  settings.sigma_ratio = params.real("sigma_ratio");
  settings.spec.ranker = *parse_spec_ranker(params.text("ranker"));
  settings.spec.n_eigen = int_param(params, "n_eigen");
  settings.spec.function = *parse_spectral_function(params.text("spectral_function"));
  settings.spec.nu = int_param(params, "nu");
  settings.spec.s = params.real("s");
  settings.spec.a = params.real("a");
  settings.spec.p = params.real("p");
  settings.spec.dense_limit = params.integer("dense_limit");
  const std::string& order = params.text("order");
  if (order == "auto")
    settings.order =
        settings.spec.ranker == SpecRanker::phi3 ? ScoreOrder::descending : ScoreOrder::ascending;
  else
    settings.order = order == "ascending" ? ScoreOrder::ascending : ScoreOrder::descending;
  if (settings.spec.ranker == SpecRanker::phi3 &&
      settings.spec.function == SpectralFunction::inverse_cosine)
    throw std::invalid_argument("spec selector: phi3 needs a finite gamma(2); not inverse_cosine");
  return settings;
}

std::unique_ptr<Selector> make_spec_selector(const ParamSet& params) {
  return std::make_unique<SpecSelector>(spec_selector_settings(params));
}

// A batch shares the kNN graph (graph: knn) and the mean distance; each parameter set still needs
// its own eigen-decomposition (the weights change with sigma), so this saves the graph builds only.
std::vector<SelectorScores> score_spec_batch(const SelectionProblem& problem,
                                             const std::vector<const Selector*>& selectors) {
  check_spec_problem(problem);
  std::vector<SpecSelectorSettings> settings;
  for (const Selector* selector : selectors)
    settings.push_back(dynamic_cast<const SpecSelector&>(*selector).settings());
  if (settings.empty()) return {};
  for (const auto& one : settings)
    if (one.dense_rbf != settings.front().dense_rbf ||
        one.neighbours != settings.front().neighbours)
      throw std::logic_error("spec selector: one batch holds several graphs");
  std::vector<SelectorScores> results;
  if (settings.front().dense_rbf) {
    const double mean_distance = problem.distances->mean();
    for (const auto& one : settings)
      results.push_back(
          dense_rbf_scores(problem, heat_kernel_width(one.sigma_ratio, mean_distance), one.spec));
    return results;
  }
  std::vector<double> sigma_ratios;
  for (const auto& one : settings) sigma_ratios.push_back(one.sigma_ratio);
  const HeatKernelGraph graph = heat_kernel_graph(*problem.distances, settings.front().neighbours,
                                                  Symmetrize::either, sigma_ratios);
  for (size_t q = 0; q < settings.size(); ++q)
    results.push_back(knn_scores(problem.features, graph.graph, graph.sigmas[q], settings[q].spec));
  return results;
}

// The similarity graph's parameters.
std::vector<ParamDeclaration> spec_graph_params() {
  return {
      ParamDeclaration{
          .name = "graph",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("knn")},
          .doc = "similarity graph: knn (sparse, symmetric kNN with heat-kernel weights) or rbf "
                 "(dense)",
          .choices = {"knn", "rbf"}},
      ParamDeclaration{.name = "k",
                       .type = ParamType::integer,
                       .default_value = ParamValue{10LL},
                       .doc = "neighbours of the knn graph",
                       .check = at_least(1)},
      ParamDeclaration{
          .name = "sigma_ratio",
          .type = ParamType::real,
          .default_value = ParamValue{1.0},
          .doc = "kernel width sigma as a multiple of the mean of all fit x fit distances",
          .check = greater_than(0.0)},
  };
}

// The score's parameters: phi1, phi2 or phi3 and the spectral function gamma applied to the
// Laplacian's eigenvalues (Zhao & Liu 2007, section 3).
std::vector<ParamDeclaration> spec_ranking_params() {
  return {
      ParamDeclaration{
          .name = "ranker",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("phi2")},
          .doc = "phi1 (F' gamma(L) F), phi2 (phi1 without the trivial eigenvector, normalised) "
                 "or phi3 (n_eigen smallest eigenpairs)",
          .choices = {"phi1", "phi2", "phi3"}},
      ParamDeclaration{.name = "n_eigen",
                       .type = ParamType::integer,
                       .default_value = ParamValue{4LL},
                       .doc = "phi3: number k of smallest eigenpairs, the trivial one included",
                       .check = at_least(2)},
      ParamDeclaration{
          .name = "spectral_function",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("identity")},
          .doc =
              "regulariser gamma(lambda): identity, polynomial (lambda^nu), regularized "
              "(1 + s^2 lambda), diffusion (exp(s^2 lambda / 2)), random_walk ((a - lambda)^-p), "
              "inverse_cosine (1 / cos(lambda pi / 4))",
          .choices = {"identity", "polynomial", "regularized", "diffusion", "random_walk",
                      "inverse_cosine"}},
      ParamDeclaration{.name = "nu",
                       .type = ParamType::integer,
                       .default_value = ParamValue{2LL},
                       .doc = "polynomial exponent",
                       .check = at_least(1)},
      ParamDeclaration{.name = "s",
                       .type = ParamType::real,
                       .default_value = ParamValue{1.0},
                       .doc = "regularized / diffusion scale",
                       .check = greater_than(0.0)},
      ParamDeclaration{.name = "a",
                       .type = ParamType::real,
                       .default_value = ParamValue{3.0},
                       .doc = "random_walk a (> 2)",
                       .check = greater_than(2.0)},
      ParamDeclaration{.name = "p",
                       .type = ParamType::real,
                       .default_value = ParamValue{1.0},
                       .doc = "random_walk power",
                       .check = greater_than(0.0)},
  };
}

ComponentInfo spec_info() {
  ComponentInfo info;
  info.name = "spec";
  info.doc =
      "SPEC (Zhao & Liu 2007): spectral scores phi1 / phi2 / phi3 of each feature on the "
      "normalised Laplacian of an rbf or kNN similarity graph of the fit rows' distances";
  info.params = spec_graph_params();
  const auto ranking = spec_ranking_params();
  info.params.insert(info.params.end(), ranking.begin(), ranking.end());
  info.params.push_back(ParamDeclaration{
      .name = "dense_limit",
      .type = ParamType::integer,
      .default_value = ParamValue{2000LL},
      .doc = "largest number of fit rows for a dense eigendecomposition (above: Lanczos)",
      .check = at_least(0)});
  info.params.push_back(ParamDeclaration{
      .name = "order",
      .type = ParamType::text,
      .default_value = ParamValue{std::string("auto")},
      .doc = "auto: phi1 / phi2 smaller first, phi3 larger first (Zhao & Liu); or ascending / "
             "descending",
      .choices = {"auto", "ascending", "descending"}});
  return info;
}

SelectorRegistration spec_registration() {
  SelectorRegistration registration;
  registration.info = spec_info();
  registration.supervised = false;
  registration.uses_distance = true;
  registration.configure = configured_by(make_spec_selector);
  registration.batch_varying_params = {"sigma_ratio", "ranker", "n_eigen", "spectral_function",
                                       "nu",          "s",      "a",       "p",
                                       "dense_limit", "order"};
  registration.score_batch = score_spec_batch;
  return registration;
}

const Registrar<SelectorRegistration> spec_registrar{spec_registration()};

}  // namespace
}  // namespace tsfs
