// SPEC scores against scikit-feature's SPEC.spec on the reference W matrices (dense RBF with
// t_data, and the sparse kNN heat-kernel graph with t_data), plus consistency of the spectral
// functions and of the Lanczos path with the dense one.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "graph/spectral_score.hpp"
#include "select/reference_data.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SpecRanker;
using tsfs::SpecSettings;
using tsfs::SpectralFunction;
using tsfs::testing::check_against;
using tsfs::testing::read_reference_matrix;

SpecSettings settings_of(SpecRanker ranker, int n_eigen = 4, long long dense_limit = 2000) {
  SpecSettings settings;
  settings.ranker = ranker;
  settings.n_eigen = n_eigen;
  settings.dense_limit = dense_limit;
  return settings;
}

// scikit-feature ranks styles -1 and 0 larger first and styles >= 2 smaller first.
void check_styles(const Eigen::MatrixXd& features, const Eigen::MatrixXd& weights,
                  const std::string& stem, bool with_eigen_styles) {
  check_against(tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi1)),
                stem + "_style-1.csv", ScoreOrder::descending);
  check_against(tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi2)),
                stem + "_style0.csv", ScoreOrder::descending);
  const tsfs::SparseGraph sparse = weights.sparseView();
  check_against(tsfs::spec_scores(features, sparse, settings_of(SpecRanker::phi2)),
                stem + "_style0.csv", ScoreOrder::descending);
  if (!with_eigen_styles) return;
  for (const int k : {2, 3}) {
    const std::string file = stem + "_style" + std::to_string(k) + ".csv";
    check_against(tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi3, k)), file,
                  ScoreOrder::ascending);
    // Lanczos (Spectra) instead of the dense eigendecomposition.
    check_against(tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi3, k, 0)), file,
                  ScoreOrder::ascending);
  }
}

}  // namespace

TEST_CASE("spec_scores match scikit-feature SPEC.spec on the reference graphs") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const Eigen::MatrixXd rbf =
        read_reference_matrix("selectors/" + prefix + "_W_rbf_tdata.csv", false);
    // scikit-learn's RBF matrix is symmetric only to round-off; symmetrise as eigh (lower
    // triangle) effectively does.
    const Eigen::MatrixXd symmetric_rbf = (rbf + rbf.transpose()) / 2.0;
    check_styles(data.features, symmetric_rbf, prefix + "_spec_Wrbftdata", true);
    const Eigen::MatrixXd knn =
        read_reference_matrix("selectors/" + prefix + "_W_heat_kernel_tdata.csv", false);
    check_styles(data.features, knn, prefix + "_spec_Wtdata", false);
  }
}

TEST_CASE("spectral functions: polynomial quadratic forms agree with the eigen-sum") {
  const auto data = tsfs::testing::load_labelled_data("gunpoint50");
  const Eigen::MatrixXd weights =
      read_reference_matrix("selectors/gunpoint50_W_rbf_tdata.csv", false);
  const Eigen::MatrixXd symmetric = (weights + weights.transpose()) / 2.0;
  const Eigen::MatrixXd features = data.features.leftCols(20);

  // nu = 1 is the identity.
  SpecSettings identity = settings_of(SpecRanker::phi1);
  SpecSettings linear = identity;
  linear.function = SpectralFunction::polynomial;
  linear.nu = 1;
  CHECK(tsfs::testing::max_relative_difference(tsfs::spec_scores(features, symmetric, linear),
                                               tsfs::spec_scores(features, symmetric, identity)) <
        1e-14);

  // lambda^2 through products with L^ versus through the dense eigenpairs: regularized with s
  // such that 1 + s^2 lambda is linear lets us build lambda^2 = (gamma - 1)^2 / s^4 ... instead
  // compare directly with an explicit eigendecomposition here.
  SpecSettings squared = identity;
  squared.function = SpectralFunction::polynomial;
  squared.nu = 2;
  const Eigen::VectorXd by_products = tsfs::spec_scores(features, symmetric, squared);
  const Eigen::VectorXd degrees = symmetric.rowwise().sum();
  const Eigen::VectorXd inverse_root = degrees.cwiseSqrt().cwiseInverse();
  Eigen::MatrixXd laplacian = -(inverse_root.asDiagonal() * symmetric * inverse_root.asDiagonal());
  laplacian.diagonal().array() += 1.0;
  const Eigen::MatrixXd normalised = degrees.cwiseSqrt().asDiagonal() * features;
  for (Eigen::Index j = 0; j < features.cols(); ++j) {
    const Eigen::VectorXd f = normalised.col(j) / normalised.col(j).norm();
    const double expected = (laplacian * f).squaredNorm();
    CHECK(by_products[j] == doctest::Approx(expected).epsilon(1e-12));
  }

  // Regularized gamma = 1 + s^2 lambda: phi1 = 1 + s^2 phi1(identity) (sum of a_i is 1) and
  // phi2 = 1 + s^2 phi2(identity); diffusion and random_walk run through the dense spectrum.
  SpecSettings regularized = identity;
  regularized.function = SpectralFunction::regularized;
  regularized.s = 2.0;
  const Eigen::VectorXd plain = tsfs::spec_scores(features, symmetric, identity);
  const Eigen::VectorXd shifted = tsfs::spec_scores(features, symmetric, regularized);
  for (Eigen::Index j = 0; j < features.cols(); ++j)
    CHECK(shifted[j] == doctest::Approx(1.0 + 4.0 * plain[j]).epsilon(1e-12));
  regularized.ranker = SpecRanker::phi2;
  identity.ranker = SpecRanker::phi2;
  const Eigen::VectorXd plain2 = tsfs::spec_scores(features, symmetric, identity);
  const Eigen::VectorXd shifted2 = tsfs::spec_scores(features, symmetric, regularized);
  for (Eigen::Index j = 0; j < features.cols(); ++j)
    CHECK(shifted2[j] == doctest::Approx(1.0 + 4.0 * plain2[j]).epsilon(1e-12));

  // Non-polynomial phi1 above the dense limit is refused.
  SpecSettings diffusion = settings_of(SpecRanker::phi1, 4, 10);
  diffusion.function = SpectralFunction::diffusion;
  CHECK_THROWS_AS(tsfs::spec_scores(features, symmetric, diffusion), std::invalid_argument);
}

TEST_CASE("a Lanczos solve stopped by max_iterations throws ScoreNotConverged") {
  const auto data = tsfs::testing::load_labelled_data("gunpoint50");
  const Eigen::MatrixXd weights =
      read_reference_matrix("selectors/gunpoint50_W_rbf_tdata.csv", false);
  const Eigen::MatrixXd symmetric = (weights + weights.transpose()) / 2.0;
  const Eigen::MatrixXd features = data.features.leftCols(20);
  SpecSettings lanczos = settings_of(SpecRanker::phi3, 4, 10);  // 50 rows > dense_limit
  CHECK_NOTHROW(tsfs::spec_scores(features, symmetric, lanczos));
  lanczos.max_iterations = 1;
  try {
    tsfs::spec_scores(features, symmetric, lanczos);
    FAIL("expected ScoreNotConverged");
  } catch (const tsfs::ScoreNotConverged& error) {
    CHECK(error.solver() == "Lanczos");
    CHECK(error.iterations() >= 1);  // Spectra counts the initial factorisation too
    CHECK(error.requested() == 4);
    CHECK(error.converged() < 4);
  }
}

// Path graph 0 - 1 - 2 with unit weights: d = (1, 2, 1), L^ eigenvalues 0, 1, 2 with
// u_1 = (1, 0, -1) / sqrt 2. For f = (1, 0, -1): D^1/2 f = (1, 0, -1), F = u_1, so a_1 = 1:
// phi1 = 1, phi2 = 1 / (1 - 0) = 1, phi3 (k = 2) = 2 - 1 = 1; with gamma = lambda^2, phi1 = 1.
// For f = (1, 1, 1) (constant): F = v, a_0 = 1: phi1 = 0.
TEST_CASE("spec_scores on a hand-worked path graph") {
  Eigen::MatrixXd weights(3, 3);
  weights << 0, 1, 0, 1, 0, 1, 0, 1, 0;
  Eigen::MatrixXd features(3, 2);
  features << 1, 1, 0, 1, -1, 1;
  const Eigen::VectorXd phi1 = tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi1));
  CHECK(phi1[0] == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(std::abs(phi1[1]) < 1e-14);
  CHECK(tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi2))[0] ==
        doctest::Approx(1.0).epsilon(1e-14));
  CHECK(tsfs::spec_scores(features, weights, settings_of(SpecRanker::phi3, 2))[0] ==
        doctest::Approx(1.0).epsilon(1e-14));
}
