#include "numerics/decompositions.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <algorithm>

#include "common/abandon_on_interrupt.hpp"

namespace tsfs {
namespace {

// Decompositions above this many multiply-adds (about 20 ms here) run abandonably
// (abandon_on_interrupt.hpp), smaller ones directly, where a thread's start would cost more than
// the wait a signal could save.
constexpr double kAbandonableWork = 2e7;

// A decomposition's cost as rows x columns x min(rows, columns) multiply-adds. The abandonable
// path copies its input, which the detached thread must own: one more matrix at the peak, small
// beside the decomposition's own workspace.
template <class Work>
auto run_decomposition(const Eigen::MatrixXd& matrix, Work work) {
  const auto rows = static_cast<double>(matrix.rows());
  const auto columns = static_cast<double>(matrix.cols());
  if (rows * columns * std::min(rows, columns) < kAbandonableWork) return work(matrix);
  return call_abandoning_on_interrupt([copy = matrix, work] { return work(copy); });
}

}  // namespace

ThinSvd thin_svd(const Eigen::MatrixXd& matrix, SvdFactors factors) {
  return run_decomposition(matrix, [factors](const Eigen::MatrixXd& input) {
    const unsigned int options = factors == SvdFactors::u_and_v
                                     ? Eigen::ComputeThinU | Eigen::ComputeThinV
                                     : Eigen::ComputeThinV;
    const Eigen::BDCSVD<Eigen::MatrixXd> svd(input, options);
    ThinSvd result{svd.singularValues(), Eigen::MatrixXd(), svd.matrixV()};
    if (factors == SvdFactors::u_and_v) result.u = svd.matrixU();
    return result;
  });
}

SymmetricEigen symmetric_eigen(const Eigen::MatrixXd& symmetric) {
  return run_decomposition(symmetric, [](const Eigen::MatrixXd& input) {
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(input);
    if (solver.info() != Eigen::Success)
      return SymmetricEigen{Eigen::VectorXd(), Eigen::MatrixXd(), false};
    return SymmetricEigen{solver.eigenvalues(), solver.eigenvectors(), true};
  });
}

}  // namespace tsfs
