#pragma once
// Metrics of the ranking that a classifier's scores (decision values or probabilities) make of
// the test rows, with scikit-learn's definitions. `scores` is rows x 1 for two classes (the score
// of class 1, larger meaning more likely class 1, as decision_function gives) or rows x classes
// (one score per class, one-vs-rest). For several classes the metric is the unweighted mean over
// the classes of the binary metric of "class c vs the rest" on score column c (scikit-learn's
// multi_class="ovr", average="macro"). A metric is NaN when it is undefined: no test rows, or a
// class with no positive or no negative row (where scikit-learn raises).
#include <Eigen/Core>

namespace tsfs {

// Area under the ROC curve (scikit-learn's roc_auc_score): the probability that a random
// positive row scores above a random negative one, ties counting one half.
double roc_auc(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores);

// Average precision (scikit-learn's average_precision_score): sum over the distinct score
// thresholds, highest first, of (recall_t - recall_previous) * precision_t. Rows with tied scores
// enter at one threshold.
double average_precision(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores);

// PR-AUC as the lab computes it: scikit-learn's auc(recall, precision) after
// precision_recall_curve, the trapezoidal area under the precision-recall points. The points are
// (recall 0, precision 1), then one per distinct score threshold, highest first, up to the first
// threshold reaching full recall (precision_recall_curve stops there). Linear interpolation of
// precision overestimates the area where precision falls (Davis & Goadrich 2006, section 4), which
// is why scikit-learn's average precision is the step-wise sum instead.
double pr_auc(const Eigen::VectorXi& truth, const Eigen::MatrixXd& scores);

}  // namespace tsfs
