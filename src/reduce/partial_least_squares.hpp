#pragma once
// PLS regression by NIPALS, as scikit-learn 1.2.1's PLSRegression(scale=True) computes it
// (_PLS.fit, deflation "regression", mode A): both blocks centred and divided by their sample
// standard deviations; per component, the first singular vectors of X^T Y by its power iteration
// (max_iter 500, tol 1e-6, the same stopping test), sign-flipped so the largest |x weight| is
// positive, then X and Y deflated by their regression on the x scores. For PLS-DA the
// responses are the class indicators (PartialLeastSquares::indicators).
#include <Eigen/Core>

namespace tsfs {

struct PartialLeastSquares {
  Eigen::RowVectorXd x_mean, x_std;  // scaling of the predictors (std 1 where it is 0)
  Eigen::MatrixXd x_rotations;       // features x components: scores = scaled rows x rotations
  Eigen::VectorXi iterations;        // power iterations per component

  // Class indicators as scikit-learn's label_binarize: one 0/1 column (class 1) for two classes,
  // one column per class otherwise.
  static Eigen::MatrixXd indicators(const Eigen::VectorXi& labels, int classes);
};

// `components` <= features. Stops early (fewer components) when the responses left are constant,
// as scikit-learn does (with a warning there).
PartialLeastSquares partial_least_squares(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y,
                                          Eigen::Index components, int max_iterations = 500,
                                          double tolerance = 1e-6);

// scikit-learn's transform: ((rows - x_mean) / x_std) x x_rotations.
Eigen::MatrixXd pls_scores(const PartialLeastSquares& model, const Eigen::MatrixXd& rows);

}  // namespace tsfs
