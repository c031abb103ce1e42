#include "statistics/cliques.hpp"

#include <algorithm>

namespace tsfs::statistics {

std::string bar_construction_name(BarConstruction construction) {
  return construction == BarConstruction::aeon ? "aeon" : "maximal";
}

std::optional<BarConstruction> bar_construction_from_name(const std::string& name) {
  for (BarConstruction construction : {BarConstruction::maximal, BarConstruction::aeon})
    if (bar_construction_name(construction) == name) return construction;
  return std::nullopt;
}

std::vector<std::pair<int, int>> cliques_in_rank_order(
    int methods, const std::function<bool(int, int)>& different, BarConstruction construction) {
  // Whether the method at `next` joins the bar [first, last]: aeon asks the control only;
  // maximal asks every member, so the bar holds no significant pair.
  auto joins = [&](int first, int last, int next) {
    if (construction == BarConstruction::aeon) return !different(first, next);
    for (int member = first; member <= last; ++member)
      if (different(member, next)) return false;
    return true;
  };
  std::vector<std::pair<int, int>> cliques;
  int previous_last = 0;
  for (int first = 0; first < methods; ++first) {
    int last = first;
    while (last + 1 < methods && joins(first, last, last + 1)) ++last;
    // Bars are runs [first, last]; one starting later is inside an earlier one exactly when it
    // ends no later than the furthest end so far (a later start never ends earlier: a run
    // without a significant pair stays so without its first member).
    if (last > first && last > previous_last) cliques.emplace_back(first, last);
    previous_last = std::max(previous_last, last);
  }
  return cliques;
}

}  // namespace tsfs::statistics
