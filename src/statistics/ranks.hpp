#pragma once
// Ranks with ties, as used by the non-parametric tests (Demsar 2006; scipy.stats.rankdata).
#include <Eigen/Core>

namespace tsfs::statistics {

// Ranks 1..n of `values` in ascending order; tied values all get the mean of the ranks they
// span (scipy.stats.rankdata's method="average"). Values must not be NaN.
Eigen::VectorXd rank_average(const Eigen::VectorXd& values);

// Ranks of each row's entries with the LARGEST value ranked 1 (a method's score on one dataset
// per column, higher = better), ties averaged: the per-dataset ranks of Demsar 2006, section 3.2.
Eigen::MatrixXd rank_rows_descending(const Eigen::MatrixXd& scores);

}  // namespace tsfs::statistics
