#include "statistics/ranks.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace tsfs::statistics {

Eigen::VectorXd rank_average(const Eigen::VectorXd& values) {
  const auto count = static_cast<size_t>(values.size());
  std::vector<Eigen::Index> order(count);
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  for (Eigen::Index i = 0; i < values.size(); ++i)
    if (std::isnan(values(i))) throw std::invalid_argument("rank_average: NaN value");
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return values(a) < values(b); });
  Eigen::VectorXd ranks(values.size());
  size_t begin = 0;
  while (begin < count) {
    size_t end = begin + 1;
    while (end < count && values(order[end]) == values(order[begin])) ++end;
    // Positions begin..end-1 hold ranks begin+1..end; their mean is (begin + 1 + end) / 2.
    const double tied_rank = 0.5 * static_cast<double>(begin + 1 + end);
    for (size_t position = begin; position < end; ++position) ranks(order[position]) = tied_rank;
    begin = end;
  }
  return ranks;
}

Eigen::MatrixXd rank_rows_descending(const Eigen::MatrixXd& scores) {
  Eigen::MatrixXd ranks(scores.rows(), scores.cols());
  for (Eigen::Index row = 0; row < scores.rows(); ++row)
    ranks.row(row) = rank_average(-scores.row(row).transpose()).transpose();
  return ranks;
}

}  // namespace tsfs::statistics
