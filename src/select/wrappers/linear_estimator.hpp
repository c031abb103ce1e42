#pragma once
// What the model-based selectors (rfe, l1_path) share: the `estimator` parameters of a liblinear
// model (classify/liblinear_model.hpp), and fits on the selector's fit rows standardised as the
// `logistic` and `linear_svc` classifiers standardise their training rows (StandardScaler), so a
// selector weighs features on the scale the classifier will see.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "classify/liblinear_model.hpp"
#include "common/params.hpp"
#include "select/selector.hpp"

namespace tsfs {

// estimator (logistic | linear_svc), penalty (l1 | l2; logistic only), C, tol, class_weight.
std::vector<ParamDeclaration> linear_estimator_params();

// linear_svc has no L1 penalty in tsfs (scikit-learn's needs the primal solver, dual=False).
std::optional<ParamProblem> check_linear_estimator(const ParamSet& params);

// The liblinear options of a parameter set validated against linear_estimator_params().
LiblinearOptions linear_estimator_options(const ParamSet& params);

// Throws an InputError (completed with the selector's spec location by the orchestrator) unless
// the labels hold at least two classes: a linear model then has nothing to separate.
void require_two_classes(const SelectionProblem& problem, const char* selector);

// The fit rows standardised with their own statistics (standardize.hpp), after
// require_two_classes.
Eigen::MatrixXd standardized_fit_rows(const SelectionProblem& problem, const char* selector);

}  // namespace tsfs
