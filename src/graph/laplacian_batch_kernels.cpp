// See laplacian_batch_kernels.hpp. Plain loops over the feature index r, innermost and contiguous,
// which GCC vectorises; target_clones compiles each function for AVX-512, AVX2 and the x86-64
// baseline and picks one at load time. CMakeLists.txt compiles this file with -ffp-contract=off:
// a fused a * b + c would round differently from the scalar one-kernel path (and from SSE2).
#include "graph/laplacian_batch_kernels.hpp"

namespace tsfs::laplacian_kernels {

#define TSFS_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

TSFS_SIMD_CLONES
void add_weighted_rows(const double* rows, Eigen::Index row_count, Eigen::Index width,
                       const double* weights, Eigen::Index sets, double* sums) {
  for (Eigen::Index p = 0; p < row_count; ++p) {
    const double* __restrict row = rows + p * width;
    for (Eigen::Index s = 0; s < sets; ++s) {
      const double weight = weights[s * row_count + p];
      if (weight == 0.0) continue;  // adds +0 (or -0 to a sum that is already +0): no change
      double* __restrict sum = sums + s * width;
      for (Eigen::Index r = 0; r < width; ++r) sum[r] += weight * row[r];
    }
  }
}

TSFS_SIMD_CLONES
void centred_moments(const double* values, Eigen::Index rows, Eigen::Index width,
                     const double* degrees, double total_degree, const double* imbalance,
                     double* __restrict means, double* __restrict denominators,
                     double* __restrict imbalance_terms) {
  for (Eigen::Index r = 0; r < width; ++r) means[r] = 0.0;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    const double degree = degrees[i];
    for (Eigen::Index r = 0; r < width; ++r) means[r] += row[r] * degree;
  }
  for (Eigen::Index r = 0; r < width; ++r) {
    means[r] = total_degree > 0.0 ? means[r] / total_degree : 0.0;
    denominators[r] = 0.0;
  }
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    const double degree = degrees[i];
    for (Eigen::Index r = 0; r < width; ++r) {
      const double centred = row[r] - means[r];
      denominators[r] += degree * (centred * centred);
    }
  }
  if (imbalance == nullptr) return;
  for (Eigen::Index r = 0; r < width; ++r) imbalance_terms[r] = 0.0;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    const double excess = imbalance[i];
    for (Eigen::Index r = 0; r < width; ++r) {
      const double centred = row[r] - means[r];
      imbalance_terms[r] += excess * (centred * centred);
    }
  }
}

TSFS_SIMD_CLONES
void literal_forms(const double* values, Eigen::Index rows, Eigen::Index width,
                   const double* degrees, double mean_divisor, const Eigen::Index* row_starts,
                   const int* columns, const double* entry_values, double* __restrict means,
                   double* __restrict centred, double* __restrict numerators,
                   double* __restrict denominators) {
  for (Eigen::Index r = 0; r < width; ++r) means[r] = 0.0;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    const double degree = degrees[i];
    for (Eigen::Index r = 0; r < width; ++r) means[r] += row[r] * degree;
  }
  for (Eigen::Index r = 0; r < width; ++r) means[r] = means[r] / mean_divisor;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    double* __restrict out = centred + i * width;
    for (Eigen::Index r = 0; r < width; ++r) out[r] = row[r] - means[r];
  }
  for (Eigen::Index r = 0; r < width; ++r) {
    numerators[r] = 0.0;
    denominators[r] = 0.0;
  }
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict own = centred + i * width;
    for (Eigen::Index e = row_starts[i]; e < row_starts[i + 1]; ++e) {
      const double* __restrict other = centred + static_cast<Eigen::Index>(columns[e]) * width;
      const double entry = entry_values[e];
      for (Eigen::Index r = 0; r < width; ++r) numerators[r] += (own[r] * other[r]) * entry;
    }
    const double degree = degrees[i];
    for (Eigen::Index r = 0; r < width; ++r) denominators[r] += (own[r] * own[r]) * degree;
  }
}

#undef TSFS_SIMD_CLONES

}  // namespace tsfs::laplacian_kernels
