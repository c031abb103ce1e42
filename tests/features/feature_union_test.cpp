// concatenate_features: several extractors' columns side by side, names kept unique.
#include <doctest/doctest.h>

#include <stdexcept>

#include "common/error.hpp"
#include "features/feature_extractor.hpp"

using tsfs::concatenate_features;
using tsfs::FeatureMatrix;

namespace {

FeatureMatrix part(std::vector<std::string> names, double first) {
  FeatureMatrix matrix{std::move(names), Eigen::MatrixXd(2, 0)};
  matrix.values.resize(2, static_cast<Eigen::Index>(matrix.names.size()));
  for (Eigen::Index c = 0; c < matrix.values.cols(); ++c)
    matrix.values.col(c) = Eigen::Vector2d(first + static_cast<double>(c), -first);
  return matrix;
}

}  // namespace

TEST_CASE("concatenate_features keeps the parts' order and prefixes only names they share") {
  const FeatureMatrix joined = concatenate_features(
      {{"tsfel", part({"0_Mean", "0_Variance"}, 1)}, {"catch22", part({"DN_Mean", "0_Mean"}, 10)}});
  CHECK(joined.names ==
        std::vector<std::string>{"tsfel:0_Mean", "0_Variance", "DN_Mean", "catch22:0_Mean"});
  REQUIRE(joined.values.rows() == 2);
  REQUIRE(joined.values.cols() == 4);
  CHECK(joined.values.row(0) == Eigen::RowVector4d(1, 2, 10, 11));
  CHECK(joined.values.row(1) == Eigen::RowVector4d(-1, -1, -10, -10));
}

TEST_CASE("concatenate_features: one part is returned as it is, mismatched parts are a bug") {
  const FeatureMatrix alone = concatenate_features({{"raw", part({"a", "a"}, 0)}});
  CHECK(alone.names == std::vector<std::string>{"a", "a"});
  FeatureMatrix short_part = part({"b"}, 0);
  short_part.values.resize(1, 1);
  CHECK_THROWS_AS(concatenate_features({{"x", part({"a"}, 0)}, {"y", short_part}}),
                  std::invalid_argument);
  CHECK_THROWS_AS(concatenate_features({}), std::invalid_argument);
}

// A CSV column written like another part's prefixed name: the table would repeat a column name
// (and tsfs's own csv extractor refuse it when read back), so the union is refused, naming both.
TEST_CASE("concatenate_features refuses a name one part writes as another's prefixed name") {
  CHECK_THROWS_WITH_AS(
      concatenate_features(
          {{"catch22", part({"DN_HistogramMode_5", "DN_Mean"}, 1)},
           {"csv", part({"catch22:DN_HistogramMode_5", "DN_HistogramMode_5"}, 5)}}),
      doctest::Contains("the union's column 'catch22:DN_HistogramMode_5' would come from both "
                        "catch22 and csv"),
      tsfs::InputError);
}
