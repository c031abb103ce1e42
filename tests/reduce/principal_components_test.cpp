// PCA and truncated SVD against scikit-learn 1.2.1 (tests/reference/reducers/): explained
// variance ratios to 1e-10, the 5 leading directions as a subspace to 1e-8 (sine of the largest
// principal angle), and the energy rule of PCA(n_components=0.9).
#include "reduce/principal_components.hpp"

#include "reduce/reducer_reference.hpp"

using namespace tsfs::testing;

TEST_CASE("principal_components and truncated_svd equal scikit-learn's PCA and TruncatedSVD") {
  for (const std::string dataset : {"ECG200", "ArrowHead"}) {
    CAPTURE(dataset);
    const Eigen::MatrixXd rows = reference_split(dataset, tsfs::Split::train).values;
    const tsfs::PrincipalComponents pca = tsfs::principal_components(rows);
    const Eigen::VectorXd pca_ratios = reference_ratios("pca", dataset);
    REQUIRE(pca.explained_variance_ratio.size() == pca_ratios.size());
    CHECK((pca.explained_variance_ratio - pca_ratios).cwiseAbs().maxCoeff() < 1e-10);
    CHECK(largest_principal_angle_sine(
              pca.directions.leftCols(5),
              reference_matrix("directions.csv", "pca", dataset).transpose()) < 1e-8);

    const tsfs::PrincipalComponents svd = tsfs::truncated_svd(rows);
    CHECK((svd.explained_variance_ratio.head(5) - reference_ratios("svd", dataset))
              .cwiseAbs()
              .maxCoeff() < 1e-10);
    CHECK(largest_principal_angle_sine(
              svd.directions.leftCols(5),
              reference_matrix("directions.csv", "svd", dataset).transpose()) < 1e-8);
    CHECK(svd.mean.isZero());
  }
}

TEST_CASE("components_reaching: the fewest leading ratios reaching the share, as scikit-learn") {
  const Eigen::VectorXd ratios = (Eigen::VectorXd(4) << 0.5, 0.25, 0.125, 0.125).finished();
  CHECK(tsfs::components_reaching(ratios, 0.4) == 1);
  CHECK(tsfs::components_reaching(ratios, 0.7) == 2);
  // Exactly at a cumulative sum: one more, as searchsorted(side="right") + 1.
  CHECK(tsfs::components_reaching(ratios, 0.75) == 3);
  CHECK(tsfs::components_reaching(ratios, 1.0) == 4);
}
