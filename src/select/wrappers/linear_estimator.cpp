#include "select/wrappers/linear_estimator.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "classify/standardize.hpp"
#include "common/error.hpp"
#include "select/filters/discretize.hpp"

namespace tsfs {

std::vector<ParamDeclaration> linear_estimator_params() {
  std::vector<ParamDeclaration> params{
      ParamDeclaration{.name = "estimator",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("logistic")},
                       .doc =
                           "linear model whose weights rank the features: logistic or linear_svc "
                           "(as the classifiers of those names)",
                       .choices = {"logistic", "linear_svc"}},
      ParamDeclaration{
          .name = "penalty",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("l2")},
          .doc = "regularisation of the logistic estimator: l2 or l1 (linear_svc: l2 only)",
          .choices = {"l1", "l2"}},
  };
  for (ParamDeclaration& spec : liblinear_common_params()) params.push_back(std::move(spec));
  return params;
}

std::optional<ParamProblem> check_linear_estimator(const ParamSet& params) {
  if (params.text("estimator") == "linear_svc" && params.text("penalty") == "l1")
    return ParamProblem{"penalty",
                        "penalty = l1 needs estimator: logistic (linear_svc is L2-regularised)"};
  return std::nullopt;
}

LiblinearOptions linear_estimator_options(const ParamSet& params) {
  LiblinearOptions options;
  if (params.text("estimator") == "linear_svc")
    options.solver = LiblinearSolver::squared_hinge_l2;
  else
    options.solver = params.text("penalty") == "l1" ? LiblinearSolver::logistic_l1
                                                    : LiblinearSolver::logistic_l2;
  read_liblinear_common_params(params, options);
  return options;
}

void require_two_classes(const SelectionProblem& problem, const char* selector) {
  check_labels(selector, problem.labels, problem.classes, problem.features.rows());
  const Eigen::VectorXi& labels = *problem.labels;
  const bool two_classes =
      labels.size() > 0 &&
      std::any_of(labels.begin(), labels.end(), [&](int label) { return label != labels[0]; });
  if (!two_classes)
    throw InputError("", fmt::format("{}: the rows it is fitted on hold fewer than two classes, "
                                     "so a linear model has nothing to separate",
                                     selector));
}

Eigen::MatrixXd standardized_fit_rows(const SelectionProblem& problem, const char* selector) {
  require_two_classes(problem, selector);
  return apply_column_scaling(fit_column_scaling(problem.features), problem.features);
}

}  // namespace tsfs
