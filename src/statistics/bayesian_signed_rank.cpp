#include "statistics/bayesian_signed_rank.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/interrupt.hpp"
#include "statistics/random_draws.hpp"

namespace tsfs::statistics {
namespace {

constexpr double kBoundSlack = 1e-9;  // relative widening of the rope's bounds (see header)

// The sorted values z_0 = 0, z_1..z_n and, per position i, where the partners j with
// z_i + z_j < -limit end and those with z_i + z_j > limit start (z sorted ascending, so both
// are contiguous; the sums are compared as computed, as a direct evaluation would).
struct SortedWalsh {
  std::vector<Eigen::Index> order;  // positions in (z_0, z_1, ..., z_n) by ascending value
  std::vector<Eigen::Index> left_end;
  std::vector<Eigen::Index> right_begin;
};

SortedWalsh sorted_walsh(const Eigen::VectorXd& differences, double rope) {
  const Eigen::Index count = differences.size() + 1;
  Eigen::VectorXd z(count);
  z << 0.0, differences;
  SortedWalsh walsh;
  walsh.order.resize(static_cast<size_t>(count));
  std::iota(walsh.order.begin(), walsh.order.end(), Eigen::Index{0});
  std::stable_sort(walsh.order.begin(), walsh.order.end(),
                   [&](Eigen::Index a, Eigen::Index b) { return z(a) < z(b); });
  std::vector<double> sorted(static_cast<size_t>(count));
  for (size_t i = 0; i < sorted.size(); ++i) sorted[i] = z(walsh.order[i]);
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

// Draws evaluated side by side: the prefix sums over the sorted positions are a chain of
// dependent additions per draw, which lanes of independent draws fill (and the compiler
// vectorises across them).
constexpr int kLanes = 8;

// The region masses of up to kLanes draws: `weights` holds draw l's weight of position p of
// (z_0, z_1, ..., z_n) at p * kLanes + l; `prefix` is scratch. One pass over the sorted positions
// builds each draw's prefix sums, a second sums w_i times the masses of its partners in each
// region.
class LaneMasses {
 public:
  explicit LaneMasses(size_t count)
      : weights_(count * kLanes), prefix_((count + 1) * kLanes), count_(count) {}

  double* lane_weights() { return weights_.data(); }

  std::array<RegionMasses, kLanes> masses(const SortedWalsh& walsh) {
    for (int l = 0; l < kLanes; ++l) prefix_[static_cast<size_t>(l)] = 0.0;
    for (size_t i = 0; i < count_; ++i) {
      const double* w = &weights_[static_cast<size_t>(walsh.order[i]) * kLanes];
      const double* before = &prefix_[i * kLanes];
      double* after = &prefix_[(i + 1) * kLanes];
      for (int l = 0; l < kLanes; ++l) after[l] = before[l] + w[l];
    }
    std::array<double, kLanes> left{}, rope{}, right{};
    const double* total = &prefix_[count_ * kLanes];
    for (size_t i = 0; i < count_; ++i) {
      const double* w = &weights_[static_cast<size_t>(walsh.order[i]) * kLanes];
      const double* below = &prefix_[static_cast<size_t>(walsh.left_end[i]) * kLanes];
      const double* not_above = &prefix_[static_cast<size_t>(walsh.right_begin[i]) * kLanes];
      for (int l = 0; l < kLanes; ++l) {
        left[l] += w[l] * below[l];
        rope[l] += w[l] * (not_above[l] - below[l]);
        right[l] += w[l] * (total[l] - not_above[l]);
      }
    }
    std::array<RegionMasses, kLanes> result;
    for (int l = 0; l < kLanes; ++l) result[l] = {left[l], rope[l], right[l]};
    return result;
  }

 private:
  std::vector<double> weights_;
  std::vector<double> prefix_;
  size_t count_;
};

// Adds one draw's vote: 1 to the region of largest mass, split equally among tied regions.
void vote(const RegionMasses& m, BayesianSignedRankResult& result) {
  const double largest = std::max({m.left, m.rope, m.right});
  const int winners = (m.left == largest) + (m.rope == largest) + (m.right == largest);
  const double share = 1.0 / winners;
  if (m.left == largest) result.p_left += share;
  if (m.rope == largest) result.p_rope += share;
  if (m.right == largest) result.p_right += share;
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
  LaneMasses lanes(static_cast<size_t>(weights.size()));
  for (Eigen::Index p = 0; p < weights.size(); ++p) lanes.lane_weights()[p * kLanes] = weights(p);
  return lanes.masses(sorted_walsh(differences, rope)).front();
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
  LaneMasses lanes(static_cast<size_t>(weights.cols()));
  for (Eigen::Index first = 0; first < weights.rows(); first += kLanes) {
    const Eigen::Index block = std::min<Eigen::Index>(kLanes, weights.rows() - first);
    for (Eigen::Index l = 0; l < block; ++l)
      for (Eigen::Index p = 0; p < weights.cols(); ++p)
        lanes.lane_weights()[p * kLanes + l] = weights(first + l, p);
    const auto masses = lanes.masses(walsh);
    for (Eigen::Index l = 0; l < block; ++l) vote(masses[static_cast<size_t>(l)], result);
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
  const Eigen::VectorXd differences = x - y;
  const SortedWalsh walsh = sorted_walsh(differences, rope);
  Xoshiro256StarStar generator(seed);
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  BayesianSignedRankResult result;
  result.samples = samples;
  const auto count = static_cast<size_t>(differences.size() + 1);
  LaneMasses lanes(count);
  double* weights = lanes.lane_weights();
  const ExponentialZiggurat& exponential = ExponentialZiggurat::tables();
  for (long long first = 0; first < samples; first += kLanes) {
    // Millions of draws take seconds: a signal is honoured within a few thousand of them.
    if (first % 4096 == 0) throw_if_interrupted();
    const int block = static_cast<int>(std::min<long long>(kLanes, samples - first));
    // Draw by draw, so that the draws are a function of the seed alone. Dirichlet weights are
    // Gamma variates divided by their sum; the division is left out, as it scales a draw's three
    // masses alike and the vote compares them. Gamma(1/2) = Z^2 / 2 with Z = sqrt(-2 log U1)
    // cos(2 pi U2) (Box and Muller 1958): -log(U1) cos^2(2 pi U2); Gamma(1) = Exp(1).
    for (int l = 0; l < block; ++l) {
      const double u1 = generator.open_uniform(), u2 = generator.open_uniform();
      const double c = std::cos(kTwoPi * u2);
      weights[l] = -std::log(u1) * c * c;
      for (size_t p = 1; p < count; ++p)
        weights[p * kLanes + static_cast<size_t>(l)] = exponential.draw(generator);
    }
    const auto masses = lanes.masses(walsh);
    for (int l = 0; l < block; ++l) vote(masses[static_cast<size_t>(l)], result);
  }
  normalise(result);
  return result;
}

std::uint64_t pair_seed(std::uint64_t seed, const std::string& first, const std::string& second) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  auto add = [&](unsigned char byte) {
    hash ^= byte;
    hash *= 0x100000001b3ULL;
  };
  for (char c : first) add(static_cast<unsigned char>(c));
  add(0);
  for (char c : second) add(static_cast<unsigned char>(c));
  // SplitMix64's finaliser (Steele, Lea and Flood 2014) on the seed mixed with the names.
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (hash | 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace tsfs::statistics
