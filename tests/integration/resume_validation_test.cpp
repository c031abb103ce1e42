// Everything a rerun reads back (results.csv, folds.csv, manifest.json) is validated as strictly as
// fresh input: damage is refused with the file and line (exit 2), never resumed silently.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kGunPointSpec = "tests/integration/specs/gunpoint_small.yaml";

// Replaces the first occurrence of `from` on line `line` (1-based) of the file.
void edit_line(const std::filesystem::path& path, size_t line, const std::string& from,
               const std::string& to) {
  auto text = read_text(path);
  size_t start = 0;
  for (size_t l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  size_t at = text.find(from, start);
  REQUIRE(at < text.find('\n', start));
  write_text(path, text.replace(at, from.size(), to));
}

// The finished GunPoint run every subcase below damages a copy of: run once, as doctest enters the
// test case again for each subcase.
const std::filesystem::path& finished_gunpoint_run() {
  static const TemporaryFolder folder("resume_damage_finished");
  static const std::filesystem::path output = folder.path() / "run";
  static const int exit_code =
      run_runner(kGunPointSpec + " --quiet --no-timings --set output=" + output.string()).exit_code;
  REQUIRE(exit_code == 0);
  return output;
}

}  // namespace

TEST_CASE("damaged results.csv, folds.csv and manifest.json are refused with file and line") {
  TemporaryFolder folder("resume_damage");
  auto output = folder.path() / "run";
  auto base = kGunPointSpec + " --quiet --no-timings --set output=" + output.string();
  std::filesystem::copy(finished_gunpoint_run(), output, std::filesystem::copy_options::recursive);
  const auto results = read_text(output / "results.csv");
  const auto folds = read_text(output / "folds.csv");
  const auto manifest = read_text(output / "manifest.json");
  auto restore = [&] {
    write_text(output / "results.csv", results);
    write_text(output / "folds.csv", folds);
    write_text(output / "manifest.json", manifest);
  };
  auto refused = [&](const std::string& expected) {
    auto run = run_runner(base);
    CHECK(run.exit_code == 2);
    CHECK_MESSAGE(contains(run.err, expected), run.err);
    restore();
  };

  SUBCASE("a non-numeric accuracy") {
    auto table = tsfs::read_csv_table(output / "results.csv");
    auto accuracy = table.rows[1][*table.column("accuracy")];
    edit_line(output / "results.csv", 3, accuracy, "high");
    refused("results.csv:3: accuracy 'high' is not a number");
  }
  SUBCASE("an accuracy that its folds.csv rows do not give, or spelt -0.0") {
    auto table = tsfs::read_csv_table(output / "results.csv");
    const auto accuracy = table.rows[1][*table.column("accuracy")];
    REQUIRE(accuracy != "0.5");
    edit_line(output / "results.csv", 3, accuracy, "0.5");
    refused("results.csv:3: the row of cell (GunPoint, ");
    edit_line(output / "results.csv", 3, accuracy, "0.5");
    refused("says accuracy = 0.5, but its 6 folds.csv rows give " + accuracy);
    const auto spread = table.rows[1][*table.column("accuracy_std")];
    edit_line(output / "results.csv", 3, "," + spread + ",", ",-0.0,");
    refused("says accuracy_std = -0.0");
  }
  SUBCASE("an accuracy out of range, a fractional fold count, an empty metric") {
    auto table = tsfs::read_csv_table(output / "results.csv");
    edit_line(output / "results.csv", 5, table.rows[3][*table.column("accuracy")], "1.5");
    refused("results.csv:5: accuracy '1.5' is outside [0, 1]");
    edit_line(output / "results.csv", 6, ",6,", ",6.5,");
    refused("results.csv:6: n_folds '6.5' is not an integer");
    edit_line(output / "results.csv", 7, table.rows[5][*table.column("balanced_accuracy")], "");
    refused("results.csv:7: balanced_accuracy '' is empty");
  }
  SUBCASE("a wrong column count") {
    edit_line(output / "results.csv", 4, ",6,", ",6,extra,");
    refused("results.csv:4: expected");
  }
  SUBCASE("the same cell twice") {
    auto lines = results.substr(results.find('\n') + 1);
    write_text(output / "results.csv", results + lines.substr(0, lines.find('\n') + 1));
    refused("results.csv:89: the same cell is already on line 2");
  }
  SUBCASE("a damaged folds.csv row") {
    edit_line(output / "folds.csv", 10, ",stratified_kfold(folds=3;repeats=2;seed=7),",
              ",stratified_kfold(folds=3;repeats=2;seed=7),x");
    refused("folds.csv:10: repeat 'x");
  }
  SUBCASE("folds.csv rows the plan cannot give: another fold, other row counts, more features") {
    // Row counts and feature counts within their ranges, so only the plan can tell them wrong.
    auto edited = [&](const std::string& column, const std::string& value) {
      auto table = tsfs::read_csv_table(output / "folds.csv");
      table.rows[0][*table.column(column)] = value;
      write_text(output / "folds.csv", table.str());
    };
    const auto table = tsfs::read_csv_table(output / "folds.csv");
    const auto n_test = std::stoll(table.rows[0][*table.column("n_test")]);
    edited("fold", "7");
    refused("folds.csv:2: repeat 0 fold 7 is not a fold of the plan's protocol for GunPoint");
    edited("n_test", std::to_string(n_test + 1));
    refused("folds.csv:2: n_train " + table.rows[0][*table.column("n_train")] + " and n_test " +
            std::to_string(n_test + 1) + ", but repeat 0 fold 0 of GunPoint has ");
    edited("n_features_used", "999");
    refused("folds.csv:2: n_features_used 999 is more than the ");
    // Fold 1 spelt as fold 0 in another way: text the duplicate check does not see as equal.
    auto twice = tsfs::read_csv_table(output / "folds.csv");
    REQUIRE(twice.rows[1][*twice.column("fold")] == "1");
    twice.rows[1][*twice.column("fold")] = "00";
    write_text(output / "folds.csv", twice.str());
    refused("folds.csv:3: repeat 0 fold 00 is the fold of line 2 again");
  }
  SUBCASE("a corrupt manifest is diagnosed as corrupt and can be rebuilt from the CSVs") {
    write_text(output / "manifest.json", manifest.substr(0, manifest.size() / 2));
    auto run = run_runner(base);
    CHECK(run.exit_code == 2);
    CHECK(contains(run.err, "manifest.json: corrupt"));
    CHECK(contains(run.err, "--rebuild-manifest"));
    CHECK_FALSE(contains(run.err, "other datasets"));
    auto rebuilt = run_runner(base + " --rebuild-manifest");
    REQUIRE_MESSAGE(rebuilt.exit_code == 0, rebuilt.err);
    CHECK(contains(read_text(output / "manifest.json"), "\"cells_resumed\": 87"));
    CHECK(read_text(output / "results.csv") == results);
    CHECK(run_runner(base).exit_code == 0);  // the rebuilt manifest is valid
  }
  SUBCASE("a missing manifest next to results") {
    std::filesystem::remove(output / "manifest.json");
    refused("manifest.json: missing while results.csv exists");
  }
  SUBCASE("cells whose fold rows are missing are recomputed, not resumed half") {
    auto header_end = folds.find('\n') + 1;
    auto first_row_end = folds.find('\n', header_end) + 1;
    write_text(output / "folds.csv", folds.substr(0, header_end) + folds.substr(first_row_end));
    auto run = run_runner(base);
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    CHECK_MESSAGE(contains(run.err,
                           "folds.csv: 1 of results.csv's rows has another number of fold "
                           "rows than its n_folds; recomputing it"),
                  run.err);
    CHECK(contains(read_text(output / "manifest.json"), "\"cells_resumed\": 86"));
    CHECK(read_text(output / "folds.csv") == folds);
    CHECK(read_text(output / "results.csv") == results);
  }
}

TEST_CASE(
    "NaN-padded series: a cell short of usable features records n_features_used, 'all' means the "
    "usable ones, without a warning") {
  TemporaryFolder folder("nan_padded");
  // 20 series of lengths 6 to 10, NaN-padded to 10: columns 6..9 are NaN for some series, so only
  // 6 raw features are usable.
  std::string train, test;
  for (int series = 0; series < 20; ++series) {
    std::string line = std::to_string(1 + series % 2);
    int length = 6 + series % 5;
    for (int t = 0; t < 10; ++t)
      line += t < length ? "\t" + std::to_string(std::sin(series * 1.3 + t) + series % 2) : "\tNaN";
    (series < 10 ? train : test) += line + "\n";
  }
  write_text(folder.path() / "Var/Var_TRAIN.tsv", train);
  write_text(folder.path() / "Var/Var_TEST.tsv", test);
  auto spec = write_text(folder.path() / "spec.yaml",
                         "datasets: [{name: Var, path: " + (folder.path() / "Var").string() +
                             "}]\nselectors: [{kind: variance}]\nn_features: [4, 8, all]\n"
                             "protocol: {kind: stratified_kfold, folds: 2}\n"
                             "classifier: {kind: knn, k: 1}\noutput: " +
                             (folder.path() / "out").string() + "\n");
  auto run = run_runner(spec.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK(contains(run.err, "1 cells had fewer usable features than their n_features"));
  auto results = tsfs::read_csv_table(folder.path() / "out/results.csv");
  CHECK(cell(results, {{"n_features", "4"}}, "n_features_used") == "4");
  CHECK(cell(results, {{"n_features", "8"}}, "n_features_used") == "6");
  CHECK(cell(results, {{"n_features", "10"}}, "n_features_used") == "6");
  auto folds = tsfs::read_csv_table(folder.path() / "out/folds.csv");
  CHECK(cell(folds, {{"n_features", "8"}, {"fold", "1"}}, "n_features_used") == "6");
}

// A parameter added to a selector since a run (variance's `threshold`) adds a key column; the
// earlier rows lack it and stand for its default, so they resume instead of being recomputed.
TEST_CASE("rows of a run older than a selector's new parameter resume as its default") {
  TemporaryFolder folder("added_parameter");
  const auto output = folder.path() / "out";
  auto spec = write_text(folder.path() / "spec.yaml",
                         "datasets: [{name: Coffee, path: third_party/ucr/Coffee}]\n"
                         "selectors: [{kind: variance}, {kind: anova}]\nn_features: [5, 20]\n"
                         "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n"
                         "classifier: {kind: knn, k: 1}\noutput: " +
                             output.string() + "\n");
  auto run = run_runner(spec.string() + " --quiet --no-timings");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  std::map<std::string, std::string> first;
  for (const char* file : {"results.csv", "folds.csv"}) {
    first[file] = read_text(output / file);
    tsfs::CsvTable table = tsfs::read_csv_table(output / file);
    const auto column = *table.column("threshold");
    CHECK(table.rows.front()[column] == "0");  // variance's row: its default
    drop_column(table, "threshold");
    write_text(output / file, table.str());
  }
  run = run_runner(spec.string() + " --no-timings");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK_MESSAGE(contains(run.err, "4 cells (4 resumed), 0 fold evaluations"), run.err);
  for (const auto& entry : first) {
    const auto& file = std::get<0>(entry);
    const auto& text = std::get<1>(entry);
    CHECK_MESSAGE(read_text(output / file) == text, file);
  }
  CHECK_FALSE(std::filesystem::exists(output / "results.stale.csv"));
}
