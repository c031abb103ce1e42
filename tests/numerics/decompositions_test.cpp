#include "numerics/decompositions.hpp"

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <cmath>

#include "common/abandon_on_interrupt.hpp"
#include "common/interrupt.hpp"

// Compared with the factors it computes with U, not with a second Eigen::BDCSVD here: instantiating
// BDCSVD costs a minute of compile time per build, which numerics/decompositions.cpp pays once.
TEST_CASE("thin_svd leaves U out unless asked for, with the same bits for the rest") {
  Eigen::MatrixXd matrix(20, 5);
  for (Eigen::Index r = 0; r < matrix.rows(); ++r)
    for (Eigen::Index c = 0; c < matrix.cols(); ++c)
      matrix(r, c) = std::sin(0.7 * static_cast<double>(r) + 1.3 * static_cast<double>(c * c));
  const tsfs::ThinSvd both = tsfs::thin_svd(matrix, tsfs::SvdFactors::u_and_v);
  CHECK(both.u.rows() == 20);
  CHECK(both.u.cols() == 5);
  const Eigen::MatrixXd rebuilt = both.u * both.singular_values.asDiagonal() * both.v.transpose();
  CHECK((rebuilt - matrix).cwiseAbs().maxCoeff() < 1e-12);
  const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(5, 5);
  CHECK((both.u.transpose() * both.u - identity).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((both.v.transpose() * both.v - identity).cwiseAbs().maxCoeff() < 1e-12);
  for (Eigen::Index k = 1; k < 5; ++k)
    CHECK(both.singular_values(k - 1) >= both.singular_values(k));
  const tsfs::ThinSvd v_only = tsfs::thin_svd(matrix, tsfs::SvdFactors::v);
  CHECK(v_only.u.size() == 0);
  CHECK(v_only.singular_values == both.singular_values);
  CHECK(v_only.v == both.v);
}

TEST_CASE("symmetric_eigen: ascending eigenvalues and orthonormal eigenvectors of A") {
  Eigen::MatrixXd a(3, 3);
  a << 2, -1, 0, -1, 2, -1, 0, -1, 2;
  const tsfs::SymmetricEigen eigen = tsfs::symmetric_eigen(a);
  REQUIRE(eigen.converged);
  // The path graph's Laplacian-like matrix: 2 - sqrt(2), 2, 2 + sqrt(2).
  CHECK(eigen.values(0) == doctest::Approx(2 - std::sqrt(2.0)));
  CHECK(eigen.values(1) == doctest::Approx(2.0));
  CHECK(eigen.values(2) == doctest::Approx(2 + std::sqrt(2.0)));
  CHECK((a * eigen.vectors - eigen.vectors * eigen.values.asDiagonal()).cwiseAbs().maxCoeff() <
        1e-12);
  CHECK((eigen.vectors.transpose() * eigen.vectors - Eigen::MatrixXd::Identity(3, 3))
            .cwiseAbs()
            .maxCoeff() < 1e-12);
}

// Above about 20 ms of work the decompositions run abandonably (common/abandon_on_interrupt.hpp):
// a pending signal stops them before they start, where the direct path below it has no check.
TEST_CASE("a signal stops a large thin_svd or symmetric_eigen, and not a small one") {
  Eigen::MatrixXd large(400, 300);
  for (Eigen::Index r = 0; r < large.rows(); ++r)
    for (Eigen::Index c = 0; c < large.cols(); ++c)
      large(r, c) = std::cos(0.3 * static_cast<double>(r * c) + static_cast<double>(r));
  const Eigen::MatrixXd symmetric = large.transpose() * large;
  const tsfs::ThinSvd svd = tsfs::thin_svd(large, tsfs::SvdFactors::v);
  CHECK((symmetric * svd.v - svd.v * svd.singular_values.cwiseAbs2().asDiagonal())
            .cwiseAbs()
            .maxCoeff() < 1e-8 * symmetric.norm());
  {
    tsfs::InterruptHandlers handlers;
    tsfs::request_interrupt();
    CHECK_THROWS_AS(tsfs::thin_svd(large, tsfs::SvdFactors::v), tsfs::Interrupted);
    CHECK_THROWS_AS(tsfs::symmetric_eigen(symmetric), tsfs::Interrupted);
    CHECK(tsfs::symmetric_eigen(Eigen::MatrixXd::Identity(3, 3)).converged);
  }
  tsfs::clear_interrupt();
}

// The abandonable path computes on another thread: the same bits as on the caller's (no
// thread-dependent state, such as a floating-point mode, enters Eigen's arithmetic). Compared below
// the threshold, where thin_svd and symmetric_eigen compute on the caller's thread.
TEST_CASE("a decomposition on another thread gives the bits of one on the caller's") {
  Eigen::MatrixXd matrix(200, 90);
  for (Eigen::Index r = 0; r < matrix.rows(); ++r)
    for (Eigen::Index c = 0; c < matrix.cols(); ++c)
      matrix(r, c) = std::sin(0.37 * static_cast<double>(r * c) + 0.1 * static_cast<double>(c));
  const tsfs::ThinSvd here = tsfs::thin_svd(matrix, tsfs::SvdFactors::u_and_v);
  const tsfs::ThinSvd there = tsfs::call_abandoning_on_interrupt(
      [matrix] { return tsfs::thin_svd(matrix, tsfs::SvdFactors::u_and_v); });
  CHECK(here.singular_values == there.singular_values);
  CHECK(here.u == there.u);
  CHECK(here.v == there.v);
  const Eigen::MatrixXd symmetric = matrix.transpose() * matrix;
  const tsfs::SymmetricEigen eigen_here = tsfs::symmetric_eigen(symmetric);
  const tsfs::SymmetricEigen eigen_there =
      tsfs::call_abandoning_on_interrupt([symmetric] { return tsfs::symmetric_eigen(symmetric); });
  CHECK(eigen_here.values == eigen_there.values);
  CHECK(eigen_here.vectors == eigen_there.vectors);
}
