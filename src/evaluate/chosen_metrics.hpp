#pragma once
// The metrics a spec adds to accuracy and balanced accuracy with `metrics: [...]`, each one more
// column of results.csv and folds.csv. Their definitions are scikit-learn's: metrics.hpp (macro
// F1, from the predicted classes) and score_metrics.hpp (ROC AUC and average precision, from the
// classifier's scores; macro one-vs-rest for several classes).
#include <Eigen/Core>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsfs {

enum class ChosenMetric { macro_f1, roc_auc, average_precision };

// The name used in specs and as the column name.
std::string chosen_metric_name(ChosenMetric metric);
// Every name, for "did you mean" suggestions.
std::vector<std::string> chosen_metric_names();
std::optional<ChosenMetric> chosen_metric_from_name(std::string_view name);

// The metric of one test fold: the true classes, the predicted ones and the scores (rows x 1 for
// two classes, rows x classes otherwise; see classify/classifier.hpp). NaN when undefined (no
// test rows; for the score metrics, a class without positive or negative test rows).
double chosen_metric_value(ChosenMetric metric, const Eigen::VectorXi& truth,
                           const Eigen::VectorXi& predicted, const Eigen::MatrixXd& scores,
                           int classes);

}  // namespace tsfs
