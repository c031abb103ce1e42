// See ordered_column_sums.hpp. A block of rows (kVectors vectors of kLanes doubles) is summed over
// all columns in registers, the columns one after another, and stored once: the loads and stores
// of the sums do not bound the speed, the arithmetic does. The rows left over after the last
// block run through a scalar loop doing the same operations in the same order. The vector type
// is the same on every instruction set (split into narrower registers where needed), and
// target_clones builds the functions for AVX-512, AVX2 and the x86-64 baseline and picks one at
// load time. CMakeLists.txt compiles this file with -ffp-contract=off: a fused multiply-add would
// round differently from libsvm.
#include "classify/ordered_column_sums.hpp"

#include <atomic>

namespace tsfs {
namespace {

// column_terms_computed(): one relaxed addition per call, against rows x columns terms of work.
std::atomic<unsigned long long> column_terms{0};

void count_terms(Eigen::Index rows, Eigen::Index columns, Eigen::Index references) {
  if (rows > 0 && columns > 0)
    column_terms.fetch_add(static_cast<unsigned long long>(rows * columns * references),
                           std::memory_order_relaxed);
}

typedef double Vector __attribute__((vector_size(64)));  // 8 doubles
constexpr Eigen::Index kLanes = 8;

// Unaligned, aliasing-safe vector loads and stores (plain vector moves once inlined).
[[gnu::always_inline]] inline void load(Vector& value, const double* from) {
  __builtin_memcpy(&value, from, sizeof value);
}
[[gnu::always_inline]] inline void store(double* to, const Vector& value) {
  __builtin_memcpy(to, &value, sizeof value);
}

// targets[r][i] += term(values(i, k), references(r, k)) for k = 0 .. columns - 1 in order, for
// each of kReferences reference rows (every load of a value serves them all). The fields are
// copied into locals first so that the loops read registers, not the structs behind references.
template <int kReferences, int kVectors, class AddTerm>
[[gnu::always_inline]] inline void add_column_terms(const ColumnMajorBlock& block,
                                                    const double* const* references,
                                                    Eigen::Index reference_stride,
                                                    double* const* targets, AddTerm add_term) {
  const double* const values = block.data;
  const Eigen::Index rows = block.rows;
  const Eigen::Index values_stride = block.stride;
  const Eigen::Index columns = block.columns;
  constexpr Eigen::Index kBlock = kLanes * kVectors;
  Eigen::Index i = 0;
  for (; i + kBlock <= rows; i += kBlock) {
    Vector sums[kReferences][kVectors];
    for (int r = 0; r < kReferences; ++r)
      for (int v = 0; v < kVectors; ++v) load(sums[r][v], targets[r] + i + v * kLanes);
    for (Eigen::Index k = 0; k < columns; ++k) {
      const double* column = values + k * values_stride + i;
      Vector value[kVectors];
      for (int v = 0; v < kVectors; ++v) load(value[v], column + v * kLanes);
      for (int r = 0; r < kReferences; ++r) {
        const double reference = references[r][k * reference_stride];
        for (int v = 0; v < kVectors; ++v) add_term(sums[r][v], value[v], reference);
      }
    }
    for (int r = 0; r < kReferences; ++r)
      for (int v = 0; v < kVectors; ++v) store(targets[r] + i + v * kLanes, sums[r][v]);
  }
  for (; i < rows; ++i)
    for (int r = 0; r < kReferences; ++r) {
      double sum = targets[r][i];
      for (Eigen::Index k = 0; k < columns; ++k)
        add_term(sum, values[k * values_stride + i], references[r][k * reference_stride]);
      targets[r][i] = sum;
    }
}

// The terms, added to a sum in place (by reference: a 64-byte vector passed or returned by value
// would change the calling convention between the clones).
struct AddProduct {
  template <class Value>
  [[gnu::always_inline]] void operator()(Value& sum, const Value& value, double reference) const {
    sum = sum + value * reference;
  }
};
struct AddSquaredDifference {
  template <class Value>
  [[gnu::always_inline]] void operator()(Value& sum, const Value& value, double reference) const {
    const Value difference = value - reference;
    sum = sum + difference * difference;
  }
};

}  // namespace

#define TSFS_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

TSFS_SIMD_CLONES
void add_products_in_column_order(const ColumnMajorBlock& values, StridedRow reference,
                                  double* target) {
  count_terms(values.rows, values.columns, 1);
  add_column_terms<1, 4>(values, &reference.data, reference.stride, &target, AddProduct{});
}

TSFS_SIMD_CLONES
void add_products_of_four_in_column_order(const ColumnMajorBlock& values,
                                          FourStridedRows references, double* const* targets) {
  count_terms(values.rows, values.columns, 4);
  add_column_terms<4, 2>(values, references.data, references.stride, targets, AddProduct{});
}

TSFS_SIMD_CLONES
void add_squared_differences_in_column_order(const ColumnMajorBlock& values, StridedRow reference,
                                             double* target) {
  count_terms(values.rows, values.columns, 1);
  add_column_terms<1, 4>(values, &reference.data, reference.stride, &target,
                         AddSquaredDifference{});
}

unsigned long long column_terms_computed() {
  return column_terms.load(std::memory_order_relaxed);
}

}  // namespace tsfs
