#include "distance/distance_block.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace tsfs {
namespace {

// The positions of `wanted` in the ascending `held`.
std::vector<int> positions(const std::vector<int>& held, const std::vector<int>& wanted) {
  std::vector<int> result;
  result.reserve(wanted.size());
  for (int row : wanted) {
    auto found = std::lower_bound(held.begin(), held.end(), row);
    if (found == held.end() || *found != row)
      throw std::logic_error(fmt::format("distance block lacks dataset row {}", row));
    result.push_back(static_cast<int>(found - held.begin()));
  }
  return result;
}

std::vector<int> first_rows(Eigen::Index count) {
  std::vector<int> rows(static_cast<size_t>(count));
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int>(i);
  return rows;
}

}  // namespace

DistanceBlock DistanceBlock::whole(Eigen::MatrixXd matrix) {
  DistanceBlock block;
  block.rows = first_rows(matrix.rows());
  block.columns = first_rows(matrix.cols());
  block.values = std::move(matrix);
  return block;
}

bool DistanceBlock::is_whole(long long dataset_rows) const {
  return static_cast<long long>(rows.size()) == dataset_rows &&
         static_cast<long long>(columns.size()) == dataset_rows;
}

Eigen::MatrixXd DistanceBlock::between(const std::vector<int>& row_set,
                                       const std::vector<int>& column_set) const {
  const std::vector<int> row_positions = positions(rows, row_set);
  const std::vector<int> column_positions = positions(columns, column_set);
  if (nearest.empty()) return values(row_positions, column_positions);
  Eigen::MatrixXd result = Eigen::MatrixXd::Constant(static_cast<Eigen::Index>(row_set.size()),
                                                     static_cast<Eigen::Index>(column_set.size()),
                                                     std::numeric_limits<double>::infinity());
  for (size_t i = 0; i < row_positions.size(); ++i) {
    const int column = nearest[static_cast<size_t>(row_positions[i])];
    auto found = std::find(column_positions.begin(), column_positions.end(), column);
    if (column >= 0 && found != column_positions.end())
      result(static_cast<Eigen::Index>(i), found - column_positions.begin()) =
          nearest_distance[static_cast<size_t>(row_positions[i])];
  }
  return result;
}

}  // namespace tsfs
