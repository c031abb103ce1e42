// Classical MDS, Isomap and t-SNE's pieces against numpy / scikit-learn 1.2.1 on GunPoint's 50
// TRAIN series (tests/reference/embed/make_reference.py): coordinates to 1e-8 up to the sign of
// each axis, MDS stress to 1e-8 (relative), t-SNE's joint probabilities, KL divergence and
// gradient to 1e-8; t-SNE itself reproducible for a seed and better than its start.
#include "embed/embedding.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "data/dataset.hpp"
#include "report/csv_table.hpp"

namespace {

Eigen::MatrixXd gunpoint_distances() {
  const tsfs::Dataset data = tsfs::load_ucr_dataset(
      {"GunPoint", std::filesystem::path(TSFS_SOURCE_DIR) / "third_party" / "ucr" / "GunPoint",
       tsfs::Split::train, std::nullopt});
  const Eigen::Index n = data.rows();
  Eigen::MatrixXd distances(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j)
      distances(i, j) = (data.values.row(i) - data.values.row(j)).norm();
  return distances;
}

// reference/embed/<file> as a matrix (rows >= 0); row -1's value, if any, in `extra`.
Eigen::MatrixXd reference(const std::string& file, double* extra = nullptr) {
  const tsfs::CsvTable table =
      tsfs::read_csv_table(std::filesystem::path(TSFS_REFERENCE_DIR) / "embed" / file);
  Eigen::Index rows = 0, columns = 0;
  for (const auto& row : table.rows) {
    rows = std::max<Eigen::Index>(rows, std::stol(row[0]) + 1);
    columns = std::max<Eigen::Index>(columns, std::stol(row[1]) + 1);
  }
  Eigen::MatrixXd matrix = Eigen::MatrixXd::Zero(rows, columns);
  for (const auto& row : table.rows) {
    if (std::stol(row[0]) < 0) {
      if (extra != nullptr) *extra = std::stod(row[2]);
      continue;
    }
    matrix(std::stol(row[0]), std::stol(row[1])) = std::stod(row[2]);
  }
  return matrix;
}

double difference_up_to_sign(Eigen::MatrixXd got, const Eigen::MatrixXd& expected) {
  for (Eigen::Index c = 0; c < got.cols(); ++c)
    if (got.col(c).dot(expected.col(c)) < 0) got.col(c) *= -1.0;
  return (got - expected).cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("classical_mds and its raw stress equal numpy's") {
  const Eigen::MatrixXd distances = gunpoint_distances();
  const Eigen::MatrixXd expected = reference("mds.csv");
  const Eigen::MatrixXd got = tsfs::classical_mds(distances, 2);
  CHECK(difference_up_to_sign(got, expected) < 1e-8 * expected.cwiseAbs().maxCoeff());
  const double stress = reference("mds_stress.csv")(0, 0);
  CHECK(std::abs(tsfs::raw_stress(distances, got) / stress - 1.0) < 1e-8);
}

TEST_CASE("isomap equals scikit-learn's Isomap(n_neighbors=10), and with 5 joined components") {
  const Eigen::MatrixXd distances = gunpoint_distances();
  const Eigen::MatrixXd expected = reference("isomap.csv");
  CHECK(difference_up_to_sign(tsfs::isomap(distances, 10, 2), expected) <
        1e-8 * expected.cwiseAbs().maxCoeff());
  // With 5 neighbours GunPoint's TRAIN series fall into two components, which scikit-learn joins
  // by the shortest edge between them.
  const Eigen::MatrixXd joined = reference("isomap_k5.csv");
  CHECK(difference_up_to_sign(tsfs::isomap(distances, 5, 2), joined) <
        1e-8 * joined.cwiseAbs().maxCoeff());
  CHECK(tsfs::geodesic_distances(distances, 5).allFinite());
}

TEST_CASE("t-SNE's joint probabilities, KL divergence and gradient equal scikit-learn's") {
  const Eigen::MatrixXd squared = gunpoint_distances().array().square();
  const Eigen::MatrixXd p = tsfs::tsne_joint_probabilities(squared, 10.0);
  const Eigen::MatrixXd expected_p = reference("tsne_p.csv");
  CHECK((p - expected_p).cwiseAbs().maxCoeff() < 1e-8 * expected_p.maxCoeff());
  double expected_kl = 0.0;
  const Eigen::MatrixXd expected_gradient = reference("tsne_kl.csv", &expected_kl);
  Eigen::MatrixXd gradient;
  const Eigen::MatrixXd embedding = 0.01 * reference("mds.csv");
  const double kl = tsfs::tsne_kl_divergence(expected_p, embedding, &gradient);
  CHECK(std::abs(kl / expected_kl - 1.0) < 1e-8);
  CHECK((gradient - expected_gradient).cwiseAbs().maxCoeff() <
        1e-8 * expected_gradient.cwiseAbs().maxCoeff());
}

TEST_CASE("tsne: the same coordinates for a seed, lower divergence than its start") {
  const Eigen::MatrixXd squared = gunpoint_distances().array().square();
  tsfs::TsneOptions options;
  options.perplexity = 10.0;
  options.iterations = 400;
  const Eigen::MatrixXd first = tsfs::tsne(squared, options);
  CHECK(first == tsfs::tsne(squared, options));
  options.seed = 1;
  CHECK(first != tsfs::tsne(squared, options));
  const Eigen::MatrixXd p = tsfs::tsne_joint_probabilities(squared, 10.0);
  const double final_kl = tsfs::tsne_kl_divergence(p, first, nullptr);
  const double start_kl = tsfs::tsne_kl_divergence(
      p, 1e-4 * Eigen::MatrixXd::Ones(50, 2).eval() + 1e-6 * Eigen::MatrixXd::Random(50, 2),
      nullptr);
  CHECK(final_kl < 0.5 * start_kl);
}

TEST_CASE("laplacian_eigenmaps equals scikit-learn's SpectralEmbedding, signs included") {
  const Eigen::MatrixXd distances = gunpoint_distances();
  const Eigen::MatrixXd expected = reference("spectral.csv");
  const Eigen::MatrixXd got = tsfs::laplacian_eigenmaps(distances, 10, 2);
  const double scale = expected.cwiseAbs().maxCoeff();
  CHECK((got - expected).cwiseAbs().maxCoeff() < 1e-8 * scale);  // the same sign rule
  if (std::getenv("TSFS_PRINT_REFERENCE_DIFFS") != nullptr)
    MESSAGE("spectral: " << (got - expected).cwiseAbs().maxCoeff() / scale);
  CHECK_THROWS_AS(tsfs::laplacian_eigenmaps(distances, 1, 2), std::invalid_argument);
  CHECK_THROWS_AS(tsfs::laplacian_eigenmaps(distances, 50, 2), std::invalid_argument);
}

// scikit-learn's LLE reads the series themselves; tsfs's reads their Euclidean distances, from
// which the local Gram matrices follow exactly (up to rounding).
TEST_CASE("locally_linear_embedding equals scikit-learn's LocallyLinearEmbedding up to sign") {
  const Eigen::MatrixXd distances = gunpoint_distances();
  const Eigen::MatrixXd expected = reference("lle.csv");
  const Eigen::MatrixXd got = tsfs::locally_linear_embedding(distances, 10, 2, 1e-3);
  const double scale = expected.cwiseAbs().maxCoeff();
  CHECK(difference_up_to_sign(got, expected) < 1e-8 * scale);
  if (std::getenv("TSFS_PRINT_REFERENCE_DIFFS") != nullptr)
    MESSAGE("lle: " << difference_up_to_sign(got, expected) / scale);
  // Unit-norm eigenvectors orthogonal to the constant vector, as the embedding's columns are.
  CHECK(std::abs(got.col(0).norm() - 1.0) < 1e-12);
  CHECK(std::abs(got.col(0).sum()) < 1e-8);
}
