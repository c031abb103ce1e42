#include "classify/ordered_column_sums.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdlib>

namespace tsfs {
namespace {

// The textbook sums, one row and one column after another; each product is stored before it is
// added (volatile), so no build fuses them into a multiply-add.
double textbook_sum(double start, const Eigen::MatrixXd& values, Eigen::Index first_row,
                    Eigen::Index row, const Eigen::MatrixXd& references, Eigen::Index reference,
                    Eigen::Index columns, bool squared_differences) {
  double sum = start;
  for (Eigen::Index k = 0; k < columns; ++k) {
    const double value = values(first_row + row, k);
    const double other = references(reference, k);
    volatile double term = squared_differences ? (value - other) * (value - other) : value * other;
    sum = sum + term;
  }
  return sum;
}

// Values spanning several magnitudes, so that a sum in another order rounds differently.
Eigen::MatrixXd spread_values(Eigen::Index rows, Eigen::Index columns) {
  Eigen::MatrixXd values = Eigen::MatrixXd::Random(rows, columns);
  for (Eigen::Index k = 0; k < columns; ++k) values.col(k) *= (k % 3 == 0) ? 1e3 : 0.7;
  return values;
}

}  // namespace

TEST_CASE("column sums equal the textbook sums bit for bit for every count of rows") {
  std::srand(3);
  // A block starting at row 2 of a taller matrix (its stride is not its row count); references
  // read with stride 3 from a transposed copy. Row counts 0-70 cover blocks narrower than one
  // vector, whole blocks, single vectors and leftover rows for the instruction set this CPU runs
  // (AVX-512, AVX2 or SSE2: the one the functions choose).
  const Eigen::MatrixXd values = spread_values(75, 9);
  const Eigen::MatrixXd references = spread_values(4, 9);
  const Eigen::MatrixXd references_strided = [&] {
    Eigen::MatrixXd wide = Eigen::MatrixXd::Zero(references.cols() * 3, references.rows());
    for (Eigen::Index k = 0; k < references.cols(); ++k)
      wide.row(k * 3) = references.col(k).transpose();
    return wide;
  }();
  for (const Eigen::Index columns : {0, 1, 9})
    for (Eigen::Index rows = 0; rows <= 70; ++rows) {
      CAPTURE(columns);
      CAPTURE(rows);
      const ColumnMajorBlock block{values.data() + 2, rows, values.rows(), columns};
      const Eigen::VectorXd start = Eigen::VectorXd::Random(rows);
      std::array<Eigen::VectorXd, 4> products{start, start, start, start};
      std::array<double*, 4> targets{};
      std::array<const double*, 4> rows_of_references{};
      for (int r = 0; r < 4; ++r) {
        targets[r] = products[r].data();
        rows_of_references[r] = references_strided.col(r).data();
      }
      add_products_of_four_in_column_order(block, {rows_of_references.data(), 3}, targets.data());
      Eigen::VectorXd one = start;
      add_products_in_column_order(block, {rows_of_references[1], 3}, one.data());
      Eigen::VectorXd squared = start;
      add_squared_differences_in_column_order(block, {rows_of_references[2], 3}, squared.data());
      Eigen::VectorXd squares = start;
      add_squares_in_column_order(block, squares.data());
      for (Eigen::Index i = 0; i < rows; ++i) {
        for (int r = 0; r < 4; ++r)
          CHECK(products[r](i) ==
                textbook_sum(start(i), values, 2, i, references, r, columns, false));
        CHECK(one(i) == textbook_sum(start(i), values, 2, i, references, 1, columns, false));
        CHECK(squared(i) == textbook_sum(start(i), values, 2, i, references, 2, columns, true));
        // The row against itself: values(2 + i, k) * values(2 + i, k).
        CHECK(squares(i) ==
              textbook_sum(start(i), values, 2, i, values.middleRows(2 + i, 1), 0, columns, false));
      }
    }
}

}  // namespace tsfs
