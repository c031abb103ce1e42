#include "classify/svc_libsvm.hpp"

#include "classify/classifier_inputs.hpp"
#include "common/interrupt.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>

namespace tsfs {
namespace {

constexpr double kCacheSizeMegabytes = 200.0;  // scikit-learn's default, not a parameter

// libsvm's text is discarded, but its printing is the one hook into a running fit: its solver
// prints a dot every min(rows, 1000) iterations, so a signal stops a fit of many rows from there
// (one fit of 20,000 rows can take minutes) instead of after it. The exception unwinds through
// libsvm's frames (C++ with unwind tables); the interrupted fit's own arrays and kernel cache are
// not freed, which the runner's exit does not notice and a Python session pays once per
// interrupted fit.
void libsvm_progress(const char*) {
  throw_if_interrupted();
}

// scikit-learn's one-vs-rest scores from one-vs-one decision values (pairs (i, j), i < j, in class
// order; > 0: class i wins): votes plus the summed confidences squashed into (-1/3, 1/3).
Eigen::RowVectorXd one_vs_rest_scores(const std::vector<double>& decisions, int classes) {
  Eigen::RowVectorXd votes = Eigen::RowVectorXd::Zero(classes);
  Eigen::RowVectorXd confidences = Eigen::RowVectorXd::Zero(classes);
  size_t pair = 0;
  for (int first = 0; first < classes; ++first)
    for (int second = first + 1; second < classes; ++second, ++pair) {
      const double decision = decisions[pair];
      confidences(first) += decision;
      confidences(second) -= decision;
      votes(decision < 0 ? second : first) += 1.0;
    }
  return votes + (confidences.array() / (3.0 * (confidences.array().abs() + 1.0))).matrix();
}

}  // namespace

void silence_libsvm() {
  static std::once_flag once;
  std::call_once(once, [] { svm_set_print_string_function(&libsvm_progress); });
}

svm_parameter libsvm_parameters(const SvcOptions& options, int kernel_type, double gamma) {
  svm_parameter parameters{};
  parameters.svm_type = C_SVC;
  parameters.kernel_type = kernel_type;
  parameters.degree = 3;  // unused by RBF; scikit-learn's default
  parameters.gamma = gamma;
  parameters.coef0 = 0.0;
  parameters.cache_size = kCacheSizeMegabytes;
  parameters.eps = options.tolerance;
  parameters.C = options.c;
  parameters.nr_weight = 0;  // no class weights
  parameters.weight_label = nullptr;
  parameters.weight = nullptr;
  parameters.nu = 0.5;  // unused by C-SVC
  parameters.p = 0.1;   // unused by C-SVC
  parameters.shrinking = options.shrinking ? 1 : 0;
  parameters.probability = 0;  // probability estimates would draw random numbers
  return parameters;
}

LibsvmModel train_libsvm(const svm_problem& problem, const svm_parameter& parameters) {
  if (const char* problem_text = svm_check_parameter(&problem, &parameters))
    throw std::logic_error(std::string("libsvm rejected the SVC parameters: ") + problem_text);
  silence_libsvm();
  LibsvmModel model(svm_train(&problem, &parameters));
  if (!model) throw std::runtime_error("libsvm failed to train the SVC");
  return model;
}

Predictions libsvm_predictions(const svm_model& model, Eigen::Index rows, int classes,
                               const std::function<const svm_node*(Eigen::Index)>& query) {
  const int trained = model.nr_class;
  std::vector<int> present(model.label, model.label + trained);
  std::vector<double> decisions(static_cast<size_t>(trained * (trained - 1) / 2));
  Eigen::VectorXi labels(rows);
  Eigen::MatrixXd present_scores(rows, trained);
  for (Eigen::Index row = 0; row < rows; ++row) {
    labels(row) =
        static_cast<int>(std::lround(svm_predict_values(&model, query(row), decisions.data())));
    if (trained == 2) {
      present_scores(row, 0) = decisions[0];
      present_scores(row, 1) = -decisions[0];
    } else {
      present_scores.row(row) = one_vs_rest_scores(decisions, trained);
    }
  }
  return {labels, scores_of_all_classes(present_scores, present, classes)};
}

}  // namespace tsfs
