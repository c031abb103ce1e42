#pragma once
// Principal directions of a matrix's rows by a thin SVD (Eigen's BDCSVD), as scikit-learn 1.2.1's
// PCA(svd_solver="full") (rows centred on their mean) and TruncatedSVD (rows as they are; its
// "arpack" solver, exact, rather than the randomized default).
#include <Eigen/Core>

namespace tsfs {

struct PrincipalComponents {
  Eigen::RowVectorXd mean;     // subtracted before projecting (zeros for the truncated SVD)
  Eigen::MatrixXd directions;  // features x min(rows, features): unit columns, largest first
  // Share of the total variance along each direction (sums to 1 for PCA).
  Eigen::VectorXd explained_variance_ratio;
  // Singular values of the (centred, for PCA) rows, largest first: s_i^2 / sum_j s_j^2 is the
  // share of the squared Frobenius norm, the "energy", along direction i, and sqrt(sum_{i >= k}
  // s_i^2) the Frobenius norm of what k directions leave out.
  Eigen::VectorXd singular_values;
};

// PCA: the rows centred, X = U S V^T; direction i = V_i, ratio_i = s_i^2 / sum_j s_j^2.
// Signs as scikit-learn's svd_flip: the largest |U_ki| of each column of U is positive.
PrincipalComponents principal_components(const Eigen::MatrixXd& rows);

// Truncated SVD: X = U S V^T without centring; ratio_i = var(X V_i) / sum of the columns'
// variances (population variances, scikit-learn's TruncatedSVD.explained_variance_ratio_). Same
// sign convention.
PrincipalComponents truncated_svd(const Eigen::MatrixXd& rows);

// The fewest leading components whose ratios add up to `energy`, as scikit-learn's
// PCA(n_components=energy): 1 + the number of cumulative sums <= energy (so a sum exactly at
// `energy` takes one more), at most ratios.size().
long long components_reaching(const Eigen::VectorXd& ratios, double energy);

// s_i^2 / sum_j s_j^2 of each singular value.
Eigen::VectorXd energy_shares(const Eigen::VectorXd& singular_values);

// sqrt(sum_{i >= kept} s_i^2): ||X - X V_k V_k'||_F for the rows the singular values are of.
double dropped_energy_norm(const Eigen::VectorXd& singular_values, Eigen::Index kept);

}  // namespace tsfs
