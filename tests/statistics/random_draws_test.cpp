#include "statistics/random_draws.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

using tsfs::statistics::ExponentialZiggurat;
using tsfs::statistics::Xoshiro256StarStar;

std::vector<double> exponential_draws(int count, std::uint64_t seed) {
  Xoshiro256StarStar generator(seed);
  const ExponentialZiggurat& exponential = ExponentialZiggurat::tables();
  std::vector<double> draws(static_cast<size_t>(count));
  for (double& draw : draws) draw = exponential.draw(generator);
  return draws;
}

}  // namespace

TEST_CASE("xoshiro256**: a fixed function of the seed, uniform draws inside (0, 1)") {
  Xoshiro256StarStar first(7), again(7), other(8);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t value = first.next();
    CHECK(value == again.next());
    differs = differs || value != other.next();
  }
  CHECK(differs);
  Xoshiro256StarStar generator(3);
  double sum = 0;
  long outside = 0;
  constexpr int kCount = 1000000;
  for (int i = 0; i < kCount; ++i) {
    const double u = generator.open_uniform();
    outside += !(u > 0.0 && u < 1.0);
    sum += u;
  }
  CHECK(outside == 0);
  // Mean 1/2 with standard error sqrt(1/12 / n).
  CHECK(std::abs(sum / kCount - 0.5) < 5 * std::sqrt(1.0 / 12 / kCount));
}

TEST_CASE("the ziggurat's draws are Exp(1): Kolmogorov-Smirnov, moments and the tail") {
  constexpr int kCount = 2000000;
  std::vector<double> draws = exponential_draws(kCount, 11);
  double sum = 0, squares = 0;
  long negative = 0, beyond_tail_start = 0, beyond_ten = 0;
  for (double x : draws) {
    negative += x < 0.0;
    sum += x;
    squares += x * x;
    beyond_tail_start += x > ExponentialZiggurat::kTailStart;
    beyond_ten += x > 10.0;
  }
  CHECK(negative == 0);
  const double mean = sum / kCount;
  // Var(X) = 1, Var(X^2) = E X^4 - (E X^2)^2 = 24 - 4 = 20.
  CHECK(std::abs(mean - 1.0) < 5 * std::sqrt(1.0 / kCount));
  CHECK(std::abs(squares / kCount - 2.0) < 5 * std::sqrt(20.0 / kCount));
  // The tail beyond r (drawn apart from the layers) and beyond 10 have their probabilities.
  for (const auto& [count, bound] : {std::pair{beyond_tail_start, ExponentialZiggurat::kTailStart},
                                     std::pair{beyond_ten, 10.0}}) {
    const double p = std::exp(-bound);
    CHECK(std::abs(static_cast<double>(count) / kCount - p) < 5 * std::sqrt(p * (1 - p) / kCount));
  }
  // Kolmogorov-Smirnov against 1 - e^-x: D below its 1% critical value 1.628 / sqrt(n).
  std::sort(draws.begin(), draws.end());
  double largest_gap = 0;
  for (size_t i = 0; i < draws.size(); ++i) {
    const double cdf = -std::expm1(-draws[i]);
    largest_gap = std::max({largest_gap, cdf - static_cast<double>(i) / kCount,
                            static_cast<double>(i + 1) / kCount - cdf});
  }
  CHECK(largest_gap < 1.628 / std::sqrt(kCount));
  MESSAGE("ziggurat Exp(1), 2e6 draws: Kolmogorov-Smirnov D = ", largest_gap, " (1% critical ",
          1.628 / std::sqrt(kCount), "), mean ", mean);
  // The same seed, the same draws.
  CHECK(exponential_draws(1000, 11) == exponential_draws(1000, 11));
}
