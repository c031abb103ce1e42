#pragma once
// The Wilcoxon signed-rank test of paired samples, two-sided, with the conventions of
// scipy.stats.wilcoxon 1.10 (correction=False, method="auto") for each of its three treatments
// of zero differences (zero_method), so results can be checked against it:
//  - d = x - y over the n pairs. With n <= 50 and no zero difference the p-value is exact, from
//    the distribution of the positive rank sum r+ over the 2^n sign patterns; otherwise (n > 50,
//    or any zero difference, whatever the zero method) it is the normal approximation.
//  - Exact: ranks of |d| (ties averaged), r+ truncated to an integer (as SciPy does when ties
//    make it fractional), p = min(1, 2 min(P(R+ <= r+), P(R+ >= r+))), 1 at the centre. The zero
//    methods coincide here (there is no zero).
//  - Normal approximation, m pairs ranked, T = min(r+, r-):
//      wilcox (Wilcoxon 1945): zero differences are dropped before ranking; m the count left.
//      pratt (Pratt 1959): zeros are ranked with the others, their ranks then counted in neither
//        sum; mean and variance lose the zeros' share (Cureton 1967): mean m(m+1)/4 -
//        z(z+1)/4, variance term m(m+1)(2m+1) - z(z+1)(2z+1), z the number of zeros, and the tie
//        correction is taken over the non-zero ranks only (as SciPy 1.10 does).
//      zsplit: zeros ranked with the others, half of their rank sum added to r+ and half to r-
//        (Demsar 2006, section 3.1.3, without dropping one of an odd number of zeros).
//    z = (T - mean) / sqrt((variance term - sum(t^3 - t)/2) / 24), the sum over groups of tied
//    ranks; p = 2 P(Z >= |z|), without continuity correction.
//  - Every difference zero: wilcox and pratt have no test (SciPy raises; NaN here); zsplit
//    gives T = n(n+1)/4, z = 0, p = 1.
#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>

namespace tsfs::statistics {

enum class ZeroMethod { wilcox, pratt, zsplit };

// "wilcox", "pratt", "zsplit" (SciPy's names) and back; nullopt for another name.
std::string_view zero_method_name(ZeroMethod method);
std::optional<ZeroMethod> zero_method_from_name(std::string_view name);

struct WilcoxonResult {
  double statistic = 0;  // min(r+, r-)
  double p_value = 0;    // NaN when no test is possible (every difference zero, wilcox/pratt)
  bool exact = false;    // exact distribution (true) or normal approximation
  int nonzero = 0;       // pairs with a non-zero difference
};

// Throws std::invalid_argument when x and y differ in length or hold NaN.
WilcoxonResult wilcoxon_signed_rank(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                                    ZeroMethod zero_method = ZeroMethod::wilcox);

// P(R+ = r) for r = 0 .. n(n+1)/2 under the null hypothesis (each sign equally likely):
// counts of subsets of {1..n} with sum r, divided by 2^n (SciPy's recursion, halving as it
// adds each rank, so the values match it to the last bit).
Eigen::VectorXd wilcoxon_null_distribution(int n);

}  // namespace tsfs::statistics
