#include "statistics/cliques.hpp"

#include <algorithm>

namespace tsfs::statistics {

std::vector<std::pair<int, int>> cliques_in_rank_order(
    int methods, const std::function<bool(int, int)>& different) {
  std::vector<std::pair<int, int>> cliques;
  int previous_last = 0;
  for (int first = 0; first < methods; ++first) {
    int last = first;
    while (last + 1 < methods && !different(first, last + 1)) ++last;
    // Cliques are runs [first, last]; one starting later is inside an earlier one exactly when
    // it ends no later than the furthest end so far.
    if (last > first && last > previous_last) cliques.emplace_back(first, last);
    previous_last = std::max(previous_last, last);
  }
  return cliques;
}

}  // namespace tsfs::statistics
