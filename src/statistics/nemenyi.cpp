#include "statistics/nemenyi.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "statistics/cliques.hpp"
#include "statistics/distributions.hpp"

namespace tsfs::statistics {

double nemenyi_q_alpha(int methods, double alpha) {
  if (methods < 2) throw std::invalid_argument("the Nemenyi test needs at least 2 methods");
  return studentized_range_quantile_infinite_df(1 - alpha, methods) / std::sqrt(2.0);
}

double nemenyi_critical_difference(int methods, int datasets, double alpha) {
  if (datasets < 1) throw std::invalid_argument("the Nemenyi test needs at least 1 dataset");
  const double k = methods;
  return nemenyi_q_alpha(methods, alpha) * std::sqrt(k * (k + 1) / (6.0 * datasets));
}

std::vector<std::pair<int, int>> nemenyi_cliques(const Eigen::VectorXd& sorted_average_ranks,
                                                 double critical_difference) {
  return cliques_in_rank_order(
      static_cast<int>(sorted_average_ranks.size()), [&](int first, int second) {
        return sorted_average_ranks(second) - sorted_average_ranks(first) >= critical_difference;
      });
}

}  // namespace tsfs::statistics
