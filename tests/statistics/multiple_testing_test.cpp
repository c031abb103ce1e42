#include "statistics/multiple_testing.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "statistics/statistics_reference.hpp"

namespace tsfs::statistics {
namespace {

TEST_CASE("holm_adjust equals statsmodels multipletests(method='holm')") {
  const CsvTable table = testing::statistics_reference("holm.csv");
  testing::Agreement agreement(1e-14, true);
  int cases = 0;
  for (const auto& [number, rows] : testing::rows_by(table, "case")) {
    Eigen::VectorXd p_values(static_cast<Eigen::Index>(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i)
      p_values(static_cast<Eigen::Index>(i)) = testing::reference_number(table, rows[i], "p_value");
    const Eigen::VectorXd adjusted = holm_adjust(p_values);
    for (size_t i = 0; i < rows.size(); ++i)
      agreement.check(adjusted(static_cast<Eigen::Index>(i)),
                      testing::reference_number(table, rows[i], "adjusted"),
                      "case " + std::to_string(number));
    ++cases;
  }
  CHECK(cases == 5);
  MESSAGE("Holm vs statsmodels: largest relative difference ", agreement.largest());
}

TEST_CASE("holm_adjust: step-down by hand, monotone, NaN left out") {
  Eigen::VectorXd p_values(4);
  p_values << 0.01, NAN, 0.04, 0.03;
  const Eigen::VectorXd adjusted = holm_adjust(p_values);
  // m = 3 tests: 0.01 * 3 = 0.03, then max(0.03, 0.03 * 2) = 0.06, then max(0.06, 0.04) = 0.06.
  CHECK(adjusted(0) == doctest::Approx(0.03));
  CHECK(std::isnan(adjusted(1)));
  CHECK(adjusted(3) == doctest::Approx(0.06));
  CHECK(adjusted(2) == doctest::Approx(0.06));
}

}  // namespace
}  // namespace tsfs::statistics
