#pragma once
// Classification metrics on class-index vectors.
#include <Eigen/Core>

namespace tsfs {

// Fraction of test rows predicted correctly.
double accuracy(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted);

// Mean over the classes present in `truth` of the per-class recall (scikit-learn's
// balanced_accuracy_score with adjusted=False).
double balanced_accuracy(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted,
                         int classes);

// Mean over the classes present in `truth` or `predicted` of the per-class F1 = 2 TP / (2 TP + FP
// + FN) (scikit-learn's f1_score with average="macro"; a class that is never predicted has F1 0).
double macro_f1(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted, int classes);

}  // namespace tsfs
