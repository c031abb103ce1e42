// See laplacian_batch_kernels.hpp. The feature index r runs in blocks of kVectors vectors held in
// GCC vector registers (accumulators stay in registers while the node or edge loop runs), the
// last features of a row in single vectors doing the same operations. The kernels are compiled for
// AVX-512, AVX2 and the x86-64 baseline, each with vectors of its own register width and as many
// accumulators as its registers hold (numerics/instruction_sets.hpp), and every lane computes the
// same double as the scalar loop. CMakeLists.txt compiles this file with -ffp-contract=off: a fused
// a * b + c would round differently from the scalar one-kernel path (and from SSE2).
#include "graph/laplacian_batch_kernels.hpp"

#include <algorithm>

#include "numerics/instruction_sets.hpp"

namespace tsfs::laplacian_kernels {
namespace {

typedef double Vector2 __attribute__((vector_size(16)));
typedef double Vector4 __attribute__((vector_size(32)));
typedef double Vector8 __attribute__((vector_size(64)));

template <class Vector>
constexpr Eigen::Index kLanes = sizeof(Vector) / sizeof(double);

// Unaligned, aliasing-safe vector loads and stores (plain vector moves once inlined). By
// reference, not by value: a vector passed or returned by value would depend on the instruction
// set's calling convention.
template <class Vector>
[[gnu::always_inline]] inline void load(Vector& value, const double* from) {
  __builtin_memcpy(&value, from, sizeof value);
}
template <class Vector>
[[gnu::always_inline]] inline void store(double* to, const Vector& value) {
  __builtin_memcpy(to, &value, sizeof value);
}

// sums_r = sum_i values(i, r) node_weights_i, i ascending. Inlined into each clone below.
[[gnu::always_inline]] inline void weighted_sums(const double* values, Eigen::Index rows,
                                                 Eigen::Index width, const double* node_weights,
                                                 double* __restrict sums) {
  for (Eigen::Index r = 0; r < width; ++r) sums[r] = 0.0;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    const double weight = node_weights[i];
    for (Eigen::Index r = 0; r < width; ++r) sums[r] += row[r] * weight;
  }
}

// sums_r = sum_i node_weights_i (t t) with t = values(i, r) - means_r, i ascending.
[[gnu::always_inline]] inline void weighted_centred_squares(const double* values, Eigen::Index rows,
                                                            Eigen::Index width,
                                                            const double* node_weights,
                                                            const double* __restrict means,
                                                            double* __restrict sums) {
  for (Eigen::Index r = 0; r < width; ++r) sums[r] = 0.0;
  for (Eigen::Index i = 0; i < rows; ++i) {
    const double* __restrict row = values + i * width;
    const double weight = node_weights[i];
    for (Eigen::Index r = 0; r < width; ++r) {
      const double centred = row[r] - means[r];
      sums[r] += weight * (centred * centred);
    }
  }
}

// centred(i, r) = values(i, r) - means_r.
[[gnu::always_inline]] inline void centre_rows(const RowMajorView& values,
                                               const double* __restrict means,
                                               double* __restrict centred) {
  const Eigen::Index width = values.width;
  for (Eigen::Index i = 0; i < values.rows; ++i)
    for (Eigen::Index r = 0; r < width; ++r)
      centred[i * width + r] = values.data[i * width + r] - means[r];
}

// numerators_r = sum_i sum_e (centred(i, r) centred(columns[e], r)) values[e] and denominators_r
// = sum_i (centred(i, r) centred(i, r)) degrees_i, i and e ascending (literal_forms), for the
// features r = first .. first + kVectors * lanes - 1.
template <class Vector, Eigen::Index kVectors>
[[gnu::always_inline]] inline void quadratic_forms_block(const RowMajorView& centred_rows,
                                                         const double* degrees,
                                                         SparseRows laplacian, Eigen::Index first,
                                                         double* __restrict numerators,
                                                         double* __restrict denominators) {
  const double* centred = centred_rows.data + first;
  const Eigen::Index rows = centred_rows.rows;
  const Eigen::Index width = centred_rows.width;
  const Eigen::Index* row_starts = laplacian.row_starts;
  const int* columns = laplacian.columns;
  const double* entry_values = laplacian.values;
  constexpr Eigen::Index kLane = kLanes<Vector>;
  Vector numerator[kVectors] = {};
  Vector denominator[kVectors] = {};
  for (Eigen::Index i = 0; i < rows; ++i) {
    Vector own[kVectors];
    for (Eigen::Index v = 0; v < kVectors; ++v) load(own[v], centred + i * width + v * kLane);
    for (Eigen::Index e = row_starts[i]; e < row_starts[i + 1]; ++e) {
      const double* other = centred + static_cast<Eigen::Index>(columns[e]) * width;
      const double entry = entry_values[e];
      for (Eigen::Index v = 0; v < kVectors; ++v) {
        Vector value;
        load(value, other + v * kLane);
        numerator[v] += (own[v] * value) * entry;
      }
    }
    for (Eigen::Index v = 0; v < kVectors; ++v) denominator[v] += (own[v] * own[v]) * degrees[i];
  }
  for (Eigen::Index v = 0; v < kVectors; ++v) {
    store(numerators + first + v * kLane, numerator[v]);
    store(denominators + first + v * kLane, denominator[v]);
  }
}

// quadratic_forms_block over every feature: blocks of kVectors vectors, then single vectors, the
// last of which ends at the row's end and so overlaps features already summed (its lanes compute
// the same doubles again). A scalar loop for the last features (one chain of dependent additions
// per feature) took a third of the time for 389 features. Rows narrower than a vector run it.
template <class Vector, Eigen::Index kVectors>
[[gnu::always_inline]] inline void quadratic_forms(const RowMajorView& centred_rows,
                                                   const double* degrees, SparseRows laplacian,
                                                   double* __restrict numerators,
                                                   double* __restrict denominators) {
  const Eigen::Index width = centred_rows.width;
  constexpr Eigen::Index kLane = kLanes<Vector>;
  if (width >= kLane) {
    Eigen::Index r = 0;
    for (; r + kLane * kVectors <= width; r += kLane * kVectors)
      quadratic_forms_block<Vector, kVectors>(centred_rows, degrees, laplacian, r, numerators,
                                              denominators);
    for (; r < width; r += kLane)
      quadratic_forms_block<Vector, 1>(centred_rows, degrees, laplacian,
                                       r + kLane <= width ? r : width - kLane, numerators,
                                       denominators);
    return;
  }
  const double* centred = centred_rows.data;
  for (Eigen::Index r = 0; r < width; ++r) {
    double numerator = 0.0;
    double denominator = 0.0;
    for (Eigen::Index i = 0; i < centred_rows.rows; ++i) {
      const double own = centred[i * width + r];
      for (Eigen::Index e = laplacian.row_starts[i]; e < laplacian.row_starts[i + 1]; ++e)
        numerator += (own * centred[static_cast<Eigen::Index>(laplacian.columns[e]) * width + r]) *
                     laplacian.values[e];
      denominator += (own * own) * degrees[i];
    }
    numerators[r] = numerator;
    denominators[r] = denominator;
  }
}

// Up to four weight sets, which share each load of a row: set s < count has weight
// weights[(first + s) * row_count + p] for row p and its sums at sums + (first + s) * width.
struct WeightSets {
  const double* weights;
  Eigen::Index first;
  Eigen::Index count;
  double* sums;
};

// Rows first .. last - 1 of a sum over rows.
struct RowRange {
  Eigen::Index first;
  Eigen::Index last;
};

// Each set's sum over the rows p ascending of its weight times rows(p, r), for the features
// r = first .. first + kVectors * lanes - 1, continued over the rows of `range`: started from 0 at
// row 0, else from the sums stored after the rows before.
template <class Vector, Eigen::Index kVectors>
[[gnu::always_inline]] inline void weighted_rows_block(const RowMajorView& rows,
                                                       const WeightSets& sets, Eigen::Index first,
                                                       RowRange range) {
  // The fields are copied into locals so that the loop reads registers, not the structs.
  const double* const data = rows.data + first;
  const Eigen::Index row_count = rows.rows;
  const Eigen::Index width = rows.width;
  const double* const weights = sets.weights + sets.first * row_count;
  const Eigen::Index count = sets.count;
  constexpr Eigen::Index kSets = 4;
  constexpr Eigen::Index kLane = kLanes<Vector>;
  Vector sum[kSets][kVectors] = {};
  if (range.first > 0)
    for (Eigen::Index s = 0; s < count; ++s)
      for (Eigen::Index v = 0; v < kVectors; ++v)
        load(sum[s][v], sets.sums + (sets.first + s) * width + first + v * kLane);
  for (Eigen::Index p = range.first; p < range.last; ++p) {
    Vector row[kVectors];
    for (Eigen::Index v = 0; v < kVectors; ++v) load(row[v], data + p * width + v * kLane);
    for (Eigen::Index s = 0; s < kSets; ++s) {
      const double weight = s < count ? weights[s * row_count + p] : 0.0;
      for (Eigen::Index v = 0; v < kVectors; ++v) sum[s][v] += weight * row[v];
    }
  }
  for (Eigen::Index s = 0; s < count; ++s)
    for (Eigen::Index v = 0; v < kVectors; ++v)
      store(sets.sums + (sets.first + s) * width + first + v * kLane, sum[s][v]);
}

// How many rows a block of features takes at a time through every weight set: 256 rows of
// 32 features (AVX-512's block) are 64 KiB, which stay in the core's cache while the sets pass
// over them, instead of every row streaming in once per four sets.
constexpr Eigen::Index kRowsPerChunk = 256;

// weighted_rows_block over one block of features for every weight set, chunk after chunk of rows.
template <class Vector, Eigen::Index kVectors>
[[gnu::always_inline]] inline void weighted_rows_in_chunks(const RowMajorView& rows,
                                                           const double* weights, Eigen::Index sets,
                                                           double* sums, Eigen::Index first) {
  for (Eigen::Index first_row = 0; first_row < rows.rows; first_row += kRowsPerChunk) {
    const RowRange range{first_row, std::min(rows.rows, first_row + kRowsPerChunk)};
    for (Eigen::Index first_set = 0; first_set < sets; first_set += 4)
      weighted_rows_block<Vector, kVectors>(
          rows, {weights, first_set, std::min<Eigen::Index>(sets - first_set, 4), sums}, first,
          range);
  }
}

// weighted_rows_in_chunks over every feature, the features as in quadratic_forms.
template <class Vector, Eigen::Index kVectors>
[[gnu::always_inline]] inline void weighted_rows(const double* rows, Eigen::Index row_count,
                                                 Eigen::Index width, const double* weights,
                                                 Eigen::Index sets, double* sums) {
  constexpr Eigen::Index kLane = kLanes<Vector>;
  if (width < kLane) {
    for (Eigen::Index s = 0; s < sets; ++s)
      for (Eigen::Index r = 0; r < width; ++r) {
        double sum = 0.0;
        for (Eigen::Index p = 0; p < row_count; ++p)
          sum += weights[s * row_count + p] * rows[p * width + r];
        sums[s * width + r] = sum;
      }
    return;
  }
  const RowMajorView view{rows, row_count, width};
  Eigen::Index r = 0;
  for (; r + kLane * kVectors <= width; r += kLane * kVectors)
    weighted_rows_in_chunks<Vector, kVectors>(view, weights, sets, sums, r);
  for (; r < width; r += kLane)
    weighted_rows_in_chunks<Vector, 1>(view, weights, sets, sums,
                                       r + kLane <= width ? r : width - kLane);
}

template <class Vector, Eigen::Index kVectors>
[[gnu::always_inline]] inline void literal_forms_in_blocks(const RowMajorView& values,
                                                           NodeWeights degrees,
                                                           SparseRows laplacian,
                                                           const LiteralForms& out) {
  const Eigen::Index width = values.width;
  weighted_sums(values.data, values.rows, width, degrees.weights, out.means);
  for (Eigen::Index r = 0; r < width; ++r) out.means[r] = out.means[r] / degrees.mean_divisor;
  centre_rows(values, out.means, out.centred);
  quadratic_forms<Vector, kVectors>({out.centred, values.rows, width}, degrees.weights, laplacian,
                                    out.numerators, out.denominators);
}

// Each instruction set's kernels (accumulators: 4 weight sets x kVectors plus kVectors loaded for
// weighted_rows, 3 x kVectors for quadratic_forms; 32 registers on AVX-512, 16 on AVX2 and SSE2).
typedef void WeightedRows(const double*, Eigen::Index, Eigen::Index, const double*, Eigen::Index,
                          double*);
typedef void Forms(const RowMajorView&, NodeWeights, SparseRows, const LiteralForms&);
[[gnu::target("avx512f")]] void weighted_rows_avx512(const double* rows, Eigen::Index row_count,
                                                     Eigen::Index width, const double* weights,
                                                     Eigen::Index sets, double* sums) {
  weighted_rows<Vector8, 4>(rows, row_count, width, weights, sets, sums);
}
[[gnu::target("avx2")]] void weighted_rows_avx2(const double* rows, Eigen::Index row_count,
                                                Eigen::Index width, const double* weights,
                                                Eigen::Index sets, double* sums) {
  weighted_rows<Vector4, 2>(rows, row_count, width, weights, sets, sums);
}
void weighted_rows_baseline(const double* rows, Eigen::Index row_count, Eigen::Index width,
                            const double* weights, Eigen::Index sets, double* sums) {
  weighted_rows<Vector2, 2>(rows, row_count, width, weights, sets, sums);
}
[[gnu::target("avx512f")]] void forms_avx512(const RowMajorView& values, NodeWeights degrees,
                                             SparseRows laplacian, const LiteralForms& out) {
  literal_forms_in_blocks<Vector8, 4>(values, degrees, laplacian, out);
}
[[gnu::target("avx2")]] void forms_avx2(const RowMajorView& values, NodeWeights degrees,
                                        SparseRows laplacian, const LiteralForms& out) {
  literal_forms_in_blocks<Vector4, 4>(values, degrees, laplacian, out);
}
void forms_baseline(const RowMajorView& values, NodeWeights degrees, SparseRows laplacian,
                    const LiteralForms& out) {
  literal_forms_in_blocks<Vector2, 4>(values, degrees, laplacian, out);
}

}  // namespace

void weighted_row_sums(const double* rows, Eigen::Index row_count, Eigen::Index width,
                       const double* weights, Eigen::Index sets, double* sums) {
  static WeightedRows* const kernel =
      best_kernel_for_cpu(&weighted_rows_avx512, &weighted_rows_avx2, &weighted_rows_baseline);
  kernel(rows, row_count, width, weights, sets, sums);
}

void literal_forms(const RowMajorView& values, NodeWeights degrees, SparseRows laplacian,
                   const LiteralForms& out) {
  static Forms* const kernel = best_kernel_for_cpu(&forms_avx512, &forms_avx2, &forms_baseline);
  kernel(values, degrees, laplacian, out);
}

// Scalar loops, vectorised by the compiler (element-wise over the features): target_clones
// suffices.
#define TSFS_SIMD_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

TSFS_SIMD_CLONES
void centred_moments(const RowMajorView& values, NodeWeights degrees, const double* imbalance,
                     const CentredMoments& out) {
  const Eigen::Index width = values.width;
  weighted_sums(values.data, values.rows, width, degrees.weights, out.means);
  const double total_degree = degrees.mean_divisor;
  for (Eigen::Index r = 0; r < width; ++r)
    out.means[r] = total_degree > 0.0 ? out.means[r] / total_degree : 0.0;
  weighted_centred_squares(values.data, values.rows, width, degrees.weights, out.means,
                           out.denominators);
  if (imbalance != nullptr)
    weighted_centred_squares(values.data, values.rows, width, imbalance, out.means,
                             out.imbalance_terms);
}

#undef TSFS_SIMD_CLONES

}  // namespace tsfs::laplacian_kernels
