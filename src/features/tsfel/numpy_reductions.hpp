#pragma once
// NumPy 1.24 reductions reproduced operation for operation, so that the TSFEL features built on
// them round the same way as the reference (and exact-zero tests such as TSFEL's
// `np.sum(np.diff(x)) == 0` take the same branch):
//   - np.sum / np.add.reduce of a contiguous float64 array: pairwise summation
//     (numerics/numpy_pairwise_sum.hpp) added to the identity 0;
//   - np.mean = sum / n; np.var (ddof 0) = mean((x - mean(x))**2);
//   - np.median: mean of the middle one or two values of the sorted data;
//   - np.percentile with the default 'linear' method (virtual index (n - 1) * q, numpy's _lerp).
#include <Eigen/Core>
#include <cmath>
#include <cstddef>
#include <vector>

#include "numerics/numpy_pairwise_sum.hpp"

namespace tsfs::tsfel::npcompat {

// np.sum(f(x)) for an elementwise f given as value_at(i).
template <typename ValueAt>
double sum(Eigen::Index n, const ValueAt& value_at) {
  return 0.0 + numpy_pairwise_sum_of(0, n, value_at);
}

inline double sum(const Eigen::VectorXd& x) {
  return sum(x.size(), [&x](Eigen::Index i) { return x[i]; });
}

// np.mean(f(x)); NaN for an empty range, as NumPy (0 / 0).
template <typename ValueAt>
double mean(Eigen::Index n, const ValueAt& value_at) {
  return sum(n, value_at) / static_cast<double>(n);
}

inline double mean(const Eigen::VectorXd& x) {
  return sum(x) / static_cast<double>(x.size());
}

// np.var(x) with ddof = 0.
double variance(const Eigen::VectorXd& x);

// np.sum / np.mean / np.var / np.std of a contiguous float64 array of n values.
double numpy_sum(const double* x, Eigen::Index n);
inline double numpy_mean(const double* x, Eigen::Index n) {
  return numpy_sum(x, n) / static_cast<double>(n);
}
// np.var(x) (population, ddof = 0): mean((x - mean(x))**2); np.std(x) = sqrt(np.var(x)).
double numpy_var(const double* x, Eigen::Index n);
inline double numpy_std(const double* x, Eigen::Index n) {
  return std::sqrt(numpy_var(x, n));
}
// np.linspace(start, stop, num) with endpoint = True: start + i * step, last value = stop.
Eigen::VectorXd numpy_linspace(double start, double stop, Eigen::Index num);

// np.median of `values` (reordered in place; NaN when empty).
double median_in_place(std::vector<double>& values);

// np.percentile(x, 100 * q) of ascending data, 'linear' method; NaN when empty.
double percentile_of_sorted(const std::vector<double>& ascending, double q);

}  // namespace tsfs::tsfel::npcompat
