#include "evaluate/metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tsfs {
namespace {

void check_label(int label, int classes, const char* which) {
  if (label < 0 || label >= classes)
    throw std::invalid_argument(
        fmt::format("metrics: {} label {} is outside [0, {})", which, label, classes));
}

void check_same_size(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted) {
  if (truth.size() != predicted.size())
    throw std::invalid_argument(
        fmt::format("metrics: {} true labels but {} predictions", truth.size(), predicted.size()));
}

}  // namespace

// Both metrics are NaN for zero test rows: there is nothing to score (scikit-learn also gives nan).
double accuracy(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted) {
  check_same_size(truth, predicted);
  if (truth.size() == 0) return std::numeric_limits<double>::quiet_NaN();
  const auto correct = (truth.array() == predicted.array()).count();
  return static_cast<double>(correct) / static_cast<double>(truth.size());
}

double balanced_accuracy(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted,
                         int classes) {
  check_same_size(truth, predicted);
  if (truth.size() == 0) return std::numeric_limits<double>::quiet_NaN();
  std::vector<long long> rows_of_class(static_cast<size_t>(std::max(classes, 0)));
  std::vector<long long> correct_of_class(rows_of_class.size());
  for (Eigen::Index row = 0; row < truth.size(); ++row) {
    const int label = truth(row);
    check_label(label, classes, "true");
    ++rows_of_class[static_cast<size_t>(label)];
    if (predicted(row) == label) ++correct_of_class[static_cast<size_t>(label)];
  }
  // Classes absent from `truth` have no recall and are left out of the mean; predictions of such
  // classes only count as errors for the rows they were made on.
  double recall_sum = 0.0;
  int present_classes = 0;
  for (size_t label = 0; label < rows_of_class.size(); ++label) {
    if (rows_of_class[label] == 0) continue;
    recall_sum +=
        static_cast<double>(correct_of_class[label]) / static_cast<double>(rows_of_class[label]);
    ++present_classes;
  }
  return recall_sum / present_classes;
}

double macro_f1(const Eigen::VectorXi& truth, const Eigen::VectorXi& predicted, int classes) {
  check_same_size(truth, predicted);
  if (truth.size() == 0) return std::numeric_limits<double>::quiet_NaN();
  const size_t count = static_cast<size_t>(std::max(classes, 0));
  std::vector<long long> true_positives(count), false_positives(count), false_negatives(count);
  for (Eigen::Index row = 0; row < truth.size(); ++row) {
    check_label(truth(row), classes, "true");
    check_label(predicted(row), classes, "predicted");
    const auto actual = static_cast<size_t>(truth(row));
    const auto guess = static_cast<size_t>(predicted(row));
    if (actual == guess) {
      ++true_positives[actual];
    } else {
      ++false_negatives[actual];
      ++false_positives[guess];
    }
  }
  double f1_sum = 0.0;
  int present_classes = 0;
  for (size_t label = 0; label < count; ++label) {
    const long long denominator =
        2 * true_positives[label] + false_positives[label] + false_negatives[label];
    if (denominator == 0) continue;  // neither in truth nor predicted
    f1_sum += static_cast<double>(2 * true_positives[label]) / static_cast<double>(denominator);
    ++present_classes;
  }
  return f1_sum / present_classes;
}

}  // namespace tsfs
