#include "statistics/multiple_testing.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tsfs::statistics {

Eigen::VectorXd holm_adjust(const Eigen::VectorXd& p_values) {
  std::vector<Eigen::Index> order;
  for (Eigen::Index i = 0; i < p_values.size(); ++i)
    if (!std::isnan(p_values(i))) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return p_values(a) < p_values(b); });
  Eigen::VectorXd adjusted = p_values;
  const auto tests = static_cast<double>(order.size());
  double running_max = 0;
  for (size_t position = 0; position < order.size(); ++position) {
    const double scaled = (tests - static_cast<double>(position)) * p_values(order[position]);
    running_max = std::max(running_max, std::min(1.0, scaled));
    adjusted(order[position]) = running_max;
  }
  return adjusted;
}

}  // namespace tsfs::statistics
