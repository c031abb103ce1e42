#pragma once
// The metrics a spec adds to accuracy and balanced accuracy with `metrics: [...]`, each one more
// column of results.csv and folds.csv. Their definitions are scikit-learn's: metrics.hpp (macro
// F1, from the predicted classes) and score_metrics.hpp (ROC AUC, average precision and the lab's
// trapezoidal PR-AUC, from the classifier's scores; macro one-vs-rest for several classes).
#include <Eigen/Core>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsfs {

// sparsity: the share of a linear model's coefficients that are exactly 0 (not a score of the
// predictions: Predictions::zero_coefficient_fraction, for classifiers with coefficients only).
enum class ChosenMetric { macro_f1, roc_auc, average_precision, pr_auc, sparsity };

// The name used in specs and as the column name.
std::string chosen_metric_name(ChosenMetric metric);
// Every name, for "did you mean" suggestions.
std::vector<std::string> chosen_metric_names();
std::optional<ChosenMetric> chosen_metric_from_name(std::string_view name);

// The metric of one test fold: the true classes, the predicted ones and the scores (rows x 1 for
// two classes, rows x classes otherwise; see classify/classifier.hpp), and for sparsity the
// fitted model's zero-coefficient fraction. NaN when undefined (no test rows; for the score
// metrics, a class without positive or negative test rows; sparsity without a fitted model).
double chosen_metric_value(
    ChosenMetric metric, const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted,
    const Eigen::MatrixXd& scores, int classes,
    double zero_coefficient_fraction = std::numeric_limits<double>::quiet_NaN());

}  // namespace tsfs
