#include <doctest/doctest.h>

#include <cmath>

#include "data/dataset.hpp"
#include "test_support.hpp"

using tsfs::Dataset;
using tsfs::DatasetOptions;
using tsfs::load_ucr_dataset;
using tsfs::Split;
using tsfs::test::input_error_text;
using tsfs::test::TempFolder;
using tsfs::test::ucr_folder;

namespace {

DatasetOptions vendored(const std::string& name, Split split = Split::merged) {
  DatasetOptions options;
  options.name = name;
  options.folder = ucr_folder(name);
  options.split = split;
  return options;
}

DatasetOptions in_folder(const TempFolder& folder, Split split = Split::merged) {
  DatasetOptions options;
  options.name = "Toy";
  options.folder = folder.path();
  options.split = split;
  return options;
}

std::vector<std::string> names(const Dataset& dataset) {
  return dataset.class_names;
}

}  // namespace

TEST_CASE("GunPoint merged: TRAIN rows then TEST rows") {
  Dataset gun = load_ucr_dataset(vendored("GunPoint"));
  CHECK(gun.name == "GunPoint");
  CHECK(gun.rows() == 200);
  CHECK(gun.values.cols() == 150);
  CHECK(gun.train_rows == 50);
  CHECK(gun.merged_positions.front() == 0);
  CHECK(gun.merged_positions.back() == 199);
  CHECK(gun.merged_rows == 200);
  CHECK(names(gun) == std::vector<std::string>{"1", "2"});
  CHECK((gun.lengths.array() == 150).all());
  CHECK(gun.values.allFinite());
  // First TRAIN line "2  -0.6478854  -0.64199155 ...", first TEST line "1  -1.1250133 ...".
  CHECK(gun.labels(0) == 1);
  CHECK(gun.values(0, 0) == -0.6478854);
  CHECK(gun.values(0, 1) == -0.64199155);
  CHECK(gun.labels(50) == 0);
  CHECK(gun.values(50, 0) == -1.1250133);
  CHECK((gun.labels.head(50).array() == 0).count() == 24);
  REQUIRE(gun.sources.size() == 2);
  CHECK(gun.sources[0] == (ucr_folder("GunPoint") / "GunPoint_TRAIN.tsv.gz").string());
  CHECK(gun.sources[1] == (ucr_folder("GunPoint") / "GunPoint_TEST.tsv.gz").string());
}

TEST_CASE("GunPoint train and test splits sit at their place in the merged order") {
  Dataset merged = load_ucr_dataset(vendored("GunPoint"));
  Dataset train = load_ucr_dataset(vendored("GunPoint", Split::train));
  Dataset test = load_ucr_dataset(vendored("GunPoint", Split::test));
  CHECK(train.rows() == 50);
  CHECK(train.train_rows == 50);
  CHECK(train.merged_positions.front() == 0);
  CHECK(train.merged_positions.back() == 49);
  CHECK(train.merged_rows == 200);
  CHECK(train.sources.size() == 1);
  CHECK(test.rows() == 150);
  CHECK(test.train_rows == 0);
  CHECK(test.merged_positions.front() == 50);  // after the 50 TRAIN rows
  CHECK(test.merged_positions.back() == 199);
  CHECK(test.merged_rows == 200);
  CHECK(test.values == merged.values.bottomRows(150));
  CHECK(test.labels == merged.labels.tail(150));
  CHECK(train.values == merged.values.topRows(50));
}

TEST_CASE("max_samples keeps the first rows after merging") {
  auto options = vendored("GunPoint");
  options.max_samples = 60;
  Dataset clipped = load_ucr_dataset(options);
  CHECK(clipped.rows() == 60);
  CHECK(clipped.train_rows == 50);
  CHECK(clipped.merged_rows == 200);
  CHECK(clipped.values.row(55) == load_ucr_dataset(vendored("GunPoint")).values.row(55));

  options.max_samples = 5000;
  CHECK(load_ucr_dataset(options).rows() == 200);

  options.max_samples = 1;
  CHECK(input_error_text([&] { load_ucr_dataset(options); }) ==
        doctest::Contains("max_samples: must be at least 2"));
}

TEST_CASE("Wafer has only a TRAIN file") {
  Dataset wafer = load_ucr_dataset(vendored("Wafer", Split::train));
  CHECK(wafer.rows() == 1000);
  CHECK(wafer.values.cols() == 152);
  CHECK(names(wafer) == std::vector<std::string>{"-1", "1"});
  CHECK((wafer.labels.array() == 0).count() == 97);
  CHECK(wafer.merged_rows == 1000);

  auto text = input_error_text([] { load_ucr_dataset(vendored("Wafer")); });
  CHECK(text == doctest::Contains("Wafer_TEST.tsv"));
  CHECK(text == doctest::Contains("use `split: train`"));
  CHECK(input_error_text([] { load_ucr_dataset(vendored("Wafer", Split::test)); }) ==
        doctest::Contains("Wafer_TEST.tsv: file not found"));
}

TEST_CASE("GestureMidAirD1 is variable length with NaN padding") {
  Dataset gesture = load_ucr_dataset(vendored("GestureMidAirD1"));
  CHECK(gesture.rows() == 208 + 130);
  CHECK(gesture.values.cols() == 360);
  CHECK(gesture.lengths.minCoeff() == 80);
  CHECK(gesture.lengths.maxCoeff() == 360);
  CHECK(gesture.classes() == 26);
  CHECK(gesture.class_names[1] == "2");  // numeric order, not "10"
  CHECK(gesture.class_names[9] == "10");
  CHECK(gesture.class_names[25] == "26");
  // First TRAIN series: class "3", 89 values, the last one 116.743.
  CHECK(gesture.labels(0) == 2);
  CHECK(gesture.lengths(0) == 89);
  CHECK(gesture.values(0, 88) == 116.743);
  CHECK(gesture.series(0).size() == 89);
  for (Eigen::Index r = 0; r < gesture.rows(); ++r) {
    int length = gesture.lengths(r);
    CHECK(gesture.values.row(r).head(length).allFinite());
    CHECK(gesture.values.row(r).tail(360 - length).array().isNaN().all());
  }
}

TEST_CASE("other vendored datasets load") {
  Dataset quakes = load_ucr_dataset(vendored("Earthquakes"));
  CHECK(quakes.rows() == 322 + 139);
  CHECK(quakes.values.cols() == 512);
  CHECK(names(quakes) == std::vector<std::string>{"0", "1"});
  Dataset ecg = load_ucr_dataset(vendored("ECG200"));
  CHECK(names(ecg) == std::vector<std::string>{"-1", "1"});
  CHECK(ecg.rows() == 200);
}

TEST_CASE(
    "plain .tsv is read before an identical .tsv.gz, CRLF and a missing final newline are fine") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1.0\t2.0\r\n2\t3.0\t4.0");
  folder.write_gzipped("Toy_TRAIN.tsv.gz", "1\t1.0\t2.0\r\n2\t3.0\t4.0");
  folder.write_gzipped("Toy_TEST.tsv.gz", "2\t5\t6\n1\t7\t8\n\n");
  Dataset toy = load_ucr_dataset(in_folder(folder));
  REQUIRE(toy.rows() == 4);
  CHECK(toy.values(0, 0) == 1.0);
  CHECK(toy.values(1, 1) == 4.0);
  CHECK(toy.values(3, 1) == 8.0);
  CHECK(toy.labels == Eigen::Vector4i(0, 1, 1, 0));
  CHECK(toy.train_rows == 2);
  CHECK(toy.sources[0] == (folder.path() / "Toy_TRAIN.tsv").string());
  CHECK(toy.sources[1] == (folder.path() / "Toy_TEST.tsv.gz").string());
}

TEST_CASE("a .tsv and a .tsv.gz of one part that differ are refused, naming both") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1.0\t2.0\n2\t3.0\t4.0\n");
  folder.write_gzipped("Toy_TRAIN.tsv.gz", "1\t9\t9\n2\t9\t9\n");
  folder.write("Toy_TEST.tsv", "2\t5\t6\n1\t7\t8\n");
  CHECK_THROWS_WITH_AS(load_ucr_dataset(in_folder(folder)),
                       doctest::Contains("Toy_TRAIN.tsv: differs from Toy_TRAIN.tsv.gz beside it"),
                       tsfs::InputError);
}

TEST_CASE("labels sort numerically when all are numbers, else as text") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "10\t1\n9\t2\n-1\t3\n9\t4\n");
  Dataset numeric = load_ucr_dataset(in_folder(folder, Split::train));
  CHECK(names(numeric) == std::vector<std::string>{"-1", "9", "10"});
  CHECK(numeric.labels == Eigen::Vector4i(2, 1, 0, 1));

  folder.write("Toy_TRAIN.tsv", "dog\t1\ncat\t2\n10\t3\n9\t4\n");
  Dataset text = load_ucr_dataset(in_folder(folder, Split::train));
  CHECK(names(text) == std::vector<std::string>{"10", "9", "cat", "dog"});
  CHECK(text.labels == Eigen::Vector4i(3, 2, 0, 1));
}

TEST_CASE("trailing NaN is padding, the matrix is as wide as the longest kept series") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1\t2\tNaN\tNaN\n2\t1\tnan\tNaN\tNaN\n");
  folder.write("Toy_TEST.tsv", "1\t5\t6\t7\n");
  Dataset train = load_ucr_dataset(in_folder(folder, Split::train));
  CHECK(train.values.cols() == 2);  // files pad to 4 fields, but no kept series is longer than 2
  CHECK(train.lengths == Eigen::Vector2i(2, 1));
  CHECK(std::isnan(train.values(1, 1)));
  CHECK(train.merged_rows == 3);
  // TRAIN pads to 4 values, TEST to 3: files may differ, each must be consistent.
  Dataset merged = load_ucr_dataset(in_folder(folder));
  CHECK(merged.values.cols() == 3);
  CHECK(merged.lengths == Eigen::Vector3i(2, 1, 3));
}

TEST_CASE("malformed UCR files are reported with file and line") {
  TempFolder folder;
  auto error_for = [&](const std::string& contents) {
    folder.write("Toy_TRAIN.tsv", contents);
    return input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); });
  };
  CHECK(error_for("") == doctest::Contains("Toy_TRAIN.tsv: empty file"));
  CHECK(error_for("1\t1\t2\n2\t3\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: expected 2 values, found 1"));
  CHECK(error_for("1\t1\t2\n2\t3\tabc\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: column 3: not a number: 'abc'"));
  CHECK(error_for("1\t1\tNaN\t2\n2\t3\t4\t5\n") ==
        doctest::Contains("Toy_TRAIN.tsv:1: column 4: value after NaN at column 3; NaN may only "
                          "pad the end of a shorter series, and inside a series it is a missing "
                          "value: `missing: interpolate` in the spec's dataset entry fills"));
  CHECK(error_for("1\t1\t2\n\n2\t3\t4\n") == doctest::Contains("Toy_TRAIN.tsv:2: empty line"));
  CHECK(error_for("1\t1\t2\n2\tNaN\tNaN\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: series has no values"));
  CHECK(error_for("1\t1\t2\n\t3\t4\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: column 1: empty class label"));
  CHECK(error_for("1\t1\t2\n2\t3\t\n") == doctest::Contains("Toy_TRAIN.tsv:2: column 3: empty"));
  CHECK(error_for("1\t1\t2\n2\t3\tinf\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: column 3: infinite value"));
  CHECK(error_for("1 2 3\n2 3 4\n") == doctest::Contains("Toy_TRAIN.tsv:1: no values"));
}

TEST_CASE("a single class after split or clipping is an error") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1\t2\n1\t3\t4\n");
  folder.write("Toy_TEST.tsv", "2\t1\t2\n");
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); }) ==
        doctest::Contains("dataset Toy has a single class ('1')"));
  CHECK(load_ucr_dataset(in_folder(folder)).classes() == 2);
  auto options = in_folder(folder);
  options.max_samples = 2;
  CHECK(input_error_text([&] { load_ucr_dataset(options); }) ==
        doctest::Contains("after keeping the first 2 rows (max_samples)"));
}

TEST_CASE("missing folders and files") {
  TempFolder folder;
  auto options = in_folder(folder);
  options.folder = folder.path() / "nowhere";
  CHECK(input_error_text([&] { load_ucr_dataset(options); }) ==
        doctest::Contains("nowhere: data folder not found"));

  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); }) ==
        doctest::Contains("Toy_TRAIN.tsv: file not found (nor Toy_TRAIN.tsv.gz, .ts or .ts.gz)"));

  // The archive layout <root>/<Name>/<Name>_TRAIN.tsv: point at the dataset's own folder.
  std::filesystem::create_directories(folder.path() / "Toy");
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); }) ==
        doctest::Contains("the data folder should probably be"));

  folder.write("Toy_TEST.tsv", "1\t1\n2\t2\n");
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder)); }) ==
        doctest::Contains("use `split: test`"));
  Dataset test = load_ucr_dataset(in_folder(folder, Split::test));
  // No TRAIN file: the TEST rows are the whole merged order.
  CHECK(test.merged_positions == std::vector<long long>{0, 1});
  CHECK(test.merged_rows == 2);
}

TEST_CASE("labels equal as numbers but spelt differently are refused, naming both places") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1\t2\n2\t3\t4\n");
  folder.write("Toy_TEST.tsv", "2\t1\t2\n1.0\t3\t4\n");
  auto text = input_error_text([&] { load_ucr_dataset(in_folder(folder)); });
  CHECK(text == doctest::Contains("Toy_TEST.tsv:2: class label '1.0' is the number of label '1'"));
  CHECK(text == doctest::Contains("Toy_TRAIN.tsv:1)"));
  // Each file alone is consistent.
  CHECK(load_ucr_dataset(in_folder(folder, Split::train)).classes() == 2);
  CHECK(load_ucr_dataset(in_folder(folder, Split::test)).classes() == 2);

  auto error_for = [&](const std::string& contents) {
    folder.write("Toy_TRAIN.tsv", contents);
    return input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); });
  };
  CHECK(error_for("1\t1\n+1\t2\n2\t3\n") == doctest::Contains("Toy_TRAIN.tsv:2: class label '+1'"));
  CHECK(error_for("1e0\t1\n1\t2\n2\t3\n") ==
        doctest::Contains("label '1' is the number of label '1e0'"));
  CHECK(error_for("0\t1\n-0\t2\n2\t3\n") == doctest::Contains("Toy_TRAIN.tsv:2"));
  // With a text label among them, numbers still compare as numbers.
  CHECK(error_for("dog\t1\n01\t2\n1\t3\n") ==
        doctest::Contains("Toy_TRAIN.tsv:3: class label '1'"));
  // One spelling throughout is fine, whatever it is.
  folder.write("Toy_TRAIN.tsv", "1.0\t1\n2.0\t2\n1.0\t3\n");
  CHECK(names(load_ucr_dataset(in_folder(folder, Split::train))) ==
        std::vector<std::string>{"1.0", "2.0"});
}

TEST_CASE("hostile UCR input: BOM, binary bytes, huge numbers, trailing TAB, control labels") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv",
               "\xEF\xBB\xBF"
               "1\t1\t2\n2\t3\t4\n");
  CHECK(names(load_ucr_dataset(in_folder(folder, Split::train))) ==
        std::vector<std::string>{"1", "2"});

  auto error_for = [&](const std::string& contents) {
    folder.write("Toy_TRAIN.tsv", contents);
    return input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); });
  };
  CHECK(
      error_for("1\t1\t2\n2\t3\t1e999\n") ==
      doctest::Contains("Toy_TRAIN.tsv:2: column 3: number out of the range of a double: '1e999'"));
  CHECK(error_for("1\t1\t2\t\n2\t3\t4\t\n") ==
        doctest::Contains("Toy_TRAIN.tsv:1: column 4: empty value (a separator at the end"));
  CHECK(error_for(std::string("1\t1\t2\n2\t3\t\x00\x01\xff", 12) + "\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: column 3: not a number: '\\x00\\x01"));
  CHECK(error_for("1\t1\t2\n2\x07\t3\t4\n") ==
        doctest::Contains("Toy_TRAIN.tsv:2: column 1: class label '2\\x07' holds a control"));
  CHECK(error_for("1\t1\t2\r\r\n2\t3\t4\n") ==
        doctest::Contains("Toy_TRAIN.tsv:1: column 3: not a number: '2\\r'"));
  std::string long_token(100000, '7');
  long_token += 'x';
  auto flood = error_for("1\t1\t" + long_token + "\n");
  CHECK(flood == doctest::Contains("Toy_TRAIN.tsv:1: column 3: not a number: '7777"));
  CHECK(flood.size() < 200);
  // A gzip file cut short is an input error, never garbage values.
  folder.write("Toy_TRAIN.tsv", "");
  std::filesystem::remove(folder.path() / "Toy_TRAIN.tsv");
  folder.write("Toy_TRAIN.tsv.gz", std::string("\x1f\x8b\x08\x00garbage", 12));
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); }) ==
        doctest::Contains("Toy_TRAIN.tsv.gz: cannot read file"));
}

TEST_CASE("a value too large to square is refused at its file line and column") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1.0\t2.0\n2\t3.0\t1e308\n1\t-1e101\t0\n");
  const auto text = input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); });
  CHECK(text == doctest::Contains("Toy_TRAIN.tsv:2: column 3: value '1e308' is beyond +-1e100"));
  folder.write("Toy_TRAIN.tsv", "1\t1.0\t2.0\n2\t3.0\t1e100\n");
  CHECK(load_ucr_dataset(in_folder(folder, Split::train)).values(1, 1) == 1e100);
}

TEST_CASE("a data folder that is a file is called a file") {
  TempFolder folder;
  folder.write("not_a_folder", "x");
  DatasetOptions options = in_folder(folder);
  options.folder = folder.path() / "not_a_folder";
  CHECK(input_error_text([&] { load_ucr_dataset(options); }) ==
        doctest::Contains("not_a_folder: is a file, not a data folder"));
}

TEST_CASE("a data file that is a folder is called a folder, not a missing file") {
  TempFolder folder;
  folder.write("Toy_TEST.tsv", "1\t1\n2\t2\n");
  std::filesystem::create_directories(folder.path() / "Toy_TRAIN.tsv.gz");
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder)); }) ==
        doctest::Contains("Toy_TRAIN.tsv.gz: is a folder, expected a file"));
  std::filesystem::remove(folder.path() / "Toy_TRAIN.tsv.gz");
  std::filesystem::create_symlink(folder.path() / "gone.tsv", folder.path() / "Toy_TRAIN.tsv");
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder)); }) ==
        doctest::Contains(("Toy_TRAIN.tsv: a symbolic link to " +
                           (folder.path() / "gone.tsv").string() + ", which does not exist")
                              .c_str()));
}

TEST_CASE("missing: interpolate fills NaN inside a TSV series, and trailing NaN stays padding") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\tNaN\t2\tNaN\t6\n2\t1\t2\tNaN\tNaN\n1\t1\t2\t3\t4\n");
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder, Split::train)); }) ==
        doctest::Contains("Toy_TRAIN.tsv:1: column 3: value after NaN at column 2"));
  auto options = in_folder(folder, Split::train);
  options.missing = tsfs::MissingValues::interpolate;
  Dataset filled = load_ucr_dataset(options);
  CHECK(filled.values.row(0) == Eigen::RowVector4d(2, 2, 4, 6));
  // Line 2 ends in NaN without a gap before it: a shorter series, as in variable-length datasets.
  CHECK(filled.lengths == Eigen::Vector3i(4, 2, 4));
  CHECK(std::isnan(filled.values(1, 2)));
  CHECK(filled.filled_values == 2);
  CHECK(filled.filled_series == 1);
  // max_samples: only the rows kept are filled and counted.
  options.max_samples = 2;
  options.split = Split::train;
  folder.write("Toy_TRAIN.tsv", "1\t1\t2\t3\n2\t1\t2\t3\n1\t1\tNaN\t3\n");
  CHECK(load_ucr_dataset(options).filled_values == 0);
}

TEST_CASE("normalise: z rescales each series over its own length, after filling") {
  TempFolder folder;
  folder.write("Toy_TRAIN.tsv", "1\t1\tNaN\t3\t4\n2\t5\t5\t5\t5\n1\t2\t4\tNaN\tNaN\n");
  auto options = in_folder(folder, Split::train);
  options.missing = tsfs::MissingValues::interpolate;
  const Dataset raw = load_ucr_dataset(options);
  options.normalise = tsfs::Normalisation::z;
  const Dataset normalised = load_ucr_dataset(options);
  CHECK(normalised.lengths == raw.lengths);
  for (Eigen::Index row : {0, 2}) {
    const Eigen::RowVectorXd series = normalised.values.row(row).head(raw.lengths(row));
    CHECK(std::abs(series.mean()) < 1e-15);
    CHECK(std::sqrt(series.array().square().mean()) == doctest::Approx(1.0).epsilon(1e-15));
  }
  // Filled first (1, 2, 3, 4), then normalised: population deviation sqrt(1.25).
  CHECK(normalised.values(0, 0) == doctest::Approx(-1.5 / std::sqrt(1.25)).epsilon(1e-15));
  // A constant series becomes zeros; the shorter series' padding stays NaN.
  CHECK(normalised.values.row(1).isZero(0.0));
  CHECK(std::isnan(normalised.values(2, 2)));
  // Rows are rescaled alone: the same series loaded with other rows is the same.
  options.max_samples = 2;
  CHECK(load_ucr_dataset(options).values.row(0) == normalised.values.row(0));
}

TEST_CASE(
    "missing: interpolate fills the tails of series cut short when every padded line has a "
    "gap (MelbournePedestrian)") {
  TempFolder folder;
  // MelbournePedestrian TEST line 1837 (24 values) has this shape: a gap, then a missing tail.
  folder.write("Toy_TRAIN.tsv", "1\t1\t2\t3\t4\n2\t5\t6\t7\t8\n");
  folder.write("Toy_TEST.tsv", "1\t5\tNaN\t7\tNaN\n2\t1\t2\t3\t4\n");
  auto options = in_folder(folder);
  options.missing = tsfs::MissingValues::interpolate;
  Dataset filled = load_ucr_dataset(options);
  CHECK((filled.lengths.array() == 4).all());
  CHECK(filled.values.row(2) == Eigen::RowVector4d(5, 6, 7, 7));
  CHECK(filled.filled_values == 2);
  // Another line ending in NaN without a gap: the dataset has series of several lengths, so
  // every trailing NaN is padding, the gap alone is filled.
  folder.write("Toy_TRAIN.tsv", "1\t1\t2\tNaN\tNaN\n2\t5\t6\t7\t8\n");
  filled = load_ucr_dataset(options);
  CHECK(filled.lengths == Eigen::Vector4i(2, 4, 3, 4));
  CHECK(filled.values.row(2).head(3) == Eigen::RowVector3d(5, 6, 7));
  CHECK(filled.filled_values == 1);
  // Under `refuse` the gap stops the load.
  CHECK(input_error_text([&] { load_ucr_dataset(in_folder(folder)); }) ==
        doctest::Contains("Toy_TEST.tsv:1: column 4: value after NaN at column 3"));
}
