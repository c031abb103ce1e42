#pragma once
// What the two vector exponentials share (exp_each.cpp, exp_each_for_floats.cpp): Tang's table of
// 2^(j / 128), the constants of the argument's reduction x = k ln2 / 128 + r, and the vector
// operations GCC's vector extensions do not spell. Internal to src/numerics.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tsfs::exp_lanes {

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
  double hi[kTableSize];  // 2^(j / 128) = hi[j] + lo[j], hi[j] the nearest double
  double lo[kTableSize];
};

// The tables, computed once (exp_each.cpp) from square roots of 2 in double-double arithmetic.
const ExpTables& exp_tables();

typedef double Values4 __attribute__((vector_size(32)));
typedef std::int64_t Integers4 __attribute__((vector_size(32)));
typedef double Values8 __attribute__((vector_size(64)));
typedef std::int64_t Integers8 __attribute__((vector_size(64)));

// The operations vector extensions do not spell: a * b + c rounded once, a table lookup per lane,
// comparisons, the lanes where a comparison failed. Vectors pass by reference: by value, their
// calling convention would depend on the instruction set.
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
  // The same for signed 64-bit integers.
  [[gnu::target("avx512f,avx512dq")]] static void greater(Integers& lanes, const Integers& a,
                                                          const Integers& b) {
    lanes = Integers(_mm512_movm_epi64(_mm512_cmpgt_epi64_mask(__m512i(a), __m512i(b))));
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
  [[gnu::target("avx2,fma")]] static void greater(Integers& lanes, const Integers& a,
                                                  const Integers& b) {
    lanes = Integers(_mm256_cmpgt_epi64(__m256i(a), __m256i(b)));
  }
  [[gnu::target("avx2,fma")]] static unsigned false_lanes(const Integers& comparison) {
    return static_cast<unsigned>(_mm256_movemask_pd(__m256d(~comparison)));
  }
};

// A vector kernel: the exponentials of one vector of values in place, the lanes of `used_lanes`
// (bit i: lane i) it cannot settle computed by glibc's exp; returns how many were.
using VectorKernel = int(const ExpTables& tables, double* block, unsigned used_lanes);

// kVectorKernel over `values` one vector at a time, the last values in a vector padded with zeros
// (which glibc need not see); returns how many values glibc's exp computed.
template <class Operations, VectorKernel* kVectorKernel>
[[gnu::always_inline]] inline size_t exp_in_vectors(double* values, size_t count) {
  constexpr size_t kLanes = sizeof(typename Operations::Values) / sizeof(double);
  const ExpTables& tables = exp_tables();
  size_t i = 0, by_glibc = 0;
  for (; i + kLanes <= count; i += kLanes)
    by_glibc += static_cast<size_t>(kVectorKernel(tables, values + i, ~0u));
  if (i < count) {
    double block[kLanes] = {};
    std::memcpy(block, values + i, (count - i) * sizeof(double));
    by_glibc += static_cast<size_t>(kVectorKernel(tables, block, (1u << (count - i)) - 1));
    std::memcpy(values + i, block, (count - i) * sizeof(double));
  }
  return by_glibc;
}

// exp_each_for_floats' vector kernels (exp_each_for_floats.cpp), dispatched in exp_each.cpp;
// they return how many values glibc's exp computed.
size_t exp_for_floats_avx512(double* values, size_t count);
size_t exp_for_floats_avx2(double* values, size_t count);

}  // namespace tsfs::exp_lanes
