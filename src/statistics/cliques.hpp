#pragma once
// The bars of a critical-difference diagram: groups of methods, adjacent in the order of their
// average ranks, that a pairwise procedure does not tell apart.
#include <functional>
#include <utility>
#include <vector>

namespace tsfs::statistics {

// `different(i, j)` (i < j, positions in the order of ascending average rank) says whether the
// methods at positions i and j differ significantly. From each position i, the clique runs to
// the last j before the first method that differs from i (the construction of aeon's
// plot_critical_difference, _build_cliques: the method at i as control, stopping at the first
// rejection); cliques of one method and cliques inside an earlier one are left out. Returns
// [first, last] positions, first < last, by ascending first.
std::vector<std::pair<int, int>> cliques_in_rank_order(
    int methods, const std::function<bool(int, int)>& different);

}  // namespace tsfs::statistics
