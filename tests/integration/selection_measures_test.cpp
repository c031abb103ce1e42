// selection_measures.csv end to end: similarity_constraint's m-hat, objective and constraint pairs
// (and, semi-supervised, its inferred must-links, coverage and correct ratio) per fold, keyed as
// scores.csv; the same bytes at 1 and 2 threads and merged from two shards; no file for a spec
// without such a selector.
#include <doctest/doctest.h>

#include <string>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("selection_measures.csv: similarity_constraint's m-hat, COV and CR per fold") {
  TemporaryFolder folder("selection_measures");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec,
             "name: selection_measures\n"
             "datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
             "/third_party/ucr/GunPoint}]\n"
             "features: {extractor: raw}\n"
             "selectors:\n"
             "  - {kind: anova}\n"
             "  - {kind: similarity_constraint, variant: [supervised, semi_supervised], "
             "labeled_fraction: 0.5, max_features: 10}\n"
             "n_features: [5]\n"
             "classifier: {kind: knn, k: 1}\n"
             "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n"
             "output: " +
                 (folder.path() / "run").string() + "\n");
  run_at_1_and_2_threads(spec, folder.path());
  CHECK(read_text(folder.path() / "1" / "selection_measures.csv") ==
        read_text(folder.path() / "2" / "selection_measures.csv"));
  const auto table = tsfs::read_csv_table(folder.path() / "1" / "selection_measures.csv");
  CHECK(table.header.front() == "dataset");
  CHECK(table.header.back() == "value");
  // 2 folds x (3 supervised + 6 semi-supervised measures); anova reports none.
  CHECK(table.rows.size() == 2 * (3 + 6));
  for (const auto& row : table.rows) {
    CHECK(row[*table.column("selector")] == "similarity_constraint");
    const std::string measure = row[*table.column("measure")];
    const double value = std::stod(row[*table.column("value")]);
    if (measure == "m_hat") CHECK((value >= 1.0 && value <= 10.0));
    if (measure == "coverage" || measure == "correct_ratio") CHECK((value >= 0.0 && value <= 1.0));
  }

  // Two shards merged give the single run's file byte for byte.
  const auto sharded = folder.path() / "sharded";
  const std::string set_output = " --quiet --no-timings --set output=" + sharded.string();
  auto plan = run_runner("plan " + spec.string() + " --shards 2" + set_output);
  REQUIRE_MESSAGE(plan.exit_code == 0, plan.err);
  for (const char* shard : {"1/2", "2/2"}) {
    auto run = run_runner("run " + spec.string() + " --shard " + shard + set_output);
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  }
  auto merged = run_runner("merge " + sharded.string() + " --quiet");
  REQUIRE_MESSAGE(merged.exit_code == 0, merged.err);
  CHECK(read_text(sharded / "selection_measures.csv") ==
        read_text(folder.path() / "1" / "selection_measures.csv"));

  // A spec without a selector that reports measures writes no such file.
  auto plain =
      run_runner(spec.string() + " --quiet --no-timings --set 'selectors=[{kind: anova}]'" +
                 " --set output=" + (folder.path() / "plain").string());
  REQUIRE_MESSAGE(plain.exit_code == 0, plain.err);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "plain" / "selection_measures.csv"));
}

// keep: m_hat with n_features: all: every fold classifies with its own m-hat features, which
// n_features_used (a fold's count in folds.csv) equals.
TEST_CASE("similarity_constraint keep: m_hat selects each fold's m-hat") {
  TemporaryFolder folder("selection_m_hat");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec,
             "name: selection_m_hat\n"
             "datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
             "/third_party/ucr/GunPoint}]\n"
             "features: {extractor: raw}\n"
             "selectors:\n"
             "  - {kind: similarity_constraint, keep: m_hat, max_features: 10}\n"
             "n_features: [all]\n"
             "classifier: {kind: knn, k: 1}\n"
             "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n"
             "output: " +
                 (folder.path() / "run").string() + "\n");
  auto run = run_runner(spec.string() + " --quiet --no-timings");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto measures = tsfs::read_csv_table(folder.path() / "run" / "selection_measures.csv");
  const auto folds = tsfs::read_csv_table(folder.path() / "run" / "folds.csv");
  for (const char* fold : {"0", "1"}) {
    CAPTURE(fold);
    const std::string m_hat = cell(measures, {{"fold", fold}, {"measure", "m_hat"}}, "value");
    CHECK(cell(folds, {{"fold", fold}}, "n_features_used") == m_hat);
  }
}
