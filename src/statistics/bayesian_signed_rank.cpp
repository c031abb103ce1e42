#include "statistics/bayesian_signed_rank.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/hash.hpp"
#include "common/interrupt.hpp"
#include "statistics/bayesian_lanes.hpp"

namespace tsfs::statistics {
namespace {

constexpr double kBoundSlack = 1e-9;  // relative widening of the rope's bounds (see header)

Eigen::Index to_index(size_t p) {
  return static_cast<Eigen::Index>(p);
}

SortedWalsh sorted_walsh(const Eigen::VectorXd& differences, double rope) {
  const Eigen::Index count = differences.size() + 1;
  Eigen::VectorXd z(count);
  z << 0.0, differences;
  std::vector<Eigen::Index> order(static_cast<size_t>(count));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return z(a) < z(b); });
  SortedWalsh walsh;
  walsh.rank.resize(order.size());
  std::vector<double> sorted(order.size());
  for (size_t i = 0; i < sorted.size(); ++i) {
    sorted[i] = z(order[i]);
    walsh.rank[static_cast<size_t>(order[i])] = static_cast<Eigen::Index>(i);
  }
  const double limit = 2 * rope * (1 + kBoundSlack);
  for (double value : sorted) {
    const auto below = std::partition_point(sorted.begin(), sorted.end(),
                                            [&](double other) { return value + other < -limit; });
    const auto not_above = std::partition_point(
        sorted.begin(), sorted.end(), [&](double other) { return !(value + other > limit); });
    walsh.left_end.push_back(below - sorted.begin());
    walsh.right_begin.push_back(not_above - sorted.begin());
  }
  return walsh;
}

// Adds one draw's vote: 1 to the region of largest mass, split equally among tied regions.
void vote(const RegionMasses& m, BayesianSignedRankResult& result) {
  const double largest = std::max({m.left, m.rope, m.right});
  const int winners = (m.left == largest) + (m.rope == largest) + (m.right == largest);
  const double share = 1.0 / winners;
  if (m.left == largest) result.p_left += share;
  if (m.rope == largest) result.p_rope += share;
  if (m.right == largest) result.p_right += share;
}

// The votes of the first `block` lanes.
void vote(const LaneMasses& masses, Eigen::Index block, BayesianSignedRankResult& result) {
  for (size_t l = 0; l < static_cast<size_t>(block); ++l)
    vote({masses.left[l], masses.rope[l], masses.right[l]}, result);
}

void normalise(BayesianSignedRankResult& result) {
  result.p_left /= result.samples;
  result.p_rope /= result.samples;
  result.p_right /= result.samples;
}

void check_rope(double rope) {
  if (!(rope >= 0) || std::isinf(rope))
    throw std::invalid_argument("the rope's half-width must be a number >= 0");
}

}  // namespace

RegionMasses bayesian_region_masses(const Eigen::VectorXd& differences,
                                    const Eigen::VectorXd& weights, double rope) {
  check_rope(rope);
  if (weights.size() != differences.size() + 1)
    throw std::invalid_argument("bayesian_region_masses: needs n + 1 weights for n differences");
  const SortedWalsh walsh = sorted_walsh(differences, rope);
  LaneScratch scratch(walsh.count());
  for (size_t p = 0; p < walsh.count(); ++p)
    scratch.weights()[static_cast<size_t>(walsh.rank[p]) * kDrawLanes] = weights(to_index(p));
  const LaneMasses masses = lane_masses(walsh, scratch);
  return {masses.left[0], masses.rope[0], masses.right[0]};
}

BayesianSignedRankResult bayesian_signed_rank_from_weights(const Eigen::VectorXd& differences,
                                                           const Eigen::MatrixXd& weights,
                                                           double rope) {
  check_rope(rope);
  if (weights.cols() != differences.size() + 1 || weights.rows() < 1)
    throw std::invalid_argument("bayesian_signed_rank_from_weights: needs draws of n + 1 weights");
  const SortedWalsh walsh = sorted_walsh(differences, rope);
  BayesianSignedRankResult result;
  result.samples = static_cast<int>(weights.rows());
  LaneScratch scratch(walsh.count());
  for (Eigen::Index first = 0; first < weights.rows(); first += kDrawLanes) {
    const Eigen::Index block = std::min<Eigen::Index>(kDrawLanes, weights.rows() - first);
    for (Eigen::Index l = 0; l < block; ++l)
      for (size_t p = 0; p < walsh.count(); ++p)
        scratch
            .weights()[static_cast<size_t>(walsh.rank[p]) * kDrawLanes + static_cast<size_t>(l)] =
            weights(first + l, to_index(p));
    vote(lane_masses(walsh, scratch), block, result);
  }
  normalise(result);
  return result;
}

BayesianSignedRankResult bayesian_signed_rank(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                                              double rope, int samples, std::uint64_t seed) {
  if (x.size() != y.size() || x.size() == 0)
    throw std::invalid_argument("bayesian_signed_rank: needs two samples of the same length");
  if (x.hasNaN() || y.hasNaN()) throw std::invalid_argument("bayesian_signed_rank: NaN value");
  if (samples < 1) throw std::invalid_argument("bayesian_signed_rank: needs at least one draw");
  check_rope(rope);
  const SortedWalsh walsh = sorted_walsh(x - y, rope);
  LaneStreams streams(seed);
  LaneScratch scratch(walsh.count());
  BayesianSignedRankResult result;
  result.samples = samples;
  for (long long first = 0; first < samples; first += kDrawLanes) {
    // Millions of draws take seconds: a signal is honoured within a few thousand of them.
    if (first % 4096 == 0) throw_if_interrupted();
    // Dirichlet weights are Gamma variates divided by their sum; the division is left out, as it
    // scales a draw's three masses alike and the vote compares them. A last partial block draws
    // eight and votes with its first lanes.
    const int block = static_cast<int>(std::min<long long>(kDrawLanes, samples - first));
    vote(draw_lane_masses(streams, walsh, scratch), block, result);
  }
  normalise(result);
  return result;
}

std::uint64_t pair_seed(std::uint64_t seed, const std::string& first, const std::string& second) {
  // The names' FNV-1a hash, a zero byte between them, mixed into the seed by SplitMix64.
  const unsigned char separator = 0;
  const std::uint64_t hash = Hasher()
                                 .bytes(first.data(), first.size())
                                 .bytes(&separator, 1)
                                 .bytes(second.data(), second.size())
                                 .digest();
  return splitmix64_finaliser(seed + kSplitMix64Increment * (hash | 1));
}

}  // namespace tsfs::statistics
