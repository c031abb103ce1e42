#include "select/information/discrete_information.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "select/information/information_reference.hpp"

TEST_CASE("reference columns discretise into the bins make_information_theoretic.py used") {
  for (const std::string prefix : tsfs::testing::information_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const Eigen::MatrixXd bins =
        tsfs::testing::read_reference_matrix("selectors/" + prefix + "_discrete5_X.csv", true);
    REQUIRE(bins.rows() == data.features.rows());
    REQUIRE(bins.cols() == data.features.cols());
    for (Eigen::Index column = 0; column < bins.cols(); ++column) {
      const auto discrete =
          tsfs::discretize(data.features.col(column), 5, tsfs::Binning::equal_width);
      for (Eigen::Index row = 0; row < bins.rows(); ++row)
        CHECK(discrete.bins[static_cast<size_t>(row)] == bins(row, column));
    }
  }
}

// Column 0 = the class (2 x 4 rows), column 1 independent of both: H = 1 bit each,
// H(0, 1) = 2 bits, I(0; y) = 1, I(0; 1) = 0, I(0; 1 | y) = 0.
TEST_CASE("discrete entropies of hand-counted columns") {
  Eigen::MatrixXd features(8, 2);
  features.col(0) << 0, 0, 0, 0, 1, 1, 1, 1;
  features.col(1) << 0, 1, 0, 1, 0, 1, 0, 1;
  Eigen::VectorXi labels(8);
  labels << 0, 0, 0, 0, 1, 1, 1, 1;
  const tsfs::DiscreteColumns columns(features, labels, 2, 5, tsfs::Binning::equal_width);
  CHECK(columns.entropy(0) == 1.0);
  CHECK(columns.class_entropy() == 1.0);
  CHECK(columns.entropy_with_class(0) == 1.0);
  CHECK(columns.entropy_with_class(1) == 2.0);
  CHECK(columns.pair_entropy(0, 1) == 2.0);
  CHECK(columns.pair_entropy(1, 0) == 2.0);
  CHECK(columns.pair_with_class_entropy(0, 1) == 2.0);
  CHECK(tsfs::mutual_information(columns.entropy_with_class(0), columns.entropy(0),
                                 columns.class_entropy()) == 1.0);
  CHECK(tsfs::conditional_mutual_information(
            columns.entropy_with_class(1), columns.entropy_with_class(0),
            columns.pair_with_class_entropy(0, 1), columns.class_entropy()) == 0.0);
}

// Thousands of bins make the joint symbols too many to count densely: the hashed count must
// give the same entropies. 64 rows of distinct values: H = log2 64 = 6 bits, and every pair too.
TEST_CASE("discrete entropies are the same when the symbols are hashed") {
  Eigen::MatrixXd features(64, 2);
  for (int row = 0; row < 64; ++row) {
    features(row, 0) = row;
    features(row, 1) = (row * 37) % 64;
  }
  Eigen::VectorXi labels = Eigen::VectorXi::Zero(64);
  labels.tail(32).setOnes();
  const tsfs::DiscreteColumns columns(features, labels, 2, 4096, tsfs::Binning::equal_width);
  CHECK(columns.entropy(0) == doctest::Approx(6.0).epsilon(1e-14));
  CHECK(columns.pair_entropy(0, 1) == doctest::Approx(6.0).epsilon(1e-14));
  CHECK(columns.pair_with_class_entropy(0, 1) == doctest::Approx(6.0).epsilon(1e-14));
}
