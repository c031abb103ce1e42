// Selector "trace_ratio": the trace ratio criterion (Nie, Xiang, Jia, Zhang and Yan 2008, "Trace
// ratio criterion for feature selection", AAAI) in scikit-feature's Fisher style
// (similarity_based/trace_ratio.py, style='fisher', commit 48cffad4): with s_b = SSB and s_w = SSW
// per feature (class_scatter.hpp; an s_b of exactly 0 becomes 1e-14 as there), the subset S of m
// features maximising sum_S s_b / sum_S s_w is found by the iteration k <- sum_S s_b / sum_S s_w
// over the m largest s_b - k s_w (Dinkelbach's method: the ratio rises to the global optimum k*).
// It runs until the subset no longer changes, which is exact, where scikit-feature stops at a
// change of k below 1e-3. score = s_b - k* s_w, larger first. m = `subset_size`, by default every
// feature (then k* = sum s_b / sum s_w and no iteration is needed). When m features have no
// within-class scatter (constant inside each class), k* is infinite: they score +inf and the
// others -s_w. Supervised.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

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

class TraceRatioSelector final : public Selector {
 public:
  explicit TraceRatioSelector(std::optional<long long> subset_size) : subset_size_(subset_size) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    check_labels("trace_ratio selector", problem.labels, problem.classes, problem.features.rows());
    ClassScatter scatter = class_scatter(problem.features, *problem.labels, problem.classes);
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
};

SelectorRegistration trace_ratio_registration() {
  SelectorRegistration registration;
  registration.info.name = "trace_ratio";
  registration.info.doc =
      "trace ratio criterion (Nie et al. 2008, Fisher style): s_b - k* s_w per feature, k* the "
      "largest between- over within-class scatter of a subset of subset_size features; larger "
      "first";
  registration.info.params.push_back(ParamDeclaration{
      .name = "subset_size",
      .type = ParamType::optional_integer,
      .default_value = ParamValue{std::monostate{}},
      .doc = "m, the size of the subset whose trace ratio k* is maximised (none: every feature)",
      .check = none_or(at_least(1.0))});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<TraceRatioSelector>(params.optional_integer("subset_size"));
  });
  return registration;
}

const Registrar<SelectorRegistration> trace_ratio_registrar{trace_ratio_registration()};

}  // namespace
}  // namespace tsfs
