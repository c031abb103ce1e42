#include "numerics/exp_each.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <vector>

namespace {

using tsfs::Isa;

std::vector<Isa> supported_isas() {
  std::vector<Isa> isas;
  for (Isa isa : {Isa::sse2, Isa::avx2, Isa::avx512})
    if (tsfs::isa_supported(isa)) isas.push_back(isa);
  return isas;
}

// How many of `values` exp_each (with `isa`) turns into another double than std::exp does.
size_t differences_from_glibc(const std::vector<double>& values, Isa isa) {
  std::vector<double> batched = values;
  tsfs::exp_each(batched.data(), batched.size(), isa);
  size_t differences = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    const double expected = std::exp(values[i]);
    if (std::memcmp(&expected, &batched[i], sizeof expected) != 0) {
      if (differences < 3) MESSAGE("exp(", values[i], ") = ", expected, ", got ", batched[i]);
      ++differences;
    }
  }
  return differences;
}

std::vector<double> uniform(double low, double high, size_t count, unsigned seed) {
  std::mt19937_64 generator(seed);
  std::uniform_real_distribution<double> distribution(low, high);
  std::vector<double> values(count);
  for (double& value : values) value = distribution(generator);
  return values;
}

}  // namespace

TEST_CASE("exp_each: glibc's exp bit for bit on every instruction set") {
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    // The RBF kernels' arguments (-gamma times a squared distance), then the whole normal range.
    CHECK(differences_from_glibc(uniform(-40.0, 0.0, 1 << 19, 1), isa) == 0);
    CHECK(differences_from_glibc(uniform(-745.0, 710.0, 1 << 19, 2), isa) == 0);
    CHECK(differences_from_glibc(uniform(-1e-3, 1e-3, 1 << 16, 3), isa) == 0);
  }
}

TEST_CASE("exp_each: the vector kernels settle all but a few values themselves") {
  // Uniform arguments lie within 1/64 ulp of a midpoint 1 time in 32: about that many go to
  // glibc's exp. A rounding test that settled nothing, or a kernel that silently ran glibc's exp
  // for every value, gives the same doubles and only this count tells.
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    std::vector<double> values = uniform(-40.0, 0.0, 1 << 16, 5);
    const size_t by_glibc = tsfs::exp_each(values.data(), values.size(), isa);
    if (tsfs::exp_each_isa(isa) == Isa::sse2) {
      CHECK(by_glibc == values.size());
    } else {
      CHECK(by_glibc > values.size() / 64);
      CHECK(by_glibc < values.size() / 16);
    }
  }
}

TEST_CASE("exp_each: where glibc's exp is not the nearest double, its double") {
  // exp of each lies within 0.002 ulp of a midpoint, and glibc's exp with fused multiply-add
  // (glibc 2.36) rounds it the other way (0.5018, 0.5006 and 0.5015 ulp from the value, checked
  // with a 50-digit exp in Python's decimal): the rounding test must hand them to glibc.
  const std::vector<double> hard{-0x1.03dd567088be6p+5, -0x1.c1795661454ap+1,
                                 -0x1.3e0bfab92d328p+5};
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    std::vector<double> values = hard;
    const size_t by_glibc = tsfs::exp_each(values.data(), values.size(), isa);
    CHECK(by_glibc == values.size());
    CHECK(differences_from_glibc(hard, isa) == 0);
  }
}

TEST_CASE("exp_each: special values, range edges and every length") {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  const std::vector<double> special{0.0,
                                    -0.0,
                                    1e-300,
                                    -1e-300,
                                    std::numeric_limits<double>::denorm_min(),
                                    kInfinity,
                                    -kInfinity,
                                    -707.999,
                                    -708.0,
                                    -708.3964,
                                    -708.4,
                                    -740.0,
                                    -745.2,
                                    -746.0,
                                    708.999,
                                    709.0,
                                    709.78,
                                    709.79,
                                    710.0,
                                    1.0,
                                    -1.0,
                                    0x1.62e42fefa39efp-1,
                                    -0x1.62e42fefa39efp-8,
                                    0x1.62e42fefa39efp-9};
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    CHECK(differences_from_glibc(special, isa) == 0);
    std::vector<double> nan{std::numeric_limits<double>::quiet_NaN()};
    tsfs::exp_each(nan.data(), 1, isa);
    CHECK(std::isnan(nan[0]));
    // Lengths around the vector widths: the last values run padded, the ones past the end stay.
    for (size_t count = 0; count <= 17; ++count) {
      const std::vector<double> given =
          uniform(-5.0, 5.0, count + 1, 4 + static_cast<unsigned>(count));
      std::vector<double> values = given;
      tsfs::exp_each(values.data(), count, isa);
      for (size_t i = 0; i < count; ++i) CHECK(values[i] == std::exp(given[i]));
      CHECK(values.back() == given.back());
    }
  }
}

namespace {

// How many of `values` exp_each_for_floats (with `isa`) turns into another float than std::exp's
// double rounds to (NaN equal to NaN), and how many doubles differ from std::exp's.
struct FloatComparison {
  size_t other_floats = 0;
  size_t other_doubles = 0;
  size_t by_glibc = 0;
};

FloatComparison compare_floats_with_glibc(const std::vector<double>& values, Isa isa) {
  std::vector<double> computed = values;
  FloatComparison comparison;
  comparison.by_glibc = tsfs::exp_each_for_floats(computed.data(), computed.size(), isa);
  for (size_t i = 0; i < values.size(); ++i) {
    const double expected = std::exp(values[i]);
    const auto expected_float = static_cast<float>(expected);
    const auto computed_float = static_cast<float>(computed[i]);
    const bool same_float = std::isnan(expected_float)
                                ? std::isnan(computed_float)
                                : std::memcmp(&expected_float, &computed_float, sizeof(float)) == 0;
    if (!same_float) {
      if (comparison.other_floats < 3)
        MESSAGE("exp(", values[i], ") = ", expected, ", got ", computed[i]);
      ++comparison.other_floats;
    }
    comparison.other_doubles += std::memcmp(&expected, &computed[i], sizeof expected) != 0;
  }
  return comparison;
}

}  // namespace

TEST_CASE("exp_each_for_floats: glibc's exp as floats on every instruction set") {
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    const bool vectors = tsfs::exp_each_isa(isa) != Isa::sse2;
    // The RBF kernels' arguments, then past both ends of the float range, then near 0.
    for (const auto& values : {uniform(-40.0, 0.0, 1 << 19, 21), uniform(-120.0, 95.0, 1 << 19, 22),
                               uniform(-1e-3, 1e-3, 1 << 16, 23)}) {
      const FloatComparison comparison = compare_floats_with_glibc(values, isa);
      CHECK(comparison.other_floats == 0);
      // The vector kernels compute nearly every value themselves, and not always glibc's double
      // (a quarter of them from -40 to 0, 11 in 65,536 near 0): a kernel that ran glibc's exp for
      // every value would give the same floats.
      if (vectors) CHECK(comparison.other_doubles > 0);
    }
    const std::vector<double> rbf = uniform(-40.0, 0.0, 1 << 19, 24);
    if (vectors) CHECK(compare_floats_with_glibc(rbf, isa).by_glibc < 4);
  }
}

TEST_CASE("exp_each_for_floats: results next to a float midpoint go to glibc's exp") {
  // x = log(m) for m the midpoint between two floats (exact in a double): exp(x) lies within a few
  // double ulps of m, where the float test cannot tell which float glibc's double rounds to. A
  // test that settled them, or one blind to the lowest bits, rounds some to the wrong float.
  std::mt19937_64 generator(25);
  std::uniform_real_distribution<float> float_in(0.01f, 1.0f);
  std::vector<double> arguments(1 << 16);
  for (double& argument : arguments) {
    const float below = float_in(generator);
    const float above = std::nextafter(below, 2.0f);
    argument = std::log((static_cast<double>(below) + static_cast<double>(above)) / 2);
  }
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    const FloatComparison comparison = compare_floats_with_glibc(arguments, isa);
    CHECK(comparison.other_floats == 0);
    if (tsfs::exp_each_isa(isa) != Isa::sse2)
      CHECK(comparison.by_glibc > arguments.size() * 9 / 10);
  }
}

TEST_CASE("exp_each_for_floats: the float test's window is 16 ulp wide on either side") {
  // x = log(m + d ulp) for m a float midpoint: exp(x) lands within about 4 ulp of m + d ulp (the
  // rounding of the logarithm). d in -8 .. 8 lands inside the window (all go to glibc's exp),
  // d = +-24 outside it (none do), and every float still matches glibc's.
  std::mt19937_64 generator(27);
  std::uniform_real_distribution<float> float_in(0.01f, 1.0f);
  auto arguments_at = [&](std::initializer_list<int> offsets) {
    std::vector<double> arguments;
    for (int i = 0; i < 4096; ++i) {
      const float below = float_in(generator);
      const double midpoint =
          (static_cast<double>(below) + static_cast<double>(std::nextafter(below, 2.0f))) / 2;
      const double ulp = std::nextafter(midpoint, 2.0) - midpoint;
      for (const int offset : offsets) arguments.push_back(std::log(midpoint + offset * ulp));
    }
    return arguments;
  };
  const std::vector<double> inside = arguments_at({-8, -3, 0, 3, 8});
  const std::vector<double> outside = arguments_at({-24, 24});
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    const FloatComparison in_window = compare_floats_with_glibc(inside, isa);
    const FloatComparison out_of_window = compare_floats_with_glibc(outside, isa);
    CHECK(in_window.other_floats == 0);
    CHECK(out_of_window.other_floats == 0);
    if (tsfs::exp_each_isa(isa) != Isa::sse2) {
      CHECK(in_window.by_glibc == inside.size());
      CHECK(out_of_window.by_glibc == 0);
    }
  }
}

TEST_CASE("exp_each_for_floats: special values, range edges and every length") {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  // Around the ends of the vector kernels' range (-87, 88) and of the normal floats (-87.34,
  // 88.72), the smallest subnormal float (-103.28), half of it (-103.97), the arguments whose float
  // is 0 (from -104.5) and the normal doubles (-708).
  std::vector<double> special{-86.999, -87.0,  -87.001, -103.28, -103.97, -104.499, -104.5, -104.51,
                              -708.0,  -746.0, 87.999,  88.0,    88.72,   88.73,    710.0,  -1.0};
  for (const double value : {0.0, -0.0, 1e-300, -1e-300, kInfinity, -kInfinity,
                             std::numeric_limits<double>::quiet_NaN()})
    special.push_back(value);
  for (const Isa isa : supported_isas()) {
    CAPTURE(tsfs::isa_name(isa));
    CHECK(compare_floats_with_glibc(special, isa).other_floats == 0);
    // exp(+-0) is the double 1 (libsvm's kernel diagonal, read as a double).
    std::vector<double> zeros{0.0, -0.0};
    tsfs::exp_each_for_floats(zeros.data(), zeros.size(), isa);
    CHECK(zeros[0] == 1.0);
    CHECK(zeros[1] == 1.0);
    for (size_t count = 0; count <= 17; ++count) {
      const std::vector<double> given =
          uniform(-5.0, 5.0, count + 1, 26 + static_cast<unsigned>(count));
      std::vector<double> values = given;
      tsfs::exp_each_for_floats(values.data(), count, isa);
      for (size_t i = 0; i < count; ++i)
        CHECK(static_cast<float>(values[i]) == static_cast<float>(std::exp(given[i])));
      CHECK(values.back() == given.back());
    }
  }
}
