#pragma once
// What the selectors that score features by a model's validation accuracy share
// (permutation_importance, shapley): one stratified split of the fit rows into inner training
// and validation rows, standardised with the inner training rows' statistics, and the accuracy of
// a linear model's decision values by predict_linear's rule.
#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <vector>

#include "classify/liblinear_model.hpp"
#include "common/params.hpp"
#include "select/selector.hpp"

namespace tsfs {

struct ValidationSplit {
  std::vector<int> train;                               // fit rows, ascending
  std::vector<int> validation;                          // fit rows, ascending
  Eigen::MatrixXd train_features, validation_features;  // standardised with the train rows'
  Eigen::VectorXi train_labels, validation_labels;
};

// Each class's rows (in fit order) shuffled with protocol_generator(seed, 0) (classes in index
// order); the first round(fraction x class rows), at most class rows - 1, become validation
// rows. Throws InputError (no location) when that leaves no validation row or a single class to
// train on; `selector` names the selector in the message.
ValidationSplit validation_split(const SelectionProblem& problem, double fraction,
                                 std::uint64_t seed, const char* selector);

// The validation rows a class of `class_rows` fit rows gives: round(fraction x class_rows), at
// most class_rows - 1.
size_t class_validation_rows(double fraction, size_t class_rows);

// Selector::check_fit_classes of the selectors that split: a problem naming validation_fraction
// when a fit of these rows per class would leave no validation row or one class to train on.
std::optional<ParamProblem> check_validation_split(double fraction,
                                                   const std::vector<long long>& rows_per_class);

// Correct predictions among the rows of `decisions` (rows x coefficient rows): two classes, the
// larger when the value is > 0; otherwise the first largest.
long long correct_predictions(const Eigen::MatrixXd& decisions, const LinearModel& model,
                              const Eigen::VectorXi& truth);

// `validation_fraction` (default 0.25) and `seed` (default 0; `seed_doc` says what it seeds).
ParamDeclaration validation_fraction_param();
ParamDeclaration seed_param(const char* seed_doc);

}  // namespace tsfs
