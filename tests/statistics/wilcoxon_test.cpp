#include "statistics/wilcoxon.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "statistics/statistics_reference.hpp"

namespace tsfs::statistics {
namespace {

TEST_CASE("wilcoxon_signed_rank equals scipy.stats.wilcoxon 1.10 (defaults) on every branch") {
  const CsvTable inputs = testing::statistics_reference("wilcoxon_input.csv");
  const CsvTable expected = testing::statistics_reference("wilcoxon.csv");
  const auto input_rows = testing::rows_by(inputs, "case");
  testing::Agreement statistic(1e-12), p_value(1e-10, true);
  int exact = 0, normal = 0;
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    const long number = std::lround(testing::reference_number(expected, row, "case"));
    const auto& rows = input_rows.at(number);
    Eigen::VectorXd x(static_cast<Eigen::Index>(rows.size())), y(x.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      x(static_cast<Eigen::Index>(i)) = testing::reference_number(inputs, rows[i], "x");
      y(static_cast<Eigen::Index>(i)) = testing::reference_number(inputs, rows[i], "y");
    }
    const WilcoxonResult result = wilcoxon_signed_rank(x, y);
    const std::string what = "case " + std::to_string(number);
    const bool expect_exact = expected.rows[row][*expected.column("method")] == "exact";
    CHECK_MESSAGE(result.exact == expect_exact, what);
    (result.exact ? exact : normal)++;
    CHECK(result.nonzero == testing::reference_number(expected, row, "nonzero"));
    statistic.check(result.statistic, testing::reference_number(expected, row, "statistic"),
                    what + " statistic");
    p_value.check(result.p_value, testing::reference_number(expected, row, "p_value"),
                  what + " p-value");
  }
  CHECK(exact >= 6);  // both branches are covered
  CHECK(normal >= 6);
  MESSAGE("Wilcoxon vs SciPy: largest relative difference of statistics ", statistic.largest(),
          ", of p-values ", p_value.largest());
}

TEST_CASE("wilcoxon_signed_rank equals scipy.stats.wilcoxon 1.10 for each zero_method") {
  // wilcoxon_zero_method.csv: cases 0..14 are those of wilcoxon_input.csv, the others (with zero
  // differences: few pairs, tied |d|, all zero, more than 50 pairs) in wilcoxon_zero_input.csv.
  const CsvTable base = testing::statistics_reference("wilcoxon_input.csv");
  const CsvTable extra = testing::statistics_reference("wilcoxon_zero_input.csv");
  const CsvTable expected = testing::statistics_reference("wilcoxon_zero_method.csv");
  std::map<long, std::pair<Eigen::VectorXd, Eigen::VectorXd>> samples;
  for (const CsvTable* inputs : {&base, &extra})
    for (const auto& [number, rows] : testing::rows_by(*inputs, "case")) {
      Eigen::VectorXd x(static_cast<Eigen::Index>(rows.size())), y(x.size());
      for (size_t i = 0; i < rows.size(); ++i) {
        x(static_cast<Eigen::Index>(i)) = testing::reference_number(*inputs, rows[i], "x");
        y(static_cast<Eigen::Index>(i)) = testing::reference_number(*inputs, rows[i], "y");
      }
      samples[number] = {x, y};
    }
  std::map<std::string, testing::Agreement> statistic, p_value;
  std::map<std::string, int> with_zeros;
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    const long number = std::lround(testing::reference_number(expected, row, "case"));
    const std::string name = expected.rows[row][*expected.column("zero_method")];
    const auto method = zero_method_from_name(name);
    REQUIRE(method.has_value());
    const auto& [x, y] = samples.at(number);
    const WilcoxonResult result = wilcoxon_signed_rank(x, y, *method);
    const std::string what = "case " + std::to_string(number) + " " + name;
    CHECK_MESSAGE(result.exact == (expected.rows[row][*expected.column("method")] == "exact"),
                  what);
    CHECK(result.nonzero == testing::reference_number(expected, row, "nonzero"));
    if (result.nonzero < x.size()) ++with_zeros[name];
    statistic.try_emplace(name, 1e-12)
        .first->second.check(result.statistic,
                             testing::reference_number(expected, row, "statistic"),
                             what + " statistic");
    p_value.try_emplace(name, 1e-10, true)
        .first->second.check(result.p_value, testing::reference_number(expected, row, "p_value"),
                             what + " p-value");
  }
  for (const std::string name : {"wilcox", "pratt", "zsplit"}) {
    CHECK_MESSAGE(with_zeros[name] >= 8, name);  // each zero method is tested where it matters
    MESSAGE("Wilcoxon zero_method=", name, " vs SciPy: largest relative difference of statistics ",
            statistic.at(name).largest(), ", of p-values ", p_value.at(name).largest());
  }
}

TEST_CASE("wilcoxon_null_distribution equals SciPy's _get_wilcoxon_distr") {
  const CsvTable table = testing::statistics_reference("wilcoxon_distribution.csv");
  testing::Agreement agreement(1e-15, true);
  for (const auto& [n, rows] : testing::rows_by(table, "n")) {
    const Eigen::VectorXd distribution = wilcoxon_null_distribution(static_cast<int>(n));
    REQUIRE(static_cast<size_t>(distribution.size()) == rows.size());
    CHECK(distribution.sum() == doctest::Approx(1.0).epsilon(1e-14));
    for (size_t i = 0; i < rows.size(); ++i)
      agreement.check(distribution(static_cast<Eigen::Index>(i)),
                      testing::reference_number(table, rows[i], "probability"),
                      "n " + std::to_string(n));
  }
}

TEST_CASE("wilcoxon_signed_rank: SciPy's documented example and degenerate inputs") {
  // scipy.stats.wilcoxon's docstring: Darwin's height differences, statistic 24, exact p
  // 0.041259765625 (= 2 * 338 / 2^15).
  Eigen::VectorXd d(15);
  d << 6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75;
  const WilcoxonResult result = wilcoxon_signed_rank(d, Eigen::VectorXd::Zero(15));
  CHECK(result.exact);
  CHECK(result.statistic == 24.0);
  CHECK(result.p_value == doctest::Approx(0.041259765625).epsilon(1e-14));
  const WilcoxonResult all_zero = wilcoxon_signed_rank(d, d);
  CHECK(std::isnan(all_zero.p_value));
  CHECK(all_zero.nonzero == 0);
  CHECK_THROWS_AS(wilcoxon_signed_rank(d, Eigen::VectorXd::Zero(3)), std::invalid_argument);
}

}  // namespace
}  // namespace tsfs::statistics
