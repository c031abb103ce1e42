#include "distance/ucr_dtw.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace tsfs::ucr {
namespace {

double squared(double difference) {
  return difference * difference;
}

typedef double Double2 __attribute__((vector_size(16)));
typedef double Double4 __attribute__((vector_size(32)));

// The three predecessors of a vector of cells: their costs and their paths' deviations.
template <typename V>
struct Predecessors {
  V diagonal, up, left, diagonal_deviation, up_deviation, left_deviation;
};

// `best`: the cheapest predecessor's cost, min(min(diagonal, up), left); `path`: its path's
// deviation, at equal cost the smallest. (Results by reference: a vector returned by value across
// the target attribute's boundary changes the ABI, of which GCC warns.) Each select on one
// comparison: GCC 12 compiles == and && of vectors one lane at a time.
template <typename V>
[[gnu::always_inline]] inline void cheapest(const Predecessors<V>& from, V& best, V& path) {
  const V side = from.diagonal < from.up ? from.diagonal : from.up;
  const V smaller_deviation =
      from.up_deviation < from.diagonal_deviation ? from.up_deviation : from.diagonal_deviation;
  const V side_path = from.up < from.diagonal
                          ? from.up_deviation
                          : (from.diagonal < from.up ? from.diagonal_deviation : smaller_deviation);
  const V tied_path = from.left_deviation < side_path ? from.left_deviation : side_path;
  path = from.left < side ? from.left_deviation : (side < from.left ? side_path : tied_path);
  best = side < from.left ? side : from.left;
}

// The cost matrix is swept by anti-diagonals k = a + b: a cell depends on the two diagonals before
// its own, so every cell of a diagonal is computed at once, a row index a per SIMD lane. Row by
// row, each cell waits for its left neighbour (about 4 cycles a cell); here a vector of cells takes
// about as long as one cell did. Per cell it runs the recursion's operations: the cost is
// min(min(diagonal, up), left) + local, as the kernel computes it, the same double. The deviation
// of the path is that of the cheapest predecessor, at equal cost the smallest of theirs, so it is
// the smallest among optimal paths.
//
// Diagonal k holds the cells (a, k - a) with max(0, k - m + 1, ceil((k - band) / 2)) <= a <=
// min(n - 1, k, floor((k + band) / 2)). Buffer slot k % 3 keeps diagonal k at index a + 2; every
// pass writes a - 1 and a + 1 around its cells too, as +inf, which is all the next two diagonals
// read outside them (the bounds move by at most 1 a diagonal). A warping path moves from diagonal
// k to k + 1 or k + 2, so it crosses one of every two consecutive diagonals: their cheapest cell
// bounds the distance from below (costs only grow along a path), and the computation is abandoned
// once that exceeds the threshold.
template <typename V>
[[gnu::always_inline]] inline Warp warp_by_diagonals(SeriesView x, SeriesView y, long long band,
                                                     double abandon_above, WarpScratch& scratch) {
  constexpr int kLanes = static_cast<int>(sizeof(V) / sizeof(double));
  const long long n = x.length, m = y.length;
  Warp result;
  const auto width = static_cast<size_t>(n + kLanes + 3);
  scratch.cost.assign(3 * width, kInfinity);
  scratch.deviation.assign(3 * width, 0.0);
  // query[a + 2] = x[a]; reversed[j + 2] = y[m - 1 - j], so that y[k - a] = reversed[m + 1 - k + a]
  // runs forwards with a. Zeros around them, for lanes past a diagonal's ends (masked).
  scratch.query.assign(width, 0.0);
  scratch.reversed.assign(static_cast<size_t>(m + kLanes + 3), 0.0);
  std::copy(x.values, x.values + n, scratch.query.begin() + 2);
  std::reverse_copy(y.values, y.values + m, scratch.reversed.begin() + 2);
  // Diagonal -2 holds the empty path's cost 0 at a = -1, so that g[0,0] = 0 + d[0,0].
  scratch.cost[((-2 + 3) % 3) * width + 1] = 0.0;
  V lane_offset, infinity;
  for (int lane = 0; lane < kLanes; ++lane) {
    lane_offset[lane] = lane;
    infinity[lane] = kInfinity;
  }
  double previous_minimum = kInfinity;
  for (long long k = 0; k <= n + m - 2; ++k) {
    const long long low = std::max({0LL, k - m + 1, k > band ? (k - band + 1) / 2 : 0LL});
    const long long high = std::min({n - 1, k, (k + band) / 2});
    double* cost = scratch.cost.data() + static_cast<size_t>(k % 3) * width;
    double* deviation = scratch.deviation.data() + static_cast<size_t>(k % 3) * width;
    const double* before = scratch.cost.data() + static_cast<size_t>((k + 2) % 3) * width;
    const double* before_deviation =
        scratch.deviation.data() + static_cast<size_t>((k + 2) % 3) * width;
    const double* two_before = scratch.cost.data() + static_cast<size_t>((k + 1) % 3) * width;
    const double* two_before_deviation =
        scratch.deviation.data() + static_cast<size_t>((k + 1) % 3) * width;
    const long long reference = m - 1 - k;  // reversed[reference + a + 2] = y[k - a]
    V minimum = infinity;
    for (long long a = low - 1; a <= high + 1; a += kLanes) {
      const auto i = static_cast<size_t>(a + 2);
      Predecessors<V> from;
      __builtin_memcpy(&from.up, before + i - 1, sizeof(V));  // g[a - 1, b]
      __builtin_memcpy(&from.left, before + i, sizeof(V));    // g[a, b - 1]
      __builtin_memcpy(&from.diagonal, two_before + i - 1, sizeof(V));
      __builtin_memcpy(&from.up_deviation, before_deviation + i - 1, sizeof(V));
      __builtin_memcpy(&from.left_deviation, before_deviation + i, sizeof(V));
      __builtin_memcpy(&from.diagonal_deviation, two_before_deviation + i - 1, sizeof(V));
      V query, column, best, path;
      __builtin_memcpy(&query, scratch.query.data() + i, sizeof(V));
      __builtin_memcpy(&column, scratch.reversed.data() + (reference + a + 2), sizeof(V));
      cheapest(from, best, path);
      const V row = static_cast<double>(a) + lane_offset;
      V offset = 2.0 * row - static_cast<double>(k);  // a - b
      offset = offset < 0.0 ? -offset : offset;
      V difference = query - column;
      const V local = difference * difference;  // rounded: no contraction in this file
      V here = best + local;
      here = row < static_cast<double>(low) ? infinity : here;
      here = row > static_cast<double>(high) ? infinity : here;
      path = path < offset ? offset : path;
      __builtin_memcpy(cost + i, &here, sizeof(V));
      __builtin_memcpy(deviation + i, &path, sizeof(V));
      minimum = here < minimum ? here : minimum;
    }
    double diagonal_minimum = kInfinity;
    for (int lane = 0; lane < kLanes; ++lane)
      diagonal_minimum = std::min(diagonal_minimum, minimum[lane]);
    result.cells += std::max(0LL, high - low + 1);
    const double bound = std::min(diagonal_minimum, previous_minimum);
    if (bound > abandon_above) {
      result.value = bound;
      result.abandoned = true;
      return result;
    }
    previous_minimum = diagonal_minimum;
  }
  const auto end = static_cast<size_t>((n + m - 2) % 3) * width + static_cast<size_t>(n + 1);
  result.value = scratch.cost[end];
  result.deviation = static_cast<long long>(scratch.deviation[end]);
  return result;
}

// No AVX-512 variant: GCC 12 compiles its selects between vectors one lane at a time (about three
// times slower than AVX2 on these loops), and the Zen 4 cores we measure on split 512-bit
// operations in two halves anyway.
__attribute__((target("avx2"))) Warp warp_avx2(SeriesView x, SeriesView y, long long band,
                                               double abandon_above, WarpScratch& scratch) {
  return warp_by_diagonals<Double4>(x, y, band, abandon_above, scratch);
}

Warp warp_sse2(SeriesView x, SeriesView y, long long band, double abandon_above,
               WarpScratch& scratch) {
  return warp_by_diagonals<Double2>(x, y, band, abandon_above, scratch);
}

}  // namespace

long long band_of_percent(int percent, long long length) {
  return (static_cast<long long>(percent) * length + 99) / 100;
}

Warp warp(SeriesView x, SeriesView y, long long band, double abandon_above, WarpScratch& scratch,
          Isa isa) {
  if (!isa_supported(isa))
    throw std::logic_error(fmt::format("this CPU cannot run the {} DTW", isa_name(isa)));
  if (std::llabs(x.length - y.length) > band) return {};  // no warping path reaches the end cell
  return isa == Isa::sse2 ? warp_sse2(x, y, band, abandon_above, scratch)
                          : warp_avx2(x, y, band, abandon_above, scratch);
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
