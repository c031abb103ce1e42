#pragma once
// The Nemenyi post-hoc test after a Friedman test (Demsar 2006, section 3.2.2): two methods
// differ significantly when their average ranks differ by at least the critical difference
//   CD = q_alpha sqrt(k (k + 1) / (6 N)),
// q_alpha the studentized range quantile (infinite degrees of freedom) divided by sqrt(2).
#include <Eigen/Core>

#include <utility>
#include <vector>

namespace tsfs::statistics {

// q_alpha for k methods (Demsar's Table 5a lists it, rounded to 3 decimals, for k = 2..10 and
// alpha = 0.05, 0.10); computed for any k >= 2 and 0 < alpha < 1.
double nemenyi_q_alpha(int methods, double alpha);

double nemenyi_critical_difference(int methods, int datasets, double alpha);

// The groups of methods whose ranks are not significantly different, as drawn by the bars of a
// critical-difference diagram: with the average ranks sorted ascending, every maximal run
// [first, last] (indices into the sorted order, first < last) whose rank span is below the
// critical difference. Runs contained in another are left out.
std::vector<std::pair<int, int>> nemenyi_cliques(const Eigen::VectorXd& sorted_average_ranks,
                                                 double critical_difference);

}  // namespace tsfs::statistics
