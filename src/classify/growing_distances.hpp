#pragma once
// Squared Euclidean distances between two sets of rows over a growing set of columns, for the
// classifiers' nested-subset fits (classifier.hpp): the squared distance over the first n columns
// is the one over the first n - 1 columns plus one term, so a sweep over n costs one pass over
// the columns instead of one per n.
#include <Eigen/Core>

namespace tsfs {

class GrowingSquaredDistances {
 public:
  // Which entries are kept: all, or for the distances of a row set to itself (a symmetric
  // matrix) only those on and below the diagonal (i >= j); the others then stay 0.
  enum class Entries { all, lower_triangle };

  // Distances from each of `rows` rows to each of `reference_rows` rows, all 0 (no column yet).
  GrowingSquaredDistances(Eigen::Index rows, Eigen::Index reference_rows,
                          Entries entries = Entries::all);

  // Adds, column c after column c - 1, (row_values(i, c) - reference_values(j, c))^2 to entry
  // (i, j). Every entry is the same sum, in the same order, whether the columns come one call at
  // a time or many (many touch the matrix once per four columns, which is what makes them faster).
  void add_columns(const Eigen::Ref<const Eigen::MatrixXd>& row_values,
                   const Eigen::Ref<const Eigen::MatrixXd>& reference_values);

  // rows x reference_rows; entry (i, j) is the squared distance between row i and reference j.
  const Eigen::MatrixXd& squared() const { return squared_; }
  Eigen::Index columns_added() const { return columns_added_; }

 private:
  Eigen::MatrixXd squared_;
  Entries entries_;
  Eigen::Index columns_added_ = 0;
};

}  // namespace tsfs
