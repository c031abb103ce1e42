#include "data/missing_values.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> filled(std::vector<double> values, size_t* count = nullptr) {
  size_t n = tsfs::fill_missing_values(values.data(), values.size());
  if (count) *count = n;
  return values;
}

}  // namespace

TEST_CASE("missing values: linear inside a series, the nearest observed value at its ends") {
  size_t count = 0;
  CHECK(filled({1, kNaN, kNaN, 4}, &count) == std::vector<double>{1, 2, 3, 4});
  CHECK(count == 2);
  CHECK(filled({kNaN, kNaN, 5, 7, kNaN}, &count) == std::vector<double>{5, 5, 5, 7, 7});
  CHECK(count == 3);
  CHECK(filled({kNaN, 2, kNaN, 8, kNaN, kNaN}) == std::vector<double>{2, 2, 5, 8, 8, 8});
  CHECK(filled({3}, &count) == std::vector<double>{3});
  CHECK(count == 0);
  CHECK(filled({kNaN, 3}) == std::vector<double>{3, 3});
  // numpy.interp's arithmetic: slope (0.3 - 0.1) / 3, then slope * k + 0.1.
  const std::vector<double> thirds = filled({0.1, kNaN, kNaN, 0.3});
  CHECK(thirds[1] == (0.3 - 0.1) / 3.0 * 1.0 + 0.1);
  CHECK(thirds[2] == (0.3 - 0.1) / 3.0 * 2.0 + 0.1);
}

TEST_CASE("missing values: a series with nothing observed is a bug of the caller") {
  std::vector<double> none{kNaN, kNaN};
  CHECK_THROWS_AS(tsfs::fill_missing_values(none.data(), none.size()), std::logic_error);
}
