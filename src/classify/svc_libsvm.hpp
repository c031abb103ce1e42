#pragma once
// What the SVC's two training paths share (svc_classifier.cpp: libsvm's RBF kernel on feature
// rows; svc_nested.cpp: libsvm's precomputed kernel along nested feature subsets): the options,
// libsvm's parameters, the row order and the model handle. Internal to the svc classifier.
#include <libsvm/svm.h>

#include <Eigen/Core>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "classify/classifier.hpp"

namespace tsfs {

struct SvcOptions {
  double c = 1.0;
  std::string gamma = "scale";
  double tolerance = 1e-3;
  bool shrinking = true;
  // Up to how many training rows the direct fits train on a precomputed kernel (the same
  // values as libsvm's RBF mode, computed densely: svc_precomputed.hpp) instead of libsvm's
  // sparse rows. The kernel takes 16 bytes per pair of training rows (libsvm's nodes), so larger
  // problems keep libsvm's on-demand kernel. Not a user parameter: both paths give the same
  // model; tests set 0 to compare them.
  Eigen::Index precomputed_max_rows = 2048;
};

// libsvm prints training progress to stdout through one global function pointer. Replacing it
// once, before any training, makes it read-only afterwards, so concurrent svm_train calls stay
// free of data races. Call before svm_train. The replacement prints nothing and throws
// Interrupted from inside svm_train when a signal arrived (common/interrupt.hpp).
void silence_libsvm();

struct LibsvmModelDeleter {
  void operator()(svm_model* model) const { svm_free_and_destroy_model(&model); }
};
using LibsvmModel = std::unique_ptr<svm_model, LibsvmModelDeleter>;

// libsvm's C-SVC parameters for `options` with the given kernel type and RBF gamma.
svm_parameter libsvm_parameters(const SvcOptions& options, int kernel_type, double gamma);

// Trains libsvm on `problem` (after svm_check_parameter). Throws std::logic_error when libsvm
// rejects the parameters, std::runtime_error when training fails.
LibsvmModel train_libsvm(const svm_problem& problem, const svm_parameter& parameters);

// The one-vs-one pairs of a trained model's classes: the decision values per test row.
inline size_t one_vs_one_pairs(const svm_model& model) {
  return static_cast<size_t>(model.nr_class * (model.nr_class - 1) / 2);
}

// How many test rows predictions decide at once (LibsvmDecisions: one vector lane per row).
inline constexpr Eigen::Index kDecisionBlockRows = 16;

// decide(first, count, decisions, labels) for test rows first .. first + count - 1 (count at most
// kDecisionBlockRows): row first + r's one-vs-one decision values (libsvm's order: pairs (i, j),
// i < j) into decisions + r * pairs, and its predicted label into labels[r], as
// svm_predict_values gives them.
using DecideRows =
    std::function<void(Eigen::Index first, Eigen::Index count, double* decisions, int* labels)>;

// The classes and one-vs-rest scores of a trained model for `rows` test rows, decided in blocks
// of kDecisionBlockRows by `decide`. The scores are scikit-learn SVC's decision_function: for two
// classes the negated libsvm decision value (libsvm's positive side is its first class, 0 here);
// for more, the one-vs-one values turned one-vs-rest as scikit-learn does (votes plus the summed
// confidences squashed into (-1/3, 1/3), sklearn.utils.multiclass._ovr_decision_function).
Predictions libsvm_predictions(const svm_model& model, Eigen::Index rows, int classes,
                               const DecideRows& decide);

// svm_predict_values of a C-SVC model for a block of queries whose kernel values against the
// model's support vectors are known. Each row's sums are libsvm 3.24's, term for term (svm.cpp:
// for each pair (i, j), sum = 0, then sum += coefficient * kernel value over class i's vectors,
// then over class j's, then sum -= rho; every product rounded before its addition), so its
// decision values are bit-identical, and its vote the same, ties to the earlier class. The rows
// of a block are the lanes of vectors, each lane its own chain of roundings: libsvm sums one row
// at a time, one addition waiting for the last, and mallocs three arrays per row.
class LibsvmDecisions {
 public:
  explicit LibsvmDecisions(const svm_model& model);

  // kernel_values[v * kDecisionBlockRows + r]: support vector v's kernel value with the block's
  // row r (support vectors in the model's order; rows count .. kDecisionBlockRows - 1 are
  // computed but not reported, so they must hold finite values). Writes decisions and labels as
  // DecideRows does.
  void decide(const double* kernel_values, Eigen::Index count, double* decisions, int* labels);

 private:
  const svm_model& model_;
  size_t pairs_;
  std::vector<int> starts_;          // index of each class's first support vector
  std::vector<double> pair_values_;  // pair p's value for row r at p * kDecisionBlockRows + r
  std::vector<int> votes_;
};

// The svc classifier of `options`, with its nested-subset fits (what the registration configures,
// for tests that set options the parameters do not reach).
std::unique_ptr<Classifier> make_svc_classifier(SvcOptions options);

// The nested-subset path (svc_nested.cpp): RBF kernels grown column by column, trained through
// libsvm's precomputed-kernel mode.
std::unique_ptr<NestedSubsetClassifier> make_nested_svc(SvcOptions options);

// From how many subsets of one column order the nested path is used: below, the pass over the
// largest subset's columns costs more than the fits it saves (measured with
// benchmarks/svc_benchmark.cpp).
inline constexpr size_t kNestedSvcWorthwhileFrom = 8;

}  // namespace tsfs
