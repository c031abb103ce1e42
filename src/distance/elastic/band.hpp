#pragma once
// aeon's Sakoe-Chiba band for the elastic distances (distance/elastic/), as per-row column ranges.
//
// Source: aeon 1.5 `create_bounding_matrix` (aeon/distances/elastic/_bounding_matrix.py), as
// described in tests/reference/elastic-distances/README.md ("Band"). For n <= m, with
// big = m + 1 and t = int(window * n) (window is a fraction of the SHORTER length, truncated):
// every step s = 0..big-1 opens column diag(s, m) on the rows max(0, r - t) .. min(n, r + t + 1) -
// 1 around r = diag(s, n), where diag(s, size) = floor((s * (1.0 / big)) * size). That is the
// diagonal interpolated from (0, 0) to (n - 1, m - 1), widened by t rows. For n > m the band is
// the transpose of the (m, n) band; for n = m it is |i - j| <= t. window = 1.0 exactly (aeon's
// None) means no band.
//
// diag() multiplies by the reciprocal 1.0 / big, as aeon's numba code compiled with fastmath
// does, rather than dividing s / big as its source reads: the two differ where s * size / big is
// (nearly) an integer, and the reciprocal is what aeon computes (README, "Band").
#include <vector>

namespace tsfs::elastic {

struct Band {
  int n = 0;  // rows: the values of x
  int m = 0;  // columns: the values of y
  // Cell (i, j) is inside when start[i] <= j < end[i]. Every row is non-empty, start and end
  // never decrease from one row to the next, and (0, 0) and (n - 1, m - 1) are inside.
  std::vector<int> start, end;

  long long cells() const;
};

// The whole n x m grid.
Band full_band(int n, int m);

// aeon's band for series of n and m values (n, m >= 1) and window in [0, 1].
Band sakoe_chiba_band(int n, int m, double window);

// Cells of sakoe_chiba_band(n, m, window), without building it twice (the work of one pair).
long long band_cells(int n, int m, double window);

}  // namespace tsfs::elastic
