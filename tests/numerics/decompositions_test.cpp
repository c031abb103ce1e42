#include "numerics/decompositions.hpp"

#include <doctest/doctest.h>

#include <Eigen/SVD>
#include <cmath>

TEST_CASE("thin_svd is Eigen's BDCSVD, bit for bit, and leaves U out unless asked for") {
  Eigen::MatrixXd matrix(20, 5);
  for (Eigen::Index r = 0; r < matrix.rows(); ++r)
    for (Eigen::Index c = 0; c < matrix.cols(); ++c)
      matrix(r, c) = std::sin(0.7 * static_cast<double>(r) + 1.3 * static_cast<double>(c * c));
  const Eigen::BDCSVD<Eigen::MatrixXd> eigen(matrix, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const tsfs::ThinSvd both = tsfs::thin_svd(matrix, tsfs::SvdFactors::u_and_v);
  CHECK(both.singular_values == eigen.singularValues());
  CHECK(both.u == eigen.matrixU());
  CHECK(both.v == eigen.matrixV());
  const tsfs::ThinSvd v_only = tsfs::thin_svd(matrix, tsfs::SvdFactors::v);
  CHECK(v_only.u.size() == 0);
  CHECK(v_only.v.cols() == 5);
  const Eigen::MatrixXd rebuilt = both.u * both.singular_values.asDiagonal() * both.v.transpose();
  CHECK((rebuilt - matrix).cwiseAbs().maxCoeff() < 1e-12);
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
