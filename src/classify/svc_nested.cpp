// The svc classifier's nested-subset fits (NestedSubsetFits of the "svc" registration): the RBF
// kernel exp(-gamma ||x - y||^2) over the first n columns comes from squared distances grown one
// column at a time (growing_distances.hpp) and from gamma grown likewise (GrowingSvcGamma), and
// libsvm trains and predicts on those kernel values in its precomputed-kernel mode
// (kernel_type PRECOMPUTED, libsvm's README, "Precomputed Kernels"). Standardisation is per
// column with the training rows' statistics, so the standardised values of a column do not
// depend on the subset it is in. Every subset's kernel is the direct path's kernel up to rounding:
// the direct path computes libsvm's x.x + y.y - 2 x.y (svc_precomputed.hpp), this path the sum of
// squared differences. Its test-row kernel values are the direct path's bit for bit.
#include <memory>
#include <vector>

#include "classify/classifier_inputs.hpp"
#include "classify/growing_distances.hpp"
#include "classify/standardize.hpp"
#include "classify/svc_classifier.hpp"
#include "classify/svc_libsvm.hpp"
#include "classify/svc_precomputed.hpp"

namespace tsfs {
namespace {

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
      const Predictions constant = single_class_predictions(only, test_features.rows(), classes);
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
    GrowingSquaredDistances test_squared(scaled.test.rows(), train_count);
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
      test_squared.add_columns(scaled.test.middleCols(columns, added),
                               train.middleCols(columns, added));
      for (; columns < subset_sizes[subset]; ++columns) gamma.add_column(train.col(columns));
      kernel.set_rbf(train_squared.squared(), gamma.value());
      const LibsvmModel model = train_libsvm(problem, parameters);
      report(subset, predict_precomputed(*model, test_squared.squared(), gamma.value(), classes));
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
