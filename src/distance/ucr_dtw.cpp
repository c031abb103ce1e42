#include "distance/ucr_dtw.hpp"

#include <algorithm>
#include <cstdlib>

namespace tsfs::ucr {
namespace {

double squared(double difference) {
  return difference * difference;
}

// One predecessor of a cell: its accumulated cost and the largest |a - b| on its path.
struct Step {
  double cost;
  long long deviation;
};

// The cheaper step; at equal cost the one whose path stays nearer the diagonal, so that the
// deviation of an optimal path is the smallest among optimal paths. The cost compares as the
// kernel's min(min(diagonal, up), left) does, so the value is the same double.
Step cheaper(Step a, Step b) {
  if (b.cost < a.cost || (b.cost == a.cost && b.deviation < a.deviation)) return b;
  return a;
}

}  // namespace

long long band_of_percent(int percent, long long length) {
  return (static_cast<long long>(percent) * length + 99) / 100;
}

Warp warp(SeriesView x, SeriesView y, long long band, double abandon_above, WarpScratch& scratch) {
  const long long n = x.length, m = y.length;
  Warp result;
  if (std::llabs(n - m) > band) return result;  // no warping path reaches the end cell
  // row[b + 1] = g[a, b]; row[0] = +inf stands for the column left of the matrix. Buffer a % 2
  // holds row a, the other row a - 1; cells outside a row's band are read only at high + 2,
  // which no earlier row of that buffer reached: still +inf.
  for (auto& row : scratch.cost) row.assign(static_cast<size_t>(m) + 1, kInfinity);
  for (long long a = 0; a < n; ++a) {
    const double* up = scratch.cost[(a + 1) % 2].data();
    double* row = scratch.cost[a % 2].data();
    const long long low = std::max(0LL, a - band);
    const long long high = std::min(m - 1, a + band);
    double left = a == 0 ? 0.0 : kInfinity;  // row 0 starts from an empty path of cost 0
    double row_minimum = kInfinity;
    const double value = x.values[a];
    for (long long b = low; b <= high; ++b) {
      // As the kernel: min(min(diagonal, up), left) + local, the same double.
      double best = std::min(up[b], up[b + 1]);
      best = std::min(best, left);
      left = best + squared(value - y.values[b]);
      row[b + 1] = left;
      row_minimum = std::min(row_minimum, left);
    }
    result.cells += high - low + 1;
    if (row_minimum > abandon_above) {
      result.value = row_minimum;
      result.abandoned = true;
      return result;
    }
  }
  result.value = scratch.cost[(n - 1) % 2][static_cast<size_t>(m)];
  return result;
}

long long path_deviation(SeriesView x, SeriesView y, long long band, WarpScratch& scratch) {
  const long long n = x.length, m = y.length;
  if (std::llabs(n - m) > band) return 0;
  for (int r = 0; r < 2; ++r) {
    scratch.cost[r].assign(static_cast<size_t>(m) + 1, kInfinity);
    scratch.deviation[r].assign(static_cast<size_t>(m) + 1, 0);
  }
  for (long long a = 0; a < n; ++a) {
    const double* up_cost = scratch.cost[(a + 1) % 2].data();
    const long long* up_deviation = scratch.deviation[(a + 1) % 2].data();
    double* cost = scratch.cost[a % 2].data();
    long long* deviation = scratch.deviation[a % 2].data();
    Step left{a == 0 ? 0.0 : kInfinity, 0};
    const double value = x.values[a];
    for (long long b = std::max(0LL, a - band); b <= std::min(m - 1, a + band); ++b) {
      Step best = cheaper({up_cost[b], up_deviation[b]}, {up_cost[b + 1], up_deviation[b + 1]});
      best = cheaper(best, left);
      left = {best.cost + squared(value - y.values[b]),
              std::max(best.deviation, std::llabs(a - b))};
      cost[b + 1] = left.cost;
      deviation[b + 1] = left.deviation;
    }
  }
  return scratch.deviation[(n - 1) % 2][static_cast<size_t>(m)];
}

void envelope(SeriesView y, long long band, int positions, std::vector<double>& upper,
              std::vector<double>& lower) {
  upper.assign(static_cast<size_t>(positions), -kInfinity);
  lower.assign(static_cast<size_t>(positions), kInfinity);
  // Indices of y in the window, their values decreasing (maxima) or increasing (minima) from the
  // front; each index enters and leaves once.
  std::vector<long long> maxima(static_cast<size_t>(y.length)), minima(maxima.size());
  size_t max_front = 0, max_back = 0, min_front = 0, min_back = 0;
  long long next = 0;
  for (long long i = 0; i < positions; ++i) {
    const long long high = std::min<long long>(y.length - 1, i + band);
    const long long low = std::max(0LL, i - band);
    for (; next <= high; ++next) {
      while (max_back > max_front && y.values[maxima[max_back - 1]] <= y.values[next]) --max_back;
      maxima[max_back++] = next;
      while (min_back > min_front && y.values[minima[min_back - 1]] >= y.values[next]) --min_back;
      minima[min_back++] = next;
    }
    while (max_front < max_back && maxima[max_front] < low) ++max_front;
    while (min_front < min_back && minima[min_front] < low) ++min_front;
    if (low > high || max_front == max_back) continue;  // nothing of y in reach
    upper[static_cast<size_t>(i)] = y.values[maxima[max_front]];
    lower[static_cast<size_t>(i)] = y.values[minima[min_front]];
  }
}

double lb_keogh(SeriesView x, const std::vector<double>& upper, const std::vector<double>& lower,
                double abandon_above) {
  double sum = 0.0;
  for (int i = 0; i < x.length; ++i) {
    const double value = x.values[i];
    if (value > upper[static_cast<size_t>(i)])
      sum += squared(value - upper[static_cast<size_t>(i)]);
    else if (value < lower[static_cast<size_t>(i)])
      sum += squared(lower[static_cast<size_t>(i)] - value);
    if (sum > abandon_above) return sum;
  }
  return sum;
}

double lb_kim(SeriesView x, SeriesView y) {
  const double first = squared(x.values[0] - y.values[0]);
  if (x.length == 1 && y.length == 1) return first;
  return first + squared(x.values[x.length - 1] - y.values[y.length - 1]);
}

}  // namespace tsfs::ucr
