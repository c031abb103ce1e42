#include "sweep/run/scores.hpp"

#include <doctest/doctest.h>

#include <cmath>

TEST_CASE("usable columns: finite everywhere and not constant on the fit rows") {
  Eigen::MatrixXd features(4, 4);
  features << 1, 5, 0, 1,  //
      2, 5, 1, 1,          //
      3, 5, 2, 1,          //
      4, 6, std::nan(""), 2;
  // Column 1 is constant on rows 0..2 but not overall; column 2 has a NaN on row 3 (not a fit
  // row, but the classifier would see it); column 3 is constant on rows 0..2.
  CHECK(tsfs::usable_columns(features, {0, 1, 2}) == std::vector<int>{0});
  CHECK(tsfs::usable_columns(features, {0, 1, 2, 3}) == std::vector<int>{0, 1, 3});
}
