// `metrics:` end to end: macro F1, ROC AUC and average precision per fold, pinned against
// scikit-learn 1.2.1 computing them from the same classifiers' scores
// (tests/reference/fold_metrics/), on the nested-subset path (knn) and the direct path
// (logistic), two classes and three; resumed and validated on read back; compared by
// `runner compare --metric`.
#include <doctest/doctest.h>

#include <string>

#include "integration/run_helpers.hpp"
#include "report/csv_table.hpp"

using namespace tsfs::testing;

namespace {

const std::string kSpec = "tests/integration/specs/ucr_metrics.yaml";
const char* kMetrics[] = {"macro_f1", "roc_auc", "average_precision"};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

RunResult run_spec(const std::filesystem::path& output, const std::string& extra = "") {
  return run_runner(kSpec + " --quiet --no-timings --set output=" + output.string() + extra);
}

const std::string kLogistic = " --set 'classifier={kind: logistic, tol: 1e-10}'";

}  // namespace

TEST_CASE("metrics: per-fold values equal scikit-learn's from the same scores") {
  TemporaryFolder folder("ucr_metrics");
  const auto expected = tsfs::read_csv_table("tests/reference/fold_metrics/expected.csv");
  REQUIRE(expected.rows.size() == 8);
  for (const std::string classifier : {"knn", "logistic"}) {
    CAPTURE(classifier);
    const auto output = folder.path() / classifier;
    const auto run = run_spec(output, classifier == "logistic" ? kLogistic : "");
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    const auto folds = tsfs::read_csv_table(output / "folds.csv");
    const auto results = tsfs::read_csv_table(output / "results.csv");
    REQUIRE(folds.rows.size() == 4);  // 2 datasets x 2 n_features x 1 fold (train_test)
    for (const std::string dataset : {"GunPoint", "ArrowHead"})
      for (const std::string n_features : {"40", "all"}) {
        CAPTURE(dataset);
        CAPTURE(n_features);
        const std::string resolved = dataset == "GunPoint" ? (n_features == "40" ? "40" : "150")
                                                           : (n_features == "40" ? "40" : "251");
        for (const char* metric : kMetrics) {
          CAPTURE(metric);
          const double reference = std::stod(
              cell(expected,
                   {{"dataset", dataset}, {"classifier", classifier}, {"n_features", n_features}},
                   metric));
          const std::string fold =
              cell(folds, {{"dataset", dataset}, {"n_features", resolved}}, metric);
          CHECK(std::stod(fold) == doctest::Approx(reference).epsilon(1e-12));
          // One fold: the mean is the fold's value and the spread is empty, as for accuracy.
          CHECK(cell(results, {{"dataset", dataset}, {"n_features", resolved}}, metric) == fold);
          CHECK(cell(results, {{"dataset", dataset}, {"n_features", resolved}},
                     std::string(metric) + "_std")
                    .empty());
        }
      }
    CHECK(contains(read_text(output / "results.csv"),
                   "balanced_accuracy,macro_f1,macro_f1_std,roc_auc,roc_auc_std,average_"
                   "precision,average_precision_std,n_folds,"));
    CHECK(contains(read_text(output / "folds.csv"),
                   "balanced_accuracy,macro_f1,roc_auc,average_precision,zero_weight_fraction"));
  }
  // knn's nested-subset fits (the default here) report the direct fits' scores: ranking order is
  // column order (selector none), so both paths sum the same distances in the same order.
  const auto direct = folder.path() / "knn_direct";
  REQUIRE(run_spec(direct, " --direct-fits").exit_code == 0);
  CHECK(read_text(direct / "folds.csv") == read_text(folder.path() / "knn" / "folds.csv"));
}

TEST_CASE("metrics: resumed runs keep the columns and validate them; compare reads them") {
  TemporaryFolder folder("ucr_metrics_resume");
  const auto output = folder.path() / "run";
  // A run without metrics first: its results lack the columns, so they are recomputed.
  REQUIRE(
      run_runner(kSpec + " --quiet --no-timings --set 'metrics=[]' --set output=" + output.string())
          .exit_code == 0);
  CHECK_FALSE(contains(read_text(output / "results.csv"), "roc_auc"));
  REQUIRE(run_spec(output).exit_code == 0);
  const auto results = read_text(output / "results.csv");
  const auto folds = read_text(output / "folds.csv");
  CHECK(contains(results, "roc_auc_std"));
  CHECK(contains(read_text(output / "results.stale.csv"), "GunPoint"));
  // Every cell done: resumed verbatim.
  REQUIRE(run_spec(output).exit_code == 0);
  CHECK(read_text(output / "results.csv") == results);
  CHECK(read_text(output / "folds.csv") == folds);

  auto damaged = [&](const std::string& file, const std::string& text, const std::string& message) {
    write_text(output / file, text);
    const auto run = run_spec(output);
    CHECK(run.exit_code == 2);
    CHECK_MESSAGE(contains(run.err, message), run.err);
    write_text(output / "results.csv", results);
    write_text(output / "folds.csv", folds);
  };
  const auto table = tsfs::read_csv_table(output / "results.csv");
  const std::string auc = table.rows[0][*table.column("roc_auc")];
  const auto replace_first = [](std::string text, const std::string& from, const std::string& to) {
    const size_t line = text.find('\n') + 1;
    return text.replace(text.find(from, line), from.size(), to);
  };
  damaged("results.csv", replace_first(results, auc, "1.5"),
          "results.csv:2: roc_auc '1.5' is outside [0, 1]");
  damaged("folds.csv", replace_first(folds, auc, "high"),
          "folds.csv:2: roc_auc 'high' is not a number");

  // compare ranks methods by any metric column.
  const auto compare =
      run_runner("compare " + output.string() + " --metric roc_auc --by n_features");
  REQUIRE_MESSAGE(compare.exit_code == 0, compare.err);
  const auto per_dataset = tsfs::read_csv_table(output / "comparison" / "per_dataset.csv");
  CHECK(cell(per_dataset, {{"dataset", "GunPoint"}, {"method", "40"}}, "roc_auc") ==
        cell(table, {{"dataset", "GunPoint"}, {"n_features", "40"}}, "roc_auc"));
}
