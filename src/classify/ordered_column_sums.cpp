// See ordered_column_sums.hpp. A block of rows (kVectors vectors of the instruction set's register
// width) is summed over all columns in registers, the columns one after another, and stored once:
// the loads and stores of the sums do not bound the speed, the arithmetic does. The rows left over
// after the last block run in single vectors (add_column_terms), doing the same operations in the
// same order.
// Each row is its own chain of roundings, so the vector width and the block change no bit. The
// kernels are compiled for AVX-512, AVX2 and the x86-64 baseline, each with vectors of its own
// register width and as many accumulators as its registers hold beside the loaded values (16
// registers for AVX2 and SSE2, 32 for AVX-512), and the best the CPU has is chosen once
// (numerics/instruction_sets.hpp; with one 64-byte vector for all three, the AVX2 Gram kernels
// ran slower than libsvm's own loop: svc_benchmark direct_fits/150/150 against sparse_fits, 0.87x
// on an AMD EPYC). CMakeLists.txt compiles this file with -ffp-contract=off: a fused multiply-add
// would round differently from libsvm. The loops over a block's vectors and references are
// unrolled by pragma: left to itself, GCC 12 turned the loads of a column's vectors into a copy
// loop onto the stack and kept the sums there, and the AVX2 squared differences ran at 1.8 G
// terms/s instead of 5.4 on an AMD EPYC (svc_benchmark prediction_distances).
#include "classify/ordered_column_sums.hpp"

#include <atomic>

#include "numerics/instruction_sets.hpp"

namespace tsfs {
namespace {

// column_terms_computed(): one relaxed addition per call, against rows x columns terms of work.
std::atomic<unsigned long long> column_terms{0};

void count_terms(Eigen::Index rows, Eigen::Index columns, Eigen::Index references) {
  if (rows > 0 && columns > 0)
    column_terms.fetch_add(static_cast<unsigned long long>(rows * columns * references),
                           std::memory_order_relaxed);
}

typedef double Vector2 __attribute__((vector_size(16)));
typedef double Vector4 __attribute__((vector_size(32)));
typedef double Vector8 __attribute__((vector_size(64)));

// Unaligned, aliasing-safe vector loads and stores (plain vector moves once inlined).
template <class Vector>
[[gnu::always_inline]] inline void load(Vector& value, const double* from) {
  __builtin_memcpy(&value, from, sizeof value);
}
template <class Vector>
[[gnu::always_inline]] inline void store(double* to, const Vector& value) {
  __builtin_memcpy(to, &value, sizeof value);
}

// sums[r][v] (lane l) += term(values(first + v * lanes + l, k), references(r, k)) for k = 0 ..
// columns - 1 in order: every load of a value serves all kReferences references.
template <class Vector, int kReferences, int kVectors, class AddTerm>
[[gnu::always_inline]] inline void add_block_terms(
    const ColumnMajorBlock& block, const double* const* references, Eigen::Index reference_stride,
    Eigen::Index first, Vector (&sums)[kReferences][kVectors], AddTerm add_term) {
  // The fields are copied into locals so that the loop reads registers, not the struct.
  const double* const values = block.data + first;
  const Eigen::Index values_stride = block.stride;
  const Eigen::Index columns = block.columns;
  constexpr Eigen::Index kLanes = sizeof(Vector) / sizeof(double);
  for (Eigen::Index k = 0; k < columns; ++k) {
    const double* column = values + k * values_stride;
    Vector value[kVectors];
#pragma GCC unroll 16
    for (int v = 0; v < kVectors; ++v) load(value[v], column + v * kLanes);
#pragma GCC unroll 16
    for (int r = 0; r < kReferences; ++r) {
      const double reference = references[r][k * reference_stride];
#pragma GCC unroll 16
      for (int v = 0; v < kVectors; ++v) add_term(sums[r][v], value[v], reference);
    }
  }
}

// The targets' rows first .. first + kVectors * lanes - 1 summed over every column in registers
// and stored once.
template <class Vector, int kReferences, int kVectors, class AddTerm>
[[gnu::always_inline]] inline void add_block(const ColumnMajorBlock& block,
                                             const double* const* references,
                                             Eigen::Index reference_stride, double* const* targets,
                                             Eigen::Index first, AddTerm add_term) {
  constexpr Eigen::Index kLanes = sizeof(Vector) / sizeof(double);
  Vector sums[kReferences][kVectors];
#pragma GCC unroll 16
  for (int r = 0; r < kReferences; ++r)
#pragma GCC unroll 16
    for (int v = 0; v < kVectors; ++v) load(sums[r][v], targets[r] + first + v * kLanes);
  add_block_terms(block, references, reference_stride, first, sums, add_term);
#pragma GCC unroll 16
  for (int r = 0; r < kReferences; ++r)
#pragma GCC unroll 16
    for (int v = 0; v < kVectors; ++v) store(targets[r] + first + v * kLanes, sums[r][v]);
}

// targets[r][i] += term(values(i, k), references(r, k)) for k = 0 .. columns - 1 in order, for
// each of kReferences reference rows, i < rows: blocks of kVectors vectors, then single vectors.
// The rows that fill no whole vector (fewer than its lanes) go through one more vector, the last
// whole vector's worth of rows, which overlaps rows the blocks sum: it is summed first, from the
// targets as they were, and stored after the blocks (its overlapping lanes hold the doubles the
// blocks stored there: the same chain of roundings from the same start). A scalar loop for them,
// each row one chain of dependent additions, took a third of the prediction distances' time for
// 200 test rows. Only blocks narrower than one vector run the scalar loop.
template <class Vector, int kReferences, int kVectors, class AddTerm>
[[gnu::always_inline]] inline void add_column_terms(const ColumnMajorBlock& block,
                                                    const double* const* references,
                                                    Eigen::Index reference_stride,
                                                    double* const* targets, AddTerm add_term) {
  const Eigen::Index rows = block.rows;
  constexpr Eigen::Index kLanes = sizeof(Vector) / sizeof(double);
  if (rows < kLanes) {
    for (Eigen::Index i = 0; i < rows; ++i)
#pragma GCC unroll 16
      for (int r = 0; r < kReferences; ++r) {
        double sum = targets[r][i];
        for (Eigen::Index k = 0; k < block.columns; ++k)
          add_term(sum, block.data[k * block.stride + i], references[r][k * reference_stride]);
        targets[r][i] = sum;
      }
    return;
  }
  const Eigen::Index leftover = rows % kLanes;
  const Eigen::Index last_vector = rows - kLanes;
  Vector last[kReferences][1];
  if (leftover > 0) {
#pragma GCC unroll 16
    for (int r = 0; r < kReferences; ++r) load(last[r][0], targets[r] + last_vector);
    add_block_terms(block, references, reference_stride, last_vector, last, add_term);
  }
  Eigen::Index i = 0;
  for (; i + kLanes * kVectors <= rows; i += kLanes * kVectors)
    add_block<Vector, kReferences, kVectors>(block, references, reference_stride, targets, i,
                                             add_term);
  for (; i + kLanes <= rows; i += kLanes)
    add_block<Vector, kReferences, 1>(block, references, reference_stride, targets, i, add_term);
  if (leftover > 0)
#pragma GCC unroll 16
    for (int r = 0; r < kReferences; ++r) store(targets[r] + last_vector, last[r][0]);
}

// The terms, added to a sum in place (by reference: no vector is passed or returned by value,
// which would depend on the instruction set's calling convention).
struct AddProduct {
  template <class Value>
  [[gnu::always_inline]] void operator()(Value& sum, const Value& value, double reference) const {
    sum = sum + value * reference;
  }
};
// The reference is not read: the term is the value times itself.
struct AddSquare {
  template <class Value>
  [[gnu::always_inline]] void operator()(Value& sum, const Value& value, double) const {
    sum = sum + value * value;
  }
};
struct AddSquaredDifference {
  template <class Value>
  [[gnu::always_inline]] void operator()(Value& sum, const Value& value, double reference) const {
    const Value difference = value - reference;
    sum = sum + difference * difference;
  }
};

// One instruction set's kernels: vector width, accumulators per block (products of one reference
// row, of four, squared differences).
template <class Vector, int kOne, int kFour>
struct ColumnKernels {
  [[gnu::always_inline]] static void products(const ColumnMajorBlock& values, StridedRow reference,
                                              double* target) {
    add_column_terms<Vector, 1, kOne>(values, &reference.data, reference.stride, &target,
                                      AddProduct{});
  }
  [[gnu::always_inline]] static void products_of_four(const ColumnMajorBlock& values,
                                                      FourStridedRows references,
                                                      double* const* targets) {
    add_column_terms<Vector, 4, kFour>(values, references.data, references.stride, targets,
                                       AddProduct{});
  }
  [[gnu::always_inline]] static void squared_differences(const ColumnMajorBlock& values,
                                                         StridedRow reference, double* target) {
    add_column_terms<Vector, 1, kOne>(values, &reference.data, reference.stride, &target,
                                      AddSquaredDifference{});
  }
  // AddSquare ignores the reference, which reads the first value over and over (stride 0).
  [[gnu::always_inline]] static void squares(const ColumnMajorBlock& values, double* target) {
    add_column_terms<Vector, 1, kOne>(values, &values.data, 0, &target, AddSquare{});
  }
};
// AVX-512: 4 + 4 and 8 + 2 of 32 registers; AVX2: 6 + 6 and 8 + 2 of 16; SSE2: 4 + 4 and 8 + 2.
using Avx512 = ColumnKernels<Vector8, 4, 2>;
using Avx2 = ColumnKernels<Vector4, 6, 2>;
using Baseline = ColumnKernels<Vector2, 4, 2>;

// The instruction set of each function is its own target attribute, so that the kernel inlined
// into it is compiled for that set.
[[gnu::target("avx512f")]] void products_avx512(const ColumnMajorBlock& v, StridedRow r,
                                                double* t) {
  Avx512::products(v, r, t);
}
[[gnu::target("avx512f")]] void products_of_four_avx512(const ColumnMajorBlock& v,
                                                        FourStridedRows r, double* const* t) {
  Avx512::products_of_four(v, r, t);
}
[[gnu::target("avx512f")]] void squared_differences_avx512(const ColumnMajorBlock& v, StridedRow r,
                                                           double* t) {
  Avx512::squared_differences(v, r, t);
}
[[gnu::target("avx2")]] void products_avx2(const ColumnMajorBlock& v, StridedRow r, double* t) {
  Avx2::products(v, r, t);
}
[[gnu::target("avx2")]] void products_of_four_avx2(const ColumnMajorBlock& v, FourStridedRows r,
                                                   double* const* t) {
  Avx2::products_of_four(v, r, t);
}
[[gnu::target("avx2")]] void squared_differences_avx2(const ColumnMajorBlock& v, StridedRow r,
                                                      double* t) {
  Avx2::squared_differences(v, r, t);
}
[[gnu::target("avx512f")]] void squares_avx512(const ColumnMajorBlock& v, double* t) {
  Avx512::squares(v, t);
}
[[gnu::target("avx2")]] void squares_avx2(const ColumnMajorBlock& v, double* t) {
  Avx2::squares(v, t);
}
void squares_baseline(const ColumnMajorBlock& v, double* t) {
  Baseline::squares(v, t);
}
void products_baseline(const ColumnMajorBlock& v, StridedRow r, double* t) {
  Baseline::products(v, r, t);
}
void products_of_four_baseline(const ColumnMajorBlock& v, FourStridedRows r, double* const* t) {
  Baseline::products_of_four(v, r, t);
}
void squared_differences_baseline(const ColumnMajorBlock& v, StridedRow r, double* t) {
  Baseline::squared_differences(v, r, t);
}

}  // namespace

void add_products_in_column_order(const ColumnMajorBlock& values, StridedRow reference,
                                  double* target) {
  static const auto kernel =
      best_kernel_for_cpu(&products_avx512, &products_avx2, &products_baseline);
  count_terms(values.rows, values.columns, 1);
  kernel(values, reference, target);
}

void add_products_of_four_in_column_order(const ColumnMajorBlock& values,
                                          FourStridedRows references, double* const* targets) {
  static const auto kernel = best_kernel_for_cpu(&products_of_four_avx512, &products_of_four_avx2,
                                                 &products_of_four_baseline);
  count_terms(values.rows, values.columns, 4);
  kernel(values, references, targets);
}

void add_squared_differences_in_column_order(const ColumnMajorBlock& values, StridedRow reference,
                                             double* target) {
  static const auto kernel = best_kernel_for_cpu(
      &squared_differences_avx512, &squared_differences_avx2, &squared_differences_baseline);
  count_terms(values.rows, values.columns, 1);
  kernel(values, reference, target);
}

void add_squares_in_column_order(const ColumnMajorBlock& values, double* target) {
  static const auto kernel = best_kernel_for_cpu(&squares_avx512, &squares_avx2, &squares_baseline);
  count_terms(values.rows, values.columns, 1);
  kernel(values, target);
}

unsigned long long column_terms_computed() {
  return column_terms.load(std::memory_order_relaxed);
}

}  // namespace tsfs
