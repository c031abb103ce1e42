// Tests of the "features" distance: Euclidean between standardised feature vectors, pinned to
// tests/reference/feature-graph (scikit-learn's StandardScaler, then direct sums of squares).
#include <doctest/doctest.h>

#include "../select/reference_csv.hpp"
#include "distance/distance.hpp"
#include "support/dataset_fixtures.hpp"

using tsfs::ParamSet;
using tsfs::testing::read_reference_matrix;

namespace {

std::shared_ptr<const tsfs::DistanceMeasure> features_distance(bool standardise) {
  ParamSet params;
  params.set("standardise", standardise);
  return tsfs::test::configured_distance("features", params);
}

// GunPoint's 50 TRAIN series: their raw values are the feature vectors of the reference.
Eigen::MatrixXd gun_point_train() {
  const std::string path = std::string(TSFS_SOURCE_DIR) + "/third_party/ucr/GunPoint/";
  tsfs::DatasetOptions options;
  options.name = "GunPoint";
  options.folder = path;
  options.split = tsfs::Split::train;
  return tsfs::load_ucr_dataset(options).values;
}

double largest_relative_difference(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  double largest = 0.0;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (a(i, j) != b(i, j))
        largest = std::max(largest, std::abs(a(i, j) - b(i, j)) / std::abs(b(i, j)));
  return largest;
}

}  // namespace

TEST_CASE("features distance: registered with `standardise`, compares feature vectors") {
  const auto standardised = features_distance(true);
  CHECK(standardised->label() == "features");
  CHECK(features_distance(false)->label() == "features-raw");
  CHECK(standardised->compares_feature_vectors());
  CHECK_FALSE(standardised->cacheable());
  // The plan never asks a matrix of series from it: asking is a bug, not an input error.
  tsfs::Dataset dataset;
  CHECK_THROWS_AS(standardised->pairwise(dataset, 1), std::logic_error);
  CHECK_FALSE(tsfs::test::configured_distance("euclidean", ParamSet{})->compares_feature_vectors());
}

TEST_CASE("features distance equals StandardScaler + Euclidean on GunPoint's TRAIN rows") {
  const Eigen::MatrixXd expected =
      read_reference_matrix("feature-graph/gunpoint_train_standardised_distances.csv", false);
  const Eigen::MatrixXd distances = features_distance(true)->feature_distances(gun_point_train());
  CHECK(largest_relative_difference(distances, expected) < 1e-12);
  CHECK(distances.diagonal().isZero(0.0));
  CHECK(distances == distances.transpose());
}

TEST_CASE("features distance: units do not matter once standardised, constants add nothing") {
  Eigen::MatrixXd vectors(4, 3);
  vectors << 0.0, 10.0, 5.0,  //
      1.0, 30.0, 5.0,         //
      3.0, 20.0, 5.0,         //
      7.0, 40.0, 5.0;
  Eigen::MatrixXd rescaled = vectors;
  rescaled.col(0) = rescaled.col(0) * 1000.0 + Eigen::VectorXd::Constant(4, 1e6);
  const auto standardised = features_distance(true);
  const Eigen::MatrixXd distances = standardised->feature_distances(vectors);
  CHECK(largest_relative_difference(standardised->feature_distances(rescaled), distances) < 1e-12);
  // Without the constant third column: the same distances (its scale is 1, its differences 0).
  CHECK(largest_relative_difference(standardised->feature_distances(vectors.leftCols(2)),
                                    distances) == 0.0);
  // Raw: plain Euclidean, so the first two rows are sqrt(1 + 400) apart.
  const Eigen::MatrixXd raw = features_distance(false)->feature_distances(vectors);
  CHECK(raw(0, 1) == doctest::Approx(std::sqrt(401.0)).epsilon(1e-15));
  CHECK(raw(3, 2) == doctest::Approx(std::sqrt(16.0 + 400.0)).epsilon(1e-15));
}
