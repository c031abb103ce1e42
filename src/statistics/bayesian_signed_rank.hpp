#pragma once
// The Bayesian signed-rank test with a region of practical equivalence (rope) of Benavoli,
// Corani, Demsar and Zaffalon (2017), "Time for a change: a tutorial for comparing multiple
// classifiers through Bayesian analysis", JMLR 18(77), section 5.2 (after Benavoli et al. 2014,
// ICML, "A Bayesian Wilcoxon signed-rank test based on the Dirichlet process").
//
// The differences z_1..z_n (z = x - y, one per dataset) get a Dirichlet-process posterior whose
// prior is one pseudo-observation z_0 = 0 of strength s = 0.5 (the paper's choice, also that of
// its R and Python implementations): a posterior draw is a weight vector
//   w ~ Dirichlet(s, 1, ..., 1) over (z_0, z_1, ..., z_n),
// and the three masses of the Walsh averages (z_i + z_j)/2 (i, j over 0..n, i = j included)
//   theta_left  = sum_ij w_i w_j [z_i + z_j < -2 r]
//   theta_rope  = sum_ij w_i w_j [-2 r <= z_i + z_j <= 2 r]
//   theta_right = sum_ij w_i w_j [z_i + z_j > 2 r]
// (r the rope's half-width; the bounds are widened by a relative 1e-9, so a difference of two
// accuracies that is r up to rounding counts as inside). The reported probabilities are the
// shares of the draws in which each region has the largest mass (a tie between regions splits
// that draw equally among them): P(y better), P(equivalent), P(x better).
#include <Eigen/Core>

#include <cmath>
#include <cstdint>
#include <string>

namespace tsfs::statistics {

inline constexpr double kBayesianPriorStrength = 0.5;  // s, at z_0 = 0

struct RegionMasses {
  double left = 0;   // z_i + z_j < -2r: y better
  double rope = 0;   // practically equivalent
  double right = 0;  // z_i + z_j > 2r: x better
};

struct BayesianSignedRankResult {
  double p_left = 0;   // P(y better than x by more than the rope)
  double p_rope = 0;   // P(practically equivalent)
  double p_right = 0;  // P(x better than y by more than the rope)
  int samples = 0;
};

// The masses of one posterior draw: `differences` z_1..z_n, `weights` (w_0, w_1, ..., w_n) with
// w_0 the pseudo-observation's. O(n log n) (sorted suffix sums instead of the n^2 pairs).
RegionMasses bayesian_region_masses(const Eigen::VectorXd& differences,
                                    const Eigen::VectorXd& weights, double rope);

// The probabilities from given draws: one row of `weights` per draw, n + 1 columns as above.
// For checking against another implementation's draws (tests/reference/statistics/).
BayesianSignedRankResult bayesian_signed_rank_from_weights(const Eigen::VectorXd& differences,
                                                           const Eigen::MatrixXd& weights,
                                                           double rope);

// The test with `samples` draws seeded with `seed`, eight side by side in SIMD lanes
// (statistics/bayesian_lanes.hpp: xoshiro256+ per lane, Dirichlet weights as Gamma variates,
// Gamma(1) = Exp(1) = -log U and Gamma(1/2) by Box and Muller). The same seed gives the same
// result on every run, thread count and instruction set. Each probability is a mean of `samples`
// votes: its Monte Carlo standard error is at most 0.5 / sqrt(samples)
// (monte_carlo_standard_error). Throws std::invalid_argument when x and y differ in length, hold
// NaN, are empty, or rope < 0 or samples < 1.
BayesianSignedRankResult bayesian_signed_rank(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                                              double rope, int samples, std::uint64_t seed);

// The largest standard error of a probability estimated from `samples` votes, sqrt(p (1 - p) /
// samples) at p = 1/2.
inline double monte_carlo_standard_error(int samples) {
  return 0.5 / std::sqrt(samples);
}

// A seed for one pair of methods from the comparison's seed and the two names (FNV-1a over the
// names, mixed with SplitMix64's finaliser), so a pair's result does not depend on which other
// methods are compared.
std::uint64_t pair_seed(std::uint64_t seed, const std::string& first, const std::string& second);

}  // namespace tsfs::statistics
