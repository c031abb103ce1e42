#pragma once
// The DTW inner loop: one reference series against a batch of query series at once, one query per
// SIMD lane (structure of arrays), with a single cost row per batch. Compiled for SSE2, AVX2 and
// AVX-512 and chosen at run time; every ISA gives bit-identical results (the same IEEE operations
// in the same order per lane, no fused multiply-add).
//
// Recursion (dtw-python 1.3 / R dtw, Giorgino 2009; Sakoe & Chiba 1978), on 0-based indices, query
// index a (rows), reference index b (columns), local cost d = |x[a] - y[b]| or (x[a] - y[b])^2:
//   g[0,0] = d[0,0]                                   (the first cell counts once, even symmetric2)
//   symmetric2: g[a,b] = min(g[a-1,b-1] + 2 d[a,b], g[a-1,b] + d[a,b], g[a,b-1] + d[a,b])
//   symmetric1: g[a,b] = min(g[a-1,b-1], g[a-1,b], g[a,b-1]) + d[a,b]
// Predecessors outside the matrix or outside the Sakoe-Chiba band |a - b| <= band are skipped (they
// count as +inf). The distance of a query of n values is g[n-1, columns-1].
#include <cstddef>

#include "numerics/instruction_sets.hpp"

namespace tsfs::dtw {

enum class StepPattern { symmetric2, symmetric1 };
enum class LocalCost { abs, squared };
using tsfs::Isa;

// The band half-width meaning "no band": wider than any series.
constexpr long long kNoBand = 1LL << 40;

struct Batch {
  // Value a of lane p's query: queries[a * query_stride + p], for a < rows and p < lanes. Lanes
  // whose query is shorter than `rows` need finite filler values after their end (they are
  // computed but never read).
  const double* queries = nullptr;
  size_t query_stride = 0;
  // Per lane (`lanes` entries): the index of the query's last value, as a double.
  const double* last_rows = nullptr;
  int rows = 0;  // rows to compute: the largest last row + 1
  const double* reference = nullptr;
  int columns = 0;
  long long band = kNoBand;   // Sakoe-Chiba half-width on the raw index grid
  double* scratch = nullptr;  // columns * lanes doubles, any content
  // Per lane: g[last_row, columns - 1], or +inf when that cell lies outside the band.
  double* results = nullptr;
};

// The instruction sets (numerics/instruction_sets.hpp), as the DTW callers name them.
using tsfs::best_isa;
using tsfs::isa_name;
using tsfs::isa_supported;

// Queries per batch for `isa` (SIMD lanes x independent dependency chains).
int batch_lanes(Isa isa);

// Fills batch.results; `isa` must be supported.
void run_batch(Isa isa, const Batch& batch, StepPattern pattern, LocalCost local);

}  // namespace tsfs::dtw
