// Selector "gini_index": scikit-feature's gini_index (skfeature/function/statistical_based/
// gini_index.py): per feature, the smallest weighted Gini impurity of a split "value <= v" over
// the feature's distinct values v, (|L| (1 - sum_k p_k(L)^2) + |R| (1 - sum_k p_k(R)^2)) / n,
// capped at 0.5 as there (its starting value). A feature that splits the classes well has a small
// index. Supervised; smaller first.
#include <algorithm>
#include <numeric>
#include <vector>

#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// 1 - sum_k (count_k / size)^2, in class order, as scikit-feature adds them; 1 for an empty side
// (weighted by its size 0).
double impurity(const std::vector<double>& counts, double size) {
  if (size == 0.0) return 1.0;
  double squares = 0.0;
  for (const double count : counts) {
    const double share = count / size;
    squares += share * share;
  }
  return 1.0 - squares;
}

class GiniIndexSelector final : public Selector {
 public:
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const Eigen::Index rows = features.rows();
    check_labels("gini_index selector", problem.labels, problem.classes, rows);
    const Eigen::VectorXi& labels = *problem.labels;
    const auto classes = static_cast<size_t>(problem.classes);
    std::vector<double> total(classes, 0.0);
    for (const int label : labels) total[static_cast<size_t>(label)] += 1.0;
    const double size = static_cast<double>(rows);
    SelectorScores result;
    result.scores.resize(features.cols());
    std::vector<Eigen::Index> order(static_cast<size_t>(rows));
    std::vector<double> left(classes), right(classes);
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const auto column = features.col(feature);
      std::iota(order.begin(), order.end(), Eigen::Index{0});
      std::sort(order.begin(), order.end(),
                [&](Eigen::Index a, Eigen::Index b) { return column[a] < column[b]; });
      std::fill(left.begin(), left.end(), 0.0);
      double best = 0.5, left_size = 0.0;
      for (size_t i = 0; i < order.size();) {
        // Every row of this distinct value goes left.
        const double value = column[order[i]];
        for (; i < order.size() && column[order[i]] == value; ++i) {
          left[static_cast<size_t>(labels[order[i]])] += 1.0;
          left_size += 1.0;
        }
        for (size_t k = 0; k < classes; ++k) right[k] = total[k] - left[k];
        const double right_size = size - left_size;
        const double gini =
            (left_size * impurity(left, left_size) + right_size * impurity(right, right_size)) /
            size;
        best = std::min(best, gini);
      }
      result.scores[feature] = best;
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::ascending; }
};

SelectorRegistration gini_index_registration() {
  SelectorRegistration registration;
  registration.info.name = "gini_index";
  registration.info.doc =
      "smallest weighted Gini impurity of a split on each feature, capped at 0.5 (scikit-feature "
      "gini_index); smaller first";
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet&) -> std::unique_ptr<Selector> {
    return std::make_unique<GiniIndexSelector>();
  });
  return registration;
}

const Registrar<SelectorRegistration> gini_index_registrar{gini_index_registration()};

}  // namespace
}  // namespace tsfs
