#include "evaluate/tied_scores.hpp"

#include <algorithm>
#include <numeric>

namespace tsfs {

std::vector<TiedGroup> tied_groups(const std::vector<bool>& positive,
                                   const Eigen::Ref<const Eigen::VectorXd>& score) {
  std::vector<Eigen::Index> order(positive.size());
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return score(a) > score(b); });
  std::vector<TiedGroup> groups;
  for (size_t at = 0; at < order.size(); ++at) {
    if (at == 0 || score(order[at]) != score(order[at - 1])) {
      groups.emplace_back();
      groups.back().score = score(order[at]);
    }
    (positive[static_cast<size_t>(order[at])] ? groups.back().positives
                                              : groups.back().negatives)++;
  }
  return groups;
}

}  // namespace tsfs
