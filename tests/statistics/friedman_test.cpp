#include "statistics/friedman.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "statistics/statistics_reference.hpp"

namespace tsfs::statistics {
namespace {

// The score matrices of friedman_input.csv, by case.
std::map<long, Eigen::MatrixXd> reference_scores() {
  const CsvTable table = testing::statistics_reference("friedman_input.csv");
  std::map<long, Eigen::MatrixXd> matrices;
  for (const auto& [number, rows] : testing::rows_by(table, "case")) {
    Eigen::Index datasets = 0, methods = 0;
    for (size_t row : rows) {
      datasets = std::max<Eigen::Index>(
          datasets, std::lround(testing::reference_number(table, row, "dataset")) + 1);
      methods = std::max<Eigen::Index>(
          methods, std::lround(testing::reference_number(table, row, "method")) + 1);
    }
    Eigen::MatrixXd scores(datasets, methods);
    for (size_t row : rows)
      scores(std::lround(testing::reference_number(table, row, "dataset")),
             std::lround(testing::reference_number(table, row, "method"))) =
          testing::reference_number(table, row, "score");
    matrices[number] = scores;
  }
  return matrices;
}

TEST_CASE("friedman_test equals scipy.stats.friedmanchisquare, Iman-Davenport equals f.sf") {
  const auto scores = reference_scores();
  const CsvTable expected = testing::statistics_reference("friedman.csv");
  testing::Agreement statistic(1e-12), p_value(1e-10, true);
  for (size_t row = 0; row < expected.rows.size(); ++row) {
    const long number = std::lround(testing::reference_number(expected, row, "case"));
    const FriedmanResult result = friedman_test(scores.at(number));
    const std::string what = "case " + std::to_string(number);
    CHECK(result.datasets == testing::reference_number(expected, row, "datasets"));
    CHECK(result.methods == testing::reference_number(expected, row, "methods"));
    statistic.check(result.chi_square, testing::reference_number(expected, row, "chi_square"),
                    what + " chi-square");
    p_value.check(result.chi_square_p, testing::reference_number(expected, row, "chi_square_p"),
                  what + " chi-square p");
    statistic.check(result.iman_davenport_f,
                    testing::reference_number(expected, row, "iman_davenport_f"), what + " F");
    p_value.check(result.iman_davenport_p,
                  testing::reference_number(expected, row, "iman_davenport_p"), what + " F p");
    CHECK(result.f_numerator_degrees == result.methods - 1);
    CHECK(result.f_denominator_degrees == (result.methods - 1) * (result.datasets - 1));
  }
  CHECK(expected.rows.size() == 8);
  MESSAGE("Friedman vs SciPy: largest relative difference of statistics ", statistic.largest(),
          ", of p-values ", p_value.largest());
}

TEST_CASE("friedman_test: Demsar 2006's worked example (14 datasets, 4 methods)") {
  // Demsar's section 3.2.2 example: average ranks 3.143, 2.000, 2.893, 1.964 give
  // chi2_F = 9.28 and F_F = 3.69 (his formulas, without a tie correction). The statistics
  // depend on the ranks only through their averages, so any rank matrix with these averages
  // (rank sums 44, 28, 40.5, 27.5) reproduces them; this one has one tied row.
  Eigen::MatrixXd ranks(14, 4);
  ranks << 2, 4, 1, 3,  //
      4, 3, 1, 2,       //
      4, 1, 3, 2,       //
      4, 1, 2, 3,       //
      4, 1, 3, 2,       //
      3, 1, 4, 2,       //
      3, 2, 4, 1,       //
      1, 3, 4, 2,       //
      4, 1, 3, 2,       //
      3, 2, 4, 1,       //
      4, 2, 3, 1,       //
      3, 2, 4, 1,       //
      4, 3, 1, 2,       //
      1, 2, 3.5, 3.5;
  // The paper's averages to 3 decimals, then its statistics.
  const Eigen::RowVectorXd averages = ranks.colwise().mean();
  CHECK(averages(0) == doctest::Approx(3.143).epsilon(2e-4));
  CHECK(averages(1) == doctest::Approx(2.000).epsilon(2e-4));
  CHECK(averages(2) == doctest::Approx(2.893).epsilon(2e-4));
  CHECK(averages(3) == doctest::Approx(1.964).epsilon(3e-4));
  const double n = 14, k = 4;
  const double chi_square =
      12 * n / (k * (k + 1)) * (averages.squaredNorm() - k * (k + 1) * (k + 1) / 4);
  CHECK(chi_square == doctest::Approx(9.28).epsilon(1e-3));
  CHECK((n - 1) * chi_square / (n * (k - 1) - chi_square) == doctest::Approx(3.69).epsilon(2e-3));
  // One tied pair: C = 1 - 6 / (14 * 4 * 15), and chi2 / C.
  const FriedmanResult result = friedman_test(-ranks);  // scores: lower rank = higher score
  CHECK(result.chi_square == doctest::Approx(chi_square / (1 - 6.0 / (14 * 4 * 15))));
  CHECK(result.iman_davenport_f ==
        doctest::Approx((n - 1) * result.chi_square / (n * (k - 1) - result.chi_square)));
}

TEST_CASE("friedman_test: degenerate inputs") {
  Eigen::MatrixXd all_tied = Eigen::MatrixXd::Constant(4, 3, 0.5);
  const FriedmanResult tied = friedman_test(all_tied);
  CHECK(std::isnan(tied.chi_square));
  CHECK(std::isnan(tied.chi_square_p));
  CHECK(std::isnan(tied.iman_davenport_p));
  Eigen::MatrixXd consistent(3, 3);
  consistent << 1, 2, 3, 1, 2, 3, 1, 2, 3;
  const FriedmanResult perfect = friedman_test(consistent);
  CHECK(perfect.chi_square == doctest::Approx(6.0));
  CHECK(std::isinf(perfect.iman_davenport_f));
  CHECK(perfect.iman_davenport_p == 0.0);
  CHECK_THROWS_AS(friedman_test(Eigen::MatrixXd::Zero(1, 3)), std::invalid_argument);
  CHECK_THROWS_AS(friedman_test(Eigen::MatrixXd::Zero(3, 2)), std::invalid_argument);
}

}  // namespace
}  // namespace tsfs::statistics
