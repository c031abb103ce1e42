#pragma once
// DTW as the UCR archive's 1-NN baselines compute it, with the pieces a pruned nearest-neighbour
// search needs (Rakthanmanon et al., "Searching and mining trillions of time series subsequences
// under dynamic time warping", KDD 2012: the UCR Suite; Tan et al., "Efficient search of the best
// warping window for dynamic time warping", SDM 2018).
//
// The distance is the UCR Suite's: squared local cost (x - y)^2, each cell the cheapest of its
// three predecessors plus its local cost (dtw-python's symmetric1), Sakoe-Chiba band |a - b| <= W
// on the raw 0-based index grid, no square root (1-NN only compares). It is the same double as
// the `dtw` distance with step_pattern: symmetric1, local: squared and window: W (dtw_kernel.hpp
// runs the same IEEE operations per cell), which the tests check.
#include <cstddef>
#include <limits>
#include <vector>

#include "numerics/instruction_sets.hpp"

namespace tsfs::ucr {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The band of a window given as `percent` (0..100) of the series length: ceil(percent x length /
// 100), in exact integer arithmetic, as `dtw`'s window_ratio rounds. The archive's published
// learned windows need the ceiling: MoteStrain's 1% of 84 and TwoLeadECG's 4% of 82 give its
// error rates only as bands 1 and 4 (FastWWSearch's integer division, the floor, gives 0 and 3;
// tests/distance/ucr_baselines_test.cpp pins the 16 vendored datasets).
long long band_of_percent(int percent, long long length);

// A series without its padding.
struct SeriesView {
  const double* values = nullptr;
  int length = 0;
};

struct Warp {
  // The DTW distance; when `abandoned`, a lower bound of it instead: the cheapest cell of the
  // first two consecutive anti-diagonals whose every cell exceeded the threshold (every warping
  // path crosses one of them, and costs only grow along a path). +inf when no warping path fits
  // the band.
  double value = kInfinity;
  bool abandoned = false;
  long long cells = 0;  // cost-matrix cells computed
  // Unless abandoned: the largest |a - b| on an optimal warping path within the band, the smallest
  // such among optimal paths (0 when no path fits). The distance is the same double for every band
  // from it up to `band` (Tan et al. 2018): that path lies inside each of those bands, and a
  // narrower band never gives a smaller value.
  long long deviation = 0;
};

// Per-thread buffers, reused across calls.
struct WarpScratch {
  std::vector<double> cost, deviation;  // three anti-diagonals each (ucr_dtw.cpp)
  std::vector<double> query, reversed;  // the series, padded; the reference reversed
};

// DTW of query x (rows) against reference y (columns) within `band`, with its optimal path's
// deviation; abandoned as soon as every cell of two consecutive anti-diagonals exceeds
// `abandon_above` (kInfinity: never): every warping path crosses one of them. Vectorised along
// the anti-diagonals (ucr_dtw.cpp), the same doubles on every instruction set: AVX2's code where
// `isa` is AVX2 or AVX-512, SSE2's for SSE2; std::logic_error where the CPU cannot run `isa`.
Warp warp(SeriesView x, SeriesView y, long long band, double abandon_above, WarpScratch& scratch,
          Isa isa = best_isa());

// The envelope of y for `band` at query positions 0 .. positions - 1 (Keogh & Ratanamahatana,
// "Exact indexing of dynamic time warping", 2005): upper[i] and lower[i] are the largest and
// smallest y[j] with |i - j| <= band. Where no j of y is in reach (a query longer than y + band),
// upper is -inf and lower +inf, so every bound through it is +inf, as the distance is. Monotone
// deques (Lemire, "Faster retrieval with a two-pass dynamic-time-warping lower bound", 2009): O(n).
void envelope(SeriesView y, long long band, int positions, std::vector<double>& upper,
              std::vector<double>& lower);

// LB_Keogh: sum over the query's positions of the squared distance from x[i] to y's envelope,
// stopping (with the partial sum, already a bound) as soon as it exceeds `abandon_above`.
double lb_keogh(SeriesView x, const std::vector<double>& upper, const std::vector<double>& lower,
                double abandon_above);

// LB_Kim as the UCR Suite uses it for whole series: the first and the last cells lie on every
// warping path. (Its further terms assume z-normalised series and are left out.)
double lb_kim(SeriesView x, SeriesView y);

}  // namespace tsfs::ucr
