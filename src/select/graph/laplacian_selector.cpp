// Selector "laplacian": Laplacian score (He, Cai & Niyogi 2005) on a kNN heat-kernel graph built
// from the fit rows' distance matrix. Unsupervised; uses the distance.
#include <fmt/format.h>

#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "graph/knn_graph.hpp"
#include "graph/laplacian_batch.hpp"
#include "graph/laplacian_score.hpp"
#include "select/graph/heat_kernel_graph.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

struct LaplacianSettings {
  int neighbours = 10;       // k
  double sigma_ratio = 1.0;  // sigma = sigma_ratio x mean distance
  Symmetrize symmetrize = Symmetrize::either;
  double kernel_scale = 1.0;  // c in exp(-d^2 / (c sigma^2))
  ScoreOrder order = ScoreOrder::ascending;
  bool stable_weights = true;
  LaplacianArithmetic arithmetic = LaplacianArithmetic::exact;
};

void check_problem(const SelectionProblem& problem, int neighbours) {
  if (problem.distances == nullptr)
    throw std::invalid_argument("laplacian selector: no distance matrix given");
  const Eigen::MatrixXd& distances = *problem.distances;
  const Eigen::Index size = problem.features.rows();
  if (distances.rows() != size || distances.cols() != size)
    throw std::invalid_argument(
        fmt::format("laplacian selector: distances are {} x {} for {} fit rows", distances.rows(),
                    distances.cols(), size));
  if (neighbours >= size)
    throw std::invalid_argument(fmt::format(
        "laplacian selector: k = {} must be less than the {} fit rows", neighbours, size));
}

class LaplacianSelector final : public Selector {
 public:
  explicit LaplacianSelector(LaplacianSettings settings) : settings_(settings) {}
  const LaplacianSettings& settings() const { return settings_; }

  // One kernel through the batch code, so a unit scored alone gets the very doubles (and ranking,
  // even among mathematically tied scores) it gets inside a sigma batch.
  SelectorScores score(const SelectionProblem& problem) const override {
    check_problem(problem, settings_.neighbours);
    const HeatKernelGraph graph = heat_kernel_graph(*problem.distances, settings_.neighbours,
                                                    settings_.symmetrize, {settings_.sigma_ratio});
    const LaplacianBatchScores batch =
        laplacian_scores_batch(problem.features, graph.graph,
                               {{graph.sigmas.front(), settings_.kernel_scale,
                                 settings_.stable_weights, settings_.arithmetic}});
    SelectorScores result;
    result.scores = batch.scores.col(0);
    result.zero_weight_fraction = batch.zero_weight_fractions.front();
    return result;
  }

  ScoreOrder order() const override { return settings_.order; }

  // k must leave at least one other row to be a neighbour: k < fit rows.
  std::optional<ParamProblem> check_fit_rows(long long fit_rows) const override {
    return less_than_fit_rows("k", settings_.neighbours, fit_rows);
  }

  // A batch shares the kNN graph.
  std::string batch_key() const override {
    return fmt::format("k={};symmetrize={}", settings_.neighbours,
                       static_cast<int>(settings_.symmetrize));
  }

 private:
  LaplacianSettings settings_;
};

// Fills symmetrize, kernel_scale, order, stable_weights and arithmetic, where not set explicitly,
// from the
// variant (which is still unset here when the spec leaves it to its default, "custom"):
// - he2005: the paper's construction (symmetric "or" graph, t = sigma^2, smaller score first);
// - report2023: a directed graph with exp(-d^2 / (2 sigma^2)), literal weights, LARGER score
//   first and the study's literal arithmetic, to reproduce that report's choices and rounding;
// - custom: same as he2005; the user overrides what they want.
struct VariantPreset {
  std::string symmetrize;
  double kernel_scale = 1.0;
  std::string order;
  bool stable_weights = true;
  std::string arithmetic;
};

VariantPreset preset_of(const std::string& variant) {
  if (variant == "he2005" || variant == "custom") return {"or", 1.0, "ascending", true, "exact"};
  if (variant == "report2023") return {"none", 2.0, "descending", false, "literal"};
  throw std::invalid_argument("laplacian selector: unknown variant '" + variant + "'");
}

std::optional<ParamProblem> apply_variant_presets(ParamSet& params) {
  const VariantPreset preset = preset_of(params.has("variant") ? params.text("variant") : "custom");
  if (!params.has("symmetrize")) params.set("symmetrize", preset.symmetrize);
  if (!params.has("kernel_scale")) params.set("kernel_scale", preset.kernel_scale);
  if (!params.has("order")) params.set("order", preset.order);
  if (!params.has("stable_weights"))
    params.set("stable_weights", ParamValue{std::in_place_type<bool>, preset.stable_weights});
  if (!params.has("arithmetic")) params.set("arithmetic", preset.arithmetic);
  return std::nullopt;
}

LaplacianSettings settings_of(const ParamSet& params) {
  LaplacianSettings settings;
  settings.neighbours = int_param(params, "k");
  settings.sigma_ratio = params.real("sigma_ratio");
  const auto symmetrize = parse_symmetrize(params.text("symmetrize"));
  if (!symmetrize)
    throw std::invalid_argument("laplacian selector: symmetrize must be or, and or none");
  settings.symmetrize = *symmetrize;
  settings.kernel_scale = params.real("kernel_scale");
  settings.order = order_of(params);
  settings.stable_weights = params.boolean("stable_weights");
  settings.arithmetic = params.text("arithmetic") == "literal" ? LaplacianArithmetic::literal
                                                               : LaplacianArithmetic::exact;
  return settings;
}

std::unique_ptr<Selector> make_laplacian_selector(const ParamSet& params) {
  return std::make_unique<LaplacianSelector>(settings_of(params));
}

// Every sigma (and kernel_scale, stable_weights, arithmetic) of one kNN graph in one pass:
// laplacian_scores_batch shares the graph and the per-edge squared differences.
std::vector<SelectorScores> score_laplacian_batch(const SelectionProblem& problem,
                                                  const std::vector<const Selector*>& selectors) {
  std::vector<LaplacianSettings> settings;
  for (const Selector* selector : selectors)
    settings.push_back(dynamic_cast<const LaplacianSelector&>(*selector).settings());
  if (settings.empty()) return {};
  const LaplacianSettings& first = settings.front();
  for (const auto& other : settings)
    if (other.neighbours != first.neighbours || other.symmetrize != first.symmetrize)
      throw std::logic_error("laplacian selector: one batch holds several kNN graphs");
  check_problem(problem, first.neighbours);
  std::vector<double> sigma_ratios;
  for (const auto& one : settings) sigma_ratios.push_back(one.sigma_ratio);
  const HeatKernelGraph graph =
      heat_kernel_graph(*problem.distances, first.neighbours, first.symmetrize, sigma_ratios);
  std::vector<HeatKernel> kernels;
  for (size_t q = 0; q < settings.size(); ++q)
    kernels.push_back({graph.sigmas[q], settings[q].kernel_scale, settings[q].stable_weights,
                       settings[q].arithmetic});
  const LaplacianBatchScores batch = laplacian_scores_batch(problem.features, graph.graph, kernels);
  std::vector<SelectorScores> results(settings.size());
  for (size_t q = 0; q < settings.size(); ++q) {
    results[q].scores = batch.scores.col(static_cast<Eigen::Index>(q));
    results[q].zero_weight_fraction = batch.zero_weight_fractions[q];
  }
  return results;
}

ComponentInfo laplacian_info() {
  ComponentInfo info;
  info.name = "laplacian";
  info.doc =
      "Laplacian score (He, Cai & Niyogi 2005) of each feature on a kNN heat-kernel graph of the "
      "fit rows' distances; smaller means the feature better preserves local structure";
  // symmetrize, kernel_scale, order, stable_weights and arithmetic have no default on purpose:
  // the variant preset fills them (see apply_variant_presets).
  // Fields: name, type, default (nullopt: none), doc, choices, range check.
  info.params = {
      ParamDeclaration{.name = "k",
                       .type = ParamType::integer,
                       .default_value = ParamValue{10LL},
                       .doc = "number of nearest neighbours (less than the number of fit rows)",
                       .check = at_least(1)},
      ParamDeclaration{
          .name = "sigma_ratio",
          .type = ParamType::real,
          .default_value = ParamValue{1.0},
          .doc = "heat-kernel width sigma as a multiple of the mean of all fit x fit distances",
          .check = greater_than(0.0)},
      ParamDeclaration{
          .name = "symmetrize",
          .type = ParamType::text,
          .doc = "kNN edge rule: or (either is a neighbour), and (mutual), none (directed)",
          .choices = {"or", "and", "none"}},
      ParamDeclaration{.name = "kernel_scale",
                       .type = ParamType::real,
                       .doc = "c in the edge weight exp(-d^2 / (c sigma^2))",
                       .check = greater_than(0.0)},
      order_param_without_default(),
      ParamDeclaration{
          .name = "stable_weights",
          .type = ParamType::boolean,
          .doc = "subtract the smallest squared edge distance in the exponent (same scores, no "
                 "underflow)"},
      ParamDeclaration{
          .name = "arithmetic",
          .type = ParamType::text,
          .doc = "exact (edge sums, accurate at any weight range) or literal (the study's dense "
                 "quadratic forms, rounding included)",
          .choices = {"exact", "literal"}},
      ParamDeclaration{
          .name = "variant",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("custom")},
          .doc = "preset for symmetrize, kernel_scale, order, stable_weights and arithmetic",
          .choices = {"he2005", "report2023", "custom"}},
  };
  info.apply_presets = apply_variant_presets;
  return info;
}

SelectorRegistration laplacian_registration() {
  SelectorRegistration registration;
  registration.info = laplacian_info();
  registration.supervised = false;
  registration.uses_distance = true;
  registration.configure = configured_by(make_laplacian_selector);
  registration.batch_varying_params = {"sigma_ratio", "kernel_scale", "stable_weights",
                                       "arithmetic",  "order",        "variant"};
  registration.score_batch = score_laplacian_batch;
  return registration;
}

const Registrar<SelectorRegistration> laplacian_registrar{laplacian_registration()};

}  // namespace
}  // namespace tsfs
