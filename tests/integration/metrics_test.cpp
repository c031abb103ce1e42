// `metrics:` end to end: macro F1, ROC AUC and average precision per fold, pinned against
// scikit-learn 1.2.1 computing them from the same classifiers' scores
// (tests/reference/fold_metrics/), on the nested-subset path (knn) and the direct path
// (logistic), two classes and three; resumed and validated on read back; compared by
// `runner compare --metric`.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "integration/run_helpers.hpp"
#include "report/csv_table.hpp"

using namespace tsfs::testing;

namespace {

const std::string kMetricsSpec = "tests/integration/specs/ucr_metrics.yaml";
const char* kMetrics[] = {"macro_f1", "roc_auc", "average_precision"};

RunResult metrics_run_spec(const std::filesystem::path& output, const std::string& extra = "") {
  return run_runner(kMetricsSpec + " --quiet --no-timings --set output=" + output.string() + extra);
}

const std::string kLogistic = " --set 'classifier={kind: logistic, tol: 1e-10}'";

}  // namespace

TEST_CASE("metrics: per-fold values equal scikit-learn's from the same scores") {
  TemporaryFolder folder("ucr_metrics");
  const auto expected =
      tsfs::read_csv_table(TSFS_SOURCE_DIR "/tests/reference/fold_metrics/expected.csv");
  REQUIRE(expected.rows.size() == 8);
  for (const std::string classifier : {"knn", "logistic"}) {
    CAPTURE(classifier);
    const auto output = folder.path() / classifier;
    const auto run = metrics_run_spec(output, classifier == "logistic" ? kLogistic : "");
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
  REQUIRE(metrics_run_spec(direct, " --direct-fits").exit_code == 0);
  CHECK(read_text(direct / "folds.csv") == read_text(folder.path() / "knn" / "folds.csv"));
}

TEST_CASE("metrics: resumed runs keep the columns and validate them, and compare reads them") {
  TemporaryFolder folder("ucr_metrics_resume");
  const auto output = folder.path() / "run";
  // n_features the same for both datasets, so compare finds each method on each.
  const std::string sizes = " --set 'n_features=[30, 40]'";
  // A run without metrics first: its results lack the columns, so they are recomputed.
  REQUIRE(run_runner(kMetricsSpec + " --quiet --no-timings --set 'metrics=[]' --set output=" +
                     output.string() + sizes)
              .exit_code == 0);
  CHECK_FALSE(contains(read_text(output / "results.csv"), "roc_auc"));
  const auto with_metrics = metrics_run_spec(output, sizes);
  REQUIRE(with_metrics.exit_code == 0);
  CHECK_MESSAGE(contains(with_metrics.err,
                         "were written with other value columns than this "
                         "spec's (metrics: or reduce: changed)"),
                with_metrics.err);
  const auto results = read_text(output / "results.csv");
  const auto folds = read_text(output / "folds.csv");
  CHECK(contains(results, "roc_auc_std"));
  CHECK(contains(read_text(output / "results.stale.csv"), "GunPoint"));
  // Every cell done: resumed verbatim.
  REQUIRE(metrics_run_spec(output, sizes).exit_code == 0);
  CHECK(read_text(output / "results.csv") == results);
  CHECK(read_text(output / "folds.csv") == folds);

  auto damaged = [&](const std::string& file, const std::string& text, const std::string& message) {
    write_text(output / file, text);
    const auto run = metrics_run_spec(output, sizes);
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

TEST_CASE("curves: curves.csv equals scikit-learn's roc_curve and precision_recall_curve") {
  TemporaryFolder folder("ucr_curves");
  const auto reference =
      tsfs::read_csv_table(TSFS_SOURCE_DIR "/tests/reference/fold_metrics/curves.csv");
  for (const std::string classifier : {"knn", "logistic"}) {
    CAPTURE(classifier);
    const auto output = folder.path() / classifier;
    const auto run = metrics_run_spec(
        output, (classifier == "logistic" ? kLogistic : std::string()) +
                    " --set 'curves={kinds: [pr, roc], where: {n_features: 40}}'"
                    " --set 'plots=[{kind: pr_curve, name: pr}, {kind: roc_curve, name: roc, "
                    "folds: each, facet: class, series: [dataset]}]'");
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    const auto curves = tsfs::read_csv_table(output / "curves.csv");
    // Each curve's points (threshold, x, y) in file order, by (dataset, curve, class): the rows of
    // the one fold (train_test), and the same pooled over the folds.
    using Curves = std::map<std::vector<std::string>, std::vector<std::vector<std::string>>>;
    Curves pooled, fold, expected;
    for (const auto& row : curves.rows) {
      CHECK(row[*curves.column("n_features")] == "40");
      (row[*curves.column("fold")] == "pooled"
           ? pooled
           : fold)[{row[*curves.column("dataset")], row[*curves.column("curve")],
                    row[*curves.column("class")]}]
          .push_back({row[*curves.column("score_threshold")], row[*curves.column("x")],
                      row[*curves.column("y")]});
    }
    CHECK(pooled == fold);
    for (const auto& row : reference.rows)
      if (row[1] == classifier)
        expected[{row[0], row[2], row[3]}].push_back({row[4], row[5], row[6]});
    REQUIRE(pooled.size() == expected.size());
    CHECK(expected.size() == 2 * (1 + 3));  // pr and roc: class 2 of GunPoint, each of ArrowHead
    for (const auto& entry : expected) {
      const auto& curve = std::get<0>(entry);
      const auto& points = std::get<1>(entry);
      CAPTURE(curve[0]);
      CAPTURE(curve[1]);
      CAPTURE(curve[2]);
      REQUIRE(pooled.count(curve));
      const auto& got = pooled.at(curve);
      REQUIRE(got.size() == points.size());
      for (size_t r = 0; r < points.size(); ++r)
        for (size_t c = 0; c < 3; ++c) {
          if (points[r][c].empty()) {
            CHECK(got[r][c].empty());
            continue;
          }
          // Thresholds are the scores: knn's vote shares exactly, liblinear's decision values
          // to its solver tolerance (tests/reference/scores/); the rates are exact fractions.
          const double tolerance = c == 0 && classifier == "logistic" ? 1e-6 : 1e-12;
          CHECK(std::stod(got[r][c]) ==
                doctest::Approx(std::stod(points[r][c])).epsilon(tolerance));
        }
    }
    for (const char* figure : {"pr", "roc"})
      CHECK_MESSAGE(
          std::filesystem::file_size(output / "figures" / (std::string(figure) + ".png")) > 1000,
          figure);
  }
  // Run again, finished: curves.csv has the digest the manifest recorded, so nothing is computed
  // and it is kept. With a row of it lost, the curves are refitted: the same bytes again.
  const auto knn = folder.path() / "knn";
  const std::string curves = read_text(knn / "curves.csv");
  const std::string curve_spec = " --set 'curves={kinds: [pr, roc], where: {n_features: 40}}'";
  // The last run's lines of run.log (--quiet keeps them off stderr).
  const auto last_run_log = [&] {
    const std::string log = read_text(knn / "run.log");
    return log.substr(log.rfind("[info] tsfs "));
  };
  REQUIRE(metrics_run_spec(knn, curve_spec).exit_code == 0);
  CHECK_MESSAGE(
      contains(last_run_log(), "curves.csv has the digest the finished run recorded: kept"),
      last_run_log());
  CHECK(contains(last_run_log(), "no distance or score vector is computed"));
  CHECK(read_text(knn / "curves.csv") == curves);
  write_text(knn / "curves.csv", curves.substr(0, curves.rfind('\n', curves.size() - 2) + 1));
  REQUIRE(metrics_run_spec(knn, curve_spec).exit_code == 0);
  CHECK_FALSE(contains(last_run_log(), "no distance or score vector is computed"));
  CHECK(read_text(knn / "curves.csv") == curves);
  // Asked for other curves, they are refitted too.
  REQUIRE(
      metrics_run_spec(knn, " --set 'curves={kinds: [roc], where: {n_features: 40}}'").exit_code ==
      0);
  CHECK(read_text(knn / "curves.csv").find(",pr,") == std::string::npos);
  // A where matching no cell is refused when the run is planned, naming the key.
  const auto refused = metrics_run_spec(folder.path() / "none",
                                        " --set 'curves={kinds: [roc], where: {n_features: 41}}'");
  CHECK(refused.exit_code == 2);
  CHECK_MESSAGE(contains(refused.err, "curves.where: no grid cell of this spec matches"),
                refused.err);
}
