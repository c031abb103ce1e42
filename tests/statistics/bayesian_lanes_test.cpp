#include "statistics/bayesian_lanes.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace {

using tsfs::Isa;
using tsfs::statistics::kDrawLanes;
using tsfs::statistics::LaneStreams;

std::vector<Isa> supported_isas() {
  std::vector<Isa> isas;
  for (Isa isa : {Isa::sse2, Isa::avx2, Isa::avx512})
    if (tsfs::isa_supported(isa)) isas.push_back(isa);
  return isas;
}

std::vector<double> exponentials(std::uint64_t seed, size_t vectors, Isa isa) {
  LaneStreams streams(seed);
  std::vector<double> out(vectors * kDrawLanes);
  tsfs::statistics::lane_exponentials(streams, out.data(), vectors, isa);
  return out;
}

// The generator's textbook form (Blackman and Vigna's definition of xoshiro256+, written out): one
// lane's stream, to check the lanes against.
struct Xoshiro256Plus {
  std::uint64_t s[4];
  static std::uint64_t rotate_left(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t next() {
    const std::uint64_t result = s[0] + s[3];
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotate_left(s[3], 45);
    return result;
  }
};

double units_in_last_place(double x) {
  return std::nextafter(std::abs(x), INFINITY) - std::abs(x);
}

}  // namespace

TEST_CASE("negative_log is -log(u) within 2 units in the last place plus 2^-53") {
  std::vector<double> points = {1.0, 0.5, 0.25, 0x1p-52, 0x1p-1022, 0.75, 1 - 0x1p-52, 1 - 0x1p-30};
  // Both sides of the reduction's switch at sqrt(2) / 2 and its powers of two.
  for (double scale : {1.0, 0x1p-10, 0x1p-40}) {
    const double edge = scale * 0.70710678118654752440;
    points.push_back(edge);
    points.push_back(std::nextafter(edge, 0.0));
    points.push_back(std::nextafter(edge, 1.0));
  }
  Xoshiro256Plus generator{{1, 2, 3, 4}};
  for (int i = 0; i < 200000; ++i) {
    const double u = static_cast<double>(generator.next() >> 11) * 0x1p-53;
    if (u > 0) points.push_back(u);
    if (u > 0) points.push_back(std::ldexp(u, -static_cast<int>(generator.next() % 60)));
  }
  double worst = 0;  // in units of the bound
  for (double u : points) {
    const long double exact = -std::log(static_cast<long double>(u));
    const double error = static_cast<double>(std::abs(tsfs::statistics::negative_log(u) - exact));
    const double bound = 2 * units_in_last_place(static_cast<double>(exact)) + 0x1p-53;
    worst = std::max(worst, error / bound);
    if (error > bound) CHECK_MESSAGE(error <= bound, "u = ", u);
  }
  MESSAGE("negative_log: largest error ", worst, " of the bound over ", points.size(), " points");
}

TEST_CASE("quarter_turn_cos is cos(pi u / 2) within 2^-51") {
  double worst = 0;
  for (int i = 0; i <= 100000; ++i) {
    const double u = i / 100000.0;
    const long double exact = std::cos(3.14159265358979323846264338327950288L / 2 * u);
    const double error =
        static_cast<double>(std::abs(tsfs::statistics::quarter_turn_cos(u) - exact));
    worst = std::max(worst, error);
  }
  CHECK(worst <= 0x1p-51);
  MESSAGE("quarter_turn_cos: largest error ", worst, " (2^-51 = ", 0x1p-51, ")");
}

TEST_CASE("a lane's exponentials are -log(2 - d) of its own xoshiro256+ stream, 1 <= d < 2") {
  LaneStreams streams(42);
  const LaneStreams start = streams;
  const std::vector<double> lanes = exponentials(42, 100, tsfs::best_isa());
  for (size_t l = 0; l < kDrawLanes; ++l) {
    Xoshiro256Plus lane{
        {start.words[0][l], start.words[1][l], start.words[2][l], start.words[3][l]}};
    for (size_t v = 0; v < 100; ++v) {
      const std::uint64_t bits = (lane.next() >> 12) | 0x3ff0000000000000ULL;
      double d;
      std::memcpy(&d, &bits, sizeof d);
      REQUIRE(lanes[v * kDrawLanes + l] == tsfs::statistics::negative_log(2.0 - d));
    }
  }
  // Lanes and seeds give different streams.
  CHECK(lanes[0] != lanes[1]);
  CHECK(exponentials(43, 1, tsfs::best_isa())[0] != lanes[0]);
}

TEST_CASE("every instruction set draws the same bits") {
  const std::vector<Isa> isas = supported_isas();
  MESSAGE("instruction sets on this CPU: ", isas.size());
  const std::vector<double> baseline = exponentials(5, 1000, Isa::sse2);
  for (Isa isa : isas) CHECK(exponentials(5, 1000, isa) == baseline);
}

TEST_CASE("the lanes' draws are Exp(1): Kolmogorov-Smirnov, moments and the tail") {
  constexpr size_t kVectors = 250000;
  std::vector<double> draws = exponentials(11, kVectors, tsfs::best_isa());
  const auto count = static_cast<double>(draws.size());
  double sum = 0, squares = 0;
  long negative = 0, beyond_ten = 0, beyond_twenty = 0;
  for (double x : draws) {
    negative += x < 0.0;
    sum += x;
    squares += x * x;
    beyond_ten += x > 10.0;
    beyond_twenty += x > 20.0;
  }
  CHECK(negative == 0);
  const double mean = sum / count;
  // Var(X) = 1, Var(X^2) = E X^4 - (E X^2)^2 = 24 - 4 = 20.
  CHECK(std::abs(mean - 1.0) < 5 * std::sqrt(1.0 / count));
  CHECK(std::abs(squares / count - 2.0) < 5 * std::sqrt(20.0 / count));
  const double p = std::exp(-10.0);
  CHECK(std::abs(static_cast<double>(beyond_ten) / count - p) < 5 * std::sqrt(p * (1 - p) / count));
  CHECK(beyond_twenty <= 1);  // expected 2e-9 * 2e6
  // Kolmogorov-Smirnov against 1 - e^-x: D below its 1% critical value 1.628 / sqrt(n).
  std::sort(draws.begin(), draws.end());
  double largest_gap = 0;
  for (size_t i = 0; i < draws.size(); ++i) {
    const double cdf = -std::expm1(-draws[i]);
    largest_gap = std::max({largest_gap, cdf - static_cast<double>(i) / count,
                            static_cast<double>(i + 1) / count - cdf});
  }
  CHECK(largest_gap < 1.628 / std::sqrt(count));
  MESSAGE("lane Exp(1), 2e6 draws: Kolmogorov-Smirnov D = ", largest_gap, " (1% critical ",
          1.628 / std::sqrt(count), "), mean ", mean);
}

TEST_CASE("every instruction set gives the same region masses, block after block") {
  using tsfs::statistics::SortedWalsh;
  SortedWalsh walsh;  // any regions with left_end <= right_begin
  constexpr Eigen::Index kCount = 31;
  for (Eigen::Index i = 0; i < kCount; ++i) {
    walsh.rank.push_back((i * 7) % kCount);  // a permutation
    walsh.left_end.push_back(i / 2);
    walsh.right_begin.push_back(std::min(kCount, i + 3));
  }
  auto masses = [&](Isa isa) {
    LaneStreams streams(9);
    tsfs::statistics::LaneScratch scratch(walsh.count());
    std::vector<double> all;
    for (int block = 0; block < 20; ++block) {
      const auto m = tsfs::statistics::draw_lane_masses(streams, walsh, scratch, isa);
      for (const auto* region : {&m.left, &m.rope, &m.right})
        all.insert(all.end(), region->begin(), region->end());
    }
    return all;
  };
  const std::vector<double> baseline = masses(Isa::sse2);
  CHECK(std::all_of(baseline.begin(), baseline.end(), [](double m) { return m > 0; }));
  for (Isa isa : supported_isas()) CHECK(masses(isa) == baseline);
}
