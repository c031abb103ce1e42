#pragma once
// Eigen's dense decompositions behind plain functions, instantiated once in decompositions.cpp:
// each instantiation of BDCSVD or SelfAdjointEigenSolver costs 10-40 s of compile time, and
// the reducers, the SPEC score and the embeddings all use the same two on MatrixXd. The results
// are Eigen's own, bit for bit (the same class, options and input).
#include <Eigen/Core>

namespace tsfs {

// Thin SVD A = U diag(s) V^T by Eigen's BDCSVD (divide and conquer, Jacobi below 16 columns),
// singular values descending. `u` is empty unless asked for: BDCSVD then skips accumulating it.
struct ThinSvd {
  Eigen::VectorXd singular_values;
  Eigen::MatrixXd u;
  Eigen::MatrixXd v;
};
enum class SvdFactors { v, u_and_v };
ThinSvd thin_svd(const Eigen::MatrixXd& matrix, SvdFactors factors);

// Eigenvalues (ascending) and orthonormal eigenvectors (matching columns) of a symmetric matrix,
// of which the lower triangle is read (Eigen's SelfAdjointEigenSolver: Householder
// tridiagonalisation and implicit symmetric QR). `converged` is false when the QR iterations did
// not converge (Eigen's NoConvergence).
struct SymmetricEigen {
  Eigen::VectorXd values;
  Eigen::MatrixXd vectors;
  bool converged = true;
};
SymmetricEigen symmetric_eigen(const Eigen::MatrixXd& symmetric);

}  // namespace tsfs
