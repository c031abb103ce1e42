#include "plot/smoothing.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using tsfs::smoothing::moving_average;
using tsfs::smoothing::width_average;

TEST_CASE("moving_average: an even window has one more point before than after (pandas)") {
  // pandas: Series([0, 1, 2, 4, 8, 16, 32]).rolling(4, center=True, min_periods=1).mean()
  // = [0.5, 1.0, 1.75, 3.75, 7.5, 15.0, 18.666666666666668] (points i-2 .. i+1).
  const std::vector<double> values = {0, 1, 2, 4, 8, 16, 32};
  const auto smoothed = moving_average(values, 4);
  const std::vector<double> pandas = {0.5, 1.0, 1.75, 3.75, 7.5, 15.0, 56.0 / 3.0};
  REQUIRE(smoothed.size() == pandas.size());
  for (size_t i = 0; i < pandas.size(); ++i) CHECK(smoothed[i] == doctest::Approx(pandas[i]));
}

TEST_CASE("moving_average: odd windows are symmetric, window 1 is the identity") {
  const std::vector<double> values = {3, 0, 6, 3, 9};
  const auto smoothed = moving_average(values, 3);
  CHECK(smoothed == std::vector<double>{1.5, 3, 3, 6, 6});
  CHECK(moving_average(values, 1) == values);
}

TEST_CASE("width_average: a fixed width in decades on a log axis") {
  // A log grid with 4 points per decade: width 0.5 decade averages i-1 .. i+1 (0.25 decade
  // each side, the grid points exactly at the edge included).
  std::vector<double> xs, values;
  for (int i = 0; i < 9; ++i) {
    xs.push_back(std::pow(10.0, -2.0 + 0.25 * i));
    values.push_back(i * i);
  }
  const auto smoothed = width_average(xs, values, 0.5, true);
  CHECK(smoothed[0] == doctest::Approx((0.0 + 1.0) / 2.0));
  CHECK(smoothed[4] == doctest::Approx((9.0 + 16.0 + 25.0) / 3.0));
  CHECK(smoothed[8] == doctest::Approx((49.0 + 64.0) / 2.0));
}

TEST_CASE("width_average: on an uneven linear grid the window follows x, not the point count") {
  const std::vector<double> xs = {0.0, 0.1, 0.2, 0.3, 1.0, 2.0};
  const std::vector<double> values = {1, 2, 3, 4, 10, 20};
  const auto smoothed = width_average(xs, values, 0.4, false);
  CHECK(smoothed[1] == doctest::Approx((1 + 2 + 3 + 4) / 4.0));  // 0 .. 0.3 within 0.2 of 0.1
  CHECK(smoothed[4] == doctest::Approx(10.0));                   // alone in its window
  CHECK(width_average(xs, values, 0.0, false) == values);
}
