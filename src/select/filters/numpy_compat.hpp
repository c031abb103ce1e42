#pragma once
// Bit-compatible re-implementations of the few NumPy / SciPy numerics that scikit-learn's
// mutual_info_classif depends on, so its results can be reproduced exactly in C++:
// - numpy.random.RandomState(seed).standard_normal(): MT19937 seeded with init_genrand(seed),
//   53-bit doubles from two 32-bit draws, and the legacy polar (Marsaglia) Gaussian that returns
//   the second value of each pair first and caches the other;
// (numpy's pairwise summation, np.sum / np.mean, is in numerics/numpy_pairwise_sum.hpp);
// - scipy.special.digamma (Cephes psi) for positive arguments.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <vector>

#include "numerics/numpy_pairwise_sum.hpp"

namespace tsfs {

class LegacyNormalGenerator {
 public:
  explicit LegacyNormalGenerator(std::uint32_t seed);
  double standard_normal();
  double uniform();  // random_sample(): [0, 1) with 53 random bits
  std::uint32_t next32();

 private:
  void refill();
  std::array<std::uint32_t, 624> state_{};
  int position_ = 624;
  bool has_cached_ = false;
  double cached_ = 0.0;
};

// scipy.special.digamma(x) for x > 0 (Cephes psi: exact harmonic sums for integers up to 10,
// otherwise recurrence to x >= 10 and the asymptotic series).
double cephes_digamma(double x);

// scikit-learn 1.2.1 mutual_info_classif's preprocessing of continuous features, in place: each
// column divided by its population standard deviation (unless below 10 machine epsilons), then
// 1e-10 * max(1, mean |column|) * RandomState(seed).standard_normal((n, p)) added (row-major).
// Column sums run row by row, as NumPy reduces axis 0 of a C-ordered array.
void mutual_info_preprocess(Eigen::MatrixXd& values, std::uint32_t seed);

}  // namespace tsfs
