// Tests of the "raw" and "csv" feature extractors.
#include <doctest/doctest.h>

#include <cmath>

#include "../data/test_support.hpp"
#include "features/feature_extractor.hpp"

using tsfs::Dataset;
using tsfs::ExtractorRegistry;
using tsfs::FeatureExtractor;
using tsfs::ParamSet;
using tsfs::test::input_error_text;
using tsfs::test::make_dataset;
using tsfs::test::TempFolder;

namespace {

std::shared_ptr<const FeatureExtractor> make_csv_extractor(const std::string& path) {
  ParamSet params;
  params.set("path", path);
  return tsfs::test::configured_extractor("csv", params);
}

}  // namespace

TEST_CASE("raw extractor: the series values are the features") {
  const auto* registration = ExtractorRegistry::instance().find("raw");
  REQUIRE(registration != nullptr);
  CHECK(registration->info.name == "raw");
  CHECK(registration->info.params.empty());
  auto extractor = registration->configure(ParamSet{}).component();
  CHECK(extractor->cacheable());

  Dataset dataset = make_dataset({{1.0, 2.0, 3.0}, {4.0, 5.0}});
  auto features = extractor->extract(dataset, 2);
  CHECK(features.names == std::vector<std::string>{"t0", "t1", "t2"});
  REQUIRE(features.values.rows() == 2);
  REQUIRE(features.values.cols() == 3);
  CHECK(features.values(0, 2) == 3.0);
  CHECK(features.values(1, 1) == 5.0);
  CHECK(std::isnan(features.values(1, 2)));  // padding stays NaN
}

TEST_CASE("csv extractor declares one required, non-sweepable text parameter") {
  const auto* registration = ExtractorRegistry::instance().find("csv");
  REQUIRE(registration != nullptr);
  REQUIRE(registration->info.params.size() == 1);
  const auto& path = registration->info.params.front();
  CHECK(path.name == "path");
  CHECK(path.type == tsfs::ParamType::text);
  CHECK_FALSE(path.default_value.has_value());
  CHECK_FALSE(path.sweepable);
  REQUIRE(path.check);
  CHECK(path.check(tsfs::ParamValue(std::string())) != "");
  CHECK(path.check(tsfs::ParamValue(std::string("f.csv"))) == "");
  CHECK_FALSE(make_csv_extractor("any.csv")->cacheable());
}

TEST_CASE("csv extractor reads the dataset's rows, substituting {dataset}") {
  TempFolder folder;
  folder.write("Toy_features.csv", "mean,std\n1,10\n2,20\n3,30\n");
  auto extractor = make_csv_extractor((folder.path() / "{dataset}_features.csv").string());
  Dataset dataset = make_dataset({{0, 1}, {1, 0}, {2, 2}});
  auto features = extractor->extract(dataset, 1);
  CHECK(features.names == std::vector<std::string>{"mean", "std"});
  REQUIRE(features.values.rows() == 3);
  CHECK(features.values(2, 1) == 30.0);
}

TEST_CASE("csv extractor takes this dataset's block of a file covering all merged rows") {
  TempFolder folder;
  folder.write("Toy.csv", "f\n0\n1\n2\n3\n4\n");
  auto extractor = make_csv_extractor((folder.path() / "Toy.csv").string());
  Dataset test_split = make_dataset({{0, 1}, {1, 0}});
  test_split.merged_positions = {3, 4};
  test_split.merged_rows = 5;
  auto features = extractor->extract(test_split, 1);
  REQUIRE(features.values.rows() == 2);
  CHECK(features.values(0, 0) == 3.0);
  CHECK(features.values(1, 0) == 4.0);
  // Rows with gaps between them (duplicates: drop) take their own lines.
  test_split.merged_positions = {1, 4};
  features = extractor->extract(test_split, 1);
  CHECK(features.values(0, 0) == 1.0);
  CHECK(features.values(1, 0) == 4.0);

  test_split.merged_rows = 7;
  auto text = input_error_text([&] { extractor->extract(test_split, 1); });
  CHECK(text == doctest::Contains("Toy.csv: has 5 rows, expected 2"));
  CHECK(text == doctest::Contains("or 7"));
}

TEST_CASE("csv extractor rejects unusable feature names") {
  TempFolder folder;
  Dataset dataset = make_dataset({{0, 1}, {1, 0}});
  folder.write("dup.csv", "a,b,a\n1,2,3\n4,5,6\n");
  CHECK(input_error_text([&] {
          make_csv_extractor((folder.path() / "dup.csv").string())->extract(dataset, 1);
        }) == doctest::Contains("dup.csv:1: column 3: feature name 'a' already used by column 1"));
  folder.write("blank.csv", "a,,c\n1,2,3\n4,5,6\n");
  CHECK(input_error_text([&] {
          make_csv_extractor((folder.path() / "blank.csv").string())->extract(dataset, 1);
        }) == doctest::Contains("blank.csv:1: column 2: empty feature name"));
  CHECK(input_error_text([&] {
          make_csv_extractor((folder.path() / "missing.csv").string())->extract(dataset, 1);
        }) == doctest::Contains("missing.csv: file not found"));
}
