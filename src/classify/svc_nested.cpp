// The svc classifier's nested-subset fits (NestedSubsetFits of the "svc" registration): the RBF
// kernel exp(-gamma ||x - y||^2) over the first n columns comes from squared distances grown one
// column at a time (growing_distances.hpp) and from gamma grown likewise (GrowingSvcGamma), and
// libsvm trains and predicts on those kernel values in its precomputed-kernel mode
// (kernel_type PRECOMPUTED, libsvm's README, "Precomputed Kernels"). Standardisation is per
// column with the training rows' statistics, so the standardised values of a column do not
// depend on the subset it is in, and every subset's kernel is the direct path's kernel up to the
// order of the sum over columns.
#include <libsvm/svm.h>

#include <cmath>
#include <memory>
#include <vector>

#include "classify/classifier_inputs.hpp"
#include "classify/growing_distances.hpp"
#include "classify/standardize.hpp"
#include "classify/svc_classifier.hpp"
#include "classify/svc_libsvm.hpp"

namespace tsfs {
namespace {

// libsvm's precomputed-kernel training rows: row i is node 0 = {0, i + 1} (the 1-based serial
// number by which libsvm looks kernel values up), then {k, K(i, k - 1)} for k = 1 .. rows, closed
// by index -1. A trained model's support vectors point into these rows, so they outlive it.
class PrecomputedKernelRows {
 public:
  explicit PrecomputedKernelRows(Eigen::Index rows)
      : rows_(static_cast<size_t>(rows)),
        stride_(rows_ + 2),
        nodes_(rows_ * stride_),
        starts_(rows_) {
    for (size_t row = 0; row < rows_; ++row) {
      svm_node* nodes = nodes_.data() + row * stride_;
      nodes[0] = svm_node{0, static_cast<double>(row + 1)};
      for (size_t column = 1; column <= rows_; ++column)
        nodes[column] = svm_node{static_cast<int>(column), 0.0};
      nodes[rows_ + 1] = svm_node{-1, 0.0};
      starts_[row] = nodes;
    }
  }

  // K(i, j) = exp(-gamma * squared(i, j)) for a symmetric matrix of squared distances of which
  // only the lower triangle (i >= j) is read; each value is computed once and written to both
  // triangles, so the kernel is exactly symmetric.
  void set_rbf(const Eigen::MatrixXd& squared, double gamma) {
    for (size_t j = 0; j < rows_; ++j)
      for (size_t i = j; i < rows_; ++i) {
        const double value =
            std::exp(-gamma * squared(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
        nodes_[i * stride_ + j + 1].value = value;
        nodes_[j * stride_ + i + 1].value = value;
      }
  }

  svm_node** row_pointers() { return starts_.data(); }

 private:
  size_t rows_;
  size_t stride_;
  std::vector<svm_node> nodes_;
  std::vector<svm_node*> starts_;
};

// Predictions for the test rows, whose squared distances to the training rows are the columns of
// `test_squared` (training rows x test rows). Only the support vectors' kernel values are
// computed: libsvm reads a precomputed query at the support vectors' serial numbers only.
Eigen::VectorXi predict_precomputed(const svm_model& model, const Eigen::MatrixXd& test_squared,
                                    double gamma) {
  const size_t train_count = static_cast<size_t>(test_squared.rows());
  std::vector<svm_node> query(train_count + 2, svm_node{0, 0.0});
  query[train_count + 1] = svm_node{-1, 0.0};
  std::vector<Eigen::Index> serials(static_cast<size_t>(model.l));
  for (size_t vector = 0; vector < serials.size(); ++vector)
    serials[vector] = static_cast<Eigen::Index>(std::lround(model.SV[vector][0].value));
  Eigen::VectorXi predicted(test_squared.cols());
  for (Eigen::Index row = 0; row < test_squared.cols(); ++row) {
    for (const Eigen::Index serial : serials)
      query[static_cast<size_t>(serial)].value = std::exp(-gamma * test_squared(serial - 1, row));
    predicted(row) = static_cast<int>(std::lround(svm_predict(&model, query.data())));
  }
  return predicted;
}

class NestedSvc final : public NestedSubsetClassifier {
 public:
  explicit NestedSvc(SvcOptions options) : options_(std::move(options)) {}

  void fit_predict_nested(const Eigen::MatrixXd& train_features,
                          const Eigen::VectorXi& train_labels, int classes,
                          const Eigen::MatrixXd& test_features,
                          const std::vector<Eigen::Index>& subset_sizes,
                          const Report& report) const override {
    check_classifier_inputs("svc", train_features, train_labels, classes, test_features);
    check_subset_sizes("svc", subset_sizes, train_features.cols());
    if (const int only = single_training_class(train_labels); only >= 0) {
      const Eigen::VectorXi constant = Eigen::VectorXi::Constant(test_features.rows(), only);
      for (size_t subset = 0; subset < subset_sizes.size(); ++subset) report(subset, constant);
      return;
    }
    const StandardizedRows scaled = standardize(train_features, test_features);
    const std::vector<Eigen::Index> order = rows_grouped_by_class(train_labels);
    const Eigen::MatrixXd train = scaled.train(order, Eigen::all);
    const Eigen::Index train_count = train.rows();
    std::vector<double> targets(order.size());
    for (size_t slot = 0; slot < order.size(); ++slot)
      targets[slot] = static_cast<double>(train_labels(order[slot]));

    // The kernel reads the lower triangle of the symmetric training distances only (set_rbf).
    GrowingSquaredDistances train_squared(train_count, train_count,
                                          GrowingSquaredDistances::Entries::lower_triangle);
    GrowingSquaredDistances test_squared(train_count, scaled.test.rows());
    GrowingSvcGamma gamma(options_.gamma, train_count);
    PrecomputedKernelRows kernel(train_count);
    svm_problem problem{};
    problem.l = static_cast<int>(train_count);
    problem.y = targets.data();
    problem.x = kernel.row_pointers();
    const svm_parameter parameters = libsvm_parameters(options_, PRECOMPUTED, 0.0);
    Eigen::Index columns = 0;
    for (size_t subset = 0; subset < subset_sizes.size(); ++subset) {
      const Eigen::Index added = subset_sizes[subset] - columns;
      train_squared.add_columns(train.middleCols(columns, added), train.middleCols(columns, added));
      test_squared.add_columns(train.middleCols(columns, added),
                               scaled.test.middleCols(columns, added));
      for (; columns < subset_sizes[subset]; ++columns) gamma.add_column(train.col(columns));
      kernel.set_rbf(train_squared.squared(), gamma.value());
      const LibsvmModel model = train_libsvm(problem, parameters);
      report(subset, predict_precomputed(*model, test_squared.squared(), gamma.value()));
    }
  }

 private:
  SvcOptions options_;
};

}  // namespace

std::unique_ptr<NestedSubsetClassifier> make_nested_svc(SvcOptions options) {
  return std::make_unique<NestedSvc>(std::move(options));
}

}  // namespace tsfs
