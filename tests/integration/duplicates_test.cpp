// `duplicates: keep | drop | group` end to end on WormsTwoClass: the counts in duplicates.csv,
// the fold sizes, and the protocol label that keeps results of different handlings apart.
#include <doctest/doctest.h>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kDuplicatesSpec = "tests/integration/specs/worms_duplicates.yaml";

tsfs::CsvTable run_with(const std::filesystem::path& output, const std::string& handling) {
  auto run = run_runner(kDuplicatesSpec + " --quiet --set duplicates=" + handling +
                        " --set output=" + output.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  return tsfs::read_csv_table(output / "folds.csv");
}

}  // namespace

TEST_CASE("duplicates: group moves the 20 straddling copies to the training half") {
  TemporaryFolder folder("duplicates");
  auto folds = run_with(folder.path() / "group", "group");
  // The holdout halves are 129 + 129 rows; the 20 test rows whose identical twin is a training
  // row join the training half.
  CHECK(cell(folds, {{"fold", "0"}}, "n_train") == "149");
  CHECK(cell(folds, {{"fold", "0"}}, "n_test") == "109");
  CHECK(read_text(folder.path() / "group" / "duplicates.csv") ==
        "dataset,rows_loaded,duplicate_rows,duplicate_groups,mixed_label_groups,"
        "straddling_protocol,handling,rows_used,straddling_used\n"
        "WormsTwoClass,258,33,33,0,20,group,258,0\n");
  auto results = tsfs::read_csv_table(folder.path() / "group" / "results.csv");
  CHECK(cell(results, {{"n_features", "20"}}, "protocol") == "holdout_half+duplicates=group");

  auto kept = run_with(folder.path() / "keep", "keep");
  CHECK(cell(kept, {{"fold", "0"}}, "n_test") == "129");
  CHECK(read_text(folder.path() / "keep" / "duplicates.csv").find(",20,keep,258,20\n") !=
        std::string::npos);

  auto dropped = run_with(folder.path() / "drop", "drop");
  CHECK(cell(dropped, {{"fold", "0"}}, "n_train") == "112");
  CHECK(cell(dropped, {{"fold", "0"}}, "n_test") == "113");

  // A folder of `keep` results is not resumed with `group`.
  auto mixed = run_runner(kDuplicatesSpec + " --quiet --set duplicates=group --set output=" +
                          (folder.path() / "keep").string());
  CHECK(mixed.exit_code == 2);
}

TEST_CASE("duplicates: an unknown handling is refused with the spec location") {
  auto run = run_runner(kDuplicatesSpec + " --quiet --dry-run --set duplicates=merge");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("'duplicates' must be one of: keep, drop, group") != std::string::npos);
}
