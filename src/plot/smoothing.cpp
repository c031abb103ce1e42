// Curve smoothing for the line plot: see smoothing.hpp.
#include "plot/smoothing.hpp"

#include <algorithm>
#include <cmath>

namespace tsfs::smoothing {
namespace {

double mean_of(const std::vector<double>& values, size_t first, size_t last) {
  double sum = 0.0;
  for (size_t j = first; j <= last; ++j) sum += values[j];
  return sum / static_cast<double>(last - first + 1);
}

}  // namespace

std::vector<double> moving_average(const std::vector<double>& values, long long window) {
  if (window <= 1 || values.empty()) return values;
  std::vector<double> smoothed(values.size());
  const auto size = static_cast<long long>(values.size());
  const long long before = window / 2, after = (window - 1) / 2;
  for (long long i = 0; i < size; ++i) {
    const long long first = std::max(0LL, i - before);
    const long long last = std::min(size - 1, i + after);
    smoothed[static_cast<size_t>(i)] =
        mean_of(values, static_cast<size_t>(first), static_cast<size_t>(last));
  }
  return smoothed;
}

std::vector<double> width_average(const std::vector<double>& xs, const std::vector<double>& values,
                                  double width, bool log_x) {
  if (!(width > 0.0) || values.empty()) return values;
  std::vector<double> positions(xs.size());
  std::transform(xs.begin(), xs.end(), positions.begin(),
                 [log_x](double x) { return log_x ? std::log10(x) : x; });
  // A relative slack so that grid points exactly width / 2 away (up to rounding of the
  // logarithms) are counted on both sides.
  const double half = width / 2.0 * (1.0 + 1e-9);
  std::vector<double> smoothed(values.size());
  size_t first = 0, last = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    while (positions[i] - positions[first] > half) ++first;
    last = std::max(last, i);
    while (last + 1 < values.size() && positions[last + 1] - positions[i] <= half) ++last;
    smoothed[i] = mean_of(values, first, last);
  }
  return smoothed;
}

}  // namespace tsfs::smoothing
