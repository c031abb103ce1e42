// aeon's Sakoe-Chiba band (see band.hpp), built in O(n + m) from the monotone diagonal.
#include "distance/elastic/band.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tsfs::elastic {
namespace {

// floor((s * (1.0 / big)) * size): aeon's compiled diagonal index (README "Band", convention
// `aeon`). Evaluated in this order, without contraction (no FMA is involved: two products).
int diagonal_index(int s, double reciprocal, int size) {
  return static_cast<int>(std::floor((static_cast<double>(s) * reciprocal) * size));
}

// The band for n <= m, rows over the shorter series.
Band band_short_rows(int n, int m, double window) {
  Band band;
  band.n = n;
  band.m = m;
  band.start.assign(static_cast<size_t>(n), 0);
  band.end.assign(static_cast<size_t>(n), 0);
  const int big = m + 1;
  const double reciprocal = 1.0 / static_cast<double>(big);
  // int(window * n) in Python truncates the double product (0.29 x 100 gives 28).
  const int t = static_cast<int>(window * static_cast<double>(n));
  std::vector<int> row(static_cast<size_t>(big)), column(static_cast<size_t>(big));
  for (int s = 0; s < big; ++s) {
    row[static_cast<size_t>(s)] = diagonal_index(s, reciprocal, n);
    column[static_cast<size_t>(s)] = diagonal_index(s, reciprocal, m);
  }
  // Step s opens its column on rows [row - t, row + t] (clipped). Both ends grow with s, so a
  // row's first column comes from the first step reaching it from above, its last column from
  // the last step whose lower end is still at or below it.
  int covered = 0;  // rows [0, covered) have their start
  for (int s = 0; s < big && covered < n; ++s) {
    const int high = std::min(n - 1, row[static_cast<size_t>(s)] + t);
    for (; covered <= high; ++covered)
      band.start[static_cast<size_t>(covered)] = column[static_cast<size_t>(s)];
  }
  int open = n;  // rows [open, n) have their end
  for (int s = big - 1; s >= 0 && open > 0; --s) {
    const int low = std::max(0, row[static_cast<size_t>(s)] - t);
    for (; open > low; --open)
      band.end[static_cast<size_t>(open - 1)] = column[static_cast<size_t>(s)] + 1;
  }
  if (covered != n || open != 0) throw std::logic_error("aeon band leaves a row empty");
  return band;
}

}  // namespace

long long Band::cells() const {
  long long total = 0;
  for (size_t i = 0; i < start.size(); ++i) total += end[i] - start[i];
  return total;
}

Band full_band(int n, int m) {
  Band band;
  band.n = n;
  band.m = m;
  band.start.assign(static_cast<size_t>(n), 0);
  band.end.assign(static_cast<size_t>(n), m);
  return band;
}

Band sakoe_chiba_band(int n, int m, double window) {
  if (n < 1 || m < 1) throw std::logic_error("a band needs series of at least one value");
  if (window == 1.0) return full_band(n, m);
  if (!(window >= 0.0 && window <= 1.0)) throw std::logic_error("window must be in [0, 1]");
  if (n <= m) return band_short_rows(n, m, window);
  // Transpose of the (m, n) band: row i of x covers the columns j whose (transposed) row range
  // [start_j, end_j) contains i. Both ends grow with j, so two pointers suffice.
  const Band transposed = band_short_rows(m, n, window);
  Band band;
  band.n = n;
  band.m = m;
  band.start.assign(static_cast<size_t>(n), 0);
  band.end.assign(static_cast<size_t>(n), 0);
  int j = 0;
  for (int i = 0; i < n; ++i) {
    while (transposed.end[static_cast<size_t>(j)] <= i) ++j;
    band.start[static_cast<size_t>(i)] = j;
  }
  j = m - 1;
  for (int i = n - 1; i >= 0; --i) {
    while (transposed.start[static_cast<size_t>(j)] > i) --j;
    band.end[static_cast<size_t>(i)] = j + 1;
  }
  return band;
}

long long band_cells(int n, int m, double window) {
  return sakoe_chiba_band(n, m, window).cells();
}

}  // namespace tsfs::elastic
