#include "classify/growing_distances.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <stdexcept>

namespace tsfs {

TEST_CASE("growing squared distances equal the ones computed over each prefix of columns") {
  std::srand(7);
  const Eigen::MatrixXd rows = Eigen::MatrixXd::Random(9, 12) * 3.0;
  const Eigen::MatrixXd reference = Eigen::MatrixXd::Random(5, 12) * 3.0;
  GrowingSquaredDistances growing(rows.rows(), reference.rows());
  CHECK(growing.squared().isZero(0.0));
  for (Eigen::Index columns = 1; columns <= rows.cols(); ++columns) {
    growing.add_column(rows.col(columns - 1), reference.col(columns - 1));
    REQUIRE(growing.columns_added() == columns);
    for (Eigen::Index i = 0; i < rows.rows(); ++i)
      for (Eigen::Index j = 0; j < reference.rows(); ++j) {
        const double direct =
            (rows.row(i).head(columns) - reference.row(j).head(columns)).squaredNorm();
        CHECK(growing.squared()(i, j) == doctest::Approx(direct).epsilon(1e-13));
      }
  }
}

TEST_CASE("growing squared distances of a row set to itself are exactly symmetric") {
  std::srand(11);
  const Eigen::MatrixXd rows = Eigen::MatrixXd::Random(7, 6);
  GrowingSquaredDistances growing(rows.rows(), rows.rows());
  for (Eigen::Index column = 0; column < rows.cols(); ++column)
    growing.add_column(rows.col(column), rows.col(column));
  CHECK(growing.squared() == growing.squared().transpose());
  CHECK(growing.squared().diagonal().isZero(0.0));
}

TEST_CASE("growing squared distances reject columns of the wrong length") {
  GrowingSquaredDistances growing(3, 2);
  CHECK_THROWS_AS(growing.add_column(Eigen::VectorXd::Zero(2), Eigen::VectorXd::Zero(2)),
                  std::invalid_argument);
  CHECK_THROWS_AS(growing.add_column(Eigen::VectorXd::Zero(3), Eigen::VectorXd::Zero(3)),
                  std::invalid_argument);
}

}  // namespace tsfs
