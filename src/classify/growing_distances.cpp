#include "classify/growing_distances.hpp"

#include "classify/ordered_column_sums.hpp"

#include <stdexcept>

namespace tsfs {

GrowingSquaredDistances::GrowingSquaredDistances(Eigen::Index rows, Eigen::Index reference_rows,
                                                 Entries entries)
    : squared_(Eigen::MatrixXd::Zero(rows, reference_rows)), entries_(entries) {
  if (entries_ == Entries::lower_triangle && rows != reference_rows)
    throw std::invalid_argument("growing distances: a lower triangle needs a square matrix");
}

void GrowingSquaredDistances::add_columns(
    const Eigen::Ref<const Eigen::MatrixXd>& row_values,
    const Eigen::Ref<const Eigen::MatrixXd>& reference_values) {
  if (row_values.rows() != squared_.rows() || reference_values.rows() != squared_.cols() ||
      row_values.cols() != reference_values.cols())
    throw std::invalid_argument("growing distances: column lengths differ from the row counts");
  const Eigen::Index columns = row_values.cols();
  // One reference row per matrix column: each update reads and writes contiguous memory.
  for (Eigen::Index reference = 0; reference < squared_.cols(); ++reference) {
    const Eigen::Index first = entries_ == Entries::lower_triangle ? reference : 0;
    add_squared_differences_in_column_order(
        {row_values.data() + first, squared_.rows() - first, row_values.outerStride(), columns},
        {reference_values.data() + reference, reference_values.outerStride()},
        squared_.col(reference).data() + first);
  }
  columns_added_ += columns;
}

}  // namespace tsfs
