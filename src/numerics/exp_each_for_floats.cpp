// See exp_each.hpp (exp_each_for_floats). Tang's table method in double precision ("Table-driven
// implementation of the exponential function in IEEE floating-point arithmetic", ACM TOMS 15(2),
// 1989): x = k ln2 / 128 + r, exp(x) = 2^(k / 128) e^r = 2^((k - j) / 128) t_j (1 + p(r)), with
// j = k mod 128, t_j the double nearest 2^(j / 128) and p(r) the Taylor polynomial of e^r - 1 up to
// r^5 / 120. CMakeLists.txt compiles this file with -ffp-contract=off: the fused operations are
// the ones written.
//
// Error of the result before the float's rounding, x from -87 to 88: the reduction leaves |r| <=
// ln2 / 256 (2^-8.5) with an error below 2^-61 (k ln2 / 128 from the double-double ln2 / 128, two
// fused multiply-adds); the polynomial's truncation, r^6 / 720, is below 2^-60.6 and its rounding
// below 2^-60 (its value is below 2^-8.5); t_j is within 2^-53 of 2^(j / 128), relatively; the
// final fused multiply-add t_j p + t_j rounds once (half an ulp). Relative to the result: 2^-53 +
// 2^-58.9, at most 1.03 ulp, plus the final half: below 1.6 ulp. The scaling by 2^((k - j) / 128)
// adds to the exponent field (the result is a normal double) and is exact.
//
// The float test: in a double whose float is normal, the float's neighbours lie 2^29 double ulps
// apart, with the midpoint between two of them where the 29 low bits of the double read 2^28. A
// result whose low bits lie more than 16 from 2^28 has no midpoint within 16 ulp; the exact value
// is within 1.6 ulp of it, glibc's exp (within 0.511 ulp of the exact value) within 2.2, so both
// round to its float (across a power of two too: its low bits there read nearly 0 or 2^29 - 1,
// and the power itself is a float).
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "numerics/exp_lanes.hpp"

namespace tsfs {
namespace {

using namespace exp_lanes;

// The vector kernels' arguments, whose exp is a normal float (exp(-87) = 2^-125.5, exp(88) =
// 2^127.0), and those below which every exp rounds to the float 0 (exp(-104.5) = 2^-150.8; below
// 2^-150 a float rounds to 0).
constexpr double kVectorLowest = -87.0, kVectorHighest = 88.0, kZeroBelow = -104.5;
// How far (in double ulps) a result's low bits must lie from a float midpoint.
constexpr std::int64_t kMidpointMargin = 16;

// exp_each_for_floats of one vector in place: the lanes of `used_lanes` (bit i: lane i) the
// float test cannot settle go to glibc's exp; returns how many did. A cast between vector types of
// one size keeps the bits (GCC's vector extensions).
template <class Operations>
[[gnu::always_inline]] inline int exp_vector_for_floats(const ExpTables& tables, double* block,
                                                        unsigned used_lanes) {
  using Values = typename Operations::Values;
  using Integers = typename Operations::Integers;
  const Values zero{};
  const Integers no_bits{};
  Values x;
  std::memcpy(&x, block, sizeof x);
  Integers above_lowest, below_highest, to_zero;
  Operations::greater(above_lowest, x, zero + kVectorLowest);
  Operations::greater(below_highest, zero + kVectorHighest, x);
  Operations::greater(to_zero, zero + kZeroBelow, x);  // false for NaN
  const Integers in_range = above_lowest & below_highest;
  const Values safe_x = Values(Integers(x) & in_range);  // 0 elsewhere

  Values shifted, reduced, polynomial, result;
  Operations::multiply_add(shifted, safe_x, zero + kTableSizeOverLn2, zero + kRoundingShift);
  const Integers k = Integers(shifted) - std::bit_cast<std::int64_t>(kRoundingShift);
  const Values k_value = shifted - kRoundingShift;
  Operations::multiply_add(reduced, -k_value, zero + kStepHi, safe_x);
  Operations::multiply_add(reduced, -k_value, zero + kStepLo, reduced);

  // e^r - 1 = r (1 + r / 2 + r^2 / 6 + r^3 / 24 + r^4 / 120), Horner's scheme.
  polynomial = zero + 1.0 / 120;
  for (const double coefficient : {1.0 / 24, 1.0 / 6, 0.5, 1.0})
    Operations::multiply_add(polynomial, polynomial, reduced, zero + coefficient);
  polynomial = polynomial * reduced;

  const Integers j = k & (kTableSize - 1);
  Values t;
  Operations::lookup(t, tables.hi, j);
  Operations::multiply_add(result, t, polynomial, t);
  const Integers bits = Integers(result) + (k - j) * (std::int64_t{1} << (52 - kTableBits));

  // Off a float midpoint: the low bits minus (2^28 - margin) outside [0, 2 margin].
  const Integers offset =
      (bits & ((std::int64_t{1} << 29) - 1)) - ((std::int64_t{1} << 28) - kMidpointMargin);
  Integers above_window, below_window;
  Operations::greater(above_window, offset, no_bits + 2 * kMidpointMargin);
  Operations::greater(below_window, no_bits, offset);
  const Integers settled = in_range & (above_window | below_window);
  const Values settled_result = Values(bits & settled);  // +0 where not settled, to_zero's value
  std::memcpy(block, &settled_result, sizeof settled_result);
  const unsigned unsettled = Operations::false_lanes(settled | to_zero) & used_lanes;
  for (unsigned lanes = unsettled; lanes != 0; lanes &= lanes - 1) {
    const int lane = std::countr_zero(lanes);
    block[lane] = std::exp(x[lane]);
  }
  return std::popcount(unsettled);
}

}  // namespace

[[gnu::target("avx512f,avx512dq"), gnu::flatten]] size_t exp_lanes::exp_for_floats_avx512(
    double* values, size_t count) {
  return exp_in_vectors<Avx512Operations, exp_vector_for_floats<Avx512Operations>>(values, count);
}
[[gnu::target("avx2,fma"), gnu::flatten]] size_t exp_lanes::exp_for_floats_avx2(double* values,
                                                                                size_t count) {
  return exp_in_vectors<Avx2Operations, exp_vector_for_floats<Avx2Operations>>(values, count);
}

}  // namespace tsfs
