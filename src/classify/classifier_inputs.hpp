#pragma once
// Checks shared by the classifiers before they touch the data, so that a malformed call fails
// with a clear message instead of undefined behaviour inside Eigen or libsvm.
#include <Eigen/Core>

#include <string_view>
#include <vector>
#include "classify/classifier.hpp"

namespace tsfs {

// Throws std::invalid_argument unless: at least one training row and one feature column; as many
// labels as training rows, each in [0, classes); the test matrix has the same columns; every
// feature value is finite (as scikit-learn's estimators, which also refuse NaN input).
// `classifier` names the caller in the message.
void check_classifier_inputs(std::string_view classifier, const Eigen::MatrixXd& train_features,
                             const Eigen::VectorXi& train_labels, int classes,
                             const Eigen::MatrixXd& test_features);

// Throws std::invalid_argument unless `subset_sizes` is non-empty and strictly ascending within
// [1, columns] (NestedSubsetClassifier::fit_predict_nested).
void check_subset_sizes(std::string_view classifier, const std::vector<Eigen::Index>& subset_sizes,
                        Eigen::Index columns);

// The class of the first training row when every training row has it, otherwise -1.
int single_training_class(const Eigen::VectorXi& train_labels);

// Every test row predicted as `only` (the single training class), scored as certain: +1 or -1 on
// the one column of two classes, 1 on its own column and 0 elsewhere for more.
Predictions single_class_predictions(int only, Eigen::Index test_rows, int classes);

// One-vs-rest scores of the classes a model was trained on (`present`, ascending; one column each)
// spread over all `classes` columns (Predictions::scores). A class absent from the training rows
// ranks below every other: -infinity. For two classes, the score of class 1.
Eigen::MatrixXd scores_of_all_classes(const Eigen::MatrixXd& present_scores,
                                      const std::vector<int>& present, int classes);

// Training row indices grouped by class in ascending class order, row order kept within a class.
// libsvm and liblinear number their classes by first appearance; scikit-learn sorts them.
// Presenting the rows in this order makes the libraries' class order the sorted one.
std::vector<Eigen::Index> rows_grouped_by_class(const Eigen::VectorXi& train_labels);

}  // namespace tsfs
