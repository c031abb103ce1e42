#pragma once
// The inner loops of laplacian_batch.cpp: sums over graph nodes or edges with one SIMD lane per
// feature. Matrices are row-major (one row per node or edge, `width` features contiguous). Each
// lane adds its feature's terms one after another in the stated order, so the result of every
// feature is the double a scalar loop gives, whatever the instruction set (the file is compiled
// without FMA contraction and dispatched at run time to AVX-512, AVX2 or the SSE2 baseline).
#include <Eigen/Core>

namespace tsfs::laplacian_kernels {

// sums[s * width + r] = the sum of weights[s * row_count + p] * rows[p * width + r], for p
// ascending from 0, for each of the `sets` weight vectors.
void weighted_row_sums(const double* rows, Eigen::Index row_count, Eigen::Index width,
                       const double* weights, Eigen::Index sets, double* sums);

// A row-major matrix: entry (i, r) at data[i * width + r], i < rows.
struct RowMajorView {
  const double* data;
  Eigen::Index rows;
  Eigen::Index width;
};

// One weight per node (row) and the divisor of the weighted means.
struct NodeWeights {
  const double* weights;
  double mean_divisor;
};

// A sparse matrix in compressed rows: the entries of row i are e = row_starts[i] ..
// row_starts[i + 1] - 1, at column columns[e] with value values[e].
struct SparseRows {
  const Eigen::Index* row_starts;
  const int* columns;
  const double* values;
};

// centred_moments' outputs, `width` doubles each (imbalance_terms unused without imbalance).
struct CentredMoments {
  double* means;
  double* denominators;
  double* imbalance_terms;
};

// Exact path, per feature r over the nodes i ascending: means_r = sum_i values(i, r) degrees_i /
// degrees.mean_divisor (the total degree; 0 when it is 0); t = values(i, r) - means_r;
// denominators_r = sum_i degrees_i (t t), imbalance_terms_r = sum_i imbalance_i (t t) (not
// written when imbalance is nullptr).
void centred_moments(const RowMajorView& values, NodeWeights degrees, const double* imbalance,
                     const CentredMoments& out);

// literal_forms' outputs: means and the two sums `width` doubles each, centred rows x width.
struct LiteralForms {
  double* means;
  double* centred;
  double* numerators;
  double* denominators;
};

// Literal path (laplacian_scores_literal, term for term): means_r = sum_i values(i, r) degrees_i
// / degrees.mean_divisor; centred(i, r) = values(i, r) - means_r (scratch); numerators_r = sum
// over rows i, entries e of row i of the Laplacian, of (centred(i, r) centred(columns[e], r))
// values[e]; denominators_r = sum_i (centred(i, r) centred(i, r)) degrees_i.
void literal_forms(const RowMajorView& values, NodeWeights degrees, SparseRows laplacian,
                   const LiteralForms& out);

}  // namespace tsfs::laplacian_kernels
