// The .ts reader (src/data/ts_file.cpp) through load_ucr_dataset: the format of sktime/aeon, as
// https://www.aeon-toolkit.org/en/stable/api_reference/data_format.html describes it.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>

#include "data/dataset.hpp"
#include "test_support.hpp"

using tsfs::Dataset;
using tsfs::DatasetOptions;
using tsfs::load_ucr_dataset;
using tsfs::MissingValues;
using tsfs::Split;
using tsfs::test::input_error_text;
using tsfs::test::TempFolder;
using tsfs::test::ucr_folder;

namespace {

DatasetOptions toy(const TempFolder& folder, Split split = Split::train,
                   MissingValues missing = MissingValues::refuse) {
  DatasetOptions options;
  options.name = "Toy";
  options.folder = folder.path();
  options.split = split;
  options.missing = missing;
  return options;
}

// A header as the UCR archive's .ts files have it, then `data`.
std::string ts_text(const std::string& data, const std::string& length =
                                                 "@equalLength true\n"
                                                 "@seriesLength 3\n") {
  return "# A toy problem\n#   with two comment lines\n@problemName Toy\n@timeStamps false\n"
         "@missing false\n@univariate true\n" +
         length + "@classLabel true a b\n@data\n" + data;
}

}  // namespace

TEST_CASE("ts file: an equal-length file loads, labels as declared, rows in file order") {
  TempFolder folder;
  folder.write("Toy_TRAIN.ts", ts_text("1.5,2,-3e-1:b\n4,5,6:a\n 7 , 8 ,9 : a \n"));
  Dataset toy_data = load_ucr_dataset(toy(folder));
  REQUIRE(toy_data.rows() == 3);
  CHECK(toy_data.values.cols() == 3);
  CHECK(toy_data.class_names == std::vector<std::string>{"a", "b"});
  CHECK(toy_data.labels == Eigen::Vector3i(1, 0, 0));
  CHECK(toy_data.values(0, 0) == 1.5);
  CHECK(toy_data.values(0, 2) == -0.3);
  CHECK(toy_data.values(2, 1) == 8.0);
  CHECK((toy_data.lengths.array() == 3).all());
  CHECK(toy_data.sources == std::vector<std::string>{(folder.path() / "Toy_TRAIN.ts").string()});
  CHECK(toy_data.filled_values == 0);
}

TEST_CASE("ts file: unequal lengths, gzip, CRLF, lowercase tags, and a TSV TEST file beside it") {
  TempFolder folder;
  folder.write_gzipped("Toy_TRAIN.ts.gz",
                       "@PROBLEMNAME Toy\r\n@univariate TRUE\r\n@equallength false\r\n"
                       "@classlabel true 1 2\r\n@data\r\n1,2:1\r\n3,4,5,6:2\r\n7:1\r\n");
  folder.write("Toy_TEST.tsv", "2\t1\t2\tNaN\n1\t3\t4\t5\n");
  Dataset merged = load_ucr_dataset(toy(folder, Split::merged));
  REQUIRE(merged.rows() == 5);
  CHECK(merged.train_rows == 3);
  CHECK(merged.values.cols() == 4);
  CHECK(merged.lengths == (Eigen::VectorXi(5) << 2, 4, 1, 2, 3).finished());
  CHECK(std::isnan(merged.values(0, 2)));
  CHECK(merged.values(1, 3) == 6.0);
  CHECK(merged.class_names == std::vector<std::string>{"1", "2"});
  // The TEST split alone: the TRAIN rows are counted from the .ts file's data lines.
  Dataset test = load_ucr_dataset(toy(folder, Split::test));
  CHECK(test.merged_positions == std::vector<long long>{3, 4});
  CHECK(test.merged_rows == 5);
}

TEST_CASE("ts file: a .ts and a .tsv file of one split must hold the same series") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "a\t1\t2\t3\nb\t4\t5\t6\n");
  folder.write("Toy_TRAIN.ts", ts_text("1,2,3:a\n4,5,6.0:b\n"));
  CHECK(load_ucr_dataset(toy(folder)).rows() == 2);
  folder.write("Toy_TRAIN.ts", ts_text("1,2,3:a\n4,5,7:b\n"));
  CHECK(input_error_text([&] { load_ucr_dataset(toy(folder)); }) ==
        doctest::Contains("Toy_TRAIN.tsv: differs from Toy_TRAIN.ts beside it"));
}

TEST_CASE("ts file: multivariate, time-stamped, regression and unlabelled files are refused") {
  TempFolder folder;
  auto error_for = [&](const std::string& contents) {
    folder.write("Toy_TRAIN.ts", contents);
    return input_error_text([&] { load_ucr_dataset(toy(folder)); });
  };
  CHECK(error_for("@problemName Toy\n@univariate false\n@dimensions 2\n@classLabel true a b\n"
                  "@data\n1,2:3,4:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:2: @univariate false: multivariate series are not "
                          "supported"));
  CHECK(error_for("@dimensions 3\n@classLabel true a b\n@data\n1:2:3:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @dimensions 3: multivariate"));
  // No header says so, but the data line has two dimensions.
  CHECK(error_for("@classLabel true a b\n@data\n1,2:3,4:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:3: 2 value lists separated by ':': a multivariate series"));
  CHECK(error_for("@timeStamps true\n@classLabel true a b\n@data\n(0,1),(1,2):a\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @timeStamps true: time-stamped series are not "
                          "supported"));
  CHECK(error_for("@targetLabel true\n@data\n1,2:0.5\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @targetLabel true: a regression problem"));
  CHECK(error_for("@classLabel false\n@data\n1,2\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @classLabel false: the series have no class labels"));
}

TEST_CASE("ts file: a wrong header is refused with its line") {
  TempFolder folder;
  auto error_for = [&](const std::string& contents) {
    folder.write("Toy_TRAIN.ts", contents);
    return input_error_text([&] { load_ucr_dataset(toy(folder)); });
  };
  CHECK(error_for("@problemName Toy\n@seriesLenght 3\n@classLabel true a b\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:2: unknown header tag '@seriesLenght' (did you mean "
                          "'@seriesLength'?)"));
  CHECK(error_for("@missing maybe\n@classLabel true a b\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @missing must be true or false, got 'maybe'"));
  CHECK(error_for("@seriesLength -3\n@classLabel true a b\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @seriesLength must be a positive whole number"));
  CHECK(error_for("@classLabel true a b\n@missing false\n@classLabel true a\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:3: @classLabel given twice (first on line 1)"));
  CHECK(error_for("@classLabel true\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @classLabel true must be followed by the class labels"));
  CHECK(error_for("@classLabel yes a b\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:1: @classLabel must be true or false, got 'yes'"));
  CHECK(error_for("@problemName Toy\n@data\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:2: no @classLabel line before @data"));
  CHECK(error_for("@classLabel true a b\n@data extra\n1:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:2: @data takes no value"));
  CHECK(error_for("@classLabel true a b\n1,2:a\n@data\n") ==
        doctest::Contains("Toy_TRAIN.ts:2: '1,2:a' before @data"));
  CHECK(error_for("# only a comment\n@classLabel true a b\n") ==
        doctest::Contains("Toy_TRAIN.ts: no @data line"));
  CHECK(error_for("@classLabel true a b\n@data\n") ==
        doctest::Contains("Toy_TRAIN.ts: no series after @data (line 2)"));
  CHECK(error_for("") == doctest::Contains("Toy_TRAIN.ts: empty file"));
  // A tag among the series is a tag, not a series without its class label.
  CHECK(error_for("@classLabel true a b\n@data\n1:a\n@data\n2:b\n") ==
        doctest::Contains("Toy_TRAIN.ts:4: @data given twice (first on line 2)"));
  CHECK(error_for("@classLabel true a b\n@DATA\n1:a\n  @Data\n") ==
        doctest::Contains("Toy_TRAIN.ts:4: @data given twice (first on line 2)"));
  CHECK(error_for("@classLabel true a b\n@data\n1:a\n@missing true\n") ==
        doctest::Contains("Toy_TRAIN.ts:4: header tag '@missing' after @data (line 2)"));
}

TEST_CASE("ts file: labels the header does not declare, truncated data and bad values") {
  TempFolder folder;
  auto error_for = [&](const std::string& data) {
    folder.write("Toy_TRAIN.ts", ts_text(data));
    return input_error_text([&] { load_ucr_dataset(toy(folder)); });
  };
  // The header takes lines 1-10, so the first series is on line 11.
  CHECK(error_for("1,2,3:a\n4,5,6:c\n") ==
        doctest::Contains("Toy_TRAIN.ts:12: class label 'c' is not declared by @classLabel "
                          "(line 9: a b)"));
  // A file cut short in its last line: the label (or values) are missing.
  CHECK(error_for("1,2,3:a\n4,5,6:b\n7,8") ==
        doctest::Contains("Toy_TRAIN.ts:13: no class label: a .ts series ends with ':'"));
  CHECK(error_for("1,2,3:a\n4,5:b\n") ==
        doctest::Contains("Toy_TRAIN.ts:12: 2 values, but line 8 says @seriesLength 3"));
  CHECK(error_for("1,2,3:a\n4,x,6:b\n") ==
        doctest::Contains("Toy_TRAIN.ts:12: value 2: not a number: 'x'"));
  CHECK(error_for("1,2,3:a\n4,5,:b\n") == doctest::Contains("Toy_TRAIN.ts:12: value 3: empty"));
  CHECK(error_for("1,2,inf:a\n") ==
        doctest::Contains("Toy_TRAIN.ts:11: value 3: infinite value 'inf'"));
  CHECK(error_for("1,2,3:a\n4,-1e308,6:b\n") ==
        doctest::Contains("Toy_TRAIN.ts:12: value 2: value '-1e308' is beyond +-1e100"));
  CHECK(error_for("1,2,3:\n") == doctest::Contains("Toy_TRAIN.ts:11: empty class label"));
  CHECK(error_for(":a\n") == doctest::Contains("Toy_TRAIN.ts:11: no values before the class"));
  CHECK(error_for("1,2,3:a\n\n4,5,6:b\n") == doctest::Contains("Toy_TRAIN.ts:12: empty line"));
  CHECK(error_for("1,2,3:a\x01\n") == doctest::Contains("holds a control character"));
  // A gzip file cut short is an input error, never a shorter dataset.
  std::filesystem::remove(folder.path() / "Toy_TRAIN.ts");
  folder.write("Toy_TRAIN.ts.gz", std::string("\x1f\x8b\x08\x00garbage", 12));
  CHECK(input_error_text([&] { load_ucr_dataset(toy(folder)); }) ==
        doctest::Contains("Toy_TRAIN.ts.gz: cannot read file"));
}

TEST_CASE("ts file: equal length without @seriesLength compares with the first series") {
  TempFolder folder;
  folder.write("Toy_TRAIN.ts", ts_text("1,2,3:a\n4,5:b\n", "@equalLength true\n"));
  CHECK(input_error_text([&] { load_ucr_dataset(toy(folder)); }) ==
        doctest::Contains("Toy_TRAIN.ts:11: 2 values, but the series on line 10 has 3"));
}

TEST_CASE("ts file: missing values ('?' or NaN) are refused or filled as the policy says") {
  TempFolder folder;
  const std::string header =
      "@problemName Toy\n@missing true\n@equalLength true\n@seriesLength 4\n"
      "@classLabel true a b\n@data\n";
  folder.write("Toy_TRAIN.ts", header + "1,?,3,?:a\n?,2,NaN,8:b\n5,6,7,8:a\n");
  CHECK(input_error_text([&] { load_ucr_dataset(toy(folder)); }) ==
        doctest::Contains("Toy_TRAIN.ts:7: value 2: missing value '?'; `missing: interpolate` in "
                          "the spec's dataset entry fills missing values"));
  Dataset filled = load_ucr_dataset(toy(folder, Split::train, MissingValues::interpolate));
  // Inside: linear; at the end and the start: the nearest observed value. Nothing is padding.
  CHECK(filled.values.row(0) == Eigen::RowVector4d(1, 2, 3, 3));
  CHECK(filled.values.row(1) == Eigen::RowVector4d(2, 2, 5, 8));
  CHECK((filled.lengths.array() == 4).all());
  CHECK(filled.filled_values == 4);
  CHECK(filled.filled_series == 2);

  // A header that says there are none.
  folder.write("Toy_TRAIN.ts", ts_text("1,?,3:a\n"));
  CHECK(input_error_text([&] {
          load_ucr_dataset(toy(folder, Split::train, MissingValues::interpolate));
        }) == doctest::Contains("Toy_TRAIN.ts:11: value 2: missing value '?', but line 5 says "
                                "@missing false"));
  folder.write("Toy_TRAIN.ts", header + "?,?,?,?:a\n");
  CHECK(input_error_text([&] {
          load_ucr_dataset(toy(folder, Split::train, MissingValues::interpolate));
        }) == doctest::Contains("Toy_TRAIN.ts:7: series has no values (all missing)"));
}

TEST_CASE("ts file: GunPoint written as .ts loads the same dataset as its TSV files") {
  // The vendored GunPoint TSV, rewritten in the .ts layout the UCR archive's .ts files have.
  const Dataset tsv = load_ucr_dataset({"GunPoint", ucr_folder("GunPoint"), Split::train, {}});
  std::string text =
      "#GunPoint\n@problemName GunPoint\n@timeStamps false\n@missing false\n@univariate true\n"
      "@equalLength true\n@seriesLength 150\n@classLabel true 1 2\n@data\n";
  for (Eigen::Index r = 0; r < tsv.rows(); ++r) {
    for (Eigen::Index c = 0; c < tsv.values.cols(); ++c)
      text += fmt::format("{}{}", c ? "," : "", tsv.values(r, c));
    text += ":" + tsv.class_names[static_cast<size_t>(tsv.labels(r))] + "\n";
  }
  TempFolder folder;
  folder.write_gzipped("GunPoint_TRAIN.ts.gz", text);
  const Dataset ts = load_ucr_dataset({"GunPoint", folder.path(), Split::train, {}});
  CHECK(ts.values == tsv.values);
  CHECK(ts.labels == tsv.labels);
  CHECK(ts.class_names == tsv.class_names);
}
