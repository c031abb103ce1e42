#include "statistics/random_draws.hpp"

#include <cmath>

namespace tsfs::statistics {

Xoshiro256StarStar::Xoshiro256StarStar(std::uint64_t seed) {
  for (std::uint64_t& word : state_) {  // SplitMix64 (Steele, Lea and Flood 2014)
    seed += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = seed;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    word = z ^ (z >> 31);
  }
}

ExponentialZiggurat::ExponentialZiggurat() {
  edge_[0] = kLayerArea / std::exp(-kTailStart);
  edge_[1] = kTailStart;
  for (int i = 1; i < kLayers - 1; ++i)
    edge_[i + 1] = -std::log(kLayerArea / edge_[i] + std::exp(-edge_[i]));
  edge_[kLayers] = 0;
  for (int i = 0; i <= kLayers; ++i) density_[i] = std::exp(-edge_[i]);
  for (int i = 0; i < kLayers; ++i) {
    core_[i] = static_cast<std::uint64_t>(edge_[i + 1] / edge_[i] * 0x1.0p53);
    scale_[i] = edge_[i] * 0x1.0p-53;
  }
}

const ExponentialZiggurat& ExponentialZiggurat::tables() {
  static const ExponentialZiggurat built;
  return built;
}

}  // namespace tsfs::statistics
