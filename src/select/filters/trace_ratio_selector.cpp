// Selector "trace_ratio": the trace ratio criterion (Nie, Xiang, Jia, Zhang and Yan 2008, "Trace
// ratio criterion for feature selection", AAAI) in scikit-feature's two styles
// (similarity_based/trace_ratio.py, commit 48cffad4). Fisher style: s_b = SSB and s_w = SSW per
// feature (class_scatter.hpp). Laplacian style (unsupervised, the labels unused): on the kNN
// heat-kernel graph of the fit rows that scikit-feature's construct_W builds (Euclidean, each row
// with its `neighbours` nearest other rows, either direction, w = exp(-d^2 / (2 t^2)), and a
// self-loop of weight 1), with degrees d = 1 + sum_j w_ij, s_w = f'(D - W)f = 1/2 sum_ij w_ij
// (f_i - f_j)^2 and s_b = f'(D - dd'/1'd)f = sum_i d_i (f_i - mu)^2, mu = f'd / 1'd: the Laplacian
// score is s_w / s_b. Both as sums of non-negative terms, where scikit-feature's dense X'LX
// cancels digits. In either style an s_b of exactly 0 becomes 1e-14 as there, and the subset S of m
// features maximising sum_S s_b / sum_S s_w is found by the iteration k <- sum_S s_b / sum_S s_w
// over the m largest s_b - k s_w (Dinkelbach's method: the ratio rises to the global optimum k*).
// It runs until the subset no longer changes, which is exact, where scikit-feature stops at a
// change of k below 1e-3. score = s_b - k* s_w, larger first. m = `subset_size`, by default every
// feature (then k* = sum s_b / sum s_w and no iteration is needed). When m features have no
// within-class scatter (constant inside each class), k* is infinite: they score +inf and the
// others -s_w. Registered as supervised (the Laplacian style ignores the labels).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "graph/knn_graph.hpp"
#include "select/filters/class_scatter.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// scikit-feature's replacement of an exactly zero between-class scatter ("from authors' code").
constexpr double kZeroBetweenScatter = 1e-14;
// Dinkelbach's iteration settles in a handful of steps; this only guards against a cycle.
constexpr int kMaxIterations = 1000;

// The Laplacian style's s_b (between) and s_w (within) of every column, on the graph above.
ClassScatter graph_scatter(const Eigen::MatrixXd& features, int neighbours, double t) {
  const Eigen::Index rows = features.rows();
  Eigen::MatrixXd distances(rows, rows);
  for (Eigen::Index i = 0; i < rows; ++i)
    distances.col(i) = (features.rowwise() - features.row(i)).rowwise().norm();
  const SparseGraph weights =
      heat_kernel_weights(knn_graph(distances, neighbours, Symmetrize::either), t, 2.0, false)
          .weights;
  Eigen::VectorXd degrees = Eigen::VectorXd::Ones(rows);  // the self-loops
  for (Eigen::Index i = 0; i < rows; ++i)
    for (SparseGraph::InnerIterator edge(weights, i); edge; ++edge) degrees[i] += edge.value();
  ClassScatter scatter{Eigen::VectorXd::Zero(features.cols()),
                       Eigen::VectorXd::Zero(features.cols())};
  const Eigen::RowVectorXd means = (degrees.transpose() * features) / degrees.sum();
  for (Eigen::Index i = 0; i < rows; ++i) {
    scatter.between += degrees[i] * (features.row(i) - means).cwiseAbs2().transpose();
    for (SparseGraph::InnerIterator edge(weights, i); edge; ++edge)
      scatter.within +=
          0.5 * edge.value() * (features.row(i) - features.row(edge.col())).cwiseAbs2().transpose();
  }
  return scatter;
}

struct GraphStyle {
  int neighbours = 5;
  double t = 1.0;
};

class TraceRatioSelector final : public Selector {
 public:
  TraceRatioSelector(std::optional<long long> subset_size, std::optional<GraphStyle> laplacian)
      : subset_size_(subset_size), laplacian_(laplacian) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    ClassScatter scatter;
    if (laplacian_) {
      scatter = graph_scatter(problem.features, laplacian_->neighbours, laplacian_->t);
    } else {
      check_labels("trace_ratio selector", problem.labels, problem.classes,
                   problem.features.rows());
      scatter = class_scatter(problem.features, *problem.labels, problem.classes);
    }
    for (double& between : scatter.between)
      if (between == 0.0) between = kZeroBetweenScatter;
    const Eigen::Index features = problem.features.cols();
    const auto size =
        static_cast<size_t>(std::min<long long>(subset_size_.value_or(features), features));
    // Start from the m features of largest s_b / s_w.
    std::vector<int> subset =
        rank_by_score(scatter.between.array() / scatter.within.array(), ScoreOrder::descending);
    subset.resize(size);
    double ratio = subset_ratio(scatter, subset);
    for (int iteration = 0; iteration < kMaxIterations && !std::isinf(ratio); ++iteration) {
      std::vector<int> next =
          rank_by_score(scatter.between - ratio * scatter.within, ScoreOrder::descending);
      next.resize(size);
      std::vector<int> sorted_next = next;
      std::vector<int> sorted_subset = subset;
      std::sort(sorted_next.begin(), sorted_next.end());
      std::sort(sorted_subset.begin(), sorted_subset.end());
      if (sorted_next == sorted_subset) break;
      subset = std::move(next);
      ratio = subset_ratio(scatter, subset);
    }
    SelectorScores result;
    if (std::isinf(ratio)) {
      // m features without any within-class scatter: k* is infinite. They come first (+inf); the
      // others in the order s_b - k s_w takes as k grows, smaller s_w first (score -s_w).
      result.scores = (scatter.within.array() == 0.0)
                          .select(std::numeric_limits<double>::infinity(), -scatter.within);
      return result;
    }
    result.scores = scatter.between - ratio * scatter.within;
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

  std::optional<ParamProblem> check_fit_rows(long long fit_rows) const override {
    if (!laplacian_) return std::nullopt;
    return less_than_fit_rows("neighbours", laplacian_->neighbours, fit_rows);
  }

  std::optional<ParamProblem> check_features(long long features) const override {
    if (!subset_size_ || *subset_size_ <= features) return std::nullopt;
    return ParamProblem{
        "subset_size", fmt::format("subset_size = {} is more than the dataset's {} feature columns",
                                   *subset_size_, features)};
  }

 private:
  static double subset_ratio(const ClassScatter& scatter, const std::vector<int>& subset) {
    double between = 0.0;
    double within = 0.0;
    for (const int feature : subset) {
      between += scatter.between[feature];
      within += scatter.within[feature];
    }
    return between / within;
  }

  std::optional<long long> subset_size_;
  std::optional<GraphStyle> laplacian_;  // the Laplacian style's graph, or the Fisher style
};

// neighbours and t shape the Laplacian style's graph: with the Fisher style, a value other than
// the default would make cells that differ in nothing, so it is refused.
std::optional<ParamProblem> check_style(const ParamSet& params) {
  if (params.text("style") == "laplacian") return std::nullopt;
  const GraphStyle defaults;
  for (const auto& [name, value] :
       {std::pair{"neighbours", double(defaults.neighbours)}, std::pair{"t", defaults.t}})
    if (params.real(name) != value)
      return ParamProblem{name, fmt::format("{} shapes the Laplacian style's graph; it has no "
                                            "effect with style: fisher",
                                            name)};
  return std::nullopt;
}

SelectorRegistration trace_ratio_registration() {
  SelectorRegistration registration;
  registration.info.name = "trace_ratio";
  registration.info.doc =
      "trace ratio criterion (Nie et al. 2008), Fisher or Laplacian style: s_b - k* s_w per "
      "feature, k* the largest ratio of between to within scatter (class sums of squares, or a "
      "kNN heat-kernel graph's) of a subset of subset_size features; larger first";
  registration.info.params.push_back(ParamDeclaration{
      .name = "subset_size",
      .type = ParamType::optional_integer,
      .default_value = ParamValue{std::monostate{}},
      .doc = "m, the size of the subset whose trace ratio k* is maximised (none: every feature)",
      .check = none_or(at_least(1.0))});
  registration.info.params.push_back(
      ParamDeclaration{.name = "style",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("fisher")},
                       .doc = "fisher: class scatter; laplacian: a kNN heat-kernel graph of the "
                              "fit rows (labels unused), as scikit-feature's styles",
                       .choices = {"fisher", "laplacian"}});
  registration.info.params.push_back(
      ParamDeclaration{.name = "neighbours",
                       .type = ParamType::integer,
                       .default_value = ParamValue{static_cast<long long>(GraphStyle{}.neighbours)},
                       .doc = "laplacian style: nearest other rows linked to each row",
                       .check = at_least(1.0)});
  registration.info.params.push_back(
      ParamDeclaration{.name = "t",
                       .type = ParamType::real,
                       .default_value = ParamValue{GraphStyle{}.t},
                       .doc = "laplacian style: heat-kernel width, w = exp(-d^2 / (2 t^2)) on "
                              "Euclidean distances of the raw columns",
                       .check = greater_than(0.0)});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet& params) -> std::unique_ptr<Selector> {
        std::optional<GraphStyle> laplacian;
        if (params.text("style") == "laplacian")
          laplacian = GraphStyle{int_param(params, "neighbours"), params.real("t")};
        return std::make_unique<TraceRatioSelector>(params.optional_integer("subset_size"),
                                                    laplacian);
      },
      check_style);
  return registration;
}

const Registrar<SelectorRegistration> trace_ratio_registrar{trace_ratio_registration()};

}  // namespace
}  // namespace tsfs
