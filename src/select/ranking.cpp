#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/configured.hpp"
#include "select/selector.hpp"

namespace tsfs {

std::shared_ptr<const Selector> configure_selector(const SelectorRegistration& registration,
                                                   const ParamSet& params) {
  return component_or_throw(registration.configure(params), "selector " + registration.info.name);
}

std::vector<int> rank_by_score(const Eigen::VectorXd& scores, ScoreOrder order) {
  std::vector<int> ranking(static_cast<size_t>(scores.size()));
  std::iota(ranking.begin(), ranking.end(), 0);

  // A strict weak ordering: every NaN is equivalent to every other NaN and comes after every
  // number; numbers compare in the requested direction. std::stable_sort keeps index order among
  // equivalent elements, which gives "exact ties lower index first" for both directions and "NaN
  // last in index order". (Sorting by descending score is not the reverse of the ascending order,
  // because that would put ties higher index first.)
  const bool descending = order == ScoreOrder::descending;
  auto comes_first = [&scores, descending](int left, int right) {
    const double a = scores[left];
    const double b = scores[right];
    if (std::isnan(a)) return false;
    if (std::isnan(b)) return true;
    return descending ? a > b : a < b;
  };
  std::stable_sort(ranking.begin(), ranking.end(), comes_first);
  return ranking;
}

}  // namespace tsfs
