#pragma once
// Between- and within-class sums of squares of every feature column, shared by the fisher and
// trace_ratio selectors.
#include <Eigen/Core>

namespace tsfs {

struct ClassScatter {
  Eigen::VectorXd between;  // SSB_j = sum_c n_c (mean_cj - mean_j)^2
  Eigen::VectorXd within;   // SSW_j = sum_i (x_ij - mean_c(i)j)^2
};

// From class sums of (x - x_0), each column shifted by its first value for accuracy, so the
// result does not lose digits to a large common offset. Labels are class indices 0 .. classes-1
// (checked by the caller); classes without rows are skipped.
ClassScatter class_scatter(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                           int classes);

}  // namespace tsfs
