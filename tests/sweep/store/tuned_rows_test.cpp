// tuned.csv: the key of a tuned row, its header and rows, and the rows of an earlier run read back
// and checked against folds.csv (a resumed run must not trust an edited or mixed file).
#include "sweep/store/tuned_rows.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"
#include "config/spec.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/run/load.hpp"
#include "sweep/store/previous_results.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {
namespace tuned_rows_test {

// Coffee (raw features), 2 outer folds; a Laplacian whose sigma_ratio (3 values) is tuned, and
// Fisher, which it does not apply to (so Fisher's cell is no tuned row); kNN with k 1.
Spec tuned_spec(const testing::TemporaryFolder& folder, const std::string& ties) {
  return load_spec(
      folder.write("spec.yaml",
                   "name: tuned_rows\n"
                   "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR "/third_party/ucr/Coffee}]\n"
                   "features: {extractor: raw}\n"
                   "distances: [{kind: euclidean}]\n"
                   "selectors:\n"
                   "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1, 2]}\n"
                   "  - {kind: fisher}\n"
                   "classifier: {kind: knn, k: 1}\n"
                   "n_features: [5]\n"
                   "tune: {parameters: [laplacian.sigma_ratio], inner: {folds: 2, seed: 2}, "
                   "ties: " +
                       ties +
                       "}\n"
                       "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n"
                       "output: " +
                       (folder.path() / "out").string() + "\n"));
}

// Built in place: the layout refers to the spec and the datasets.
struct Tuned {
  explicit Tuned(const testing::TemporaryFolder& folder, const std::string& ties = "first")
      : spec(tuned_spec(folder, ties)),
        datasets(prepare_datasets(spec, folder.path() / "cache", 1)),
        plan(make_plan(spec, datasets)),
        layout(spec, datasets),
        cells(tuned_cells(spec, plan)) {}
  Spec spec;
  std::vector<PreparedDataset> datasets;
  Plan plan;
  ResultLayout layout;
  std::vector<TunedCell> cells;
};

FoldOutcome outcome(int fold, double accuracy) {
  FoldOutcome result;
  result.fold = fold;
  result.n_train = 28;
  result.n_test = 28;
  result.accuracy = accuracy;
  result.balanced_accuracy = accuracy - 0.01;
  result.n_features_used = 5;
  result.zero_weight_fraction = 0.5;
  return result;
}

std::string csv_text(const std::vector<std::vector<std::string>>& rows) {
  std::string text;
  for (const auto& row : rows) {
    std::vector<std::string> fields;
    for (const auto& field : row) fields.push_back(csv_field(field));
    text += fmt::format("{}\n", fmt::join(fields, ","));
  }
  return text;
}

size_t column(const std::vector<std::string>& header, const std::string& name) {
  auto found = std::find(header.begin(), header.end(), name);
  REQUIRE(found != header.end());
  return static_cast<size_t>(found - header.begin());
}

TEST_CASE("tuned_key: the first candidate's key, 'tuned' where the parameter applies") {
  testing::TemporaryFolder folder;
  const Tuned t(folder);
  REQUIRE(t.cells.size() == 1);                // Fisher has nothing to choose: not a tuned row
  REQUIRE(t.cells[0].candidates.size() == 3);  // the Laplacian's three sigma ratios
  const auto& header = t.layout.key_header();
  const size_t sigma = column(header, tuned_column(t.spec.tune->parameters[0]));
  const auto laplacian = tuned_key(t.spec, t.layout, t.plan, t.cells[0]);
  auto first = t.layout.cell_key(t.plan.cells[static_cast<size_t>(t.cells[0].candidates[0])]);
  CHECK(laplacian[sigma] == "tuned");
  first[sigma] = "tuned";
  CHECK(laplacian == first);
}

TEST_CASE("tuned_header and tuned_row: the key, the fold, the choice and the outer result") {
  testing::TemporaryFolder folder;
  const Tuned t(folder, "last");
  const auto header = tuned_header(t.spec, t.layout);
  const size_t k = t.layout.key_header().size();
  const std::vector<std::string> tail(header.begin() + static_cast<long>(k), header.end());
  const std::string chosen = "chosen_" + tuned_column(t.spec.tune->parameters[0]);
  CHECK(tail == std::vector<std::string>{"repeat", "fold", "candidates", "inner_protocol", "ties",
                                         chosen, "inner_" + tune_metric_name(*t.spec.tune),
                                         "tied_candidates", "accuracy", "balanced_accuracy"});

  const auto key = tuned_key(t.spec, t.layout, t.plan, t.cells[0]);
  const auto row =
      tuned_row({t.spec, t.layout, t.plan}, t.cells[0], key, {2, 0.75, 2, ""}, outcome(1, 0.5));
  REQUIRE(row.size() == header.size());
  const Cell& third = t.plan.cells[static_cast<size_t>(t.cells[0].candidates[2])];
  const size_t sigma = column(t.layout.key_header(), tuned_column(t.spec.tune->parameters[0]));
  CHECK(row[column(header, chosen)] == t.layout.cell_key(third)[sigma]);
  CHECK(row[column(header, "repeat")] == "0");
  CHECK(row[column(header, "fold")] == "1");
  CHECK(row[column(header, "candidates")] == "3");
  CHECK(row[column(header, "ties")] == "last");
  CHECK(row[column(header, "tied_candidates")] == "2");
  CHECK(row[column(header, "accuracy")] == format_double(0.5));
  // No inner score (no candidate could be scored): the score and the tie count are empty.
  const auto none = tuned_row({t.spec, t.layout, t.plan}, t.cells[0], key,
                              {0, std::numeric_limits<double>::quiet_NaN(), 0, ""}, outcome(0, 1));
  CHECK(none[column(header, "tied_candidates")].empty());
  CHECK(none[column(header, "inner_" + tune_metric_name(*t.spec.tune))].empty());
}

// The Laplacian's tuned rows of both outer folds (choosing candidates 1 and 0), and their
// folds.csv rows, as a finished run would have written them.
struct Written {
  std::vector<std::vector<std::string>> tuned_rows;
  std::vector<std::vector<std::string>> fold_rows;
};

Written written(const Tuned& t) {
  Written result;
  const auto key = tuned_key(t.spec, t.layout, t.plan, t.cells[0]);
  Cell tuned_cell = t.plan.cells[static_cast<size_t>(t.cells[0].candidates[0])];
  for (int fold = 0; fold < 2; ++fold) {
    const FoldOutcome fold_outcome = outcome(fold, 0.5 + 0.25 * fold);
    result.tuned_rows.push_back(tuned_row({t.spec, t.layout, t.plan}, t.cells[0], key,
                                          {1 - fold, 0.8, 1, ""}, fold_outcome));
    auto fold_row = t.layout.folds_row(tuned_cell, fold_outcome);
    std::copy(key.begin(), key.end(), fold_row.begin());
    result.fold_rows.push_back(fold_row);
  }
  return result;
}

// Every candidate's own folds.csv rows, with the same outer results as the tuned folds (under
// tune.outer: every_candidate, the default, they must be there).
PreviousFoldRows candidate_fold_rows(const Tuned& t) {
  PreviousFoldRows all;
  for (int candidate : t.cells[0].candidates) {
    const Cell& cell = t.plan.cells[static_cast<size_t>(candidate)];
    for (int fold = 0; fold < 2; ++fold)
      all[join_key(t.layout.cell_key(cell))].push_back(
          t.layout.folds_row(cell, outcome(fold, 0.5 + 0.25 * fold)));
  }
  return all;
}

std::vector<TunedLine> lines_of(const std::vector<std::vector<std::string>>& rows) {
  std::vector<TunedLine> lines;
  for (size_t r = 0; r < rows.size(); ++r) lines.push_back({rows[r], r + 2});
  return lines;
}

TEST_CASE("read_previous_tuned: rows by key, without another inner protocol's") {
  testing::TemporaryFolder folder;
  const Tuned t(folder);
  const auto output = folder.path() / "out";
  CHECK(read_previous_tuned(output, t.spec, t.layout).empty());  // no tuned.csv yet
  const auto header = tuned_header(t.spec, t.layout);
  Written w = written(t);
  // A row of another n_features, chosen under another inner protocol: recomputed, not read back.
  auto other_protocol = w.tuned_rows[0];
  other_protocol[column(header, "n_features")] = "10";
  other_protocol[column(header, "inner_protocol")] += "x";
  folder.write("out/tuned.csv",
               csv_text({header, w.tuned_rows[0], other_protocol, w.tuned_rows[1]}));
  const auto previous = read_previous_tuned(output, t.spec, t.layout);
  REQUIRE(previous.size() == 1);
  CHECK(previous.begin()->first == tuned_key(t.spec, t.layout, t.plan, t.cells[0]));
  const auto& lines = previous.begin()->second;
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].line == 2);
  CHECK(lines[1].line == 4);
  CHECK(lines[1].fields == w.tuned_rows[1]);
}

TEST_CASE("read_previous_tuned: another header is moved aside, never lost") {
  testing::TemporaryFolder folder;
  const Tuned t(folder);
  const auto output = folder.path() / "out";
  folder.write("out/tuned.csv", "dataset,repeat,fold\nCoffee,0,0\n");
  CHECK(read_previous_tuned(output, t.spec, t.layout).empty());
  CHECK_FALSE(std::filesystem::exists(output / "tuned.csv"));
  const auto stale = output / "tuned.stale.csv";
  REQUIRE(std::filesystem::exists(stale));
  CHECK(std::filesystem::file_size(stale) ==
        std::string("dataset,repeat,fold\nCoffee,0,0\n").size());
}

TEST_CASE("read_previous_tuned refuses a repeated fold and an unknown tie rule, naming the line") {
  testing::TemporaryFolder folder;
  const Tuned t(folder);
  const auto output = folder.path() / "out";
  const auto header = tuned_header(t.spec, t.layout);
  Written w = written(t);
  SUBCASE("the same fold twice") {
    folder.write("out/tuned.csv", csv_text({header, w.tuned_rows[0], w.tuned_rows[0]}));
    CHECK_THROWS_WITH_AS(read_previous_tuned(output, t.spec, t.layout),
                         doctest::Contains("tuned.csv:3"), InputError);
  }
  // A quoted field of two lines (another dataset's row, read and kept): the rows after it start
  // a line later than their index + 2, and the error names the file's line.
  SUBCASE("the same fold twice after a field of two lines") {
    auto two_lines = w.tuned_rows[1];
    two_lines[column(header, "dataset")] = "two\nlines";
    folder.write("out/tuned.csv", csv_text({header, two_lines, w.tuned_rows[0], w.tuned_rows[0]}));
    CHECK_THROWS_WITH_AS(read_previous_tuned(output, t.spec, t.layout),
                         doctest::Contains("tuned.csv:5: repeat"), InputError);
  }
  SUBCASE("ties neither first nor last") {
    w.tuned_rows[1][column(header, "ties")] = "random";
    folder.write("out/tuned.csv", csv_text({header, w.tuned_rows[0], w.tuned_rows[1]}));
    CHECK_THROWS_WITH_AS(read_previous_tuned(output, t.spec, t.layout),
                         doctest::Contains("ties 'random'"), InputError);
  }
}

TEST_CASE("previous_tuned_rows_agree: resumed when consistent, recomputed when stale") {
  testing::TemporaryFolder folder;
  const Tuned t(folder);
  const auto header = tuned_header(t.spec, t.layout);
  Written w = written(t);
  const std::filesystem::path path = "out/tuned.csv";
  const PreviousFoldRows all = candidate_fold_rows(t);
  auto agree = [&](const std::vector<std::vector<std::string>>& tuned_rows,
                   const std::vector<std::vector<std::string>>& fold_rows,
                   const PreviousFoldRows& candidates) {
    return previous_tuned_rows_agree({t.spec, t.layout, t.plan}, t.cells[0], lines_of(tuned_rows),
                                     fold_rows, candidates, path);
  };
  CHECK(agree(w.tuned_rows, w.fold_rows, all));
  // A fold missing, a candidate without rows, another candidate count: recomputed, no error.
  CHECK_FALSE(agree({w.tuned_rows[0]}, w.fold_rows, all));
  auto without_candidate = all;
  without_candidate.erase(
      join_key(t.layout.cell_key(t.plan.cells[static_cast<size_t>(t.cells[0].candidates[2])])));
  CHECK_FALSE(agree(w.tuned_rows, w.fold_rows, without_candidate));
  auto fewer = w.tuned_rows;
  fewer[0][column(header, "candidates")] = "4";
  CHECK_FALSE(agree(fewer, w.fold_rows, all));
}

TEST_CASE("previous_tuned_rows_agree refuses an edited or mixed tuned.csv") {
  testing::TemporaryFolder folder;
  const Tuned t(folder);
  const auto header = tuned_header(t.spec, t.layout);
  Written w = written(t);
  const PreviousFoldRows all = candidate_fold_rows(t);
  auto check_refused = [&](const std::vector<std::vector<std::string>>& tuned_rows,
                           const PreviousFoldRows& candidates, const std::string& message) {
    CHECK_THROWS_WITH_AS(
        previous_tuned_rows_agree({t.spec, t.layout, t.plan}, t.cells[0], lines_of(tuned_rows),
                                  w.fold_rows, candidates, "out/tuned.csv"),
        doctest::Contains(message.c_str()), InputError);
  };
  SUBCASE("an outer accuracy that folds.csv contradicts") {
    auto edited = w.tuned_rows;
    edited[1][column(header, "accuracy")] = format_double(0.9);
    check_refused(edited, all, "out/tuned.csv:3");
  }
  SUBCASE("more tied candidates than candidates") {
    auto edited = w.tuned_rows;
    edited[0][column(header, "tied_candidates")] = "7";
    check_refused(edited, all, "tied_candidates '7'");
  }
  SUBCASE("the chosen candidate's own folds.csv row disagrees") {
    // Fold 0 chose candidate 1: its own evaluation of fold 0 says otherwise.
    auto mixed = all;
    const Cell& chosen = t.plan.cells[static_cast<size_t>(t.cells[0].candidates[1])];
    mixed[join_key(t.layout.cell_key(chosen))][0] = t.layout.folds_row(chosen, outcome(0, 0.25));
    check_refused(w.tuned_rows, mixed, "the chosen candidate's own folds.csv row");
  }
}

}  // namespace tuned_rows_test
}  // namespace tsfs
