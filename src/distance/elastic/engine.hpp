#pragma once
// The engine shared by the elastic distances of aeon (ddtw, wdtw, wddtw, lcss, edr, erp, msm,
// twe, adtw, shape_dtw): one in-place band sweep (sweep() below) that every distance feeds with a
// small "rule" describing its recurrence, instantiated once for one pair (T = double) and once
// for a batch of pairs, one per SIMD lane (T = a GCC vector of doubles), plus the descriptor the
// generic matrix driver (matrix.hpp) runs. A distance is one file: its rule, its kernels
// (TSFS_ELASTIC_KERNELS) and its registration (registration.hpp).
//
// The dynamic programme. x has n values (rows i), y has m values (columns j). D is the
// (n + 1) x (m + 1) accumulated-cost array of aeon's kernels: D[0][0] = corner(), D[0][j] = top(j)
// for j >= 1, D[i + 1][0] = left_border(i) where (i, 0) is in the band, every other cell init().
// Only cells (i, j) inside the band (band.hpp) are computed:
//   D[i + 1][j + 1] = cell(i, j, diag = D[i][j], up = D[i][j + 1], left = D[i + 1][j])
// and the distance is finish(D[n][m]). (MSM's n x m array is D shifted by one, with D[0][0] = 0
// so that its first cell is 0 + |x_0 - y_0|.) The sweep keeps one row of m + 1 values per lane and
// updates it in place; because band rows start and end monotonically, cells left of a row's band
// are never read again, and cells right of it still hold init() (the border row is reset past
// row 0's band once).
//
// Unequal lengths. aeon's band depends on both lengths, so the lanes of a batch normally share
// n; under the full band (window 1) the rows do not depend on n, and the distances marked
// mixed_lengths batch queries of different lengths, each lane read off its own last row.
//
// Speed. The left neighbour is the only predecessor on the dependency chain along a row, so the
// rules take it last into their minimum: min(min(up, diagonal), left) is the same double as aeon's
// min(up, left, diagonal) (no NaN, and no -0 among sums of non-negative costs), one operation
// shorter on the chain.
//
// Exactness. The rules evaluate aeon's expressions in aeon's order, strictly left to right, with
// IEEE operations only (no fused multiply-add: this code is compiled for the x86-64 baseline and
// for AVX2 without the FMA extension, so GCC cannot contract a * b + c), so each lane of a batch
// gives the same double as the one-pair instantiation. Absolute values are |d| where aeon writes
// sqrt(d * d); the two are the same double unless d * d under- or overflows (|d| < 1.5e-154 or
// > 1.3e154).
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/interrupt.hpp"
#include "distance/elastic/band.hpp"

// GCC warns that passing 64- and 128-byte vectors by value has had different ABIs (-Wpsabi). The
// functions here and in the rules that take or return vectors are always inlined into one kernel
// per instruction set, so no call crosses such an ABI boundary; only files that include this
// header (the elastic distances) are affected.
#pragma GCC diagnostic ignored "-Wpsabi"

// The rules' member functions: always inlined into the kernel of each instruction set.
#define TSFS_INLINE [[gnu::always_inline]]

namespace tsfs::elastic {

// All parameters of all elastic distances (each reads its own; the registration fills them).
struct Params {
  double window = 1.0;             // Sakoe-Chiba band, fraction of the shorter length
  double g = 0.0;                  // wdtw/wddtw: weight curvature; erp: gap reference value
  std::optional<double> epsilon;   // lcss, edr: match threshold (edr: nullopt = aeon's default)
  double c = 1.0;                  // msm: split/merge cost
  bool independent = true;         // msm: |x - y| (true) or squared differences (false)
  double nu = 0.001, lmbda = 1.0;  // twe: stiffness and deletion penalty
  double warp_penalty = 1.0;       // adtw: penalty of a non-diagonal step
  int reach = 15;                  // shape_dtw: half-width of the identity descriptor
};

// The instruction sets of the batch kernels; `none` runs every pair on its own (T = double).
enum class Simd { none, sse2, avx2 };
bool simd_supported(Simd simd);
Simd best_simd();
const char* simd_name(Simd simd);
int simd_lanes(Simd simd);  // pairs per batch (0 for none)

// One pair or one batch. Value i of lane p of x: x[i * x_stride + p] (one pair: x_stride = 1,
// lane 0). All lanes of a batch have n values; y is shared.
struct Input {
  const double* x = nullptr;
  size_t x_stride = 1;
  int n = 0;
  const double* x_scale = nullptr;  // per lane: population std of x (edr only, else unused)
  // Per lane: its own number of values, as a double, when the lanes of a batch differ in length
  // (only under the full band, whose rows do not depend on n): n is then the longest, at most m
  // (the matrix puts the shorter series of a pair in the lanes), the values past a lane's end are
  // finite filler, and its distance is read off its own last row. nullptr: every lane has n.
  const double* x_length = nullptr;
  const double* y = nullptr;
  int m = 0;
  double y_scale = 0.0;
};

using PairKernel = double (*)(const Params&, const Input&, const Band&);
// Writes one distance per lane to results.
using BatchKernel = void (*)(const Params&, const Input&, const Band&, double* results);

// What the matrix driver needs to know about one distance.
struct Distance {
  std::string name;
  // ddtw, wddtw: the distance compares aeon's derivative (average of slopes, derivative() below)
  // of each series, which drops its first and last values.
  bool derivative = false;
  int min_length = 1;        // shortest series (before the derivative) it accepts
  bool needs_scale = false;  // fills Input::x_scale / y_scale (edr's default epsilon)
  // Its batch kernel accepts lanes of different lengths under the full band (Input::x_length).
  bool mixed_lengths = false;
  PairKernel pair = nullptr;
  BatchKernel batch_sse2 = nullptr;  // nullptr: no batch kernel, pairs run one by one
  BatchKernel batch_avx2 = nullptr;
};

// aeon's average_of_slope (Keogh & Pazzani 2001, "Derivative dynamic time warping"):
// x'_k = ((x_k - x_{k-1}) + (x_{k+1} - x_{k-1}) / 2) / 2 for k = 1..n-2, n - 2 values.
std::vector<double> derivative(const double* x, int n);

// NumPy's np.std(x) (ddof 0): mean and sum of squared deviations by NumPy's pairwise summation
// (numpy/core/src/umath/loops_utils.h.src, pairwise_sum: 8 accumulators, blocks of 128), so that
// edr's default epsilon max(std(x), std(y)) / 4 is the double aeon's reference computes.
double numpy_std(const double* x, int n);

// The distance between two series (the one-pair kernel, with its band and scales).
double pair_distance(const Distance& distance, const Params& params, const std::vector<double>& x,
                     const std::vector<double>& y);

// ---------------------------------------------------------------------------------------------
// The generic sweep and its helpers, instantiated by the distances' files.

namespace simd {

typedef double Double2 __attribute__((vector_size(16)));  // one SSE2 register
typedef double Double4 __attribute__((vector_size(32)));  // one AVX2 register
typedef long long Bits2 __attribute__((vector_size(16)));
typedef long long Bits4 __attribute__((vector_size(32)));

// Four native vectors side by side: four independent dependency chains per instruction, so that
// the recursion's chain along a row (left -> min -> + -> min -> next left) does not leave the
// SIMD ports idle. (One GCC vector four times wider would do the same on paper, but GCC
// scalarises its conditional expressions; and named members, unlike an array, stay in
// registers.) Every operation applies to the four vectors one by one.
template <typename V, typename B>
struct Pack {
  V v0, v1, v2, v3;
};
template <typename B>
struct MaskPack {
  B v0, v1, v2, v3;
};

#define TSFS_EACH(statement) \
  statement(v0);             \
  statement(v1);             \
  statement(v2);             \
  statement(v3)
// The same with each member's position (0..3).
#define TSFS_EACH_AT(statement) \
  statement(v0, 0);             \
  statement(v1, 1);             \
  statement(v2, 2);             \
  statement(v3, 3)

using Sse2Pack = Pack<Double2, Bits2>;  // 8 lanes
using Avx2Pack = Pack<Double4, Bits4>;  // 16 lanes

template <typename T>
struct Traits;
template <>
struct Traits<double> {
  static constexpr int lanes = 1;
};
template <typename V, typename B>
struct Traits<Pack<V, B>> {
  static constexpr int per_vector = static_cast<int>(sizeof(V) / sizeof(double));
  static constexpr int lanes = 4 * per_vector;
};

#define TSFS_PACK_ARITHMETIC(op)                                                                   \
  template <typename V, typename B>                                                                \
  [[gnu::always_inline]] inline Pack<V, B> operator op(const Pack<V, B>& a, const Pack<V, B>& b) { \
    Pack<V, B> r;                                                                                  \
    r.v0 = a.v0 op b.v0;                                                                           \
    r.v1 = a.v1 op b.v1;                                                                           \
    r.v2 = a.v2 op b.v2;                                                                           \
    r.v3 = a.v3 op b.v3;                                                                           \
    return r;                                                                                      \
  }                                                                                                \
  template <typename V, typename B>                                                                \
  [[gnu::always_inline]] inline Pack<V, B> operator op(const Pack<V, B>& a, double b) {            \
    Pack<V, B> r;                                                                                  \
    r.v0 = a.v0 op b;                                                                              \
    r.v1 = a.v1 op b;                                                                              \
    r.v2 = a.v2 op b;                                                                              \
    r.v3 = a.v3 op b;                                                                              \
    return r;                                                                                      \
  }                                                                                                \
  template <typename V, typename B>                                                                \
  [[gnu::always_inline]] inline Pack<V, B> operator op(double a, const Pack<V, B>& b) {            \
    Pack<V, B> r;                                                                                  \
    r.v0 = a op b.v0;                                                                              \
    r.v1 = a op b.v1;                                                                              \
    r.v2 = a op b.v2;                                                                              \
    r.v3 = a op b.v3;                                                                              \
    return r;                                                                                      \
  }
TSFS_PACK_ARITHMETIC(+)
TSFS_PACK_ARITHMETIC(-)
TSFS_PACK_ARITHMETIC(*)
TSFS_PACK_ARITHMETIC(/)
#undef TSFS_PACK_ARITHMETIC

template <typename V, typename B>
[[gnu::always_inline]] inline Pack<V, B>& operator+=(Pack<V, B>& a, const Pack<V, B>& b) {
  a = a + b;
  return a;
}

#define TSFS_PACK_COMPARISON(op)                                                         \
  template <typename V, typename B>                                                      \
  [[gnu::always_inline]] inline MaskPack<B> operator op(const Pack<V, B>& a,             \
                                                        const Pack<V, B>& b) {           \
    MaskPack<B> r;                                                                       \
    r.v0 = a.v0 op b.v0;                                                                 \
    r.v1 = a.v1 op b.v1;                                                                 \
    r.v2 = a.v2 op b.v2;                                                                 \
    r.v3 = a.v3 op b.v3;                                                                 \
    return r;                                                                            \
  }                                                                                      \
  template <typename V, typename B>                                                      \
  [[gnu::always_inline]] inline MaskPack<B> operator op(const Pack<V, B>& a, double b) { \
    MaskPack<B> r;                                                                       \
    r.v0 = a.v0 op b;                                                                    \
    r.v1 = a.v1 op b;                                                                    \
    r.v2 = a.v2 op b;                                                                    \
    r.v3 = a.v3 op b;                                                                    \
    return r;                                                                            \
  }
TSFS_PACK_COMPARISON(<)
TSFS_PACK_COMPARISON(<=)
TSFS_PACK_COMPARISON(>)
TSFS_PACK_COMPARISON(>=)
TSFS_PACK_COMPARISON(==)
#undef TSFS_PACK_COMPARISON

#define TSFS_MASK_LOGIC(op)                                                     \
  template <typename B>                                                         \
  [[gnu::always_inline]] inline MaskPack<B> operator op(const MaskPack<B>& a,   \
                                                        const MaskPack<B>& b) { \
    MaskPack<B> r;                                                              \
    r.v0 = a.v0 op b.v0;                                                        \
    r.v1 = a.v1 op b.v1;                                                        \
    r.v2 = a.v2 op b.v2;                                                        \
    r.v3 = a.v3 op b.v3;                                                        \
    return r;                                                                   \
  }
TSFS_MASK_LOGIC(&)
TSFS_MASK_LOGIC(|)
#undef TSFS_MASK_LOGIC

constexpr double kInf = std::numeric_limits<double>::infinity();

template <typename T>
[[gnu::always_inline]] inline T splat(double value) {
  if constexpr (std::is_same_v<T, double>) {
    return value;
  } else {
    decltype(T{}.v0) vector;
    for (int lane = 0; lane < Traits<T>::per_vector; ++lane) vector[lane] = value;
    return T{vector, vector, vector, vector};
  }
}

// Unaligned loads and stores, one native vector at a time.
template <typename T>
[[gnu::always_inline]] inline T load(const double* address) {
  if constexpr (std::is_same_v<T, double>) {
    return *address;
  } else {
    constexpr int kStep = Traits<T>::per_vector;
    T value;
#define TSFS_LOAD(member, at) \
  __builtin_memcpy(&value.member, address + (at)*kStep, sizeof(value.member))
    TSFS_EACH_AT(TSFS_LOAD);
#undef TSFS_LOAD
    return value;
  }
}

template <typename T>
[[gnu::always_inline]] inline void store(double* address, const T& value) {
  if constexpr (std::is_same_v<T, double>) {
    *address = value;
  } else {
    constexpr int kStep = Traits<T>::per_vector;
#define TSFS_STORE(member, at) \
  __builtin_memcpy(address + (at)*kStep, &value.member, sizeof(value.member))
    TSFS_EACH_AT(TSFS_STORE);
#undef TSFS_STORE
  }
}

// |v|: clears the sign bit (what fabs does), lane by lane.
[[gnu::always_inline]] inline double magnitude(double value) {
  return std::fabs(value);
}
template <typename V, typename B>
[[gnu::always_inline]] inline Pack<V, B> magnitude(const Pack<V, B>& value) {
  B mask;
  for (size_t lane = 0; lane < sizeof(B) / sizeof(long long); ++lane)
    mask[lane] = 0x7fffffffffffffffLL;
  Pack<V, B> r;
#define TSFS_MAGNITUDE(member) r.member = (V)((B)value.member & mask)
  TSFS_EACH(TSFS_MAGNITUDE);
#undef TSFS_MAGNITUDE
  return r;
}

// a < b ? a : b and its kin, lane by lane (for packs GCC's vector conditional per vector).
[[gnu::always_inline]] inline double minimum(double a, double b) {
  return a < b ? a : b;
}
[[gnu::always_inline]] inline double maximum(double a, double b) {
  return a > b ? a : b;
}
[[gnu::always_inline]] inline double select(bool mask, double if_true, double if_false) {
  return mask ? if_true : if_false;
}
template <typename V, typename B>
[[gnu::always_inline]] inline Pack<V, B> minimum(const Pack<V, B>& a, const Pack<V, B>& b) {
  Pack<V, B> r;
#define TSFS_MINIMUM(member) r.member = a.member < b.member ? a.member : b.member
  TSFS_EACH(TSFS_MINIMUM);
#undef TSFS_MINIMUM
  return r;
}
template <typename V, typename B>
[[gnu::always_inline]] inline Pack<V, B> maximum(const Pack<V, B>& a, const Pack<V, B>& b) {
  Pack<V, B> r;
#define TSFS_MAXIMUM(member) r.member = a.member > b.member ? a.member : b.member
  TSFS_EACH(TSFS_MAXIMUM);
#undef TSFS_MAXIMUM
  return r;
}
template <typename V, typename B>
[[gnu::always_inline]] inline Pack<V, B> select(const MaskPack<B>& mask, const Pack<V, B>& if_true,
                                                const Pack<V, B>& if_false) {
  Pack<V, B> r;
#define TSFS_SELECT(member) r.member = mask.member ? if_true.member : if_false.member
  TSFS_EACH(TSFS_SELECT);
#undef TSFS_SELECT
  return r;
}

// Each lane's number of values (Input::x_length, else n).
template <typename T>
[[gnu::always_inline]] inline T x_lengths(const Input& input) {
  if constexpr (std::is_same_v<T, double>) {
    return static_cast<double>(input.n);
  } else {
    return input.x_length ? load<T>(input.x_length) : splat<T>(static_cast<double>(input.n));
  }
}

// x's value i for every lane.
template <typename T>
[[gnu::always_inline]] inline T x_at(const Input& input, int i) {
  return load<T>(input.x + static_cast<size_t>(i) * input.x_stride);
}

}  // namespace simd

// The in-place band sweep (see the top of this file). `row` holds m + 1 values of T, as doubles
// (value k of lane p at row[k * lanes + p]), accessed with unaligned loads and stores.
template <typename T, typename Rule>
[[gnu::always_inline]] inline T sweep(Rule& rule, const Band& band, double* row,
                                      const double* lane_length) {
  constexpr size_t kLanes = simd::Traits<T>::lanes;
  const int n = band.n, m = band.m;
  auto at = [row](int k) { return row + static_cast<size_t>(k) * kLanes; };
  simd::store<T>(at(0), rule.corner());
  for (int j = 1; j <= m; ++j) simd::store<T>(at(j), rule.top(j));
  // Lanes of different lengths: each takes D[its n][m] when its last row is done.
  T last_row{}, result{};
  if constexpr (!std::is_same_v<T, double>) {
    if (lane_length) last_row = simd::load<T>(lane_length) - 1.0;
  }
  for (int i = 0; i < n; ++i) {
    // parallel_for checks for an interrupt between pairs only, and one pair of long series takes
    // seconds (msm on two series of 20,000 values: 2 s): every 64th row checks (a call per row
    // would cost short series, whose rows are a few dozen cells, a sizeable share).
    if (i % 64 == 0) throw_if_interrupted();
    const int low = band.start[static_cast<size_t>(i)];
    const int high = band.end[static_cast<size_t>(i)];
    rule.begin_row(i);
    T diagonal = simd::load<T>(at(low));                    // D[i][low]
    T left = low == 0 ? rule.left_border(i) : rule.init();  // D[i + 1][low]
    simd::store<T>(at(low), left);
    for (int j = low; j < high; ++j) {
      const T up = simd::load<T>(at(j + 1));
      const T value = rule.cell(i, j, diagonal, up, left);
      simd::store<T>(at(j + 1), value);
      diagonal = up;
      left = value;
    }
    // Past row 0's band the border row must read as out-of-band cells of row 1.
    if (i == 0)
      for (int k = high + 1; k <= m; ++k) simd::store<T>(at(k), rule.init());
    if constexpr (!std::is_same_v<T, double>) {
      if (lane_length)
        result = simd::select(last_row == static_cast<double>(i), simd::load<T>(at(m)), result);
    }
  }
  if constexpr (!std::is_same_v<T, double>) {
    if (lane_length) return rule.finish(result);
  }
  return rule.finish(simd::load<T>(at(m)));
}

// One pair (T = double) or one batch (T = a vector type) with rule Rule<T>.
template <template <typename> class Rule, typename T>
[[gnu::always_inline]] inline void run_rule(const Params& params, const Input& input,
                                            const Band& band, double* results) {
  thread_local std::vector<double> row;
  row.resize((static_cast<size_t>(input.m) + 1) * simd::Traits<T>::lanes);
  Rule<T> rule(params, input, band);
  simd::store<T>(results, sweep<T>(rule, band, row.data(), input.x_length));
}

template <template <typename> class Rule>
double run_pair(const Params& params, const Input& input, const Band& band) {
  double result = 0.0;
  run_rule<Rule, double>(params, input, band, &result);
  return result;
}

template <template <typename> class Rule>
void run_batch_sse2(const Params& params, const Input& input, const Band& band, double* results) {
  run_rule<Rule, simd::Sse2Pack>(params, input, band, results);
}

// AVX2 without "fma": GCC must not contract a * b + c into one rounding.
template <template <typename> class Rule>
__attribute__((target("avx2"))) void run_batch_avx2(const Params& params, const Input& input,
                                                    const Band& band, double* results) {
  run_rule<Rule, simd::Avx2Pack>(params, input, band, results);
}

}  // namespace tsfs::elastic

// The three kernels of a rule template, for a Distance's pair / batch_sse2 / batch_avx2.
#define TSFS_ELASTIC_KERNELS(Rule)                                                                \
  .pair = &::tsfs::elastic::run_pair<Rule>, .batch_sse2 = &::tsfs::elastic::run_batch_sse2<Rule>, \
  .batch_avx2 = &::tsfs::elastic::run_batch_avx2<Rule>
