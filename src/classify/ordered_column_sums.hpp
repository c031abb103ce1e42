#pragma once
// Sums over the columns of a matrix, column after column, vectorised across rows: each entry is
// one chain of roundings in column order, whatever the vector width. They reproduce libsvm's
// kernel arithmetic on dense rows (svm.cpp: dot() for the training kernel, the RBF k_function's
// sum of squared differences for predictions), so kernels computed here equal libsvm's own bit
// for bit (svc_precomputed.hpp), and the nested-subset fits' distances grow by whole columns
// (growing_distances.hpp).
#include <Eigen/Core>

namespace tsfs {

// Rows i < rows of a column-major block: entry (i, k) at data[i + k * stride], k < columns.
struct ColumnMajorBlock {
  const double* data;
  Eigen::Index rows;
  Eigen::Index stride;
  Eigen::Index columns;
};

// A row read across columns: entry k at data[k * stride].
struct StridedRow {
  const double* data;
  Eigen::Index stride;
};

// Four rows read across columns with the same stride: entry k of row r at data[r][k * stride].
struct FourStridedRows {
  const double* const* data;
  Eigen::Index stride;
};

// target[i] += values(i, k) * reference(k) for k = 0 .. columns - 1 in order, i < rows.
void add_products_in_column_order(const ColumnMajorBlock& values, StridedRow reference,
                                  double* target);

// add_products_in_column_order for four reference rows and their targets at once (each load of
// a value serves all four): targets[r][i] += values(i, k) * references(r, k).
void add_products_of_four_in_column_order(const ColumnMajorBlock& values,
                                          FourStridedRows references, double* const* targets);

// target[i] += (values(i, k) - reference(k))^2 for k = 0 .. columns - 1 in order, i < rows.
void add_squared_differences_in_column_order(const ColumnMajorBlock& values, StridedRow reference,
                                             double* target);

// target[i] += values(i, k) * values(i, k) for k = 0 .. columns - 1 in order, i < rows (the
// diagonal of add_products_in_column_order's Gram matrix, libsvm's x_square).
void add_squares_in_column_order(const ColumnMajorBlock& values, double* target);

// The terms (entry x column) the four functions above have added in this process (the work done:
// a Gram's diagonal summed again as squares, the few products above a tile's diagonal): the work of
// the precomputed SVC kernels, the nested-subset and k-NN distances, which a run's manifest reports
// (counts.kernel_column_terms) so a test can pin it per distinct fit (a kernel computed far more
// often than its fits need is a 10x slowdown no result shows).
unsigned long long column_terms_computed();

}  // namespace tsfs
