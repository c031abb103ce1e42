#include "statistics/bayesian_signed_rank.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "common/interrupt.hpp"

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

RegionMasses masses(const SortedWalsh& walsh, const Eigen::VectorXd& weights,
                    std::vector<double>& prefix) {
  const size_t count = walsh.order.size();
  prefix.assign(count + 1, 0.0);
  for (size_t i = 0; i < count; ++i) prefix[i + 1] = prefix[i] + weights(walsh.order[i]);
  RegionMasses result;
  for (size_t i = 0; i < count; ++i) {
    const double w = weights(walsh.order[i]);
    const auto left_end = static_cast<size_t>(walsh.left_end[i]);
    const auto right_begin = static_cast<size_t>(walsh.right_begin[i]);
    result.left += w * prefix[left_end];
    result.rope += w * (prefix[right_begin] - prefix[left_end]);
    result.right += w * (prefix[count] - prefix[right_begin]);
  }
  return result;
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

void normalise(BayesianSignedRankResult& result) {
  result.p_left /= result.samples;
  result.p_rope /= result.samples;
  result.p_right /= result.samples;
}

void check_rope(double rope) {
  if (!(rope >= 0) || std::isinf(rope))
    throw std::invalid_argument("the rope's half-width must be a number >= 0");
}

// Uniform on (0, 1), never 0 or 1: the top 53 bits, shifted by half a step.
double open_uniform(std::mt19937_64& engine) {
  return (static_cast<double>(engine() >> 11) + 0.5) * 0x1.0p-53;
}

}  // namespace

RegionMasses bayesian_region_masses(const Eigen::VectorXd& differences,
                                    const Eigen::VectorXd& weights, double rope) {
  check_rope(rope);
  if (weights.size() != differences.size() + 1)
    throw std::invalid_argument("bayesian_region_masses: needs n + 1 weights for n differences");
  std::vector<double> prefix;
  return masses(sorted_walsh(differences, rope), weights, prefix);
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
  std::vector<double> prefix;
  for (Eigen::Index draw = 0; draw < weights.rows(); ++draw)
    vote(masses(walsh, weights.row(draw).transpose(), prefix), result);
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
  std::mt19937_64 engine(seed);
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  BayesianSignedRankResult result;
  result.samples = samples;
  Eigen::VectorXd weights(differences.size() + 1);
  std::vector<double> prefix;
  for (int draw = 0; draw < samples; ++draw) {
    // Millions of draws take seconds: a signal is honoured within a few thousand of them.
    if (draw % 4096 == 0) throw_if_interrupted();
    // Gamma(1/2) = Z^2 / 2, Z = sqrt(-2 log U1) cos(2 pi U2): -log(U1) cos^2(2 pi U2).
    const double u1 = open_uniform(engine), u2 = open_uniform(engine);
    const double c = std::cos(kTwoPi * u2);
    weights(0) = -std::log(u1) * c * c;
    for (Eigen::Index i = 1; i < weights.size(); ++i) weights(i) = -std::log(open_uniform(engine));
    weights /= weights.sum();
    vote(masses(walsh, weights, prefix), result);
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
