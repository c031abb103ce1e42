#include "statistics/rounding_ties.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

namespace tsfs::statistics {
namespace {

TEST_CASE("equal_up_to_rounding: a relative bound of 1e-9, symmetric") {
  CHECK(equal_up_to_rounding(0.1 + 0.2, 0.3));
  CHECK(equal_up_to_rounding(0.3, 0.1 + 0.2));
  CHECK(equal_up_to_rounding(0.0, 0.0));
  CHECK_FALSE(equal_up_to_rounding(0.0, 1e-300));  // relative: zero equals only zero
  CHECK_FALSE(equal_up_to_rounding(0.5, 0.5 + 1e-8));
  CHECK(equal_up_to_rounding(0.5, 0.5 + 4e-10));
  // One test series in 30 resamples of 10,000: a real difference stays one.
  CHECK_FALSE(equal_up_to_rounding(0.9, 0.9 + 1.0 / 300000));
}

TEST_CASE("snap_rounding_ties: each group becomes its smallest value, wherever it sits") {
  // The archive's case: two fold-accuracy sums of the same fraction, 1 ulp apart.
  const double low = 0.85268292682926861, high = 0.85268292682926872;
  REQUIRE(low != high);
  Eigen::VectorXd scores(5);
  scores << high, 0.9, low, 0.7, high;
  const Eigen::VectorXd snapped = snap_rounding_ties(scores);
  CHECK(snapped(0) == low);
  CHECK(snapped(2) == low);
  CHECK(snapped(4) == low);
  CHECK(snapped(1) == 0.9);
  CHECK(snapped(3) == 0.7);
  // Chains: values each within the bound of the next form one group.
  Eigen::VectorXd chain(3);
  chain << 1.0 + 1.2e-9, 1.0, 1.0 + 0.6e-9;
  CHECK(snap_rounding_ties(chain) == Eigen::VectorXd::Constant(3, 1.0));
  // NaN stays NaN and does not join a group.
  Eigen::VectorXd with_nan(3);
  with_nan << 0.5, std::numeric_limits<double>::quiet_NaN(), std::nextafter(0.5, 1.0);
  const Eigen::VectorXd snapped_nan = snap_rounding_ties(with_nan);
  CHECK(std::isnan(snapped_nan(1)));
  CHECK(snapped_nan(2) == 0.5);
  // An infinity equals only itself.
  const double infinity = std::numeric_limits<double>::infinity();
  CHECK_FALSE(equal_up_to_rounding(infinity, 1e300));
  CHECK(equal_up_to_rounding(infinity, infinity));
  Eigen::VectorXd with_infinities(4);
  with_infinities << -infinity, 0.5, 0.7, infinity;
  CHECK(snap_rounding_ties(with_infinities) == with_infinities);
}

TEST_CASE("snap_rounding_ties_of_magnitudes: |d| tied across signs, zero kept") {
  Eigen::VectorXd differences(5);
  differences << 0.1, -(0.3 - 0.2), 0.0, 0.25, -0.25;
  REQUIRE(std::abs(differences(1)) != differences(0));  // 0.3 - 0.2 is 0.09999999999999998
  const Eigen::VectorXd snapped = snap_rounding_ties_of_magnitudes(differences);
  CHECK(std::abs(snapped(0)) == std::abs(snapped(1)));
  CHECK(snapped(0) > 0);
  CHECK(snapped(1) < 0);
  CHECK(snapped(2) == 0.0);
  CHECK(snapped(3) == 0.25);
  CHECK(snapped(4) == -0.25);
  // Negative zero stays a zero.
  Eigen::VectorXd zeros(2);
  zeros << -0.0, 0.0;
  CHECK(snap_rounding_ties_of_magnitudes(zeros) == Eigen::VectorXd::Zero(2));
}

}  // namespace
}  // namespace tsfs::statistics
