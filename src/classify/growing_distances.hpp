#pragma once
// Squared Euclidean distances between two sets of rows over a growing set of columns, for the
// classifiers' nested-subset fits (classifier.hpp): the squared distance over the first n columns
// is the one over the first n - 1 columns plus one term, so a sweep over n costs one pass over
// the columns instead of one per n.
#include <Eigen/Core>

namespace tsfs {

class GrowingSquaredDistances {
 public:
  // Distances from each of `rows` rows to each of `reference_rows` rows, all 0 (no column yet).
  GrowingSquaredDistances(Eigen::Index rows, Eigen::Index reference_rows);

  // Adds (row_values(i) - reference_values(j))^2 to entry (i, j). The terms are added in the
  // order the columns are, so an entry is the same sum whatever else is computed alongside.
  void add_column(const Eigen::Ref<const Eigen::VectorXd>& row_values,
                  const Eigen::Ref<const Eigen::VectorXd>& reference_values);

  // rows x reference_rows; entry (i, j) is the squared distance between row i and reference j.
  const Eigen::MatrixXd& squared() const { return squared_; }
  Eigen::Index columns_added() const { return columns_added_; }

 private:
  Eigen::MatrixXd squared_;
  Eigen::Index columns_added_ = 0;
};

}  // namespace tsfs
