// The batched DTW recursion (see dtw_kernel.hpp) with GCC vector extensions, instantiated per ISA
// in functions carrying a target attribute and dispatched at run time, so that the portable
// default build (no -march) still uses AVX2 / AVX-512 where the CPU has them.
//
// Per cell and lane, symmetric2 costs 6 vector operations (sub, abs or mul, fma for diagonal + 2 d,
// min(up, left), + d, min; 7 on SSE2 without FMA) and symmetric1 5. min(up + d, left + d) is
// computed as min(up, left) + d: rounding is monotonic, so both are the same double. The dependency
// along a row (left -> min -> + d -> min -> next left) is 3 operations long, so each batch runs
// kChains independent vectors (different queries) in lockstep to keep the SIMD ports busy.
#include "distance/dtw_kernel.hpp"

#include <algorithm>
#include <limits>

#include "common/interrupt.hpp"

namespace tsfs::dtw {
namespace {

constexpr int kChains = 4;

// Fused multiply-add. GCC contracts a * b + c into an FMA where the target has one (AVX2 + FMA,
// AVX-512), even in ISO C++ mode. The recursion allows it in exactly one place: diagonal + 2 d,
// where 2 d is exact, so fma(2, d, diagonal) is the same double as diagonal + 2 d. The squared
// local cost (x - y)^2 must be rounded before it is added (as in dtw-python and on SSE2), so under
// GCC it passes an empty asm statement that hides the multiplication from the contraction.
// Clang checks a "v" operand's size against the file's default target, not the function's target
// attribute, and refuses 32- and 64-byte vectors; a "+m" operand instead would force every cell
// through memory (40-60% slower). Under Clang, contraction is set to "on" for this file, which
// is ISO C's FP_CONTRACT: a * b + c is fused only within one expression, so diagonal + 2 d still
// becomes an FMA while (x - y)^2, a statement of its own, stays rounded.
#if defined(__clang__)
#pragma clang fp contract(on)
template <typename V>
[[gnu::always_inline]] inline void round_here(V&) {}
#else
template <typename V>
[[gnu::always_inline]] inline void round_here(V& value) {
  asm("" : "+v"(value));
}
#endif

typedef double Double2 __attribute__((vector_size(16)));
typedef double Double4 __attribute__((vector_size(32)));
typedef double Double8 __attribute__((vector_size(64)));

typedef long long Bits2 __attribute__((vector_size(16)));
typedef long long Bits4 __attribute__((vector_size(32)));
typedef long long Bits8 __attribute__((vector_size(64)));

// The integer vector of the same shape, for the sign mask of abs.
template <typename V>
struct BitsOf;
template <>
struct BitsOf<Double2> {
  using type = Bits2;
};
template <>
struct BitsOf<Double4> {
  using type = Bits4;
};
template <>
struct BitsOf<Double8> {
  using type = Bits8;
};

// One batch, all in one always-inlined body so that it is compiled for the ISA of the caller
// (no vector crosses a function boundary). Memory goes through __builtin_memcpy: unaligned and
// free of aliasing questions, it compiles to plain vector loads and stores.
// parallel_for checks for an interrupt between batches only, and a batch of long series takes a
// second or more: every 64th row checks (each row would cost short series a sizeable share).
template <typename V, StepPattern kPattern, LocalCost kLocal>
[[gnu::always_inline]] inline void sweep(const Batch& batch) {
  constexpr int kLanes = static_cast<int>(sizeof(V) / sizeof(double));
  constexpr int kWidth = kLanes * kChains;  // queries per batch
  constexpr double kInf = std::numeric_limits<double>::infinity();
  using Bits = typename BitsOf<V>::type;
  V infinity, zero;
  Bits magnitude_mask;  // clears the sign bit
  for (int lane = 0; lane < kLanes; ++lane) {
    infinity[lane] = kInf;
    zero[lane] = 0.0;
    magnitude_mask[lane] = 0x7fffffffffffffffLL;
  }

  V last_row[kChains], result[kChains];
  for (int c = 0; c < kChains; ++c) {
    __builtin_memcpy(&last_row[c], batch.last_rows + c * kLanes, sizeof(V));
    result[c] = infinity;
  }
  // The batch's fields in locals: the stores through __builtin_memcpy may alias anything, so
  // without them the compiler reloads batch.reference on every cell.
  const double* const reference = batch.reference;
  double* const row = batch.scratch;  // row[b * kWidth + lane] = g[a, b], updated in place
  std::fill(row, row + static_cast<size_t>(batch.columns) * kWidth, kInf);
  const long long last_column = batch.columns - 1;

  for (int a = 0; a < batch.rows; ++a) {
    if (a % 64 == 0) throw_if_interrupted();              // see above
    const long long low = std::max(0LL, a - batch.band);  // row a's band: |a - b| <= band
    const long long high = std::min(last_column, a + batch.band);
    V x[kChains], left[kChains], diagonal[kChains];
#pragma GCC unroll 8
    for (int c = 0; c < kChains; ++c) {
      __builtin_memcpy(&x[c],
                       batch.queries + static_cast<size_t>(a) * batch.query_stride + c * kLanes,
                       sizeof(V));
      // Row 0 starts from an empty path of cost 0 on the left, so g[0,0] = d[0,0]; other rows
      // have no left neighbour at `low`.
      left[c] = a == 0 ? zero : infinity;
      // g[a-1, low-1] is inside the previous row's band whenever low > 0.
      if (low > 0)
        __builtin_memcpy(&diagonal[c], row + (low - 1) * kWidth + c * kLanes, sizeof(V));
      else
        diagonal[c] = infinity;
    }
    // Columns past the previous row's band still hold +inf from the fill: the `up` predecessor
    // outside the band is skipped, as in dtw-python.
    for (long long b = low; b <= high; ++b) {
      const double y = reference[b];
      double* cell = row + b * kWidth;
#pragma GCC unroll 8
      for (int c = 0; c < kChains; ++c) {
        V up;
        __builtin_memcpy(&up, cell + c * kLanes, sizeof(V));
        V difference = x[c] - y;
        V local;
        if constexpr (kLocal == LocalCost::abs) {
          local = (V)((Bits)difference & magnitude_mask);
        } else {
          local = difference * difference;
          round_here(local);
        }
        V cost;
        if constexpr (kPattern == StepPattern::symmetric2) {
          V via_diagonal = diagonal[c] + 2.0 * local;  // one FMA where available
          V up_or_left = up < left[c] ? up : left[c];
          V via_side = up_or_left + local;
          cost = via_diagonal < via_side ? via_diagonal : via_side;
        } else {
          V best = diagonal[c] < up ? diagonal[c] : up;
          best = best < left[c] ? best : left[c];
          cost = best + local;
        }
        __builtin_memcpy(cell + c * kLanes, &cost, sizeof(V));
        diagonal[c] = up;
        left[c] = cost;
      }
    }
    // Lanes whose query ends on this row take their distance from the last column.
    if (high == last_column) {
      V here;
      for (int lane = 0; lane < kLanes; ++lane) here[lane] = static_cast<double>(a);
      for (int c = 0; c < kChains; ++c) {
        V end;
        __builtin_memcpy(&end, row + last_column * kWidth + c * kLanes, sizeof(V));
        result[c] = here == last_row[c] ? end : result[c];
      }
    }
  }
  for (int c = 0; c < kChains; ++c)
    __builtin_memcpy(batch.results + c * kLanes, &result[c], sizeof(V));
}

template <typename V>
[[gnu::always_inline]] inline void dispatch_pattern(const Batch& batch, StepPattern pattern,
                                                    LocalCost local) {
  if (pattern == StepPattern::symmetric2) {
    if (local == LocalCost::abs)
      sweep<V, StepPattern::symmetric2, LocalCost::abs>(batch);
    else
      sweep<V, StepPattern::symmetric2, LocalCost::squared>(batch);
  } else {
    if (local == LocalCost::abs)
      sweep<V, StepPattern::symmetric1, LocalCost::abs>(batch);
    else
      sweep<V, StepPattern::symmetric1, LocalCost::squared>(batch);
  }
}

__attribute__((target("avx512f"))) void run_avx512(const Batch& batch, StepPattern pattern,
                                                   LocalCost local) {
  dispatch_pattern<Double8>(batch, pattern, local);
}

__attribute__((target("avx2,fma"))) void run_avx2(const Batch& batch, StepPattern pattern,
                                                  LocalCost local) {
  dispatch_pattern<Double4>(batch, pattern, local);
}

void run_sse2(const Batch& batch, StepPattern pattern, LocalCost local) {
  dispatch_pattern<Double2>(batch, pattern, local);
}

}  // namespace

int batch_lanes(Isa isa) {
  switch (isa) {
    case Isa::sse2:
      return 2 * kChains;
    case Isa::avx2:
      return 4 * kChains;
    case Isa::avx512:
      return 8 * kChains;
  }
  return 0;
}

void run_batch(Isa isa, const Batch& batch, StepPattern pattern, LocalCost local) {
  switch (isa) {
    case Isa::sse2:
      run_sse2(batch, pattern, local);
      return;
    case Isa::avx2:
      run_avx2(batch, pattern, local);
      return;
    case Isa::avx512:
      run_avx512(batch, pattern, local);
      return;
  }
}

}  // namespace tsfs::dtw
