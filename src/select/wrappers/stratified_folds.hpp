#pragma once
// The inner cross-validation folds of a wrapper search, as scikit-learn 1.2.1's
// StratifiedKFold(n_splits, shuffle=False) deals them (model_selection/_split.py,
// _make_test_folds): classes are coded in order of first appearance, the sorted codes are dealt
// to the folds in turn to fix how many rows of each class every fold tests, and each class's rows,
// in row order, fill fold 0 first, then fold 1, ... So cross_val_score(estimator, X, y, cv=k) of a
// classifier sees exactly these folds.
#include <Eigen/Core>
#include <vector>

namespace tsfs {

struct InnerFold {
  std::vector<int> train_rows;  // ascending
  std::vector<int> test_rows;   // ascending
};

// `labels`: one class index per row. Throws InputError (no location) when `folds` is below 2 or
// above the rows of some class (scikit-learn only warns there, and a fold's training rows could
// then miss a class altogether).
std::vector<InnerFold> stratified_folds(const Eigen::VectorXi& labels, int folds);

}  // namespace tsfs
