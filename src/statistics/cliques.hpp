#pragma once
// The bars of a critical-difference diagram: groups of methods, adjacent in the order of their
// average ranks, that a pairwise procedure does not tell apart.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tsfs::statistics {

// How the bars are drawn from the pairwise decisions.
//  - maximal: the maximal runs of rank-adjacent methods with no significant pair among them, so a
//    bar never joins two methods a test tells apart (the diagram agrees with every pairwise
//    decision, in both directions for adjacent methods).
//  - aeon: aeon's plot_critical_difference (_build_cliques): from each position the method there
//    is the control, and its bar runs to the method before the first one that differs from the
//    control, whatever the tests between the later members say; such a bar can join a
//    significant pair (a figure drawn so says so on it).
enum class BarConstruction { maximal, aeon };

// "maximal", "aeon" and back (nullopt for another name).
std::string bar_construction_name(BarConstruction construction);
std::optional<BarConstruction> bar_construction_from_name(const std::string& name);

// `different(i, j)` (i < j, positions in the order of ascending average rank) says whether the
// methods at positions i and j differ significantly. Returns the bars as [first, last] positions,
// first < last, by ascending first; bars of one method and bars inside an earlier one are left
// out.
std::vector<std::pair<int, int>> cliques_in_rank_order(
    int methods, const std::function<bool(int, int)>& different,
    BarConstruction construction = BarConstruction::maximal);

}  // namespace tsfs::statistics
