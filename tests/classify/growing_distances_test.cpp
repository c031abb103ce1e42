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
    growing.add_columns(rows.col(columns - 1), reference.col(columns - 1));
    REQUIRE(growing.columns_added() == columns);
    for (Eigen::Index i = 0; i < rows.rows(); ++i)
      for (Eigen::Index j = 0; j < reference.rows(); ++j) {
        const double direct =
            (rows.row(i).head(columns) - reference.row(j).head(columns)).squaredNorm();
        CHECK(growing.squared()(i, j) == doctest::Approx(direct).epsilon(1e-13));
      }
  }
}

TEST_CASE("columns added in blocks give bit for bit the sums of columns added one at a time") {
  std::srand(5);
  const Eigen::MatrixXd rows = Eigen::MatrixXd::Random(8, 11) * 100.0;
  const Eigen::MatrixXd reference = Eigen::MatrixXd::Random(6, 11);
  GrowingSquaredDistances one_by_one(rows.rows(), reference.rows());
  for (Eigen::Index column = 0; column < rows.cols(); ++column)
    one_by_one.add_columns(rows.col(column), reference.col(column));
  GrowingSquaredDistances blocks(rows.rows(), reference.rows());
  blocks.add_columns(rows.leftCols(9), reference.leftCols(9));  // two blocks of 4, then 1
  blocks.add_columns(rows.rightCols(2), reference.rightCols(2));
  CHECK(blocks.columns_added() == 11);
  CHECK(blocks.squared() == one_by_one.squared());
}

TEST_CASE("the lower triangle of a row set's distances to itself, exactly symmetric in full") {
  std::srand(11);
  const Eigen::MatrixXd rows = Eigen::MatrixXd::Random(7, 6);
  GrowingSquaredDistances full(rows.rows(), rows.rows());
  GrowingSquaredDistances lower(rows.rows(), rows.rows(),
                                GrowingSquaredDistances::Entries::lower_triangle);
  full.add_columns(rows, rows);
  lower.add_columns(rows, rows);
  CHECK(full.squared() == full.squared().transpose());
  CHECK(full.squared().diagonal().isZero(0.0));
  const Eigen::MatrixXd lower_part = full.squared().triangularView<Eigen::Lower>();
  CHECK(lower.squared() == lower_part);
}

TEST_CASE("growing squared distances reject mismatched shapes") {
  GrowingSquaredDistances growing(3, 2);
  CHECK_THROWS_AS(growing.add_columns(Eigen::VectorXd::Zero(2), Eigen::VectorXd::Zero(2)),
                  std::invalid_argument);
  CHECK_THROWS_AS(growing.add_columns(Eigen::VectorXd::Zero(3), Eigen::VectorXd::Zero(3)),
                  std::invalid_argument);
  CHECK_THROWS_AS(growing.add_columns(Eigen::MatrixXd::Zero(3, 2), Eigen::MatrixXd::Zero(2, 1)),
                  std::invalid_argument);
  CHECK_THROWS_AS(GrowingSquaredDistances(3, 2, GrowingSquaredDistances::Entries::lower_triangle),
                  std::invalid_argument);
}

}  // namespace tsfs
