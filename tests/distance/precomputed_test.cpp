// Tests of the "precomputed" distance (a matrix read from a CSV file).
#include <doctest/doctest.h>

#include "../data/test_support.hpp"
#include "distance/distance.hpp"

using tsfs::Dataset;
using tsfs::DistanceMeasure;
using tsfs::DistanceRegistry;
using tsfs::ParamSet;
using tsfs::test::input_error_text;
using tsfs::test::make_dataset;
using tsfs::test::TempFolder;

namespace {

std::shared_ptr<const DistanceMeasure> make_precomputed(const std::string& path) {
  ParamSet params;
  params.set("path", path);
  return tsfs::test::configured_distance("precomputed", params);
}

Dataset three_series() {
  return make_dataset({{0, 1}, {1, 0}, {2, 2}});
}

}  // namespace

TEST_CASE("precomputed is registered with a required, non-sweepable path") {
  const auto* registration = DistanceRegistry::instance().find("precomputed");
  REQUIRE(registration != nullptr);
  REQUIRE(registration->info.params.size() == 1);
  const auto& path = registration->info.params.front();
  CHECK(path.name == "path");
  CHECK(path.type == tsfs::ParamType::text);
  CHECK_FALSE(path.default_value.has_value());
  CHECK_FALSE(path.sweepable);
  CHECK(make_precomputed("d.csv")->label() == "precomputed");
  CHECK_FALSE(make_precomputed("d.csv")->cacheable());
}

TEST_CASE("precomputed reads a matrix for the dataset's rows, substituting {dataset}") {
  TempFolder folder;
  // Asymmetric only in the last digits: accepted and made exactly symmetric.
  folder.write("Toy.csv", "0,1,2.5\n1.0000000000001,0,3\n2.5,3,0\n");
  auto distances =
      make_precomputed((folder.path() / "{dataset}.csv").string())->pairwise(three_series(), 1);
  REQUIRE(distances.rows() == 3);
  REQUIRE(distances.cols() == 3);
  CHECK(distances(0, 2) == 2.5);
  CHECK(distances(2, 1) == 3.0);
  CHECK(distances(0, 1) == doctest::Approx(1.0));
  CHECK(distances == distances.transpose());
}

TEST_CASE("precomputed takes this dataset's block of a matrix over all merged rows") {
  TempFolder folder;
  std::string text;
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) text += (j ? "," : "") + std::to_string(i == j ? 0 : i + j);
    text += "\n";
  }
  folder.write("all.csv", text);
  Dataset test_split = make_dataset({{0, 1}, {1, 0}});
  test_split.merged_positions = {3, 4};
  test_split.merged_rows = 5;
  auto distances = make_precomputed((folder.path() / "all.csv").string())->pairwise(test_split, 1);
  REQUIRE(distances.rows() == 2);
  CHECK(distances(0, 1) == 7.0);  // merged rows 3 and 4
  CHECK(distances(1, 0) == 7.0);
  CHECK(distances(0, 0) == 0.0);
  // Rows with gaps between them (duplicates: drop) take their own rows and columns.
  test_split.merged_positions = {0, 2};
  distances = make_precomputed((folder.path() / "all.csv").string())->pairwise(test_split, 1);
  CHECK(distances(0, 1) == 2.0);  // merged rows 0 and 2

  test_split.merged_rows = 9;
  CHECK(input_error_text([&] {
          make_precomputed((folder.path() / "all.csv").string())->pairwise(test_split, 1);
        }) == doctest::Contains("all.csv: is 5 x 5, expected 2 x 2"));
}

TEST_CASE("precomputed rejects matrices that are not distance matrices") {
  TempFolder folder;
  auto error_for = [&](const std::string& name, const std::string& contents) {
    auto file = folder.write(name, contents);
    return input_error_text([&] { make_precomputed(file.string())->pairwise(three_series(), 1); });
  };
  CHECK(error_for("wide.csv", "0,1,2\n1,0,3\n") ==
        doctest::Contains("wide.csv: is 2 x 3; a distance matrix must be square"));
  CHECK(error_for("negative.csv", "0,1,2\n1,0,-3\n2,3,0\n") ==
        doctest::Contains("negative.csv:2: column 3: distance -3 is negative"));
  CHECK(error_for("nan.csv", "0,1,2\n1,0,3\n2,nan,0\n") ==
        doctest::Contains("nan.csv:3: column 2: distance is nan, must be finite"));
  CHECK(error_for("inf.csv", "0,inf,2\ninf,0,3\n2,3,0\n") ==
        doctest::Contains("inf.csv:1: column 2: distance is inf"));
  CHECK(error_for("asym.csv", "0,1,2\n1,0,3\n2,3.001,0\n") ==
        doctest::Contains("asym.csv:2: column 3: 3 differs from 3.0009999999999999 at line 3"));
  CHECK(error_for("similarity.csv", "1,1,2\n1,1,3\n2,3,1\n") ==
        doctest::Contains("similarity.csv:1: column 1: diagonal entry is 1"));
  CHECK(error_for("text.csv", "a,b,c\n0,1,2\n1,0,3\n") ==
        doctest::Contains("text.csv:1: column 1: not a number: 'a'"));
  CHECK(error_for("big.csv", "0,1,1,1\n1,0,1,1\n1,1,0,1\n1,1,1,0\n") ==
        doctest::Contains("big.csv: is 4 x 4, expected 3 x 3"));
}
