#pragma once
// Upper-tail probabilities of the reference distributions of the tests, from Boost.Math (the
// regularised incomplete gamma and beta functions), and the studentized range quantile that
// the Nemenyi test needs (which Boost does not provide).

namespace tsfs::statistics {

// P(X >= x) for X ~ chi-square with `degrees` degrees of freedom (scipy.stats.chi2.sf).
// 1 for x <= 0, 0 for x = +inf, NaN for NaN.
double chi_square_survival(double x, double degrees);

// P(X >= x) for X ~ F(numerator, denominator) (scipy.stats.f.sf); same edge cases.
double fisher_f_survival(double x, double numerator_degrees, double denominator_degrees);

// P(Z >= z) for Z ~ N(0, 1) (scipy.stats.norm.sf), accurate far into the tail (erfc).
double normal_survival(double z);

// P(R <= w) where R is the range of `groups` independent standard normal variables (the
// studentized range with infinite degrees of freedom):
//   P(R <= w) = groups * integral phi(z) (Phi(z + w) - Phi(z))^(groups - 1) dz
// (Hartley 1942), integrated numerically (absolute error below 1e-12).
double studentized_range_cdf_infinite_df(double w, int groups);

// The w with P(R <= w) = probability (bisection on the cdf above to 1e-13).
double studentized_range_quantile_infinite_df(double probability, int groups);

}  // namespace tsfs::statistics
