// See ordered_column_sums.hpp. The functions are built by target_clones for AVX-512, AVX2 and
// the x86-64 baseline and picked at load time; CMakeLists.txt compiles this file with
// -ffp-contract=off, since a fused multiply-add would round differently from libsvm.
#include "classify/ordered_column_sums.hpp"

namespace tsfs {
namespace {

// target[i] += term(values(i, k), reference(k)), four columns per pass over the rows.
template <class Term>
[[gnu::always_inline]] inline void add_column_terms(const double* values, Eigen::Index rows,
                                                    Eigen::Index values_stride,
                                                    Eigen::Index columns, const double* reference,
                                                    Eigen::Index reference_stride,
                                                    double* __restrict target, Term term) {
  auto reference_value = [&](Eigen::Index k) { return reference[k * reference_stride]; };
  Eigen::Index k = 0;
  for (; k + 4 <= columns; k += 4) {
    const double* __restrict a0 = values + k * values_stride;
    const double* __restrict a1 = a0 + values_stride;
    const double* __restrict a2 = a1 + values_stride;
    const double* __restrict a3 = a2 + values_stride;
    const double s0 = reference_value(k), s1 = reference_value(k + 1), s2 = reference_value(k + 2),
                 s3 = reference_value(k + 3);
    for (Eigen::Index i = 0; i < rows; ++i)
      target[i] =
          (((target[i] + term(a0[i], s0)) + term(a1[i], s1)) + term(a2[i], s2)) + term(a3[i], s3);
  }
  for (; k < columns; ++k) {
    const double* __restrict a = values + k * values_stride;
    const double s = reference_value(k);
    for (Eigen::Index i = 0; i < rows; ++i) target[i] = target[i] + term(a[i], s);
  }
}

}  // namespace

#define TSFS_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

TSFS_SIMD_CLONES
void add_products_in_column_order(const double* values, Eigen::Index rows,
                                  Eigen::Index values_stride, Eigen::Index columns,
                                  const double* reference, Eigen::Index reference_stride,
                                  double* target) {
  add_column_terms(values, rows, values_stride, columns, reference, reference_stride, target,
                   [](double a, double b) { return a * b; });
}

TSFS_SIMD_CLONES
void add_squared_differences_in_column_order(const double* values, Eigen::Index rows,
                                             Eigen::Index values_stride, Eigen::Index columns,
                                             const double* reference, Eigen::Index reference_stride,
                                             double* target) {
  add_column_terms(values, rows, values_stride, columns, reference, reference_stride, target,
                   [](double a, double b) {
                     const double difference = a - b;
                     return difference * difference;
                   });
}

}  // namespace tsfs
