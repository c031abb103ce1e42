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
// order; > 0: class i wins): votes plus the summed confidences squashed into (-1/3, 1/3), written
// into row `row` of `scores` (the two work vectors are the caller's, so nothing is allocated).
void write_one_vs_rest_scores(const double* decisions, std::vector<double>& votes,
                              std::vector<double>& confidences, Eigen::MatrixXd& scores,
                              Eigen::Index row) {
  std::fill(votes.begin(), votes.end(), 0.0);
  std::fill(confidences.begin(), confidences.end(), 0.0);
  const size_t classes = votes.size();
  size_t pair = 0;
  for (size_t first = 0; first < classes; ++first)
    for (size_t second = first + 1; second < classes; ++second, ++pair) {
      const double decision = decisions[pair];
      confidences[first] += decision;
      confidences[second] -= decision;
      votes[decision < 0 ? second : first] += 1.0;
    }
  for (size_t c = 0; c < classes; ++c)
    scores(row, static_cast<Eigen::Index>(c)) =
        votes[c] + confidences[c] / (3.0 * (std::abs(confidences[c]) + 1.0));
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
                               const DecideRows& decide) {
  const int trained = model.nr_class;
  const size_t pairs = one_vs_one_pairs(model);
  std::vector<int> present(model.label, model.label + trained);
  std::vector<double> decisions(pairs * kDecisionBlockRows);
  std::vector<int> block_labels(kDecisionBlockRows);
  std::vector<double> votes(static_cast<size_t>(trained));
  std::vector<double> confidences(static_cast<size_t>(trained));
  Eigen::VectorXi labels(rows);
  Eigen::MatrixXd present_scores(rows, trained);
  for (Eigen::Index first = 0; first < rows; first += kDecisionBlockRows) {
    const Eigen::Index count = std::min(kDecisionBlockRows, rows - first);
    decide(first, count, decisions.data(), block_labels.data());
    for (Eigen::Index r = 0; r < count; ++r) {
      const Eigen::Index row = first + r;
      const double* row_decisions = decisions.data() + static_cast<size_t>(r) * pairs;
      labels(row) = block_labels[static_cast<size_t>(r)];
      if (trained == 2) {
        present_scores(row, 0) = row_decisions[0];
        present_scores(row, 1) = -row_decisions[0];
      } else {
        write_one_vs_rest_scores(row_decisions, votes, confidences, present_scores, row);
      }
    }
  }
  return {labels, scores_of_all_classes(present_scores, present, classes)};
}

LibsvmDecisions::LibsvmDecisions(const svm_model& model)
    : model_(model),
      pairs_(one_vs_one_pairs(model)),
      starts_(static_cast<size_t>(model.nr_class), 0),
      pair_values_(pairs_ * kDecisionBlockRows),
      votes_(static_cast<size_t>(model.nr_class)) {
  for (size_t c = 1; c < starts_.size(); ++c) starts_[c] = starts_[c - 1] + model.nSV[c - 1];
}

namespace {

// Two rows per vector: SSE2, the x86-64 baseline, has no fused multiply-add to contract into.
typedef double TwoRows __attribute__((vector_size(16)));
constexpr int kBlockVectors = static_cast<int>(kDecisionBlockRows / 2);

// sums[v] += weights[k] * values[k] (row lanes of vector v) for k = first .. first + count - 1.
[[gnu::always_inline]] inline void add_weighted_values(TwoRows (&sums)[kBlockVectors],
                                                       const double* weights,
                                                       const double* kernel_values, int first,
                                                       int count) {
  for (int k = first; k < first + count; ++k) {
    const double weight = weights[k];
    const double* values = kernel_values + static_cast<Eigen::Index>(k) * kDecisionBlockRows;
#pragma GCC unroll 8
    for (int v = 0; v < kBlockVectors; ++v) {
      TwoRows value;
      __builtin_memcpy(&value, values + 2 * v, sizeof value);
      sums[v] = sums[v] + weight * value;
    }
  }
}

}  // namespace

void LibsvmDecisions::decide(const double* kernel_values, Eigen::Index count, double* decisions,
                             int* labels) {
  const int classes = model_.nr_class;
  size_t pair = 0;
  for (int first = 0; first < classes; ++first)
    for (int second = first + 1; second < classes; ++second, ++pair) {
      // libsvm's coef1 and coef2: the first class's vectors are weighted in row second - 1 of
      // sv_coef, the second class's in row first.
      TwoRows sums[kBlockVectors] = {};
      add_weighted_values(sums, model_.sv_coef[second - 1], kernel_values,
                          starts_[static_cast<size_t>(first)], model_.nSV[first]);
      add_weighted_values(sums, model_.sv_coef[first], kernel_values,
                          starts_[static_cast<size_t>(second)], model_.nSV[second]);
      double* values = pair_values_.data() + pair * kDecisionBlockRows;
#pragma GCC unroll 8
      for (int v = 0; v < kBlockVectors; ++v) {
        const TwoRows value = sums[v] - model_.rho[pair];
        __builtin_memcpy(values + 2 * v, &value, sizeof value);
      }
    }
  for (Eigen::Index r = 0; r < count; ++r) {
    std::fill(votes_.begin(), votes_.end(), 0);
    double* row_decisions = decisions + static_cast<size_t>(r) * pairs_;
    pair = 0;
    for (int first = 0; first < classes; ++first)
      for (int second = first + 1; second < classes; ++second, ++pair) {
        const double value = pair_values_[pair * kDecisionBlockRows + static_cast<size_t>(r)];
        row_decisions[pair] = value;
        ++votes_[static_cast<size_t>(value > 0 ? first : second)];
      }
    int winner = 0;
    for (int c = 1; c < classes; ++c)
      if (votes_[static_cast<size_t>(c)] > votes_[static_cast<size_t>(winner)]) winner = c;
    labels[r] = model_.label[winner];
  }
}

}  // namespace tsfs
