// `datasets: {archive: ...}` runs what it can: datasets a component cannot handle are skipped
// with their reasons in skipped.csv; listed by name, the same dataset stops the run.
#include <doctest/doctest.h>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("an archive study skips the datasets it cannot run and says why in skipped.csv") {
  TemporaryFolder folder("archive_skip");
  auto run =
      run_runner("tests/integration/specs/archive_skip.yaml --quiet --no-timings --set output=" +
                 folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto skipped = tsfs::read_csv_table(folder.path() / "skipped.csv");
  REQUIRE(skipped.rows.size() == 2);
  CHECK(skipped.rows[0][0] == "BeetleFly");
  CHECK(skipped.rows[0][1].find("archive_skip.yaml:8:") != std::string::npos);
  CHECK(skipped.rows[0][1].find("(dataset BeetleFly, selector 'laplacian')") != std::string::npos);
  CHECK(skipped.rows[1][0] == "Wafer");
  CHECK(skipped.rows[1][1].find("Wafer_TEST.tsv: file not found") != std::string::npos);
  const auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  CHECK(results.rows.size() == 2);  // Coffee: laplacian and anova
  for (const auto& row : results.rows) CHECK(row[0] == "Coffee");
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
