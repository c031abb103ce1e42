// `reduce:` end to end: PCA to 90% of the variance between selection and logistic regression,
// pinned (the count of components each fold kept, accuracies); every reducer runs; resume keeps
// and validates the new column; bad reducer specs and data exit 2 naming the spec line; the
// components swept and tuned by nested CV (principal component regression, M chosen by CV).
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "data/dataset.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kReduceSpec = "tests/integration/specs/ucr_reduce.yaml";

RunResult reduce_run_spec(const std::filesystem::path& output, const std::string& extra = "") {
  return run_runner(kReduceSpec + " --quiet --no-timings --set output=" + output.string() + extra);
}

}  // namespace

TEST_CASE("reduce: pca to 90% energy, pinned components and accuracies, resumed and validated") {
  TemporaryFolder folder("reduce_pca");
  const auto output = folder.path() / "run";
  const auto run = reduce_run_spec(output);
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto results = tsfs::read_csv_table(output / "results.csv");
  REQUIRE(results.rows.size() == 3);
  const std::vector<std::vector<std::string>> expected = {
      {"5", "1.8", "0.79500000000000004"},
      {"20", "3.2000000000000002", "0.81000000000000005"},
      {"96", "11.6", "0.82499999999999996"}};
  for (size_t r = 0; r < 3; ++r) {
    const auto& row = results.rows[r];
    CHECK(row[*results.column("n_features")] == expected[r][0]);
    CHECK(row[*results.column("n_components")] == expected[r][1]);
    CHECK(row[*results.column("accuracy")] == expected[r][2]);
    CHECK(row[*results.column("reducer")] == "pca");
    CHECK(row[*results.column("reducer_energy")] == "0.90000000000000002");
  }
  // Per fold an integer, never more than the features kept.
  const auto folds = tsfs::read_csv_table(output / "folds.csv");
  for (const auto& row : folds.rows)
    CHECK(std::stol(row[*folds.column("n_components")]) <=
          std::stol(row[*folds.column("n_features_used")]));

  const std::string first = read_text(output / "results.csv");
  auto rerun = run_runner(kReduceSpec + " --no-timings --set output=" + output.string());
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  CHECK(rerun.err.find("3 cells (3 resumed)") != std::string::npos);
  CHECK(read_text(output / "results.csv") == first);

  std::string text = first;
  text.replace(text.find(",1.8,"), 5, ",abc,");
  write_text(output / "results.csv", text);
  rerun = reduce_run_spec(output);
  CHECK(rerun.exit_code == 2);
  CHECK(rerun.err.find("results.csv:2: n_components 'abc' is not a number") != std::string::npos);
}

TEST_CASE(
    "reduce: every reducer runs, lda keeps classes - 1 components, nmf needs non-negative data") {
  TemporaryFolder folder("reduce_all");
  for (const std::string reducer :
       {"{kind: svd, components: 3}", "{kind: lda}", "{kind: pls, components: 2}",
        "{kind: pca, components: 4, standardize: false}"}) {
    CAPTURE(reducer);
    const auto output = folder.path() / std::to_string(reducer.size());
    const auto run = reduce_run_spec(output, " --set 'reduce=" + reducer + "'");
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    const auto folds = tsfs::read_csv_table(output / "folds.csv");
    for (const auto& row : folds.rows) {
      const long components = std::stol(row[*folds.column("n_components")]);
      const long features = std::stol(row[*folds.column("n_features_used")]);
      if (reducer.find("lda") != std::string::npos) CHECK(components == 1);  // 2 classes
      if (reducer.find("svd") != std::string::npos) CHECK(components == std::min(3L, features));
      if (reducer.find("pca") != std::string::npos) CHECK(components == std::min(4L, features));
    }
    // pca and svd approximate their input: ||X - X^||_F per fold; lda and pls do not.
    const bool reconstructs =
        reducer.find("pca") != std::string::npos || reducer.find("svd") != std::string::npos;
    CHECK(folds.column("reconstruction_error").has_value() == reconstructs);
    if (reconstructs)
      for (const auto& row : folds.rows)
        CHECK(std::stod(row[*folds.column("reconstruction_error")]) >= 0.0);
  }
  // ECG200's values are partly negative: NMF refuses them when the run is planned, naming where
  // the reducer was given (here --set), and writes nothing.
  const auto refused = reduce_run_spec(folder.path() / "nmf", " --set 'reduce={kind: nmf}'");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("--set reduce: nmf needs non-negative features") != std::string::npos);
  CHECK(refused.err.find("96 of the 96 columns hold negative values (t0, t1, t2, ...)") !=
        std::string::npos);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "nmf"));

  // Their absolute values, as precomputed features: NMF with 2 factors per fold.
  const tsfs::Dataset ecg = tsfs::load_ucr_dataset(
      {"ECG200", std::filesystem::path(TSFS_SOURCE_DIR) / "third_party" / "ucr" / "ECG200",
       tsfs::Split::merged, std::nullopt});
  std::string csv = "t0";
  for (Eigen::Index c = 1; c < ecg.values.cols(); ++c) csv += ",t" + std::to_string(c);
  csv += "\n";
  for (Eigen::Index r = 0; r < ecg.values.rows(); ++r) {
    for (Eigen::Index c = 0; c < ecg.values.cols(); ++c)
      csv += (c ? "," : "") + tsfs::format_double(std::abs(ecg.values(r, c)));
    csv += "\n";
  }
  write_text(folder.path() / "absolute.csv", csv);
  for (const std::string solver : {"cd", "mu"}) {
    CAPTURE(solver);
    const auto output = folder.path() / ("nmf_" + solver);
    const auto nmf =
        reduce_run_spec(output, " --set 'reduce={kind: nmf, components: 2, solver: " + solver +
                                    "}' --set 'features={extractor: csv, path: " +
                                    (folder.path() / "absolute.csv").string() + "}'");
    REQUIRE_MESSAGE(nmf.exit_code == 0, nmf.err);
    const auto folds = tsfs::read_csv_table(output / "folds.csv");
    for (const auto& row : folds.rows)
      CHECK(std::stol(row[*folds.column("n_components")]) ==
            std::min(2L, std::stol(row[*folds.column("n_features_used")])));
    const auto results = tsfs::read_csv_table(output / "results.csv");
    CHECK(results.rows.front()[*results.column("reducer_solver")] == solver);
    CHECK(std::stod(results.rows.front()[*results.column("reconstruction_error")]) > 0.0);
  }
}

TEST_CASE("reduce: spec errors name file, line and column") {
  TemporaryFolder folder("reduce_errors");
  const auto output = folder.path() / "run";
  auto run = reduce_run_spec(output, " --set 'reduce={kind: pcaa}'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("unknown reducer 'pcaa' (did you mean 'pca'?)") != std::string::npos);
  run = reduce_run_spec(output, " --set 'reduce={kind: pca, energy: 1.5}'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("energy") != std::string::npos);
  run = reduce_run_spec(output, " --set 'reduce={kind: pca, components: [2, 0]}'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("components") != std::string::npos);
  run = reduce_run_spec(output, " --set 'reduce={components: 3}'");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("'reduce' needs 'kind'") != std::string::npos);
  run = reduce_run_spec(output, " --set reduce.components=2");  // beside the spec's energy: 0.9
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(run.err.find("ucr_reduce.yaml:11:29: reduce 'pca': 'energy' has no effect when "
                             "'components' is given") != std::string::npos,
                run.err);
}

TEST_CASE("reduce: more components than a fit allows are kept fewer, with a warning") {
  TemporaryFolder folder("reduce_clamped");
  const auto pls =
      reduce_run_spec(folder.path() / "pls", " --set 'reduce={kind: pls, components: 10}'");
  REQUIRE_MESSAGE(pls.exit_code == 0, pls.err);
  CHECK_MESSAGE(contains(pls.err,
                         "pls asked for 10 components; 5 fits of dataset ECG200 allow "
                         "fewer (features) and keep as few as 5 (n_features 5, 160 "
                         "training rows)"),
                pls.err);
  const auto results = tsfs::read_csv_table(folder.path() / "pls" / "results.csv");
  CHECK(cell(results, {{"n_features", "5"}}, "n_components") == "5");
  CHECK(cell(results, {{"n_features", "20"}}, "n_components") == "10");

  const auto lda =
      reduce_run_spec(folder.path() / "lda", " --set 'reduce={kind: lda, components: 3}'");
  REQUIRE_MESSAGE(lda.exit_code == 0, lda.err);
  CHECK_MESSAGE(contains(lda.err,
                         "lda asked for 3 components; 15 fits of dataset ECG200 allow "
                         "fewer (min(training classes - 1, features)) and keep as few "
                         "as 1"),
                lda.err);
  // Nothing to say when every fit keeps what was asked.
  const auto pca =
      reduce_run_spec(folder.path() / "pca", " --set 'reduce={kind: pca, components: 5}'");
  REQUIRE_MESSAGE(pca.exit_code == 0, pca.err);
  CHECK_FALSE(contains(pca.err, "asked for"));
}

// Principal component regression with M chosen by cross-validation: pca's components swept over
// 1, 2, 4, 8 ahead of logistic regression on the top 20 ANOVA columns, and tuned by nested CV
// (3 inner folds of each outer fold's training rows). Every swept cell is the cell a spec with
// that one value gives; each tuned fold is the chosen cell's fold.
TEST_CASE("reduce: pca components swept and tuned by nested CV") {
  TemporaryFolder folder("reduce_tuned");
  const std::string sweep =
      " --set 'reduce={kind: pca, components: [1, 2, 4, 8]}' --set 'n_features=[20]'";
  const auto output = folder.path() / "tuned";
  const auto run =
      reduce_run_spec(output, sweep + " --set 'tune={parameters: [reduce.components]}'");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto results = tsfs::read_csv_table(output / "results.csv");
  std::map<std::string, std::string> accuracy;
  for (const auto& row : results.rows)
    accuracy[row[*results.column("reducer_components")]] = row[*results.column("accuracy")];
  CHECK(accuracy == std::map<std::string, std::string>{{"1", "0.78500000000000003"},
                                                       {"2", "0.81000000000000005"},
                                                       {"4", "0.80500000000000005"},
                                                       {"8", "0.80000000000000004"},
                                                       {"tuned", "0.79000000000000004"}});
  const auto single =
      reduce_run_spec(folder.path() / "single",
                      " --set 'reduce={kind: pca, components: 4}' --set 'n_features=[20]'");
  REQUIRE_MESSAGE(single.exit_code == 0, single.err);
  CHECK(tsfs::read_csv_table(folder.path() / "single" / "results.csv")
            .rows.front()[*results.column("accuracy")] == accuracy.at("4"));

  const auto tuned = tsfs::read_csv_table(output / "tuned.csv");
  REQUIRE(tuned.rows.size() == 5);
  const auto folds = tsfs::read_csv_table(output / "folds.csv");
  std::string chosen;
  for (const auto& row : tuned.rows) {
    const std::string components = row[*tuned.column("chosen_reducer_components")];
    chosen += components + " ";
    CHECK(cell(folds, {{"reducer_components", components}, {"fold", row[*tuned.column("fold")]}},
               "accuracy") == row[*tuned.column("accuracy")]);
  }
  CHECK(chosen == "4 2 4 2 8 ");

  // A changed tuned grid makes the tuned rows stale: [1, 2, 4] -> [1, 2, 8] recomputes them (the
  // earlier choice never saw 8), equal to a fresh run's.
  const std::string tune =
      " --set 'tune={parameters: [reduce.components]}' --set 'n_features=[20]'";
  REQUIRE(reduce_run_spec(folder.path() / "changed",
                          " --set 'reduce={kind: pca, components: [1, 2, 4]}'" + tune)
              .exit_code == 0);
  const auto changed = reduce_run_spec(folder.path() / "changed",
                                       " --set 'reduce={kind: pca, components: [1, 2, 8]}'" + tune);
  REQUIRE_MESSAGE(changed.exit_code == 0, changed.err);
  REQUIRE(reduce_run_spec(folder.path() / "fresh",
                          " --set 'reduce={kind: pca, components: [1, 2, 8]}'" + tune)
              .exit_code == 0);
  CHECK(read_text(folder.path() / "changed" / "tuned.csv") ==
        read_text(folder.path() / "fresh" / "tuned.csv"));
  // The replaced tuned row is kept, with the rows of the grid point that left (components 4).
  const auto stale = tsfs::read_csv_table(folder.path() / "changed" / "results.stale.csv");
  std::vector<std::string> stale_components;
  for (const auto& row : stale.rows)
    stale_components.push_back(row[*stale.column("reducer_components")]);
  CHECK(stale_components == std::vector<std::string>{"4", "tuned"});

  // curves.where may name the reducer's columns.
  const auto curves =
      reduce_run_spec(folder.path() / "curves",
                      sweep + " --set 'curves={kinds: [roc], where: {reducer_components: 2}}'");
  REQUIRE_MESSAGE(curves.exit_code == 0, curves.err);
  CHECK(std::filesystem::exists(folder.path() / "curves" / "curves.csv"));
}

// Removing `reduce:` from a spec: the earlier rows had a reducer, so none is a cell of the new
// grid; they are kept in results.stale.csv and every cell is recomputed, as a fresh run does.
TEST_CASE("reduce: rows written with a reducer are stale once reduce: is removed") {
  TemporaryFolder folder("reduce_removed");
  const auto output = folder.path() / "run";
  const auto with_reducer = reduce_run_spec(
      output, " --set 'reduce={kind: pca, components: [1, 2]}' --set 'n_features=[5]'");
  REQUIRE_MESSAGE(with_reducer.exit_code == 0, with_reducer.err);
  std::string text = read_text(std::string(TSFS_SOURCE_DIR) + "/" + kReduceSpec);
  text.erase(text.find("reduce: {kind: pca, energy: 0.9}\n"),
             std::string("reduce: {kind: pca, energy: 0.9}\n").size());
  const auto plain_spec = folder.path() / "plain.yaml";
  write_text(plain_spec, text);
  const std::string plain = plain_spec.string() + " --quiet --no-timings --set 'n_features=[5]'" +
                            " --set 'datasets=[{name: ECG200, path: " TSFS_SOURCE_DIR
                            "/third_party/ucr/ECG200}]'";
  const auto rerun = run_runner(plain + " --set output=" + output.string());
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  const auto fresh = run_runner(plain + " --set output=" + (folder.path() / "fresh").string());
  REQUIRE_MESSAGE(fresh.exit_code == 0, fresh.err);
  CHECK(read_text(output / "results.csv") == read_text(folder.path() / "fresh" / "results.csv"));
  CHECK(tsfs::read_csv_table(output / "results.stale.csv").rows.size() == 2);
}
