#pragma once
// The Monte Carlo of the Bayesian signed-rank test (bayesian_signed_rank.hpp) eight posterior
// draws at a time, one per SIMD lane, compiled for AVX-512, AVX2 and SSE2 and chosen at run time.
// Every instruction set gives the same bits: each lane runs the same IEEE operations in the same
// order (the file is compiled without FMA contraction) and calls no C library function, so a seed
// gives one result on any x86-64 machine.
//
// Lane l draws from its own xoshiro256+ stream (Blackman and Vigna, "Scrambled linear
// pseudorandom number generators", ACM TOMS 47(4), 2021). A weight is Exp(1) = -log U with U
// uniform on (0, 1] (52 random bits), the logarithm computed in the lanes (negative_log below)
// rather than by a ziggurat, whose rare rejections would stall the lanes. The prior
// pseudo-observation's weight is Gamma(1/2) = Z^2 / 2 = E cos^2(2 pi U') with E ~ Exp(1) (Box and
// Muller 1958: Z = sqrt(2 E) cos(2 pi U')), the cosine also computed in the lanes.
#include <Eigen/Core>

#include <array>
#include <cstdint>
#include <vector>

#include "numerics/instruction_sets.hpp"

namespace tsfs::statistics {

inline constexpr int kDrawLanes = 8;

// Eight xoshiro256+ states: word k of lane l at words[k][l], filled from one seed by SplitMix64
// (Steele, Lea and Flood 2014), as the generator's authors recommend, lane by lane.
struct LaneStreams {
  explicit LaneStreams(std::uint64_t seed);
  std::array<std::array<std::uint64_t, kDrawLanes>, 4> words;
};

// The Walsh averages' regions over the sorted values z_(0) <= ... <= z_(n) of (z_0 = 0, z_1..z_n):
// the partners j of sorted position i with z_(i) + z_(j) < -2r are j < left_end[i], those with
// z_(i) + z_(j) > 2r are j >= right_begin[i] (contiguous, as z is sorted). rank[p] is the sorted
// position of z_p.
struct SortedWalsh {
  std::vector<Eigen::Index> rank;
  std::vector<Eigen::Index> left_end;
  std::vector<Eigen::Index> right_begin;
  size_t count() const { return rank.size(); }
};

// Region masses of eight draws, lane l's at [l].
struct LaneMasses {
  std::array<double, kDrawLanes> left{}, rope{}, right{};
};

// Room for eight draws' weights and prefix sums over `count` sorted positions.
class LaneScratch {
 public:
  explicit LaneScratch(size_t count)
      : weights_(count * kDrawLanes), prefix_((count + 1) * kDrawLanes) {}
  // Lane l's weight of z_p at weights()[rank[p] * kDrawLanes + l] (in sorted order).
  double* weights() { return weights_.data(); }
  double* prefix() { return prefix_.data(); }

 private:
  std::vector<double> weights_;
  std::vector<double> prefix_;
};

// Eight posterior draws from `streams` (advanced past them) and their region masses. Per draw,
// its lane takes two outputs for the prior's weight w_0, then one for each of w_1..w_n.
LaneMasses draw_lane_masses(LaneStreams& streams, const SortedWalsh& walsh, LaneScratch& scratch,
                            Isa isa = best_isa());

// The region masses of eight given draws already in scratch.weights().
LaneMasses lane_masses(const SortedWalsh& walsh, LaneScratch& scratch, Isa isa = best_isa());

// Exp(1) variates from the streams: out[v * kDrawLanes + l] is lane l's v-th, v < vectors. For
// tests of the distribution and of the instruction sets' agreement.
void lane_exponentials(LaneStreams& streams, double* out, size_t vectors, Isa isa = best_isa());

// -log(u) for u in [2^-1022, 1], as the lanes compute it, within 2 units in the last place plus
// 2^-53 of the exact value (tests/statistics/bayesian_lanes_test.cpp).
double negative_log(double u);

// cos(pi / 2 u) for u in [0, 1] as the lanes compute it (the prior's weight), within 2^-51 of
// the exact value (tests/statistics/bayesian_lanes_test.cpp).
double quarter_turn_cos(double u);

}  // namespace tsfs::statistics
