#include "statistics/rounding_ties.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tsfs::statistics {

bool equal_up_to_rounding(double x, double y) {
  if (x == y) return true;
  // An infinity equals only itself (the relative bound would make it equal to everything).
  if (!std::isfinite(x) || !std::isfinite(y)) return false;
  return std::abs(x - y) <= kRoundingBound * std::max(std::abs(x), std::abs(y));
}

Eigen::VectorXd snap_rounding_ties(const Eigen::VectorXd& values) {
  std::vector<Eigen::Index> order;
  for (Eigen::Index i = 0; i < values.size(); ++i)
    if (!std::isnan(values(i))) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return values(a) < values(b); });
  Eigen::VectorXd snapped = values;
  for (size_t position = 1; position < order.size(); ++position)
    if (equal_up_to_rounding(values(order[position - 1]), values(order[position])))
      snapped(order[position]) = snapped(order[position - 1]);
  return snapped;
}

Eigen::VectorXd snap_rounding_ties_of_magnitudes(const Eigen::VectorXd& values) {
  const Eigen::VectorXd magnitudes = snap_rounding_ties(values.cwiseAbs());
  Eigen::VectorXd snapped = values;
  for (Eigen::Index i = 0; i < values.size(); ++i)
    if (!std::isnan(values(i))) snapped(i) = std::copysign(magnitudes(i), values(i));
  return snapped;
}

}  // namespace tsfs::statistics
