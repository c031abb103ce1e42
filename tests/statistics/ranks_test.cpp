#include "statistics/ranks.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "statistics/statistics_reference.hpp"

namespace tsfs::statistics {
namespace {

TEST_CASE("rank_average equals scipy.stats.rankdata (method=average) on the reference cases") {
  const CsvTable table = testing::statistics_reference("rankdata.csv");
  int cases = 0;
  for (const auto& [number, rows] : testing::rows_by(table, "case")) {
    Eigen::VectorXd values(static_cast<Eigen::Index>(rows.size()));
    for (size_t i = 0; i < rows.size(); ++i)
      values(static_cast<Eigen::Index>(i)) = testing::reference_number(table, rows[i], "value");
    const Eigen::VectorXd ranks = rank_average(values);
    for (size_t i = 0; i < rows.size(); ++i)  // ranks are halves of integers: exact
      CHECK(ranks(static_cast<Eigen::Index>(i)) ==
            testing::reference_number(table, rows[i], "rank"));
    ++cases;
  }
  CHECK(cases == 9);
}

TEST_CASE("rank_average: ties share the mean of their positions, NaN is refused") {
  Eigen::VectorXd values(5);
  values << 0.8, 0.9, 0.8, 0.7, 0.8;
  Eigen::VectorXd expected(5);
  expected << 3, 5, 3, 1, 3;
  CHECK(rank_average(values) == expected);
  values(2) = NAN;
  CHECK_THROWS_AS(rank_average(values), std::invalid_argument);
}

TEST_CASE("rank_rows_descending ranks the highest score 1 within each dataset") {
  Eigen::MatrixXd scores(2, 3);
  scores << 0.9, 0.8, 0.9,  //
      0.5, 0.7, 0.6;
  Eigen::MatrixXd expected(2, 3);
  expected << 1.5, 3, 1.5,  //
      3, 1, 2;
  CHECK(rank_rows_descending(scores) == expected);
}

}  // namespace
}  // namespace tsfs::statistics
