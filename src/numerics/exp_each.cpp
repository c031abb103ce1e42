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

#include "numerics/exp_lanes.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>

namespace tsfs {
namespace {

using namespace exp_lanes;

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

}  // namespace

const exp_lanes::ExpTables& exp_lanes::exp_tables() {
  static const ExpTables tables = make_tables();
  return tables;
}

namespace {

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

[[gnu::target("avx512f,avx512dq"), gnu::flatten]] size_t exp_avx512(double* values, size_t count) {
  return exp_in_vectors<Avx512Operations, exp_vector<Avx512Operations>>(values, count);
}
[[gnu::target("avx2,fma"), gnu::flatten]] size_t exp_avx2(double* values, size_t count) {
  return exp_in_vectors<Avx2Operations, exp_vector<Avx2Operations>>(values, count);
}

size_t exp_one_at_a_time(double* values, size_t count) {
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

// The kernel an exponential with these vector kernels runs for `isa`.
ExpKernel kernel_of(Isa isa, ExpKernel avx512, ExpKernel avx2) {
  return kernel_for(exp_each_isa(isa), avx512, avx2, &exp_one_at_a_time);
}

}  // namespace

void exp_each(double* values, size_t count) {
  static const ExpKernel kernel = kernel_of(best_isa(), &exp_avx512, &exp_avx2);
  kernel(values, count);
}

size_t exp_each(double* values, size_t count, Isa isa) {
  return kernel_of(isa, &exp_avx512, &exp_avx2)(values, count);
}

void exp_each_for_floats(double* values, size_t count) {
  static const ExpKernel kernel =
      kernel_of(best_isa(), &exp_for_floats_avx512, &exp_for_floats_avx2);
  kernel(values, count);
}

size_t exp_each_for_floats(double* values, size_t count, Isa isa) {
  return kernel_of(isa, &exp_for_floats_avx512, &exp_for_floats_avx2)(values, count);
}

}  // namespace tsfs
