#include "embed/neighbourhood.hpp"

#include <algorithm>

namespace tsfs {

std::vector<Eigen::Index> nearest_other_rows(const Eigen::MatrixXd& distances, Eigen::Index row,
                                             int count) {
  std::vector<Eigen::Index> others;
  for (Eigen::Index j = 0; j < distances.rows(); ++j)
    if (j != row) others.push_back(j);
  const auto kept = std::min<size_t>(static_cast<size_t>(std::max(count, 0)), others.size());
  std::partial_sort(others.begin(), others.begin() + static_cast<long>(kept), others.end(),
                    [&](Eigen::Index a, Eigen::Index b) {
                      return distances(row, a) < distances(row, b) ||
                             (distances(row, a) == distances(row, b) && a < b);
                    });
  others.resize(kept);
  return others;
}

void sign_by_largest_entry(Eigen::MatrixXd& columns) {
  for (Eigen::Index k = 0; k < columns.cols(); ++k) {
    Eigen::Index largest = 0;
    columns.col(k).cwiseAbs().maxCoeff(&largest);
    if (columns(largest, k) < 0) columns.col(k) *= -1.0;
  }
}

}  // namespace tsfs
