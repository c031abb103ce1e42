#include "classify/growing_distances.hpp"

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
  // One reference row per matrix column: each update reads and writes contiguous memory. Eigen
  // evaluates the nested sums coefficient by coefficient as written, ((d + t0) + t1) + ..., so a
  // block of four columns rounds exactly as four single-column updates.
  for (Eigen::Index reference = 0; reference < squared_.cols(); ++reference) {
    const Eigen::Index first = entries_ == Entries::lower_triangle ? reference : 0;
    const Eigen::Index count = squared_.rows() - first;
    auto target = squared_.col(reference).tail(count).array();
    auto term = [&](Eigen::Index column) {
      return (row_values.col(column).tail(count).array() - reference_values(reference, column))
          .square();
    };
    Eigen::Index column = 0;
    for (; column + 4 <= columns; column += 4)
      target = (((target + term(column)) + term(column + 1)) + term(column + 2)) + term(column + 3);
    for (; column < columns; ++column) target += term(column);
  }
  columns_added_ += columns;
}

}  // namespace tsfs
