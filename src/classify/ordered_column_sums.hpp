#pragma once
// Sums over the columns of a matrix, column after column, vectorised across rows: each entry is
// one chain of roundings in column order, whatever the vector width. They reproduce libsvm's
// kernel arithmetic on dense rows (svm.cpp: dot() for the training kernel, the RBF k_function's
// sum of squared differences for predictions), so kernels computed here equal libsvm's own bit
// for bit (svc_precomputed.hpp), and the nested-subset fits' distances grow by whole columns
// (growing_distances.hpp). Matrices are column-major: entry (i, k) of `values` is at
// values[i + k * values_stride], entry k of the reference row at reference[k * reference_stride].
#include <Eigen/Core>

namespace tsfs {

// target[i] += values(i, k) * reference(k) for k = 0 .. columns - 1 in order, i < rows.
void add_products_in_column_order(const double* values, Eigen::Index rows,
                                  Eigen::Index values_stride, Eigen::Index columns,
                                  const double* reference, Eigen::Index reference_stride,
                                  double* target);

// add_products_in_column_order for four reference rows and their targets at once (each load of
// a value serves all four): targets[r][i] += values(i, k) * references[r][k * reference_stride].
void add_products_of_four_in_column_order(const double* values, Eigen::Index rows,
                                          Eigen::Index values_stride, Eigen::Index columns,
                                          const double* const* references,
                                          Eigen::Index reference_stride, double* const* targets);

// target[i] += (values(i, k) - reference(k))^2 for k = 0 .. columns - 1 in order, i < rows.
void add_squared_differences_in_column_order(const double* values, Eigen::Index rows,
                                             Eigen::Index values_stride, Eigen::Index columns,
                                             const double* reference, Eigen::Index reference_stride,
                                             double* target);

// The terms (entry x column) the three functions above have added in this process: the work of
// the precomputed SVC kernels, the nested-subset and k-NN distances, which a run's manifest reports
// (counts.kernel_column_terms) so a test can pin it per distinct fit (a kernel computed far more
// often than its fits need is a 10x slowdown no result shows).
unsigned long long column_terms_computed();

}  // namespace tsfs
