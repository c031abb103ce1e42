// Nested CV (`tune:`) on Coffee and GunPoint under two resamples: the tuned rows and tuned.csv,
// pinned; inner scores checked against an ordinary run on the inner folds; the outer result of a
// tuned row checked against its chosen grid cell; thread count and resume leave every file as is.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const char* kSpec = "tests/integration/specs/tuned_subset.yaml";

void run_into(const std::filesystem::path& output, int threads) {
  auto run = run_runner(std::string(kSpec) + " --quiet --no-timings --threads " +
                        std::to_string(threads) + " --set output=" + output.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
}

std::string field(const tsfs::CsvTable& table, const std::vector<std::string>& row,
                  const std::string& column) {
  return row[*table.column(column)];
}

// Lines of a CSV text holding `word` as a field.
std::string lines_with(const std::string& text, const std::string& word) {
  std::string found;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    std::string line = text.substr(start, end - start + 1);
    if (line.find("," + word + ",") != std::string::npos) found += line;
    start = end + 1;
  }
  return found;
}

}  // namespace

TEST_CASE("nested CV: pinned tuned rows, the same with 1 and 2 threads") {
  TemporaryFolder folder("tuning");
  const auto one = folder.path() / "one", two = folder.path() / "two";
  run_into(one, 1);
  run_into(two, 2);
  for (const char* file : {"results.csv", "folds.csv", "tuned.csv", "scores.csv"})
    CHECK_MESSAGE(read_text(one / file) == read_text(two / file), file);
  // The line plot over sigma_ratio leaves the tuned rows out: 2 datasets x 2 k x 2 n_features
  // curves of 3 points each.
  const std::string plot_data = read_text(one / "figures" / "accuracy_vs_sigma.dat");
  CHECK(plot_data.find("tuned") == std::string::npos);
  std::istringstream lines(plot_data);
  size_t points = 0;
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && std::isdigit(static_cast<unsigned char>(line.front()))) ++points;
  CHECK(points == 24);

  // Laplacian: sigma_ratio, k and n_features tuned; ANOVA: n_features. One row per dataset and
  // selector, after the 24 grid cells.
  const std::string protocol = ",svc,1,scale,0.001,true,resamples(count=2;seed=0),";
  CHECK(lines_with(read_text(one / "results.csv"), "tuned") ==
        "Coffee,ned,laplacian,train,tuned,tuned,none,2,descending,false,literal,report2023,tuned" +
            protocol + "0.8571428571428571,0.10101525445522111,0.86410256410256414,2,20,0,\n" +
            "Coffee,,anova,train,,,,,,,,,tuned" + protocol +
            "0.9821428571428571,0.025253813613805257,0.98076923076923084,2,5,,\n" +
            "GunPoint,ned,laplacian,train,tuned,tuned,none,2,descending,false,literal,report2023,"
            "tuned" +
            protocol + "0.81333333333333335,0.028284271247461926,0.81472261735419627,2,20,0,\n" +
            "GunPoint,,anova,train,,,,,,,,,tuned" + protocol +
            "0.75,0.051854497287013426,0.74893314366998576,2,20,,\n");

  const auto tuned = tsfs::read_csv_table(one / "tuned.csv");
  REQUIRE(tuned.rows.size() == 8);
  std::vector<std::string> pinned;
  for (const auto& row : tuned.rows)
    pinned.push_back(
        fmt::format("{} {} r{} {} cand={} sigma={} k={} n={} inner={} acc={}",
                    field(tuned, row, "dataset"), field(tuned, row, "selector"),
                    field(tuned, row, "repeat"), field(tuned, row, "inner_protocol"),
                    field(tuned, row, "candidates"), field(tuned, row, "chosen_sigma_ratio"),
                    field(tuned, row, "chosen_k"), field(tuned, row, "chosen_n_features"),
                    field(tuned, row, "inner_accuracy"), field(tuned, row, "accuracy")));
  const std::string inner = "stratified_kfold(folds=3;repeats=1;seed=0)";
  CHECK(pinned == std::vector<std::string>{
                      "Coffee laplacian r0 " + inner +
                          " cand=12 sigma=0.10000000000000001 k=5 n=20 inner=0.71481481481481479 "
                          "acc=0.9285714285714286",
                      "Coffee laplacian r1 " + inner +
                          " cand=12 sigma=0.10000000000000001 k=5 n=20 inner=0.67407407407407405 "
                          "acc=0.7857142857142857",
                      "Coffee anova r0 " + inner +
                          " cand=2 sigma= k= n=5 inner=1 "
                          "acc=0.9642857142857143",
                      "Coffee anova r1 " + inner + " cand=2 sigma= k= n=20 inner=1 acc=1",
                      "GunPoint laplacian r0 " + inner +
                          " cand=12 sigma=0.10000000000000001 k=5 n=20 inner=0.90196078431372551 "
                          "acc=0.83333333333333337",
                      "GunPoint laplacian r1 " + inner +
                          " cand=12 sigma=0.10000000000000001 k=5 n=20 inner=0.81862745098039214 "
                          "acc=0.79333333333333333",
                      "GunPoint anova r0 " + inner +
                          " cand=2 sigma= k= n=20 inner=0.8615196078431373 "
                          "acc=0.71333333333333337",
                      "GunPoint anova r1 " + inner +
                          " cand=2 sigma= k= n=20 inner=0.74019607843137258 "
                          "acc=0.78666666666666663"});

  // Each fold's outer result is the chosen grid cell's result on that fold (refitted on the
  // outer training rows, tested once on the outer test rows).
  const auto folds = tsfs::read_csv_table(one / "folds.csv");
  for (const auto& row : tuned.rows) {
    const bool laplacian = field(tuned, row, "selector") == "laplacian";
    std::vector<std::pair<std::string, std::string>> match = {
        {"dataset", field(tuned, row, "dataset")},
        {"selector", field(tuned, row, "selector")},
        {"n_features", field(tuned, row, "chosen_n_features")},
        {"repeat", field(tuned, row, "repeat")}};
    if (laplacian) {
      match.push_back({"k", field(tuned, row, "chosen_k")});
      match.push_back({"sigma_ratio", field(tuned, row, "chosen_sigma_ratio")});
    }
    CHECK(cell(folds, match, "accuracy") == field(tuned, row, "accuracy"));
  }
}

// Resample 0's inner folds are stratified 3-fold CV of the official TRAIN rows: an ordinary run
// with those folds gives every candidate's inner score, and the chosen one is the first best.
TEST_CASE("nested CV: inner scores are those of an ordinary run on the inner folds") {
  TemporaryFolder folder("tuning_inner");
  run_into(folder.path() / "nested", 2);
  auto run = run_runner(
      "tests/integration/specs/tuned_subset_inner0.yaml --quiet --no-timings "
      "--set output=" +
      (folder.path() / "inner").string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto ordinary = tsfs::read_csv_table(folder.path() / "inner" / "results.csv");
  const auto tuned = tsfs::read_csv_table(folder.path() / "nested" / "tuned.csv");
  int checked = 0;
  for (const auto& row : tuned.rows) {
    if (field(tuned, row, "repeat") != "0") continue;
    // Candidates in grid order: the first with the highest accuracy.
    const std::vector<std::string>* best = nullptr;
    for (const auto& candidate : ordinary.rows)
      if (field(ordinary, candidate, "dataset") == field(tuned, row, "dataset") &&
          field(ordinary, candidate, "selector") == field(tuned, row, "selector") &&
          (best == nullptr || *tsfs::parse_double(field(ordinary, candidate, "accuracy")) >
                                  *tsfs::parse_double(field(ordinary, *best, "accuracy"))))
        best = &candidate;
    REQUIRE(best != nullptr);
    CHECK(field(ordinary, *best, "accuracy") == field(tuned, row, "inner_accuracy"));
    CHECK(field(ordinary, *best, "n_features") == field(tuned, row, "chosen_n_features"));
    CHECK(field(ordinary, *best, "k") == field(tuned, row, "chosen_k"));
    CHECK(field(ordinary, *best, "sigma_ratio") == field(tuned, row, "chosen_sigma_ratio"));
    ++checked;
  }
  CHECK(checked == 4);
}

TEST_CASE("nested CV resumes: finished tuned rows are kept, missing choices recomputed") {
  TemporaryFolder folder("tuning_resume");
  const auto output = folder.path() / "run";
  run_into(output, 2);
  std::map<std::string, std::string> first;
  for (const char* file : {"results.csv", "folds.csv", "tuned.csv"})
    first[file] = read_text(output / file);

  auto rerun = run_runner(std::string(kSpec) + " --no-timings --set output=" + output.string());
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  CHECK(rerun.err.find("32 cells (32 resumed), 0 fold evaluations") != std::string::npos);
  for (const auto& entry : first) {
    const auto& file = std::get<0>(entry);
    const auto& text = std::get<1>(entry);
    CHECK_MESSAGE(read_text(output / file) == text, file);
  }

  // A run killed after results.csv but before tuned.csv: the tuned rows are recomputed.
  const std::string& tuned = first["tuned.csv"];
  write_text(output / "tuned.csv", tuned.substr(0, tuned.find('\n') + 1));
  rerun = run_runner(std::string(kSpec) + " --no-timings --set output=" + output.string());
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  CHECK(rerun.err.find("32 cells (28 resumed)") != std::string::npos);
  for (const auto& entry : first) {
    const auto& file = std::get<0>(entry);
    const auto& text = std::get<1>(entry);
    CHECK_MESSAGE(read_text(output / file) == text, file);
  }
}

// tune.metric may be one of the spec's metrics: ROC AUC here. The inner scores are the ordinary
// run's ROC AUC means, the first best candidate is chosen, and tuned.csv carries the metrics of
// each outer fold beside accuracy.
// A finished tuned run run again computes no score vector (inner or outer) and no fit; its
// files, tuned.csv and scores.csv (save_scores, the default) included, stay byte for byte.
TEST_CASE("nested CV run again when finished recomputes nothing and keeps every file") {
  TemporaryFolder folder("tuning_finished");
  const auto output = folder.path() / "run";
  const std::string run = std::string(kSpec) + " --no-timings --set output=" + output.string();
  auto first = run_runner(run + " --quiet");
  REQUIRE_MESSAGE(first.exit_code == 0, first.err);
  std::map<std::string, std::string> before;
  for (const char* file : {"results.csv", "folds.csv", "tuned.csv", "skipped.csv", "scores.csv"})
    before[file] = read_text(output / file);
  auto again = run_runner(run);
  REQUIRE_MESSAGE(again.exit_code == 0, again.err);
  CHECK_MESSAGE(contains(again.err,
                         "the tables made of score vectors are whole: no distance or "
                         "score vector is computed"),
                again.err);
  CHECK_FALSE(contains(again.err, "inner classifier fits"));
  for (const auto& entry : before) {
    const auto& file = std::get<0>(entry);
    const auto& text = std::get<1>(entry);
    CHECK_MESSAGE(read_text(output / file) == text, file);
  }
}

// --quiet keeps stderr to the warnings; --progress adds each stage's progress line back (the
// long make targets use both), the nested CV's included.
TEST_CASE("--quiet --progress shows the stages' progress and no info line") {
  TemporaryFolder folder("tuning_progress");
  const std::string run = std::string(kSpec) + " --quiet --no-timings --set output=";
  auto progress = run_runner(run + (folder.path() / "progress").string() + " --progress");
  REQUIRE_MESSAGE(progress.exit_code == 0, progress.err);
  CHECK_MESSAGE(contains(progress.err, "cells: 28/28 ("), progress.err);
  CHECK_MESSAGE(contains(progress.err, "tuned rows: 4/4 ("), progress.err);
  CHECK_FALSE(contains(progress.err, "dataset Coffee:"));
  auto quiet = run_runner(run + (folder.path() / "quiet").string());
  REQUIRE_MESSAGE(quiet.exit_code == 0, quiet.err);
  CHECK_FALSE(contains(quiet.err, "cells:"));
  CHECK_FALSE(contains(quiet.err, "tuned rows:"));
}

TEST_CASE("nested CV chooses by ROC AUC with tune.metric: roc_auc") {
  TemporaryFolder folder("tuning_roc_auc");
  const std::string metrics = " --set metrics=[roc_auc,macro_f1]";
  auto nested = run_runner(std::string(kSpec) + " --quiet --no-timings --set tune.metric=roc_auc" +
                           metrics + " --set output=" + (folder.path() / "nested").string());
  REQUIRE_MESSAGE(nested.exit_code == 0, nested.err);
  auto ordinary =
      run_runner("tests/integration/specs/tuned_subset_inner0.yaml --quiet --no-timings" + metrics +
                 " --set output=" + (folder.path() / "inner").string());
  REQUIRE_MESSAGE(ordinary.exit_code == 0, ordinary.err);
  const auto inner = tsfs::read_csv_table(folder.path() / "inner" / "results.csv");
  const auto tuned = tsfs::read_csv_table(folder.path() / "nested" / "tuned.csv");
  const auto folds = tsfs::read_csv_table(folder.path() / "nested" / "folds.csv");
  REQUIRE(tuned.column("inner_roc_auc"));
  int checked = 0;
  for (const auto& row : tuned.rows) {
    // Every outer fold: the chosen cell's metrics on that fold.
    std::vector<std::pair<std::string, std::string>> match = {
        {"dataset", field(tuned, row, "dataset")},
        {"selector", field(tuned, row, "selector")},
        {"n_features", field(tuned, row, "chosen_n_features")},
        {"repeat", field(tuned, row, "repeat")}};
    if (field(tuned, row, "selector") == "laplacian") {
      match.push_back({"k", field(tuned, row, "chosen_k")});
      match.push_back({"sigma_ratio", field(tuned, row, "chosen_sigma_ratio")});
    }
    for (const char* metric : {"accuracy", "roc_auc", "macro_f1"})
      CHECK(cell(folds, match, metric) == field(tuned, row, metric));
    if (field(tuned, row, "repeat") != "0") continue;
    const std::vector<std::string>* best = nullptr;
    for (const auto& candidate : inner.rows)
      if (field(inner, candidate, "dataset") == field(tuned, row, "dataset") &&
          field(inner, candidate, "selector") == field(tuned, row, "selector") &&
          (best == nullptr || *tsfs::parse_double(field(inner, candidate, "roc_auc")) >
                                  *tsfs::parse_double(field(inner, *best, "roc_auc"))))
        best = &candidate;
    REQUIRE(best != nullptr);
    CHECK(field(inner, *best, "roc_auc") == field(tuned, row, "inner_roc_auc"));
    CHECK(field(inner, *best, "n_features") == field(tuned, row, "chosen_n_features"));
    ++checked;
  }
  CHECK(checked == 4);
}

TEST_CASE("nested CV resume validates tuned.csv as strictly as results.csv") {
  TemporaryFolder folder("tuning_tampered");
  const auto output = folder.path() / "run";
  run_into(output, 2);
  std::string tuned = read_text(output / "tuned.csv");
  const size_t second_line = tuned.find('\n') + 1;
  const size_t last_comma = tuned.rfind(',', tuned.find('\n', second_line));
  write_text(output / "tuned.csv",
             tuned.substr(0, last_comma + 1) + "1.5" + tuned.substr(tuned.find('\n', second_line)));
  auto rerun =
      run_runner(std::string(kSpec) + " --quiet --no-timings --set output=" + output.string());
  CHECK(rerun.exit_code == 2);
  CHECK(rerun.err.find("tuned.csv:2: balanced_accuracy '1.5' is outside [0, 1]") !=
        std::string::npos);
}

TEST_CASE(
    "nested CV resume: a tuned.csv row deleted is recomputed, a duplicated or edited one is "
    "refused") {
  TemporaryFolder folder("tuning_rows");
  const auto output = folder.path() / "run";
  run_into(output, 2);
  const std::string tuned = read_text(output / "tuned.csv");
  const std::string results = read_text(output / "results.csv");
  const std::string command =
      std::string(kSpec) + " --quiet --no-timings --set output=" + output.string();
  const size_t second_line = tuned.find('\n') + 1;
  const size_t third_line = tuned.find('\n', second_line) + 1;
  const std::string second = tuned.substr(second_line, third_line - second_line);

  write_text(output / "tuned.csv", tuned.substr(0, second_line) + tuned.substr(third_line));
  auto deleted = run_runner(command);
  REQUIRE_MESSAGE(deleted.exit_code == 0, deleted.err);
  CHECK(read_text(output / "tuned.csv") == tuned);
  CHECK(read_text(output / "results.csv") == results);

  write_text(output / "tuned.csv", tuned + second);
  auto doubled = run_runner(command);
  CHECK(doubled.exit_code == 2);
  CHECK_MESSAGE(contains(doubled.err, "of this tuned row is already on line 2"), doubled.err);

  // The accuracy of the row's first outer fold, made to disagree with folds.csv.
  const tsfs::CsvTable table = tsfs::read_csv_table(output / "tuned.csv");
  const std::string accuracy = table.rows[0][*table.column("accuracy")];
  std::string edited = second;
  edited.replace(edited.find("," + accuracy + ","), accuracy.size() + 2, ",0.123,");
  write_text(output / "tuned.csv",
             tuned.substr(0, second_line) + edited + tuned.substr(third_line));
  auto contradicted = run_runner(command);
  CHECK(contradicted.exit_code == 2);
  CHECK_MESSAGE(contains(contradicted.err,
                         "tuned.csv:2: accuracy 0.123 disagrees with folds.csv (" + accuracy),
                contradicted.err);
  write_text(output / "tuned.csv", tuned);
}

TEST_CASE("a spec run without tune: into a tuned run's folder sets tuned.csv aside") {
  TemporaryFolder folder("tuning_removed");
  const auto output = folder.path() / "run";
  run_into(output, 2);
  const std::string tuned = read_text(output / "tuned.csv");
  std::string spec = read_text(std::filesystem::path(TSFS_SOURCE_DIR) / kSpec);
  spec = spec.substr(0, spec.find("tune:")) + spec.substr(spec.find("output:"));
  spec = spec.substr(0, spec.find("plots:"));
  auto untuned = run_runner(write_text(folder.path() / "untuned.yaml", spec).string() +
                            " --quiet --no-timings --set output=" + output.string());
  REQUIRE_MESSAGE(untuned.exit_code == 0, untuned.err);
  CHECK_FALSE(std::filesystem::exists(output / "tuned.csv"));
  CHECK(read_text(output / "tuned.stale.csv") == tuned);
  CHECK(contains(untuned.err, "tuned.csv is from an earlier run whose spec had `tune:`"));
}

TEST_CASE(
    "tuning by a metric undefined on every inner fold warns that the first candidate stood in") {
  TemporaryFolder folder("tuning_undefined");
  // 20 BeetleFly TRAIN series, 2 outer folds: 10 training rows each, 10 inner folds of 1 test row,
  // where ROC AUC is undefined.
  const auto spec = write_text(
      folder.path() / "spec.yaml",
      "datasets: [{name: BeetleFly, path: third_party/ucr/BeetleFly, split: train}]\n"
      "selectors: [{kind: anova}]\nn_features: [5, 50]\n"
      "classifier: {kind: logistic, C: [0.1, 1]}\n"
      "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\nmetrics: [roc_auc]\n"
      "tune: {parameters: [n_features, classifier.C], inner: {kind: stratified_kfold, folds: 10, "
      "seed: 0}, metric: roc_auc}\noutput: " +
          (folder.path() / "out").string() + "\n");
  auto run = run_runner(spec.string() + " --quiet --no-timings");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK_MESSAGE(contains(run.err,
                         "2 of 2 tuned choices had no defined inner roc_auc for any "
                         "candidate"),
                run.err);
}

TEST_CASE("nested CV resume refuses a tuned.csv choice that its candidate's own folds contradict") {
  TemporaryFolder folder("tuning_other_choice");
  const auto output = folder.path() / "run";
  run_into(output, 2);
  const std::string original = read_text(output / "tuned.csv");
  tsfs::CsvTable tuned = tsfs::read_csv_table(output / "tuned.csv");
  const tsfs::CsvTable folds = tsfs::read_csv_table(output / "folds.csv");
  // An ANOVA row (only n_features tuned) made to claim the other n_features, whose own evaluation
  // of the fold differs: every value of the row is otherwise what its folds.csv row says.
  size_t edited = tuned.rows.size();
  for (size_t r = 0; r < tuned.rows.size() && edited == tuned.rows.size(); ++r) {
    auto& row = tuned.rows[r];
    if (field(tuned, row, "selector") != "anova") continue;
    const std::string other = field(tuned, row, "chosen_n_features") == "5" ? "20" : "5";
    const std::string accuracy = cell(folds,
                                      {{"dataset", field(tuned, row, "dataset")},
                                       {"selector", "anova"},
                                       {"n_features", other},
                                       {"repeat", field(tuned, row, "repeat")},
                                       {"fold", field(tuned, row, "fold")}},
                                      "accuracy");
    if (accuracy == field(tuned, row, "accuracy")) continue;
    row[*tuned.column("chosen_n_features")] = other;
    edited = r;
  }
  REQUIRE(edited < tuned.rows.size());
  write_text(output / "tuned.csv", tuned.str());
  auto rerun =
      run_runner(std::string(kSpec) + " --quiet --no-timings --set output=" + output.string());
  CHECK(rerun.exit_code == 2);
  CHECK_MESSAGE(contains(rerun.err, fmt::format("tuned.csv:{}: accuracy ", edited + 2)), rerun.err);
  CHECK_MESSAGE(contains(rerun.err, "disagrees with the chosen candidate's own folds.csv row"),
                rerun.err);
  // Nothing was rewritten: the folder is as the edit left it.
  CHECK(read_text(output / "tuned.csv") == tuned.str());
  write_text(output / "tuned.csv", original);
  auto restored =
      run_runner(std::string(kSpec) + " --quiet --no-timings --set output=" + output.string());
  CHECK_MESSAGE(restored.exit_code == 0, restored.err);
}

// tuned.csv counts the candidates sharing the chosen one's inner score; `ties: last` takes the
// other end of the grid among them, and nothing else: untied choices stay, and tied ones move.
TEST_CASE("nested CV counts tied candidates, and ties: last takes the last of them") {
  TemporaryFolder folder("tuning_ties");
  const auto first = folder.path() / "first", last = folder.path() / "last";
  run_into(first, 2);
  auto run = run_runner(std::string(kSpec) + " --quiet --no-timings --set tune.ties=last" +
                        " --set output=" + last.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto by_first = tsfs::read_csv_table(first / "tuned.csv");
  const auto by_last = tsfs::read_csv_table(last / "tuned.csv");
  REQUIRE(by_first.rows.size() == 8);
  REQUIRE(by_last.rows.size() == 8);
  std::vector<std::string> tied;
  for (size_t r = 0; r < by_first.rows.size(); ++r) {
    const auto& a = by_first.rows[r];
    const auto& b = by_last.rows[r];
    CHECK(field(by_first, a, "ties") == "first");
    CHECK(field(by_last, b, "ties") == "last");
    CHECK(field(by_first, a, "tied_candidates") == field(by_last, b, "tied_candidates"));
    CHECK(field(by_first, a, "inner_accuracy") == field(by_last, b, "inner_accuracy"));
    const auto chosen = [](const tsfs::CsvTable& table, const std::vector<std::string>& row) {
      return field(table, row, "chosen_sigma_ratio") + "/" + field(table, row, "chosen_k") + "/" +
             field(table, row, "chosen_n_features");
    };
    const bool untied = field(by_first, a, "tied_candidates") == "1";
    CHECK_MESSAGE((chosen(by_first, a) == chosen(by_last, b)) == untied, r);
    tied.push_back(field(by_first, a, "tied_candidates"));
  }
  // Coffee laplacian r0 r1, anova r0 r1, GunPoint laplacian r0 r1, anova r0 r1.
  CHECK(tied == std::vector<std::string>{"2", "2", "2", "1", "2", "3", "1", "1"});
  CHECK(contains(read_text(last / "spec.resolved.yaml"), "ties: last"));
  CHECK_FALSE(contains(read_text(first / "spec.resolved.yaml"), "ties:"));

  // Resuming the first run's folder with ties: last recomputes the tuned rows only.
  run = run_runner(std::string(kSpec) +
                   " --no-timings --set tune.ties=last --set output=" + first.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK_MESSAGE(contains(run.err, "32 cells (28 resumed)"), run.err);
  CHECK(read_text(first / "tuned.csv") == read_text(last / "tuned.csv"));
}

TEST_CASE("a tuned.csv of other columns (an older version's) is set aside, its rows recomputed") {
  TemporaryFolder folder("tuning_old_header");
  const auto output = folder.path() / "run";
  run_into(output, 2);
  const std::string tuned = read_text(output / "tuned.csv");
  tsfs::CsvTable table = tsfs::read_csv_table(output / "tuned.csv");
  for (const char* name : {"tied_candidates", "ties"}) drop_column(table, name);
  const std::string old = table.str();
  write_text(output / "tuned.csv", old);
  auto rerun = run_runner(std::string(kSpec) + " --no-timings --set output=" + output.string());
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  CHECK_MESSAGE(contains(rerun.err, "moved to"), rerun.err);
  CHECK(read_text(output / "tuned.stale.csv") == old);
  CHECK(read_text(output / "tuned.csv") == tuned);
}

TEST_CASE("tune.ties is first or last") {
  auto run = run_runner(std::string(kSpec) + " --dry-run --set tune.ties=middle");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "tune.ties is first or last, got 'middle'"), run.err);
  CHECK_MESSAGE(contains(run.err, "--set tune.ties"), run.err);
}

// tune.outer: chosen evaluates on each outer fold only the candidate chosen there: the tuned rows,
// their folds and tuned.csv are outer: all's, byte for byte, and results.csv has no candidate row
// (every selector's n_features is tuned here, so no grid row is left).
TEST_CASE("tune.outer: chosen gives outer: all's tuned rows without the candidates' rows") {
  TemporaryFolder folder("tuning_outer_chosen");
  const auto all = folder.path() / "all", chosen = folder.path() / "chosen";
  run_into(all, 2);
  const std::string outer_chosen = " --quiet --no-timings --set tune.outer=chosen --set 'plots=[]'";
  auto run = run_runner(std::string(kSpec) + outer_chosen + " --set output=" + chosen.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  for (const char* file : {"results.csv", "folds.csv"}) {
    const std::string text = read_text(all / file);
    CHECK_MESSAGE(
        read_text(chosen / file) == text.substr(0, text.find('\n') + 1) + lines_with(text, "tuned"),
        file);
  }
  CHECK(read_text(chosen / "tuned.csv") == read_text(all / "tuned.csv"));
  auto fits = [](const std::filesystem::path& output) {
    const std::string manifest = read_text(output / "manifest.json");
    const size_t at = manifest.find("\"distinct_fits\": ");
    REQUIRE(at != std::string::npos);
    return std::stol(manifest.substr(at + 17));
  };
  CHECK(fits(chosen) < fits(all));
  CHECK(contains(read_text(chosen / "spec.resolved.yaml"), "outer: chosen"));

  // The same spec into outer: all's folder: the candidates' rows are kept aside, not lost.
  run = run_runner(std::string(kSpec) + outer_chosen + " --set output=" + all.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK(read_text(all / "results.csv") == read_text(chosen / "results.csv"));
  const std::string stale = read_text(all / "results.stale.csv");
  CHECK(lines_with(stale, "laplacian").size() > 0);
  CHECK(lines_with(stale, "tuned").empty());
  CHECK_MESSAGE(contains(run.err, "kept in"), run.err);
}

TEST_CASE("tune.outer is all or chosen") {
  auto run = run_runner(std::string(kSpec) + " --dry-run --set tune.outer=best");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "tune.outer is all or chosen, got 'best'"), run.err);
  run = run_runner(std::string(kSpec) + " --dry-run --set tune.outer=chosen");
  CHECK(run.exit_code == 0);
  CHECK_MESSAGE(contains(run.out,
                         "0 grid cells and 4 tuned rows (nested CV), 28 candidates "
                         "evaluated on the inner folds only (tune.outer: chosen)"),
                run.out);
}
