#pragma once
// ROC and precision-recall curves of one binary problem (`positive` rows against the rest) from a
// classifier's scores, as scikit-learn 1.2.1's roc_curve and precision_recall_curve compute them.
// Rows with tied scores enter at one threshold (sklearn.metrics._ranking._binary_clf_curve).
#include <Eigen/Core>
#include <vector>

namespace tsfs {

// One point: rows scoring >= threshold are called positive (NaN: the point has no threshold).
struct CurvePoint {
  double threshold = 0.0;
  double x = 0.0;
  double y = 0.0;
};

// x = false positive rate, y = true positive rate, from (0, 0) at threshold max + 1 to (1, 1),
// thresholds descending; points on a straight segment between two others are dropped
// (drop_intermediate=True, the default). A rate without positive (negative) rows is NaN.
std::vector<CurvePoint> roc_curve(const std::vector<bool>& positive,
                                  const Eigen::Ref<const Eigen::VectorXd>& scores);

// x = recall, y = precision, thresholds ascending, then the point (recall 0, precision 1) without
// a threshold. Recall is 1 everywhere when there is no positive row.
std::vector<CurvePoint> precision_recall_curve(const std::vector<bool>& positive,
                                               const Eigen::Ref<const Eigen::VectorXd>& scores);

}  // namespace tsfs
