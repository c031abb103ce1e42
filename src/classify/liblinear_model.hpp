#pragma once
// Linear classifiers trained by liblinear (Debian's liblinear 2.3), shared by the registered
// `logistic` and `linear_svc` classifiers and exposed for tests. Conventions follow
// scikit-learn 1.2.1's liblinear estimators (LogisticRegression(solver="liblinear"), LinearSVC):
// the intercept is liblinear's bias feature of value 1 (intercept_scaling = 1), regularised like
// every weight; several classes are fitted one-vs-rest; two classes give one weight row whose
// positive side is the larger class index.
#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

#include "classify/classifier.hpp"

namespace tsfs {

enum class LiblinearSolver {
  logistic_l2,       // L2R_LR: L2-regularised logistic loss, trust-region Newton (primal)
  logistic_l1,       // L1R_LR: L1-regularised logistic loss, newGLMNET
  squared_hinge_l2,  // L2R_L2LOSS_SVC_DUAL: L2-regularised squared hinge, dual coordinate descent
};

struct LiblinearOptions {
  LiblinearSolver solver = LiblinearSolver::logistic_l2;
  double c = 1.0;
  double tolerance = 1e-4;
  // scikit-learn's class_weight="balanced": class c's C is multiplied by
  // training rows / (classes present * rows of class c).
  bool balanced = false;
};

struct LinearModel {
  std::vector<int> classes;      // class indices present in the training rows, ascending
  Eigen::MatrixXd coefficients;  // one row per class (one row in total for two classes)
  Eigen::VectorXd intercepts;    // one per coefficient row
  // The binary sub-problems (one per class of a one-vs-rest fit, else one) whose solver stopped
  // at liblinear's fixed iteration cap before meeting the tolerance: 1000 passes of the dual
  // solver (LinearSVC's max_iter, which liblinear 2.3 does not let a caller raise), 100 Newton
  // steps of newGLMNET.
  int capped_subproblems = 0;
};

// Fits on already standardised training rows. Labels are class indices in [0, classes); at least
// two distinct classes must be present. Throws std::invalid_argument otherwise.
LinearModel fit_liblinear(const Eigen::MatrixXd& standardized_train,
                          const Eigen::VectorXi& train_labels, int classes,
                          const LiblinearOptions& options);

// rows x coefficient rows: rows * coefficients^T + intercepts.
Eigen::MatrixXd linear_decision_values(const LinearModel& model, const Eigen::MatrixXd& rows);

// As scikit-learn's predict: for two classes the larger class when the decision value is > 0
// (0 goes to the smaller one), otherwise the class of the first largest decision value.
Eigen::VectorXi predict_linear(const LinearModel& model, const Eigen::MatrixXd& rows);

// A Classifier that standardises (standardize.hpp), fits with `options` and predicts. `name`
// names it in error messages.
std::unique_ptr<Classifier> make_liblinear_classifier(std::string name, LiblinearOptions options);

// ParamDeclarations shared by both registrations: C, tol, class_weight.
std::vector<ParamDeclaration> liblinear_common_params();

// Reads C, tol and class_weight of a validated ParamSet into `options`.
void read_liblinear_common_params(const ParamSet& params, LiblinearOptions& options);

}  // namespace tsfs
