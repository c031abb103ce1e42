#pragma once
// A standard normal draw from two 53-bit uniforms of a std::mt19937_64 (Box-Muller), so that the
// numbers depend on the seed alone, not on the C++ library's distribution code (whose algorithm
// the standard leaves open). Used by NMF's random start and t-SNE's initial coordinates.
#include <cmath>
#include <random>

namespace tsfs {

inline double standard_normal(std::mt19937_64& generator) {
  const auto uniform = [&] { return (static_cast<double>(generator() >> 11) + 0.5) * 0x1p-53; };
  const double radius = std::sqrt(-2.0 * std::log(uniform()));
  return radius * std::cos(2.0 * M_PI * uniform());
}

}  // namespace tsfs
