#pragma once
// Fisher's linear discriminant analysis as a projection, as scikit-learn 1.2.1's
// LinearDiscriminantAnalysis(solver="svd") computes it (its _solve_svd): the within-class
// scatter whitened by an SVD of the class-centred rows (each column first divided by its
// within-class standard deviation), then an SVD of the whitened, prior-weighted class means
// gives the discriminant directions. At most classes - 1 of them.
#include <Eigen/Core>

namespace tsfs {

struct LinearDiscriminant {
  Eigen::RowVectorXd overall_mean;  // sum over classes of prior x class mean (scikit-learn xbar_)
  Eigen::MatrixXd scalings;         // features x rank (scikit-learn scalings_)
  Eigen::VectorXd explained_variance_ratio;  // between-class variance share per direction
};

// Labels in [0, classes), every class present. `tolerance` is scikit-learn's tol (1e-4): singular
// values below it (within) or below it times the largest (between) are dropped.
LinearDiscriminant linear_discriminant(const Eigen::MatrixXd& rows, const Eigen::VectorXi& labels,
                                       int classes, double tolerance = 1e-4);

// (rows - overall_mean) x the first `components` scalings (scikit-learn's transform).
Eigen::MatrixXd discriminant_scores(const LinearDiscriminant& model, const Eigen::MatrixXd& rows,
                                    Eigen::Index components);

}  // namespace tsfs
