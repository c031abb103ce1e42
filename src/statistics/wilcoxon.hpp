#pragma once
// The Wilcoxon signed-rank test of paired samples, two-sided, with the conventions of
// scipy.stats.wilcoxon 1.10 under its defaults (zero_method="wilcox", correction=False,
// method="auto"), so results can be checked against it:
//  - d = x - y over the n pairs. With n <= 50 and no zero difference the p-value is exact, from
//    the distribution of the positive rank sum r+ over the 2^n sign patterns; otherwise it is
//    the normal approximation.
//  - Exact: ranks of |d| (ties averaged), r+ truncated to an integer (as SciPy does when ties
//    make it fractional), p = min(1, 2 min(P(R+ <= r+), P(R+ >= r+))), 1 at the centre.
//  - Normal approximation: zero differences are dropped first (Wilcoxon's convention), m the
//    count left; z = (T - m(m+1)/4) / sqrt((m(m+1)(2m+1) - sum(t^3 - t)/2) / 24), the sum over
//    groups of tied |d|; p = 2 P(Z >= |z|), without continuity correction.
//  - The statistic is T = min(r+, r-).
#include <Eigen/Core>

#include <string>

namespace tsfs::statistics {

struct WilcoxonResult {
  double statistic = 0;  // min(r+, r-)
  double p_value = 0;    // NaN when every difference is zero (SciPy raises an error)
  bool exact = false;    // exact distribution (true) or normal approximation
  int nonzero = 0;       // pairs with a non-zero difference
};

// Throws std::invalid_argument when x and y differ in length or hold NaN.
WilcoxonResult wilcoxon_signed_rank(const Eigen::VectorXd& x, const Eigen::VectorXd& y);

// P(R+ = r) for r = 0 .. n(n+1)/2 under the null hypothesis (each sign equally likely):
// counts of subsets of {1..n} with sum r, divided by 2^n (SciPy's recursion, halving as it
// adds each rank, so the values match it to the last bit).
Eigen::VectorXd wilcoxon_null_distribution(int n);

}  // namespace tsfs::statistics
