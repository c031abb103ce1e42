// run_sweep with a selector whose solver does not converge for some parameter sets: the sweep
// goes on, the cells that need those scores are listed in cell_status.csv instead of results.csv,
// and a resumed run records the same (SPEC's Lanczos non-convergence itself is forced in
// tests/graph/spectral_score_test.cpp).
#include <doctest/doctest.h>

#include <filesystem>

#include "common/files.hpp"
#include "config/spec.hpp"
#include "report/csv_table.hpp"
#include "support/not_converging_selector.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/run/run.hpp"

namespace {

tsfs::Spec failing_spec(const tsfs::testing::TemporaryFolder& folder, const std::string& extra) {
  return tsfs::load_spec(
      folder.write("spec.yaml",
                   "name: not_converged\n"
                   "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR "/third_party/ucr/Coffee}]\n"
                   "features: {extractor: raw}\n"
                   "selectors:\n"
                   "  - {kind: variance}\n"
                   "  - {kind: test_not_converging, fail: [0, 1]}\n"
                   "n_features: [5, 10]\n"
                   "classifier: {kind: knn, k: 1}\n"
                   "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n" +
                       extra + "output: " + (folder.path() / "out").string() + "\n"));
}

tsfs::RunOptions quiet_options(int threads) {
  tsfs::RunOptions options;
  options.threads = threads;
  options.quiet = true;
  options.timings = false;
  return options;
}

}  // namespace

TEST_CASE("cells whose selector does not converge go to cell_status.csv, the sweep goes on") {
  const tsfs::testing::TemporaryFolder folder("run_not_converged");
  const tsfs::Spec spec = failing_spec(folder, "");
  const auto out = folder.path() / "out";
  REQUIRE(tsfs::run_sweep(spec, quiet_options(2)) == 0);

  const tsfs::CsvTable results = tsfs::read_csv_table(out / "results.csv");
  // variance: 2 cells; test_not_converging fail=0: 2 cells (scored one unit at a time after its
  // batch failed); fail=1: none.
  CHECK(results.rows.size() == 4);
  const tsfs::CsvTable status = tsfs::read_csv_table(out / "cell_status.csv");
  REQUIRE(status.rows.size() == 2);
  const auto status_column = status.header.size() - 2;
  for (const auto& row : status.rows) {
    CHECK(row[status_column] == "not_converged");
    const doctest::String reason(row[status_column + 1].c_str());
    CHECK(reason ==
          doctest::Contains("test solver did not converge: 3 of 4 eigenpairs (dataset Coffee"));
    CHECK(reason == doctest::Contains("selector 'test_not_converging', fail=1"));
    CHECK(reason == doctest::Contains("fitted on the training rows of fold 0"));
  }
  CHECK(tsfs::read_text_file(out / "manifest.json").find("\"cells_not_converged\": 2") !=
        std::string::npos);
  // scores.csv keeps one row per feature of the unscored units: score nan, rank empty.
  const tsfs::CsvTable scores = tsfs::read_csv_table(out / "scores.csv");
  const auto score_column = scores.header.size() - 2;
  size_t unscored = 0;
  for (const auto& row : scores.rows)
    if (row[score_column] == "nan" && row[score_column + 1].empty()) ++unscored;
  CHECK(unscored == 3 * 286);  // 3 folds x 286 raw features

  // Resumed: the converged cells are kept, the others tried again and recorded the same way,
  // whatever the thread count.
  const std::string first_results = tsfs::read_text_file(out / "results.csv");
  const std::string first_status = tsfs::read_text_file(out / "cell_status.csv");
  REQUIRE(tsfs::run_sweep(spec, quiet_options(1)) == 0);
  CHECK(tsfs::read_text_file(out / "results.csv") == first_results);
  CHECK(tsfs::read_text_file(out / "cell_status.csv") == first_status);
}

TEST_CASE("a tuned row chooses among the candidates that converge, and is unscored with none") {
  const tsfs::testing::TemporaryFolder folder("run_not_converged_tuned");
  const tsfs::Spec spec = failing_spec(
      folder, "tune: {parameters: [test_not_converging.fail], inner: {folds: 2, seed: 2}}\n");
  const auto out = folder.path() / "out";
  REQUIRE(tsfs::run_sweep(spec, quiet_options(2)) == 0);
  const tsfs::CsvTable tuned = tsfs::read_csv_table(out / "tuned.csv");
  const auto chosen = static_cast<size_t>(
      std::find(tuned.header.begin(), tuned.header.end(), "chosen_fail") - tuned.header.begin());
  REQUIRE(chosen < tuned.header.size());
  REQUIRE(tuned.rows.size() == 2 * 3);  // 2 n_features x 3 outer folds
  for (const auto& row : tuned.rows) CHECK(row[chosen] == "0");
  CHECK(tsfs::read_csv_table(out / "cell_status.csv").rows.size() == 2);  // the grid's fail=1

  // Every candidate failing: the tuned rows themselves are recorded as not converged.
  const tsfs::testing::TemporaryFolder none_folder("run_not_converged_tuned_none");
  const std::filesystem::path spec_file = none_folder.write(
      "spec.yaml",
      "name: not_converged\n"
      "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
      "/third_party/ucr/Coffee}]\n"
      "features: {extractor: raw}\n"
      "selectors: [{kind: test_not_converging, fail: [1, 2]}]\n"
      "n_features: [5]\n"
      "classifier: {kind: knn, k: 1}\n"
      "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
      "tune: {parameters: [test_not_converging.fail], inner: {folds: 2, seed: 2}}\n"
      "output: " +
          (none_folder.path() / "out").string() + "\n");
  REQUIRE(tsfs::run_sweep(tsfs::load_spec(spec_file), quiet_options(2)) == 0);
  const tsfs::CsvTable status =
      tsfs::read_csv_table(none_folder.path() / "out" / "cell_status.csv");
  REQUIRE(status.rows.size() == 3);  // the two grid cells and their tuned row
  CHECK(std::count(status.rows[2].begin(), status.rows[2].end(), "tuned") == 1);
  CHECK(tsfs::read_csv_table(none_folder.path() / "out" / "results.csv").rows.empty());
}
