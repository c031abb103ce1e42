// The redundancy-aware filters end to end on GunPoint's raw series (150 columns, 2-fold CV):
// the greedy information-theoretic selectors, FCBF (which keeps fewer features than asked, so
// n_features_used says how many), ReliefF and the trace ratio run through the runner, the same
// bytes at 1 and 2 threads, with their accuracies pinned (regression values of this version).
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("redundancy filters: pinned accuracies, FCBF's kept count, the same at 1 and 2 threads") {
  TemporaryFolder folder("redundancy_filters");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec,
             "name: redundancy_filters\n"
             "datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
             "/third_party/ucr/GunPoint}]\n"
             "features: {extractor: raw}\n"
             "selectors:\n"
             "  - {kind: mrmr}\n"
             "  - {kind: jmi}\n"
             "  - {kind: cmim}\n"
             "  - {kind: disr}\n"
             "  - {kind: mifs, beta: 0.5}\n"
             "  - {kind: fcbf}\n"
             "  - {kind: relieff}\n"
             "  - {kind: trace_ratio, subset_size: 10}\n"
             "n_features: [3, 10]\n"
             "classifier: {kind: knn, k: 1}\n"
             "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n"
             "output: " +
                 (folder.path() / "run").string() + "\n");
  run_at_1_and_2_threads(spec, folder.path());
  for (const char* file : {"results.csv", "scores.csv", "folds.csv"})
    CHECK(read_text(folder.path() / "1" / file) == read_text(folder.path() / "2" / file));

  const auto results = tsfs::read_csv_table(folder.path() / "1" / "results.csv");
  std::map<std::string, std::string> accuracy;
  std::map<std::string, std::string> used;
  for (const auto& row : results.rows) {
    const std::string key =
        row[*results.column("selector")] + "/" + row[*results.column("n_features")];
    accuracy[key] = row[*results.column("accuracy")];
    used[key] = row[*results.column("n_features_used")];
  }
  const std::map<std::string, std::string> expected = {
      {"mrmr/3", "0.89500000000000002"},        {"mrmr/10", "0.90500000000000003"},
      {"jmi/3", "0.93500000000000005"},         {"jmi/10", "0.94999999999999996"},
      {"cmim/3", "0.94499999999999995"},        {"cmim/10", "0.94499999999999995"},
      {"disr/3", "0.93500000000000005"},        {"disr/10", "0.95499999999999996"},
      {"mifs/3", "0.92000000000000004"},        {"mifs/10", "0.89500000000000002"},
      {"fcbf/3", "0.71499999999999997"},        {"fcbf/10", "0.71499999999999997"},
      {"relieff/3", "0.91000000000000003"},     {"relieff/10", "0.93000000000000005"},
      {"trace_ratio/3", "0.88500000000000001"}, {"trace_ratio/10", "0.82499999999999996"}};
  for (const auto& entry : expected) {
    const auto& key = std::get<0>(entry);
    const auto& value = std::get<1>(entry);
    CAPTURE(key);
    CHECK(accuracy.at(key) == value);
  }
  CHECK(accuracy.size() == 16);
  // Adjacent raw time points are redundant with each other: FCBF keeps a single one on some fold.
  CHECK(used.at("fcbf/10") == "1");
  CHECK(used.at("mrmr/10") == "10");
}
