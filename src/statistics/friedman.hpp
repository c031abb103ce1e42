#pragma once
// The Friedman test of k methods over N datasets (Demsar 2006, section 3.2.2).
#include <Eigen/Core>

namespace tsfs::statistics {

struct FriedmanResult {
  int datasets = 0;  // N
  int methods = 0;   // k
  // Friedman's statistic with the tie correction of scipy.stats.friedmanchisquare:
  //   chi2 = (12 / (N k (k+1)) * sum_j R_j^2 - 3 N (k+1)) / C,
  //   C = 1 - sum over tie groups of (t^3 - t) / (N k (k^2 - 1)),
  // R_j the rank sum of method j; chi-square with k - 1 degrees of freedom. NaN when every
  // dataset ties all methods (C = 0).
  double chi_square = 0;
  double chi_square_p = 0;
  // Iman and Davenport's (1980) less conservative statistic
  //   F = (N - 1) chi2 / (N (k - 1) - chi2),
  // F-distributed with k - 1 and (k - 1)(N - 1) degrees of freedom; +inf (p = 0) when the ranks
  // agree perfectly on every dataset.
  double iman_davenport_f = 0;
  double iman_davenport_p = 0;
  double f_numerator_degrees = 0;
  double f_denominator_degrees = 0;
};

// `scores`: one row per dataset, one column per method. Ranks are taken within each row (the
// direction does not matter to the statistic). Needs k >= 3 (as SciPy; with two methods the
// Wilcoxon test is the one to use, Demsar 2006 section 3.1) and N >= 2; throws
// std::invalid_argument otherwise.
FriedmanResult friedman_test(const Eigen::MatrixXd& scores);

}  // namespace tsfs::statistics
