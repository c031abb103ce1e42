#pragma once
// libsvm's precomputed-kernel mode (kernel_type PRECOMPUTED, libsvm's README, "Precomputed
// Kernels") for the svc classifier's two paths: the direct fits (svc_classifier.cpp), whose
// kernel values are computed here exactly as libsvm computes its RBF kernel, so they train and
// predict bit for bit as libsvm's RBF mode does, only without its sparse dot products; and the
// nested-subset fits (svc_nested.cpp), whose kernels grow one column at a time. Internal to the
// svc classifier.
#include <libsvm/svm.h>

#include <Eigen/Core>

#include <vector>
#include "classify/classifier.hpp"
#include "numerics/huge_page_buffer.hpp"

namespace tsfs {

// libsvm's precomputed-kernel training rows: row i is node 0 = {0, i + 1} (the 1-based serial
// number by which libsvm looks kernel values up), then {k, K(i, k - 1)} for k = 1 .. rows, closed
// by index -1. A trained model's support vectors point into these rows, so they outlive it.
//
// libsvm's solver reads a training kernel value K(i, j) as a float only (svm.cpp: SVC_Q::get_Q
// stores (Qfloat) y_i y_j K(i, j), Qfloat being float) and the diagonal K(i, i) as a double
// (SVC_Q's QD). So each K(i, j), i != j, below is a double whose float is the float of exp's
// double (exp_each_for_floats, numerics/exp_each.hpp), not always that double, and each K(i, i)
// is exp's double (exp(-gamma * 0) = 1 in both kernels): the models are those of the exact values.
class PrecomputedKernelRows {
 public:
  explicit PrecomputedKernelRows(Eigen::Index rows);

  // K(i, j) = exp(-gamma * squared(i, j)), up to the floats above, for a symmetric matrix of
  // squared distances of which only the lower triangle (i >= j) is read; each value is computed
  // once and written to both triangles, so the kernel is exactly symmetric. Throws
  // std::invalid_argument unless `squared` is rows x rows.
  void set_rbf(const Eigen::MatrixXd& squared, double gamma);

  // The RBF kernel of the rows of `features` (rows x columns) as libsvm's RBF mode computes it
  // during training (Kernel::kernel_rbf in svm.cpp), up to the floats above: exp(-gamma *
  // ((x_i.x_i + x_j.x_j) - 2 x_i.x_j)), every dot product summed over the columns in order
  // without fused multiply-adds, as libsvm's dot() does on dense rows. Throws
  // std::invalid_argument unless `features` has rows rows.
  void set_libsvm_rbf(const Eigen::MatrixXd& features, double gamma);

  svm_node** row_pointers() { return starts_.data(); }

 private:
  static constexpr size_t kTileSize = 64;
  // Pairs (i, j), first_row <= i < last_row, first_column <= j < last_column, whose values are
  // kept column after column.
  struct Tile {
    size_t first_row, last_row, first_column, last_column;
    double* values;
    double& value(size_t i, size_t j) const {
      return values[(j - first_column) * kTileSize + (i - first_row)];
    }
  };
  // Writes K(i, j) = exp(argument(i, j)) and K(j, i) for each i >= j, a tile at a time:
  // fill_tile(tile) sets tile.value(i, j) = argument(i, j) for the tile's pairs with i >= j (and
  // may use its other values as scratch).
  template <class FillTile>
  void write_symmetric(FillTile fill_tile);

  size_t rows_;
  size_t stride_;
  ReusedBuffer nodes_;  // rows_ * stride_ nodes (numerics/huge_page_buffer.hpp)
  std::vector<svm_node*> starts_;
};

// The training rows (0-based, in the order of the kernel rows) that are support vectors of
// `model`, trained on PrecomputedKernelRows.
std::vector<Eigen::Index> support_vector_rows(const svm_model& model);

// Predictions for the test rows, whose squared distances to the training rows are the rows of
// `test_squared` (test rows x training rows): kernel values exp(-gamma * squared), which is
// libsvm's RBF k_function when each squared distance is the sum of (x_k - y_k)^2 over the columns
// in order. Only the support vectors' columns are read: libsvm reads a precomputed query at the
// support vectors' serial numbers only. The rows are decided kDecisionBlockRows at a time
// (LibsvmDecisions: libsvm's decision values, bit for bit).
Predictions predict_precomputed(const svm_model& model, const Eigen::MatrixXd& test_squared,
                                double gamma, int classes);

// Squared distances (test rows x training rows) from every test row to the training rows listed
// in `train_rows`: entry (t, j) sums (test(t, k) - train(j, k))^2 over the columns k in order
// (libsvm's k_function for RBF). Columns of unlisted training rows stay 0.
Eigen::MatrixXd squared_distances_to_rows(const Eigen::MatrixXd& test, const Eigen::MatrixXd& train,
                                          const std::vector<Eigen::Index>& train_rows);

}  // namespace tsfs
