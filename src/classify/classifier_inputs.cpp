#include "classify/classifier_inputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace tsfs {

void check_classifier_inputs(std::string_view classifier, const Eigen::MatrixXd& train_features,
                             const Eigen::VectorXi& train_labels, int classes,
                             const Eigen::MatrixXd& test_features) {
  auto fail = [&](const std::string& problem) {
    throw std::invalid_argument(fmt::format("classifier {}: {}", classifier, problem));
  };
  if (train_features.rows() == 0) fail("no training rows");
  if (train_features.cols() == 0) fail("no feature columns");
  if (train_labels.size() != train_features.rows())
    fail(fmt::format("{} labels for {} training rows", train_labels.size(), train_features.rows()));
  if (test_features.cols() != train_features.cols())
    fail(fmt::format("test rows have {} columns, training rows {}", test_features.cols(),
                     train_features.cols()));
  for (Eigen::Index row = 0; row < train_labels.size(); ++row)
    if (train_labels(row) < 0 || train_labels(row) >= classes)
      fail(fmt::format("label {} of training row {} is outside [0, {})", train_labels(row), row,
                       classes));
  if (!train_features.allFinite()) fail("training features hold NaN or infinite values");
  if (!test_features.allFinite()) fail("test features hold NaN or infinite values");
}

void check_subset_sizes(std::string_view classifier, const std::vector<Eigen::Index>& subset_sizes,
                        Eigen::Index columns) {
  if (subset_sizes.empty())
    throw std::invalid_argument(fmt::format("classifier {}: no subset sizes", classifier));
  Eigen::Index previous = 0;
  for (const Eigen::Index size : subset_sizes) {
    if (size <= previous || size > columns)
      throw std::invalid_argument(fmt::format(
          "classifier {}: subset sizes must ascend strictly within [1, {}], got {} after {}",
          classifier, columns, size, previous));
    previous = size;
  }
}

int single_training_class(const Eigen::VectorXi& train_labels) {
  if (train_labels.size() == 0) return -1;
  return (train_labels.array() == train_labels(0)).all() ? train_labels(0) : -1;
}

Predictions single_class_predictions(int only, Eigen::Index test_rows, int classes) {
  Predictions result{Eigen::VectorXi::Constant(test_rows, only),
                     Eigen::MatrixXd::Zero(test_rows, score_columns(classes))};
  if (classes == 2)
    result.scores.setConstant(only == 1 ? 1.0 : -1.0);
  else
    result.scores.col(only).setOnes();
  return result;
}

Eigen::MatrixXd scores_of_all_classes(const Eigen::MatrixXd& present_scores,
                                      const std::vector<int>& present, int classes) {
  if (present_scores.cols() != static_cast<Eigen::Index>(present.size()))
    throw std::invalid_argument("classifier scores: one column per present class expected");
  if (classes == 2 && present.size() == 2) return present_scores.col(1);
  Eigen::MatrixXd scores = Eigen::MatrixXd::Constant(present_scores.rows(), classes,
                                                     -std::numeric_limits<double>::infinity());
  for (size_t column = 0; column < present.size(); ++column)
    scores.col(present[column]) = present_scores.col(static_cast<Eigen::Index>(column));
  return scores;
}

std::vector<Eigen::Index> rows_grouped_by_class(const Eigen::VectorXi& train_labels) {
  std::vector<Eigen::Index> order(static_cast<size_t>(train_labels.size()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::stable_sort(order.begin(), order.end(), [&train_labels](Eigen::Index a, Eigen::Index b) {
    return train_labels(a) < train_labels(b);
  });
  return order;
}

}  // namespace tsfs
