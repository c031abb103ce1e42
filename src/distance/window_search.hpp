#pragma once
// Exact nearest neighbours under the UCR archive's DTW (ucr_dtw.hpp) for many Sakoe-Chiba bands
// at once, and the archive's learned window: the band, 0 to 100% of the length in 1% steps, with
// the fewest leave-one-out 1-NN errors on the training rows, ties to the smallest percentage
// (Dau et al., "The UCR time series archive", 2019).
//
// The search (Tan et al., "Efficient search of the best warping window for dynamic time warping",
// SDM 2018, with the UCR Suite's lower bounds and early abandoning, Rakthanmanon et al. 2012)
// visits the bands from the widest down. It relies on two facts about DTW, which hold for the
// computed doubles too (a wider band adds candidates to every cell's minimum, and rounding is
// monotonic): a narrower band never gives a smaller distance, and a distance whose optimal path
// deviates at most d from the diagonal is the same double for every band from d up. So for each
// query:
//  - when the previous band's nearest neighbour keeps its distance (band >= its path's deviation),
//    it stays the nearest neighbour: every other distance can only have grown (and a tie with an
//    earlier reference would already have won at the wider band); nothing is computed;
//  - otherwise the search starts from that neighbour's exact distance and visits the others by
//    their lower bound: a distance already exact for this band, the value or abandoned lower
//    bound of a wider band, LB_Kim, LB_Keogh, then DTW abandoned as soon as two consecutive
//    anti-diagonals exceed the best so far (ucr_dtw.hpp).
//  - a distance computed in full by ucr::warp is exact down to its path's deviation: a later band
//    reuses it.
// Bounds not computed by the DTW recursion itself (LB_Kim, LB_Keogh) prune only when they exceed
// the best distance by more than their possible rounding error (a relative 4 L 2^-52 for series of
// length L), so the neighbours are those of the brute-force search, ties included: the smallest
// distance, then the first reference in the given order.
#include <vector>

#include "data/dataset.hpp"

namespace tsfs {

struct WindowSearchStats {
  long long pairs = 0;          // (band, query, reference) comparisons of a brute-force search
  long long kept = 0;           // of these, answered by a nearest neighbour that kept its distance
  long long reused = 0;         // exact distances carried over from a wider band
  long long pruned_keogh = 0;   // pruned by LB_Keogh (after the cheaper bounds)
  long long dtw_full = 0;       // DTW computed to the end
  long long dtw_abandoned = 0;  // DTW abandoned early
  long long cells = 0;          // DTW cost-matrix cells computed
  // The cells a brute-force search computes (each pair among the references once when every
  // reference is a query: DTW is symmetric).
  long long brute_cells = 0;
  WindowSearchStats& operator+=(const WindowSearchStats& other);
  // The share of the pairs answered without a DTW computation.
  double pruning_rate() const;
};

struct NeighbourTable {
  std::vector<long long> bands;  // as given
  // neighbour[k][q]: the position in reference_rows of query q's nearest neighbour under bands[k]
  // (-1 when the query has no reference), distance[k][q] its distance.
  std::vector<std::vector<int>> neighbour;
  std::vector<std::vector<double>> distance;
  WindowSearchStats stats;
};

// The nearest neighbour of every query row among the reference rows (rows of `data`), for every
// band. With `leave_out_self`, a query is not compared with the reference of the same row
// (leave-one-out). Parallel over the queries; the table is the same for any thread count.
NeighbourTable nearest_neighbours_by_band(const Dataset& data, const std::vector<int>& query_rows,
                                          const std::vector<int>& reference_rows,
                                          const std::vector<long long>& bands, bool leave_out_self,
                                          int threads);

// The windows 0..100% of `length` as bands (ucr::band_of_percent).
std::vector<long long> percent_bands(long long length);

struct WindowChoice {
  int percent = 0;
  long long band = 0;
  std::vector<long long> errors;  // leave-one-out 1-NN errors for each percent 0..100
  WindowSearchStats stats;
};

// The learned window of the training rows: leave-one-out 1-NN errors for every percent of the
// dataset's longest series length, the smallest percent with the fewest errors.
WindowChoice learn_window(const Dataset& data, const std::vector<int>& train_rows, int threads);

}  // namespace tsfs
