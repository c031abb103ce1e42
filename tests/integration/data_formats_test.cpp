// The data the field has: .ts files, missing values inside series (`missing: refuse |
// interpolate`) and archive folders holding more than datasets, through the runner.
#include <doctest/doctest.h>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kDataFormatsSpec = "tests/integration/specs/data_formats.yaml";

}  // namespace

TEST_CASE("a missing value inside a series stops the run under the default `missing: refuse`") {
  TemporaryFolder folder("data_formats_refuse");
  auto run = run_runner(kDataFormatsSpec + " --quiet --set output=" + folder.path().string());
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err,
                         "MelbournePedestrianSmall_TRAIN.tsv:7: column 5: value after "
                         "NaN at column 4;"),
                run.err);
  CHECK(contains(run.err, "`missing: interpolate` in the spec's dataset entry fills"));
  CHECK_FALSE(std::filesystem::exists(folder.path() / "results.csv"));
}

TEST_CASE("`missing: interpolate` fills them, says so and records the policy, and .ts data runs") {
  TemporaryFolder folder("data_formats_interpolate");
  auto run = run_runner(kDataFormatsSpec + " --no-timings --set output=" + folder.path().string() +
                        " --set datasets.1.missing=interpolate");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  // 33 NaN in 12 series of the slice; the two series cut short (TEST lines 1837 and 2111 of the
  // archive) have a gap too, so their trailing NaN are missing values, not padding.
  CHECK_MESSAGE(contains(run.err,
                         "dataset MelbournePedestrianSmall: 33 missing values in 12 "
                         "series filled (missing: interpolate)"),
                run.err);
  const std::string resolved = read_text(folder.path() / "spec.resolved.yaml");
  CHECK(contains(resolved,
                 "{name: ItalyPowerDemandTs, path: tests/integration/data/"
                 "ItalyPowerDemandTs, split: merged, missing: refuse}"));
  CHECK(contains(resolved, "split: merged, missing: interpolate}"));
  const auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  CHECK(results.rows.size() == 4);  // two datasets, two selectors

  // The .ts files hold ItalyPowerDemand's 67 TRAIN and first 120 TEST series: the same accuracy
  // as the TSV files cut to those rows.
  TemporaryFolder tsv_folder("data_formats_tsv");
  auto tsv = run_runner(kDataFormatsSpec + " --quiet --set output=" + tsv_folder.path().string() +
                        " --set 'datasets=[{name: ItalyPowerDemand, path: "
                        "third_party/ucr/ItalyPowerDemand, max_samples: 187}]'");
  REQUIRE_MESSAGE(tsv.exit_code == 0, tsv.err);
  const auto tsv_results = tsfs::read_csv_table(tsv_folder.path() / "results.csv");
  for (const std::string selector : {"laplacian", "anova"})
    CHECK(cell(results, {{"dataset", "ItalyPowerDemandTs"}, {"selector", selector}}, "accuracy") ==
          cell(tsv_results, {{"dataset", "ItalyPowerDemand"}, {"selector", selector}}, "accuracy"));
}

TEST_CASE("an archive folder's entries that are not datasets are ignored with a note") {
  TemporaryFolder archive("data_formats_archive");
  const std::filesystem::path source = std::filesystem::path(TSFS_SOURCE_DIR) / "tests" /
                                       "integration" / "data" / "ItalyPowerDemandTs";
  std::filesystem::create_directories(archive.path() / "ItalyPowerDemandTs");
  for (const auto& entry : std::filesystem::directory_iterator(source))
    std::filesystem::copy_file(entry.path(),
                               archive.path() / "ItalyPowerDemandTs" / entry.path().filename());
  archive.write("_incomplete/Leftover/Leftover_TRAIN.tsv", "1\t1\t2\n2\t3\t4\n");
  archive.write("Stray_TRAIN.tsv", "1\t1\t2\n2\t3\t4\n");
  archive.write("README.md", "# an archive\n");
  TemporaryFolder folder("data_formats_archive_run");
  auto run = run_runner(kDataFormatsSpec + " --no-timings --set output=" + folder.path().string() +
                        " --set 'datasets={archive: " + archive.path().string() + "}'");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK(contains(run.err,
                 "archive entry README.md ignored: not a dataset: a file at the top of "
                 "archive"));
  const auto skipped = tsfs::read_csv_table(folder.path() / "skipped.csv");
  REQUIRE(skipped.rows.size() == 2);
  CHECK(skipped.rows[0][0] == "Stray_TRAIN.tsv");
  CHECK(contains(skipped.rows[0][2], "a data file at the top of archive"));
  CHECK(skipped.rows[1][0] == "_incomplete/");
  CHECK(contains(skipped.rows[1][2], "not a dataset: no _incomplete_TRAIN or _incomplete_TEST"));
  CHECK(tsfs::read_csv_table(folder.path() / "results.csv").rows.size() == 2);
}

TEST_CASE("a bad .ts file stops the run with exit 2, naming file:line, and writes nothing") {
  TemporaryFolder folder("data_formats_bad_ts");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"ts_multivariate",
       "TsMultivariate_TRAIN.ts:2: @univariate false: multivariate series are not supported"},
      {"ts_undeclared_label",
       "TsLabel_TEST.ts:8: class label 'c' is not declared by @classLabel (line 5: a b)"},
      {"ts_truncated", "TsTruncated_TEST.ts:9: no class label: a .ts series ends with ':'"},
      {"missing_policy_unknown",
       "missing_policy_unknown.yaml:2:88: 'missing' must be refuse or interpolate, got 'drop'"}};
  for (const auto& entry : cases) {
    const auto& name = std::get<0>(entry);
    const auto& message = std::get<1>(entry);
    const auto output = folder.path() / name;
    const auto run = run_runner("tests/integration/bad_inputs/" + name +
                                ".yaml --quiet --set output=" + output.string());
    CHECK_MESSAGE(run.exit_code == 2, name, ": ", run.err);
    CHECK_MESSAGE(contains(run.err, message), name, ": ", run.err);
    CHECK_FALSE(std::filesystem::exists(output));
  }
}
