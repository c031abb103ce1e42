#include "numerics/decompositions.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

namespace tsfs {

ThinSvd thin_svd(const Eigen::MatrixXd& matrix, SvdFactors factors) {
  const unsigned int options = factors == SvdFactors::u_and_v
                                   ? Eigen::ComputeThinU | Eigen::ComputeThinV
                                   : Eigen::ComputeThinV;
  const Eigen::BDCSVD<Eigen::MatrixXd> svd(matrix, options);
  ThinSvd result{svd.singularValues(), Eigen::MatrixXd(), svd.matrixV()};
  if (factors == SvdFactors::u_and_v) result.u = svd.matrixU();
  return result;
}

SymmetricEigen symmetric_eigen(const Eigen::MatrixXd& symmetric) {
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(symmetric);
  if (solver.info() != Eigen::Success) return {Eigen::VectorXd(), Eigen::MatrixXd(), false};
  return {solver.eigenvalues(), solver.eigenvectors(), true};
}

}  // namespace tsfs
