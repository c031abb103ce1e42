#include "statistics/distributions.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "statistics/statistics_reference.hpp"

namespace tsfs::statistics {
namespace {

TEST_CASE("survival functions equal scipy.stats chi2.sf, f.sf and norm.sf") {
  const CsvTable table = testing::statistics_reference("distributions.csv");
  testing::Agreement agreement(1e-12, true);
  for (size_t row = 0; row < table.rows.size(); ++row) {
    const std::string& kind = table.rows[row][0];
    const double x = testing::reference_number(table, row, "x");
    const double expected = testing::reference_number(table, row, "survival");
    double actual = 0;
    if (kind == "chi2") {
      actual = chi_square_survival(x, testing::reference_number(table, row, "df1"));
    } else if (kind == "f") {
      actual = fisher_f_survival(x, testing::reference_number(table, row, "df1"),
                                 testing::reference_number(table, row, "df2"));
    } else {
      actual = normal_survival(x);
    }
    agreement.check(actual, expected, kind + " at " + table.rows[row][1]);
  }
  MESSAGE("distributions vs SciPy: largest relative difference ", agreement.largest());
}

TEST_CASE("survival functions: edges") {
  const double infinity = std::numeric_limits<double>::infinity();
  CHECK(chi_square_survival(0, 3) == 1.0);
  CHECK(chi_square_survival(infinity, 3) == 0.0);
  CHECK(std::isnan(chi_square_survival(NAN, 3)));
  CHECK(fisher_f_survival(infinity, 2, 10) == 0.0);
  CHECK(fisher_f_survival(-1, 2, 10) == 1.0);
  CHECK(normal_survival(0) == 0.5);
}

TEST_CASE("studentized range with infinite df: two groups reduce to |Z1 - Z2| ~ sqrt(2)|N|") {
  // P(R <= w) = 2 Phi(w / sqrt(2)) - 1 for two groups.
  for (double w : {0.5, 1.0, 2.77, 4.0})
    CHECK(studentized_range_cdf_infinite_df(w, 2) ==
          doctest::Approx(std::erf(w / 2)).epsilon(1e-12));
  CHECK(studentized_range_quantile_infinite_df(0.95, 2) ==
        doctest::Approx(1.959963984540054 * std::sqrt(2.0)).epsilon(1e-12));
}

}  // namespace
}  // namespace tsfs::statistics
