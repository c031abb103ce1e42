#pragma once
// NumPy's pairwise summation (numpy/core/src/umath/loops_utils.h.src, DOUBLE_pairwise_sum), the
// order in which np.sum / np.add.reduce / np.mean add a contiguous float64 array. Reproducing it
// operation for operation makes sums round exactly as NumPy's, which the TSFEL features and
// scikit-learn's mutual_info_classif (reproduced bit for bit) rely on.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace tsfs {

// Pairwise sum of value_at(begin) .. value_at(begin + count - 1) in NumPy's order: fewer than 8
// terms are added left to right; up to 128 terms go to 8 interleaved partial sums combined as
// ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)), then the remainder left to right; longer
// ranges split at count / 2 rounded down to a multiple of 8. (NumPy starts a short sum from -0.0;
// starting from 0.0 gives the same value for any non-empty sum.)
template <typename ValueAt>
double numpy_pairwise_sum_of(Eigen::Index begin, Eigen::Index count, const ValueAt& value_at) {
  if (count < 8) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < count; ++i) sum += value_at(begin + i);
    return sum;
  }
  if (count <= 128) {
    double partial[8];
    for (int lane = 0; lane < 8; ++lane) partial[lane] = value_at(begin + lane);
    Eigen::Index i = 8;
    for (; i < count - (count % 8); i += 8)
      for (int lane = 0; lane < 8; ++lane) partial[lane] += value_at(begin + i + lane);
    double sum = ((partial[0] + partial[1]) + (partial[2] + partial[3])) +
                 ((partial[4] + partial[5]) + (partial[6] + partial[7]));
    for (; i < count; ++i) sum += value_at(begin + i);
    return sum;
  }
  Eigen::Index half = count / 2;
  half -= half % 8;
  return numpy_pairwise_sum_of(begin, half, value_at) +
         numpy_pairwise_sum_of(begin + half, count - half, value_at);
}

// np.sum of a contiguous array of `count` doubles.
inline double numpy_pairwise_sum(const double* values, std::int64_t count) {
  return numpy_pairwise_sum_of(0, static_cast<Eigen::Index>(count),
                               [values](Eigen::Index i) { return values[i]; });
}

// np.mean of a 1-D array (NaN when empty, as NumPy's 0 / 0).
inline double numpy_mean(const std::vector<double>& values) {
  return numpy_pairwise_sum(values.data(), static_cast<std::int64_t>(values.size())) /
         static_cast<double>(values.size());
}

}  // namespace tsfs
