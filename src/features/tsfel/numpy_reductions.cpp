// NumPy-compatible reductions; see numpy_reductions.hpp for the NumPy code each one follows.
#include "features/tsfel/numpy_reductions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tsfs::tsfel::npcompat {

double variance(const Eigen::VectorXd& x) {
  // numpy/core/_methods.py _var: arrmean = umr_sum(x) / n; d = x - arrmean; sum(d * d) / n.
  const double average = mean(x);
  return mean(x.size(), [&](Eigen::Index i) {
    const double deviation = x[i] - average;
    return deviation * deviation;
  });
}

double numpy_sum(const double* x, Eigen::Index n) {
  return sum(n, [x](Eigen::Index i) { return x[i]; });
}

double numpy_var(const double* x, Eigen::Index n) {
  const double mean = numpy_mean(x, n);
  std::vector<double> squared(static_cast<size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    const double deviation = x[i] - mean;
    squared[static_cast<size_t>(i)] = deviation * deviation;
  }
  return numpy_mean(squared.data(), n);
}

Eigen::VectorXd numpy_linspace(double start, double stop, Eigen::Index num) {
  Eigen::VectorXd values(num);
  if (num == 0) return values;
  const Eigen::Index divisions = num - 1;
  const double delta = stop - start;
  if (divisions == 0) {
    values[0] = 0.0 * delta + start;
    return values;
  }
  const double step = delta / static_cast<double>(divisions);
  for (Eigen::Index i = 0; i < num; ++i) {
    const double index = static_cast<double>(i);
    values[i] =
        (step == 0.0 ? index / static_cast<double>(divisions) * delta : index * step) + start;
  }
  values[num - 1] = stop;
  return values;
}

double median_in_place(std::vector<double>& values) {
  // numpy/lib/function_base.py _median: partition around the middle, then np.mean of the middle
  // element (odd n) or of the two middle elements (even n): (0 + a + b) / 2.
  const size_t n = values.size();
  if (n == 0) return std::numeric_limits<double>::quiet_NaN();
  const size_t upper = n / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(upper),
                   values.end());
  const double upper_value = values[upper];
  if (n % 2 == 1) return upper_value;
  const double lower_value =
      *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(upper));
  return (0.0 + lower_value + upper_value) / 2.0;
}

double percentile_of_sorted(const std::vector<double>& ascending, double q) {
  // numpy/lib/function_base.py _quantile, method 'linear': virtual index (n - 1) * q, neighbours
  // floor and floor + 1 (clipped to the last element), gamma = index - floor, then _lerp:
  // a + (b - a) * gamma, or b - (b - a) * (1 - gamma) when gamma >= 0.5.
  const size_t n = ascending.size();
  if (n == 0) return std::numeric_limits<double>::quiet_NaN();
  const double virtual_index = static_cast<double>(n - 1) * q;
  const double previous = std::floor(virtual_index);
  const double gamma = virtual_index - previous;
  const auto below = std::min(static_cast<size_t>(previous), n - 1);
  const auto above = std::min(below + 1, n - 1);
  const double a = ascending[below];
  const double b = ascending[above];
  const double difference = b - a;
  if (gamma >= 0.5) return b - difference * (1.0 - gamma);
  return a + difference * gamma;
}

}  // namespace tsfs::tsfel::npcompat
