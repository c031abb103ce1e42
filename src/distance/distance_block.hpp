#pragma once
// Distances between some rows of a dataset and some others: the whole matrix for the selectors
// that build graphs on it, or only the block a protocol needs for a classifier of distances
// (its test rows against its training rows, not m x m when m is large).
#include <Eigen/Core>
#include <vector>

namespace tsfs {

// The dataset rows (ascending) of a block and its columns.
struct BlockRows {
  std::vector<int> rows, columns;
};

struct DistanceBlock {
  std::vector<int> rows, columns;  // dataset rows, ascending
  Eigen::MatrixXd values;          // rows.size() x columns.size(); empty for a nearest-only block
  // A nearest-only block knows, for each row, only its nearest column (a position in `columns`,
  // -1 for none) and that distance (window_search.hpp): every other entry reads as +inf, so a
  // 1-NN vote over any columns that include the nearest one picks it, ties as the full block.
  std::vector<int> nearest;
  std::vector<double> nearest_distance;

  // The whole m x m matrix.
  static DistanceBlock whole(Eigen::MatrixXd matrix);
  bool is_whole(long long dataset_rows) const;
  // values between the given dataset rows (each in `rows`) and columns (each in `columns`);
  // std::logic_error when the block lacks one (a planning bug).
  Eigen::MatrixXd between(const std::vector<int>& row_set,
                          const std::vector<int>& column_set) const;
};

}  // namespace tsfs
