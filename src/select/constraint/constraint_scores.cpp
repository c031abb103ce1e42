#include "select/constraint/constraint_scores.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "common/enum_names.hpp"
#include "evaluate/shuffle.hpp"
#include "graph/laplacian_score.hpp"
#include "select/filters/discretize.hpp"
#include "select/graph/heat_kernel_graph.hpp"
#include "select/selector_params.hpp"

namespace tsfs {

std::vector<bool> labelled_rows(const Eigen::VectorXi& labels, int classes, double fraction,
                                std::uint64_t seed) {
  std::vector<bool> labelled(static_cast<size_t>(labels.size()), false);
  std::mt19937_64 generator(seed);
  for (int label = 0; label < classes; ++label) {
    std::vector<int> rows;
    for (Eigen::Index row = 0; row < labels.size(); ++row)
      if (labels[row] == label) rows.push_back(static_cast<int>(row));
    if (rows.empty()) continue;
    if (fraction >= 1.0) {
      for (const int row : rows) labelled[static_cast<size_t>(row)] = true;
      continue;
    }
    shuffle_in_place(rows, generator);
    const auto keep = std::max<size_t>(
        1, static_cast<size_t>(std::ceil(fraction * static_cast<double>(rows.size()))));
    for (size_t i = 0; i < keep && i < rows.size(); ++i)
      labelled[static_cast<size_t>(rows[i])] = true;
  }
  return labelled;
}

ConstraintForms constraint_forms(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                 int classes, const std::vector<bool>& labelled) {
  // Within a set of m values, sum over unordered pairs (f_i - f_j)^2 = m sum (f_i - mean)^2.
  std::vector<double> counts(static_cast<size_t>(classes), 0.0);
  double labelled_count = 0.0;
  for (Eigen::Index row = 0; row < labels.size(); ++row)
    if (labelled[static_cast<size_t>(row)]) {
      counts[static_cast<size_t>(labels[row])] += 1.0;
      labelled_count += 1.0;
    }
  ConstraintForms forms;
  forms.must.resize(features.cols());
  forms.cannot.resize(features.cols());
  std::vector<double> means(counts.size());
  for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
    const auto column = features.col(feature);
    std::fill(means.begin(), means.end(), 0.0);
    double mean = 0.0;
    for (Eigen::Index row = 0; row < column.size(); ++row)
      if (labelled[static_cast<size_t>(row)]) {
        means[static_cast<size_t>(labels[row])] += column[row];
        mean += column[row];
      }
    for (size_t label = 0; label < means.size(); ++label)
      if (counts[label] > 0.0) means[label] /= counts[label];
    mean /= labelled_count;
    std::vector<double> within(counts.size(), 0.0);
    double total = 0.0;
    for (Eigen::Index row = 0; row < column.size(); ++row)
      if (labelled[static_cast<size_t>(row)]) {
        const auto label = static_cast<size_t>(labels[row]);
        within[label] += (column[row] - means[label]) * (column[row] - means[label]);
        total += (column[row] - mean) * (column[row] - mean);
      }
    double must = 0.0;
    for (size_t label = 0; label < counts.size(); ++label) must += counts[label] * within[label];
    forms.must[feature] = must;
    forms.cannot[feature] = std::max(0.0, labelled_count * total - must);
  }
  return forms;
}

Eigen::VectorXd unlabelled_edge_form(const Eigen::MatrixXd& features, const SparseGraph& graph,
                                     const std::vector<bool>& labelled) {
  Eigen::VectorXd sums = Eigen::VectorXd::Zero(features.cols());
  for (Eigen::Index row = 0; row < graph.outerSize(); ++row)
    for (SparseGraph::InnerIterator edge(graph, row); edge; ++edge) {
      const Eigen::Index other = edge.col();
      // Each unordered edge of the symmetric support is stored twice: count it from its lower end.
      if (other <= row) continue;
      if (labelled[static_cast<size_t>(row)] && labelled[static_cast<size_t>(other)]) continue;
      sums += (features.row(row) - features.row(other)).transpose().array().square().matrix();
    }
  return sums;
}

namespace {

constexpr auto variant_names =
    enum_names<ConstraintVariant>({{ConstraintVariant::sc1, "constraint_sc1"},
                                   {ConstraintVariant::sc2, "constraint_sc2"},
                                   {ConstraintVariant::sc3, "constraint_sc3"},
                                   {ConstraintVariant::sc4, "constraint_sc4"}});

// The selector's name (the table holds string literals, so the view is NUL-terminated).
const char* variant_name(ConstraintVariant variant) {
  return variant_names.name(variant).data();
}

bool needs_distance(ConstraintVariant variant) {
  return variant == ConstraintVariant::sc3 || variant == ConstraintVariant::sc4;
}

const Eigen::MatrixXd& checked_distances(const SelectionProblem& problem, const char* name) {
  if (problem.distances == nullptr)
    throw std::invalid_argument(fmt::format("{}: no distance matrix given", name));
  const Eigen::Index size = problem.features.rows();
  if (problem.distances->rows() != size || problem.distances->cols() != size)
    throw std::invalid_argument(fmt::format("{}: distances are {} x {} for {} rows", name,
                                            problem.distances->rows(), problem.distances->cols(),
                                            size));
  return *problem.distances;
}

class ConstraintSelector final : public Selector {
 public:
  explicit ConstraintSelector(ConstraintSettings settings) : settings_(settings) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const char* name = variant_name(settings_.variant);
    check_labels(name, problem.labels, problem.classes, problem.features.rows());
    const std::vector<bool> labelled =
        labelled_rows(*problem.labels, problem.classes, settings_.labeled_fraction, settings_.seed);
    SelectorScores result;
    result.scores = constraint_scores(problem, labelled, settings_);
    return result;
  }

  ScoreOrder order() const override { return settings_.order; }

  // The variants with a kNN graph: k < fit rows.
  std::optional<ParamProblem> check_fit_rows(long long fit_rows) const override {
    if (!needs_distance(settings_.variant)) return std::nullopt;
    return less_than_fit_rows("k", settings_.neighbours, fit_rows);
  }

 private:
  ConstraintSettings settings_;
};

}  // namespace

Eigen::VectorXd constraint_scores(const SelectionProblem& problem,
                                  const std::vector<bool>& labelled,
                                  const ConstraintSettings& settings) {
  const char* name = variant_name(settings.variant);
  const ConstraintForms forms =
      constraint_forms(problem.features, *problem.labels, problem.classes, labelled);
  switch (settings.variant) {
    case ConstraintVariant::sc1:
      return forms.must.cwiseQuotient(forms.cannot);
    case ConstraintVariant::sc2:
      return forms.must - settings.lambda * forms.cannot;
    case ConstraintVariant::sc3: {
      const SparseGraph graph =
          knn_graph(checked_distances(problem, name), settings.neighbours, Symmetrize::either);
      const Eigen::VectorXd numerator =
          settings.gamma * forms.must + unlabelled_edge_form(problem.features, graph, labelled);
      return numerator.cwiseQuotient(forms.cannot);
    }
    case ConstraintVariant::sc4: {
      const HeatKernelGraph graph =
          heat_kernel_graph(checked_distances(problem, name), settings.neighbours,
                            Symmetrize::either, {settings.sigma_ratio});
      const HeatKernelWeights weights =
          heat_kernel_weights(graph.graph, graph.sigmas.front(), 1.0, true);
      const Eigen::VectorXd laplacian = laplacian_scores(problem.features, weights.weights);
      return laplacian.cwiseProduct(forms.must.cwiseQuotient(forms.cannot));
    }
  }
  throw std::logic_error("constraint score: unknown variant");
}

namespace {

std::vector<ParamDeclaration> constraint_params(ConstraintVariant variant) {
  std::vector<ParamDeclaration> params;
  if (variant == ConstraintVariant::sc2)
    params.push_back(ParamDeclaration{.name = "lambda",
                                      .type = ParamType::real,
                                      .default_value = ParamValue{1.0},
                                      .doc = "weight of the cannot-link term",
                                      .check = at_least(0.0)});
  if (variant == ConstraintVariant::sc3)
    params.push_back(
        ParamDeclaration{.name = "gamma",
                         .type = ParamType::real,
                         .default_value = ParamValue{100.0},
                         .doc = "weight of must-link pairs (kNN pairs with an unlabelled row: 1)",
                         .check = greater_than(0.0)});
  if (needs_distance(variant))
    params.push_back(
        ParamDeclaration{.name = "k",
                         .type = ParamType::integer,
                         .default_value = ParamValue{10LL},
                         .doc = "neighbours of the kNN graph of the fit rows' distances",
                         .check = at_least(1)});
  if (variant == ConstraintVariant::sc4)
    params.push_back(
        ParamDeclaration{.name = "sigma_ratio",
                         .type = ParamType::real,
                         .default_value = ParamValue{1.0},
                         .doc = "heat-kernel width as a multiple of the mean fit x fit distance",
                         .check = greater_than(0.0)});
  params.push_back(ParamDeclaration{.name = "labeled_fraction",
                                    .type = ParamType::real,
                                    .default_value = ParamValue{1.0},
                                    .doc =
                                        "fraction of each class's fit rows that keep their label "
                                        "(stratified, at least one per class)",
                                    .check = between(0.0, 1.0)});
  params.push_back(ParamDeclaration{.name = "seed",
                                    .type = ParamType::integer,
                                    .default_value = ParamValue{0LL},
                                    .doc = "seed of the choice of labelled rows",
                                    .check = at_least(0.0)});
  params.push_back(order_param("ascending"));
  return params;
}

std::string variant_doc(ConstraintVariant variant) {
  switch (variant) {
    case ConstraintVariant::sc1:
      return "constraint score 1 (Zhang et al. 2008): must-link over cannot-link spread; smaller "
             "first";
    case ConstraintVariant::sc2:
      return "constraint score 2 (Zhang et al. 2008): must-link minus lambda x cannot-link "
             "spread; smaller first";
    case ConstraintVariant::sc3:
      return "semi-supervised constraint score 3: gamma x must-link plus kNN spread around "
             "unlabelled rows, over cannot-link spread; smaller first";
    case ConstraintVariant::sc4:
      return "constraint score 4: Laplacian score x constraint score 1; smaller first";
  }
  return "";
}

}  // namespace

SelectorRegistration constraint_registration(ConstraintVariant variant) {
  SelectorRegistration registration;
  registration.info.name = variant_name(variant);
  registration.info.doc = variant_doc(variant);
  registration.info.params = constraint_params(variant);
  registration.supervised = true;
  registration.uses_distance = needs_distance(variant);
  registration.configure =
      configured_by([variant](const ParamSet& params) -> std::unique_ptr<Selector> {
        ConstraintSettings settings;
        settings.variant = variant;
        if (params.has("lambda")) settings.lambda = params.real("lambda");
        if (params.has("gamma")) settings.gamma = params.real("gamma");
        if (params.has("k")) settings.neighbours = int_param(params, "k");
        if (params.has("sigma_ratio")) settings.sigma_ratio = params.real("sigma_ratio");
        settings.labeled_fraction = params.real("labeled_fraction");
        settings.seed = static_cast<std::uint64_t>(params.integer("seed"));
        settings.order = order_of(params);
        return std::make_unique<ConstraintSelector>(settings);
      });
  return registration;
}

}  // namespace tsfs
