#pragma once
// The inner loops of laplacian_batch.cpp: sums over graph nodes or edges with one SIMD lane per
// feature. Matrices are row-major (one row per node or edge, `width` features contiguous). Each
// lane adds its feature's terms one after another in the stated order, so the result of every
// feature is the double a scalar loop gives, whatever the instruction set (the file is compiled
// without FMA contraction and dispatched at run time to AVX-512, AVX2 or the SSE2 baseline).
#include <Eigen/Core>

namespace tsfs::laplacian_kernels {

// sums[s * width + r] += weights[s * row_count + p] * rows[p * width + r], for p ascending, for
// each of the `sets` weight vectors.
void add_weighted_rows(const double* rows, Eigen::Index row_count, Eigen::Index width,
                       const double* weights, Eigen::Index sets, double* sums);

// Exact path, per feature r over the nodes i ascending: means_r = sum_i values(i, r) degrees_i /
// total_degree (0 when total_degree is 0); t = values(i, r) - means_r;
// denominators_r = sum_i degrees_i (t t), imbalance_terms_r = sum_i imbalance_i (t t) (not
// written when imbalance is nullptr).
void centred_moments(const double* values, Eigen::Index rows, Eigen::Index width,
                     const double* degrees, double total_degree, const double* imbalance,
                     double* means, double* denominators, double* imbalance_terms);

// Literal path (laplacian_scores_literal, term for term): means_r = sum_i values(i, r) degrees_i
// / mean_divisor; centred(i, r) = values(i, r) - means_r (centred is rows x width scratch);
// numerators_r = sum over rows i, entries e of row i, of (centred(i, r) centred(columns[e], r))
// entry_values[e]; denominators_r = sum_i (centred(i, r) centred(i, r)) degrees_i.
void literal_forms(const double* values, Eigen::Index rows, Eigen::Index width,
                   const double* degrees, double mean_divisor, const Eigen::Index* row_starts,
                   const int* columns, const double* entry_values, double* means, double* centred,
                   double* numerators, double* denominators);

}  // namespace tsfs::laplacian_kernels
