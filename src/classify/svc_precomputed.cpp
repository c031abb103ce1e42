#include "classify/svc_precomputed.hpp"

#include "classify/classifier_inputs.hpp"
#include "classify/ordered_column_sums.hpp"
#include "classify/svc_libsvm.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tsfs {

PrecomputedKernelRows::PrecomputedKernelRows(Eigen::Index rows)
    : rows_(static_cast<size_t>(rows)),
      stride_(rows_ + 2),
      nodes_(new svm_node[rows_ * stride_]),  // filled by write_symmetric
      starts_(rows_) {
  for (size_t row = 0; row < rows_; ++row) {
    svm_node* nodes = nodes_.get() + row * stride_;
    nodes[0] = svm_node{0, static_cast<double>(row + 1)};
    nodes[rows_ + 1] = svm_node{-1, 0.0};
    starts_[row] = nodes;
  }
}

void PrecomputedKernelRows::set_rbf(const Eigen::MatrixXd& squared, double gamma) {
  write_symmetric([&](Eigen::Index i, Eigen::Index j) { return std::exp(-gamma * squared(i, j)); });
}

void PrecomputedKernelRows::set_libsvm_rbf(const Eigen::MatrixXd& features, double gamma) {
  const Eigen::MatrixXd gram = lower_gram_in_column_order(features);
  write_symmetric([&](Eigen::Index i, Eigen::Index j) {
    // Term for term libsvm's kernel_rbf: x_square[i] + x_square[j] - 2 * dot(x[i], x[j]).
    return std::exp(-gamma * (gram(i, i) + gram(j, j) - 2 * gram(i, j)));
  });
}

template <class KernelValue>
void PrecomputedKernelRows::write_symmetric(KernelValue kernel_value) {
  // Tiles of kTile x kTile pairs: the transposed writes of a tile stay within kTile rows of
  // nodes, which the cache holds, instead of striding over the whole matrix.
  constexpr size_t kTile = 64;
  for (size_t first_column = 0; first_column < rows_; first_column += kTile)
    for (size_t first_row = first_column; first_row < rows_; first_row += kTile) {
      const size_t last_column = std::min(first_column + kTile, rows_);
      const size_t last_row = std::min(first_row + kTile, rows_);
      for (size_t j = first_column; j < last_column; ++j)
        for (size_t i = std::max(first_row, j); i < last_row; ++i) {
          const double value =
              kernel_value(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
          starts_[i][j + 1] = svm_node{static_cast<int>(j) + 1, value};
          starts_[j][i + 1] = svm_node{static_cast<int>(i) + 1, value};
        }
    }
}

std::vector<Eigen::Index> support_vector_rows(const svm_model& model) {
  std::vector<Eigen::Index> rows(static_cast<size_t>(model.l));
  for (size_t vector = 0; vector < rows.size(); ++vector)
    rows[vector] = static_cast<Eigen::Index>(std::lround(model.SV[vector][0].value)) - 1;
  return rows;
}

Predictions predict_precomputed(const svm_model& model, const Eigen::MatrixXd& support_squared,
                                double gamma, int classes) {
  const Eigen::Index rows = support_squared.rows();
  const int trained = model.nr_class;
  if (support_squared.cols() != model.l)
    throw std::invalid_argument("precomputed predictions: one column per support vector needed");
  // kvalue of svm_predict_values: the kernel value of each (test row, support vector).
  Eigen::MatrixXd kernel(rows, support_squared.cols());
  for (Eigen::Index vector = 0; vector < kernel.cols(); ++vector)
    for (Eigen::Index row = 0; row < rows; ++row)
      kernel(row, vector) = std::exp(-gamma * support_squared(row, vector));
  std::vector<Eigen::Index> start(static_cast<size_t>(trained), 0);
  for (int i = 1; i < trained; ++i) start[i] = start[i - 1] + model.nSV[i - 1];
  // One-vs-one decision values, pairs (i, j), i < j, in class order: 0, plus class i's support
  // vectors' coefficient x kernel value in order, then class j's, minus rho; > 0 votes for i.
  Eigen::MatrixXd decisions = Eigen::MatrixXd::Zero(rows, trained * (trained - 1) / 2);
  Eigen::MatrixXi votes = Eigen::MatrixXi::Zero(rows, trained);
  for (int i = 0, pair = 0; i < trained; ++i)
    for (int j = i + 1; j < trained; ++j, ++pair) {
      double* decision = decisions.col(pair).data();
      add_products_in_column_order(kernel.col(start[i]).data(), rows, rows, model.nSV[i],
                                   model.sv_coef[j - 1] + start[i], 1, decision);
      add_products_in_column_order(kernel.col(start[j]).data(), rows, rows, model.nSV[j],
                                   model.sv_coef[i] + start[j], 1, decision);
      for (Eigen::Index row = 0; row < rows; ++row) {
        decision[row] -= model.rho[pair];
        ++votes(row, decision[row] > 0 ? i : j);
      }
    }
  // The most votes, ties to the earlier class.
  Eigen::VectorXi labels(rows);
  for (Eigen::Index row = 0; row < rows; ++row) {
    int most = 0;
    for (int i = 1; i < trained; ++i)
      if (votes(row, i) > votes(row, most)) most = i;
    labels(row) = model.label[most];
  }
  const std::vector<int> present(model.label, model.label + trained);
  return {labels, scores_of_all_classes(svc_decision_scores(decisions, trained), present, classes)};
}

Eigen::MatrixXd squared_distances_to_rows(const Eigen::MatrixXd& test, const Eigen::MatrixXd& train,
                                          const std::vector<Eigen::Index>& train_rows) {
  if (test.cols() != train.cols())
    throw std::invalid_argument("squared distances: test and training columns differ");
  Eigen::MatrixXd squared = Eigen::MatrixXd::Zero(test.rows(), std::ssize(train_rows));
  for (size_t s = 0; s < train_rows.size(); ++s)
    add_squared_differences_in_column_order(test.data(), test.rows(), test.rows(), test.cols(),
                                            train.data() + train_rows[s], train.rows(),
                                            squared.col(static_cast<Eigen::Index>(s)).data());
  return squared;
}

Eigen::MatrixXd lower_gram_in_column_order(const Eigen::MatrixXd& features) {
  const Eigen::Index rows = features.rows();
  const Eigen::Index columns = features.cols();
  const double* values = features.data();
  Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(rows, rows);
  auto one_reference = [&](Eigen::Index reference, Eigen::Index first_row, Eigen::Index count) {
    add_products_in_column_order(values + first_row, count, rows, columns, values + reference, rows,
                                 gram.col(reference).data() + first_row);
  };
  Eigen::Index reference = 0;
  // Four references j .. j + 3 share their rows from j + 3 on; the rows above that are few.
  for (; reference + 4 <= rows; reference += 4) {
    for (Eigen::Index r = 0; r < 3; ++r) one_reference(reference + r, reference + r, 3 - r);
    const Eigen::Index first_row = reference + 3;
    const double* references[4];
    double* targets[4];
    for (Eigen::Index r = 0; r < 4; ++r) {
      references[r] = values + reference + r;
      targets[r] = gram.col(reference + r).data() + first_row;
    }
    add_products_of_four_in_column_order(values + first_row, rows - first_row, rows, columns,
                                         references, rows, targets);
  }
  for (; reference < rows; ++reference) one_reference(reference, reference, rows - reference);
  return gram;
}

}  // namespace tsfs
