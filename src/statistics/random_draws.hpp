#pragma once
// Fast reproducible random draws for Monte Carlo tests (the Bayesian signed-rank test draws tens of
// billions of exponential variates in a large comparison):
// - Xoshiro256StarStar: Blackman and Vigna's xoshiro256** generator ("Scrambled linear
//   pseudorandom number generators", ACM TOMS 47(4), 2021), every output bit of full quality,
//   its state filled from a 64-bit seed by SplitMix64 as the authors recommend;
// - ExponentialZiggurat: Exp(1) by Marsaglia and Tsang's ziggurat ("The ziggurat method for
//   generating random variables", J. Stat. Softw. 5(8), 2000) with 256 layers, drawing a layer
//   and a 53-bit position from separate bits of one 64-bit output (Doornik 2005's remedy for the
//   original's correlation between the two). About 99% of draws cost one output, a table read and
//   a multiply; no logarithm.
// Both are fixed functions of the seed: the same seed gives the same draws on every run and thread
// count (the ziggurat's tables and its rare wedge and tail steps use the C library's exp and log,
// so another libm may move a draw by one unit in the last place).
#include <cmath>
#include <cstdint>

namespace tsfs::statistics {

class Xoshiro256StarStar {
 public:
  explicit Xoshiro256StarStar(std::uint64_t seed);
  std::uint64_t next() {
    const std::uint64_t result = rotate_left(state_[1] * 5, 7) * 9;
    const std::uint64_t shifted = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= shifted;
    state_[3] = rotate_left(state_[3], 45);
    return result;
  }
  // Uniform on (0, 1]: the top 53 bits, shifted by half a step; never 0, and 1 only for the
  // largest output (2^53 - 0.5 rounds to 2^53).
  double open_uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }

 private:
  static std::uint64_t rotate_left(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
};

// Exp(1) variates from a generator's outputs; the tables are built once per process.
class ExponentialZiggurat {
 public:
  static constexpr int kLayers = 256;
  // Marsaglia and Tsang's 256-layer exponential ziggurat: the tail's start r and every layer's
  // area v (the base layer: the rectangle [0, r] x [0, e^-r] with the tail beyond r).
  static constexpr double kTailStart = 7.69711747013104972;
  static constexpr double kLayerArea = 3.949659822581572e-3;
  static const ExponentialZiggurat& tables();

  // One variate: inline with the rare draw outside the ziggurat's core (about 1 in 100) too, so
  // that a loop of draws keeps the generator's state out of memory.
  double draw(Xoshiro256StarStar& generator) const {
    for (;;) {
      const std::uint64_t bits = generator.next();
      const auto layer = static_cast<int>(bits & (kLayers - 1));
      const std::uint64_t position = bits >> 11;  // 53 bits, none of them the layer's
      const double x = static_cast<double>(static_cast<std::int64_t>(position)) * scale_[layer];
      if (position < core_[layer]) return x;
      const double uniform = generator.open_uniform();
      // The tail beyond r is r + Exp(1) (the exponential forgets where it starts).
      if (layer == 0) return kTailStart - std::log(uniform);
      // A wedge: under the curve between the layer's two heights, or draw again.
      if (density_[layer] + uniform * (density_[layer + 1] - density_[layer]) < std::exp(-x))
        return x;
    }
  }

 private:
  ExponentialZiggurat();

  // Layer i is [0, edge_[i]) wide between heights density_[i] = e^-edge_[i] and
  // density_[i + 1]; edge_[0] = v / e^-r is the base layer's width as if the tail were a
  // rectangle, edge_[256] = 0. A 53-bit position p below core_[i] lies under the curve for
  // certain (p 2^-53 edge_[i] < edge_[i + 1]); scale_[i] = edge_[i] 2^-53 turns p into x.
  std::uint64_t core_[kLayers];
  double scale_[kLayers];
  double edge_[kLayers + 1];
  double density_[kLayers + 1];
};

}  // namespace tsfs::statistics
