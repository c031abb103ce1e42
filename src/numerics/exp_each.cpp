// See exp_each.hpp. Error-free transformations: Dekker's fast two-sum and the exact error of a
// product by a fused multiply-subtract (Muller et al., "Handbook of Floating-Point Arithmetic",
// 2018, ch. 4); the table method is Tang's ("Table-driven implementation of the exponential
// function in IEEE floating-point arithmetic", ACM TOMS 15(2), 1989). CMakeLists.txt compiles this
// file with -ffp-contract=off: the fused operations are the ones written.
//
// Error of the double-double value before its rounding, relative to the result: the Taylor
// polynomial stops at r^6 / 720 with |r| <= ln2 / 256 (1.0 * 2^-72 left out); rounding inside the
// polynomial, whose value is below 2^-17, 2^-69; the reduction, the table and ln2 / 128, below
// 2^-95. Together below 2^-68, or 2^-15 ulp: of the rounding test's margin of 1/64 ulp, glibc's own
// excess over half an ulp takes 0.011 and this error 0.00003.
#include "numerics/exp_each.hpp"

#include <immintrin.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>

namespace tsfs {
namespace {

struct DoubleDouble {
  double hi;
  double lo;
};

DoubleDouble fast_two_sum(double a, double b) {  // |a| >= |b|
  const double sum = a + b;
  return {sum, b - (sum - a)};
}

DoubleDouble multiply(DoubleDouble a, DoubleDouble b) {
  const double product = a.hi * b.hi;
  const double error = std::fma(a.hi, b.hi, -product) + (a.hi * b.lo + a.lo * b.hi);
  return fast_two_sum(product, error);
}

// One Newton step from the double square root: y + (a - y^2) / 2y, a - y^2 exact by the fma.
DoubleDouble square_root(DoubleDouble a) {
  const double root = std::sqrt(a.hi);
  const double residual = std::fma(-root, root, a.hi) + a.lo;
  return fast_two_sum(root, residual / (2.0 * root));
}

constexpr int kTableBits = 7;
constexpr int kTableSize = 1 << kTableBits;
// ln 2 as a double-double (checked against a 60-digit ln 2, Python's decimal; ln2 - hi - lo is
// 5.7e-34).
constexpr double kLn2Hi = 0x1.62e42fefa39efp-1;
constexpr double kLn2Lo = 0x1.abc9e3b39803fp-56;
constexpr double kTableSizeOverLn2 = kTableSize / kLn2Hi;  // chooses k only: need not be exact
// ln2 / 128 as a double-double (exact quotients: 128 is a power of two).
constexpr double kStepHi = kLn2Hi / kTableSize, kStepLo = kLn2Lo / kTableSize;
// Adding 1.5 * 2^52 rounds a double of magnitude below 2^51 to an integer, which then sits in the
// low bits of the sum's representation.
constexpr double kRoundingShift = 0x1.8p52;

struct ExpTables {
  double hi[kTableSize];  // 2^(j / 128) = hi[j] + lo[j]
  double lo[kTableSize];
};

ExpTables make_tables() {
  ExpTables tables{};
  // roots[b] = 2^(2^-(b + 1)): square roots of 2, repeated.
  DoubleDouble roots[kTableBits];
  roots[0] = square_root({2.0, 0.0});
  for (int b = 1; b < kTableBits; ++b) roots[b] = square_root(roots[b - 1]);
  for (int j = 0; j < kTableSize; ++j) {
    DoubleDouble value{1.0, 0.0};
    for (int b = 0; b < kTableBits; ++b)
      if (j & (1 << (kTableBits - 1 - b))) value = multiply(value, roots[b]);
    tables.hi[j] = value.hi;
    tables.lo[j] = value.lo;
  }
  return tables;
}

const ExpTables& exp_tables() {
  static const ExpTables tables = make_tables();
  return tables;
}

typedef double Values4 __attribute__((vector_size(32)));
typedef std::int64_t Integers4 __attribute__((vector_size(32)));
typedef double Values8 __attribute__((vector_size(64)));
typedef std::int64_t Integers8 __attribute__((vector_size(64)));

// The operations vector extensions do not spell: a * b + c rounded once, a table lookup per lane,
// a comparison, the lanes where a comparison failed. Vectors pass by
// reference: by value, their calling convention would depend on the instruction set.
struct Avx512Operations {
  using Values = Values8;
  using Integers = Integers8;
  [[gnu::target("avx512f,avx512dq")]] static void multiply_add(Values& result, const Values& a,
                                                               const Values& b, const Values& c) {
    result = Values(_mm512_fmadd_pd(__m512d(a), __m512d(b), __m512d(c)));
  }
  [[gnu::target("avx512f,avx512dq")]] static void lookup(Values& values, const double* table,
                                                         const Integers& index) {
    // The masked form: the plain one leaves its pass-through operand undefined, which GCC warns of.
    values = Values(_mm512_mask_i64gather_pd(_mm512_setzero_pd(), 0xFF, __m512i(index), table, 8));
  }
  // All ones in the lanes where a > b, else 0 (false where either is NaN). GCC 12 compiles a
  // comparison of vector extensions into one scalar comparison per lane.
  [[gnu::target("avx512f,avx512dq")]] static void greater(Integers& lanes, const Values& a,
                                                          const Values& b) {
    lanes = Integers(_mm512_movm_epi64(_mm512_cmp_pd_mask(__m512d(a), __m512d(b), _CMP_GT_OQ)));
  }
  // Bit i set where lane i of a comparison's result is false.
  [[gnu::target("avx512f,avx512dq")]] static unsigned false_lanes(const Integers& comparison) {
    return _mm512_cmpeq_epi64_mask(__m512i(comparison), _mm512_setzero_si512());
  }
};
struct Avx2Operations {
  using Values = Values4;
  using Integers = Integers4;
  [[gnu::target("avx2,fma")]] static void multiply_add(Values& result, const Values& a,
                                                       const Values& b, const Values& c) {
    result = Values(_mm256_fmadd_pd(__m256d(a), __m256d(b), __m256d(c)));
  }
  [[gnu::target("avx2,fma")]] static void lookup(Values& values, const double* table,
                                                 const Integers& index) {
    values = Values(_mm256_i64gather_pd(table, __m256i(index), 8));
  }
  [[gnu::target("avx2,fma")]] static void greater(Integers& lanes, const Values& a,
                                                  const Values& b) {
    lanes = Integers(_mm256_cmp_pd(__m256d(a), __m256d(b), _CMP_GT_OQ));
  }
  [[gnu::target("avx2,fma")]] static unsigned false_lanes(const Integers& comparison) {
    return static_cast<unsigned>(_mm256_movemask_pd(__m256d(~comparison)));
  }
};

// exp of one vector of values in place (exp_each.hpp): the lanes of `used_lanes` (bit i: lane i)
// the rounding test cannot settle go to glibc's exp; returns how many did. A cast between vector
// types of one size keeps the bits (GCC's vector extensions); std::bit_cast would return vectors
// from a function compiled for the baseline.
template <class Operations>
[[gnu::always_inline]] inline int exp_vector(const ExpTables& tables, double* block,
                                             unsigned used_lanes) {
  using Values = typename Operations::Values;
  using Integers = typename Operations::Integers;
  constexpr std::int64_t kExponent = 0x7FF0000000000000, kMagnitude = 0x7FFFFFFFFFFFFFFF;
  const Values zero{};
  Values x;
  std::memcpy(&x, block, sizeof x);
  // A normal result, neither overflowing nor subnormal: exp(-708) is 2^-1021.4. NaN is out.
  Integers above_lowest, below_highest;
  Operations::greater(above_lowest, x, zero - 708.0);
  Operations::greater(below_highest, zero + 709.0, x);
  const Integers in_range = above_lowest & below_highest;
  const Values safe_x = Values(Integers(x) & in_range);  // 0 elsewhere

  // x = k ln2 / 128 + r, |r| <= ln2 / 256 (and a rounding's worth), r = r_hi + r_lo.
  Values shifted, reduced, product_error;
  Operations::multiply_add(shifted, safe_x, zero + kTableSizeOverLn2, zero + kRoundingShift);
  const Integers k = Integers(shifted) - std::bit_cast<std::int64_t>(kRoundingShift);
  const Values k_value = shifted - kRoundingShift;
  // Exact: x and k kStepHi are multiples of 2^-61 (|x| >= ln2 / 256 when k != 0; kStepHi's last
  // bit is 2^-60), their difference below 2^-8, so 53 bits hold it.
  Operations::multiply_add(reduced, -k_value, zero + kStepHi, safe_x);
  const Values low = k_value * kStepLo;        // below 2^-43
  const Values r_hi = reduced - low;           // fast two-sum; where |reduced| < |low| its error is
  const Values r_lo = (reduced - r_hi) - low;  // an ulp of |low| (2^-96), as harmless

  // e^r - 1 = r_hi + tail, the Taylor terms from r^2 / 2 in double (they are below 2^-17).
  Values polynomial = zero + 1.0 / 720;
  for (const double coefficient : {1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5})
    Operations::multiply_add(polynomial, polynomial, r_hi, zero + coefficient);
  Operations::multiply_add(polynomial, r_hi * r_hi, polynomial, r_hi * r_lo);
  const Values tail = r_lo + polynomial;

  // 2^(j / 128) e^r = t_hi + t_hi r_hi + (t_hi tail + t_lo e^r), j = k mod 128.
  const Integers j = k & (kTableSize - 1);
  Values t_hi, t_lo, rest;
  Operations::lookup(t_hi, tables.hi, j);
  Operations::lookup(t_lo, tables.lo, j);
  const Values product = t_hi * r_hi;
  Operations::multiply_add(product_error, t_hi, r_hi, -product);  // exact
  const Values head = t_hi + product;  // fast two-sum: t_hi >= 1 > |product|
  const Values head_error = product - (head - t_hi);
  Operations::multiply_add(rest, t_lo, r_hi, t_lo);
  Operations::multiply_add(rest, t_hi, tail, rest);
  rest = rest + (head_error + product_error);
  const Values result_hi = head + rest;  // fast two-sum
  const Values result_lo = rest - (result_hi - head);

  // result_hi is the nearest double to the value (|result_lo| <= half an ulp of it); it is glibc's
  // unless the value lies within 1/64 ulp of a midpoint, or result_hi is a power of two.
  const Integers bits = Integers(result_hi);
  const Values half_ulp = Values((bits & kExponent) - (std::int64_t{53} << 52));
  const Values lo_magnitude = Values(Integers(result_lo) & kMagnitude);
  const Values off_midpoint = lo_magnitude - half_ulp;
  const Values off_magnitude = Values(Integers(off_midpoint) & kMagnitude);
  // result_hi lies in [2^(-1/256), 2), give or take a rounding of r: 1 is its only power of two.
  const Values off_one = Values(Integers(result_hi - 1.0) & kMagnitude);
  Integers off_midpoint_enough, not_one;
  Operations::greater(off_midpoint_enough, off_magnitude, half_ulp * (1.0 / 32));
  Operations::greater(not_one, off_one, zero);
  const Integers settled = in_range & off_midpoint_enough & not_one;
  // Times 2^((k - j) / 128): added to the exponent field (the result is normal); a product, not a
  // shift of a negative number, and below 2^62.
  const Values result = Values(bits + (k - j) * (std::int64_t{1} << (52 - kTableBits)));
  std::memcpy(block, &result, sizeof result);
  const unsigned unsettled = Operations::false_lanes(settled) & used_lanes;
  for (unsigned lanes = unsettled; lanes != 0; lanes &= lanes - 1) {
    const int lane = std::countr_zero(lanes);
    block[lane] = std::exp(x[lane]);
  }
  return std::popcount(unsettled);
}

template <class Operations>
[[gnu::always_inline]] inline size_t exp_vectors(double* values, size_t count) {
  constexpr size_t kLanes = sizeof(typename Operations::Values) / sizeof(double);
  const ExpTables& tables = exp_tables();
  size_t i = 0, by_glibc = 0;
  for (; i + kLanes <= count; i += kLanes)
    by_glibc += static_cast<size_t>(exp_vector<Operations>(tables, values + i, ~0u));
  if (i < count) {  // the last values, in a vector padded with zeros, which glibc need not see
    double block[kLanes] = {};
    std::memcpy(block, values + i, (count - i) * sizeof(double));
    by_glibc += static_cast<size_t>(exp_vector<Operations>(tables, block, (1u << (count - i)) - 1));
    std::memcpy(values + i, block, (count - i) * sizeof(double));
  }
  return by_glibc;
}

[[gnu::target("avx512f,avx512dq"), gnu::flatten]] size_t exp_avx512(double* values, size_t count) {
  return exp_vectors<Avx512Operations>(values, count);
}
[[gnu::target("avx2,fma"), gnu::flatten]] size_t exp_avx2(double* values, size_t count) {
  return exp_vectors<Avx2Operations>(values, count);
}
size_t exp_baseline(double* values, size_t count) {
  for (size_t i = 0; i < count; ++i) values[i] = std::exp(values[i]);
  return count;
}

using ExpKernel = size_t (*)(double*, size_t);

}  // namespace

Isa exp_each_isa(Isa isa) {
  // Every AMD and Intel CPU with AVX-512 has AVX512DQ (its comparisons' masks become vectors) but
  // the Xeon Phi, and every one with AVX2 the fused multiply-add.
  if (isa == Isa::avx512 && !__builtin_cpu_supports("avx512dq")) isa = Isa::avx2;
  if (isa == Isa::avx2 && !__builtin_cpu_supports("fma")) isa = Isa::sse2;
  return isa;
}

namespace {

// The kernel exp_each runs for `isa`.
ExpKernel exp_kernel(Isa isa) {
  return kernel_for(exp_each_isa(isa), &exp_avx512, &exp_avx2, &exp_baseline);
}

}  // namespace

void exp_each(double* values, size_t count) {
  static const ExpKernel kernel = exp_kernel(best_isa());
  kernel(values, count);
}

size_t exp_each(double* values, size_t count, Isa isa) {
  return exp_kernel(isa)(values, count);
}

}  // namespace tsfs
