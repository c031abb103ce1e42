#include "evaluate/score_metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "evaluate/tied_scores.hpp"

namespace tsfs {
namespace {

constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

// Area under the ROC staircase, each tied group a trapezoid: sum over groups of negatives_g *
// (positives above g + positives_g / 2), over positives * negatives.
double binary_roc_auc(const std::vector<TiedGroup>& groups, long long positives,
                      long long negatives) {
  if (positives == 0 || negatives == 0) return kUndefined;
  double area = 0.0;
  long long positives_above = 0;
  for (const TiedGroup& group : groups) {
    area += static_cast<double>(group.negatives) *
            (static_cast<double>(positives_above) + 0.5 * static_cast<double>(group.positives));
    positives_above += group.positives;
  }
  return area / (static_cast<double>(positives) * static_cast<double>(negatives));
}

// sum over groups of positives_g * precision_g, over positives: one division at the end, so the
// result stays in [0, 1] (each term is at most positives_g, which the rounded sum then cannot
// exceed) and is 1 exactly when every precision is. Summing positives_g / positives * precision_g
// instead, as scikit-learn's sum of recall steps times precision does, gives 1.0000000000000002
// for 9 positives ranked first, which results.csv's own check of the [0, 1] range refuses on
// resume.
double binary_average_precision(const std::vector<TiedGroup>& groups, long long positives) {
  if (positives == 0) return kUndefined;
  double weighted = 0.0;
  long long true_positives = 0, predicted_positives = 0;
  for (const TiedGroup& group : groups) {
    true_positives += group.positives;
    predicted_positives += group.positives + group.negatives;
    const double precision =
        static_cast<double>(true_positives) / static_cast<double>(predicted_positives);
    weighted += static_cast<double>(group.positives) * precision;
  }
  return weighted / static_cast<double>(positives);
}

// Trapezoids between consecutive (recall, precision) points from (0, 1), as numpy's trapz over
// precision_recall_curve's points (sklearn/metrics/_ranking.py: auc, precision_recall_curve).
double binary_pr_auc(const std::vector<TiedGroup>& groups, long long positives) {
  if (positives == 0) return kUndefined;
  double area = 0.0;
  double previous_recall = 0.0;
  double previous_precision = 1.0;
  long long true_positives = 0, predicted_positives = 0;
  for (const TiedGroup& group : groups) {
    true_positives += group.positives;
    predicted_positives += group.positives + group.negatives;
    const double recall = static_cast<double>(true_positives) / static_cast<double>(positives);
    const double precision =
        static_cast<double>(true_positives) / static_cast<double>(predicted_positives);
    area += (recall - previous_recall) * (precision + previous_precision) / 2.0;
    if (true_positives == positives) break;  // full recall: the curve ends here
    previous_recall = recall;
    previous_precision = precision;
  }
  return area;
}

// The mean over the one-vs-rest problems of metric(groups, positives, negatives).
template <class BinaryMetric>
double one_vs_rest_mean(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores,
                        BinaryMetric metric) {
  if (truth.size() != scores.rows())
    throw std::invalid_argument(
        fmt::format("metrics: {} true labels but {} score rows", truth.size(), scores.rows()));
  if (scores.cols() == 2 || scores.cols() < 1)
    throw std::invalid_argument(fmt::format(
        "metrics: {} score columns (one for two classes, one per class for more)", scores.cols()));
  if (truth.size() == 0) return kUndefined;
  const int classes = scores.cols() == 1 ? 2 : static_cast<int>(scores.cols());
  // Two classes: one problem, class 1 positive on the single column.
  const int problems = scores.cols() == 1 ? 1 : classes;
  double sum = 0.0;
  for (int problem = 0; problem < problems; ++problem) {
    const int positive_class = scores.cols() == 1 ? 1 : problem;
    std::vector<bool> positive(static_cast<size_t>(truth.size()));
    long long positives = 0;
    for (Eigen::Index row = 0; row < truth.size(); ++row) {
      if (truth(row) < 0 || truth(row) >= classes)
        throw std::invalid_argument(
            fmt::format("metrics: true label {} is outside [0, {})", truth(row), classes));
      positive[static_cast<size_t>(row)] = truth(row) == positive_class;
      positives += truth(row) == positive_class ? 1 : 0;
    }
    sum += metric(tied_groups(positive, scores.col(problem)), positives,
                  static_cast<long long>(truth.size()) - positives);
  }
  return sum / problems;
}

}  // namespace

double roc_auc(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores) {
  return one_vs_rest_mean(truth, scores, binary_roc_auc);
}

// A metric of the positives alone, as one_vs_rest_mean calls it.
template <double (*metric)(const std::vector<TiedGroup>&, long long)>
double of_positives(const std::vector<TiedGroup>& groups, long long positives, long long) {
  return metric(groups, positives);
}

double average_precision(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores) {
  return one_vs_rest_mean(truth, scores, of_positives<binary_average_precision>);
}

double pr_auc(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores) {
  return one_vs_rest_mean(truth, scores, of_positives<binary_pr_auc>);
}

}  // namespace tsfs
