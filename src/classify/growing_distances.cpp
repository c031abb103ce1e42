#include "classify/growing_distances.hpp"

#include <stdexcept>

namespace tsfs {

GrowingSquaredDistances::GrowingSquaredDistances(Eigen::Index rows, Eigen::Index reference_rows)
    : squared_(Eigen::MatrixXd::Zero(rows, reference_rows)) {}

void GrowingSquaredDistances::add_column(
    const Eigen::Ref<const Eigen::VectorXd>& row_values,
    const Eigen::Ref<const Eigen::VectorXd>& reference_values) {
  if (row_values.size() != squared_.rows() || reference_values.size() != squared_.cols())
    throw std::invalid_argument("growing distances: column length differs from the row counts");
  // One reference row per matrix column: each update reads and writes contiguous memory.
  for (Eigen::Index reference = 0; reference < squared_.cols(); ++reference)
    squared_.col(reference).array() += (row_values.array() - reference_values(reference)).square();
  ++columns_added_;
}

}  // namespace tsfs
