// `datasets: {archive: ...}` runs what it can: datasets a component cannot handle are skipped
// with their reasons in skipped.csv; listed by name, the same dataset stops the run.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("an archive study skips what it cannot run, and only that, and says why in skipped.csv") {
  TemporaryFolder folder("archive_skip");
  auto run =
      run_runner("tests/integration/specs/archive_skip.yaml --quiet --no-timings --set output=" +
                 folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto skipped = tsfs::read_csv_table(folder.path() / "skipped.csv");
  CHECK(skipped.header == std::vector<std::string>{"dataset", "component", "reason"});
  REQUIRE(skipped.rows.size() == 2);
  // BeetleFly's 20 training rows rule out the laplacian selector's k = 25: only its cells go.
  CHECK(skipped.rows[0][0] == "BeetleFly");
  CHECK(skipped.rows[0][1] == "selector 'laplacian'");
  // The reason leaves out the spec's own place (the log has it): a sharded run's merge reads the
  // spec from plan/spec.yaml and must write the same skipped.csv.
  CHECK(skipped.rows[0][2].find("archive_skip.yaml") == std::string::npos);
  // --quiet sums the component skips up in one warning (an archive study can have hundreds);
  // without it the console names each with its place in the spec.
  CHECK_MESSAGE(contains(run.err,
                         "1 component skipped on 1 dataset (BeetleFly): the reasons are in "
                         "skipped.csv; without --quiet each is shown with its place in the spec"),
                run.err);
  CHECK_FALSE(contains(run.err, "archive_skip.yaml:8:"));
  const auto dry_run = run_runner(
      "tests/integration/specs/archive_skip.yaml --dry-run --set output=" + folder.path().string());
  CHECK_MESSAGE(contains(dry_run.err, "archive_skip.yaml:8:"), dry_run.err);
  CHECK(skipped.rows[0][2].find("(dataset BeetleFly, selector 'laplacian')") != std::string::npos);
  CHECK(skipped.rows[1][0] == "Wafer");
  CHECK(skipped.rows[1][1] == "dataset");
  CHECK(skipped.rows[1][2].find("Wafer_TEST.tsv: file not found") != std::string::npos);
  const auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  REQUIRE(results.rows.size() == 3);  // BeetleFly: anova; Coffee: laplacian and anova
  CHECK(cell(results, {{"dataset", "BeetleFly"}, {"selector", "anova"}}, "n_folds") == "2");
  CHECK(cell(results, {{"dataset", "Coffee"}, {"selector", "laplacian"}}, "n_folds") == "2");
}

TEST_CASE("a distance that cannot compare a dataset's series skips that distance's cells only") {
  // Two small archive datasets, one with series of unequal lengths (NaN-padded, as the UCR TSV
  // files store them): NED cannot compare those, DTW can.
  TemporaryFolder archive("archive_lengths");
  auto write_split = [&](const std::string& name, const std::string& split, bool unequal) {
    std::string text;
    for (int row = 0; row < 16; ++row) {
      const int label = row % 2;
      const int length = unequal ? 24 + row % 5 : 24;
      text += std::to_string(label + 1);
      for (int t = 0; t < 28; ++t)
        text += t < length
                    ? fmt::format("\t{:.6f}", std::sin(0.3 * (1 + label) * t + row) + 0.01 * t)
                    : std::string("\tNaN");
      text += "\n";
    }
    archive.write(name + "/" + name + "_" + split + ".tsv", text);
  };
  for (const std::string split : {"TRAIN", "TEST"}) {
    write_split("Equal", split, false);
    write_split("Unequal", split, true);
  }
  TemporaryFolder folder("archive_lengths_run");
  auto run = run_runner("tests/integration/specs/archive_lengths.yaml --quiet --no-timings" +
                        std::string(" --set output=") + folder.path().string() +
                        " --set datasets.archive=" + archive.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto skipped = tsfs::read_csv_table(folder.path() / "skipped.csv");
  REQUIRE(skipped.rows.size() == 1);
  CHECK(skipped.rows[0][0] == "Unequal");
  CHECK(skipped.rows[0][1] == "distance 'ned'");
  CHECK_MESSAGE(skipped.rows[0][2].find("archive_lengths.yaml") == std::string::npos,
                skipped.rows[0][2]);
  CHECK(skipped.rows[0][2].find("ned compares series of one length only") != std::string::npos);
  const auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  // Equal: laplacian on both distances, anova; Unequal: laplacian on DTW, anova.
  REQUIRE(results.rows.size() == 5);
  CHECK(cell(results, {{"dataset", "Unequal"}, {"selector", "laplacian"}}, "distance") == "dtw");
  CHECK(cell(results, {{"dataset", "Equal"}, {"selector", "laplacian"}, {"distance", "ned"}},
             "n_folds") == "1");
}

TEST_CASE("a dataset listed by name still stops the run, and nothing is skipped silently") {
  TemporaryFolder folder("archive_listed");
  auto listed = run_runner(
      "tests/integration/specs/archive_skip.yaml --quiet --set output=" + folder.path().string() +
      " --set 'datasets=[{name: BeetleFly}, {name: Coffee}]'");
  CHECK(listed.exit_code == 2);
  CHECK(listed.err.find("(dataset BeetleFly, selector 'laplacian')") != std::string::npos);
  auto every_one = run_runner("tests/integration/specs/archive_skip.yaml --quiet --set output=" +
                              folder.path().string() + " --set 'datasets.names=[Wafer]'");
  CHECK(every_one.exit_code == 2);
  CHECK(every_one.err.find("every dataset was skipped:") != std::string::npos);
}
