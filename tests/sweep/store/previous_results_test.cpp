#include "sweep/store/previous_results.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "common/text.hpp"
#include "support/dataset_fixtures.hpp"
#include "sweep/run/load.hpp"
#include "sweep/small_sweep.hpp"

namespace {

namespace fs = std::filesystem;

std::string csv_lines(const std::vector<std::vector<std::string>>& rows) {
  std::string text;
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) text += (c ? "," : "") + tsfs::csv_field(row[c]);
    text += '\n';
  }
  return text;
}

tsfs::FoldOutcome outcome(int fold) {
  tsfs::FoldOutcome result;
  result.fold = fold;
  result.n_train = 37;
  result.n_test = 19;
  result.accuracy = 0.75;
  result.balanced_accuracy = 0.7;
  result.zero_weight_fraction = 0.5;
  result.fit_seconds = 0.1;
  result.n_features_used = 5;
  return result;
}

// An earlier run's results.csv and folds.csv holding the first two cells of the plan, each with
// its three folds.
struct EarlierRun {
  tsfs::test::TempFolder folder;
  tsfs::Spec spec = tsfs::testing::small_sweep_spec(folder.path());
  std::vector<tsfs::PreparedDataset> datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  tsfs::ResultLayout layout{spec, datasets};
  tsfs::Plan plan = tsfs::make_plan(spec, datasets);
  std::vector<std::vector<std::string>> results = {layout.results_header()};
  std::vector<std::vector<std::string>> folds = {layout.folds_header()};
  std::set<std::string> grid_keys;

  EarlierRun() {
    std::vector<tsfs::FoldOutcome> outcomes = {outcome(0), outcome(1), outcome(2)};
    for (size_t c = 0; c < 2; ++c) {
      results.push_back(layout.results_row(plan.cells[c], outcomes));
      for (const auto& one : outcomes) folds.push_back(layout.folds_row(plan.cells[c], one));
    }
    for (const auto& cell : plan.cells) grid_keys.insert(tsfs::join_key(layout.cell_key(cell)));
  }
  size_t results_column(const std::string& name) const {
    const auto& header = results.front();
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  }
  fs::path results_path() const { return folder.path() / "results.csv"; }
  void write() const {
    tsfs::testing::write_text(results_path(), csv_lines(results));
    tsfs::testing::write_text(folder.path() / "folds.csv", csv_lines(folds));
  }
  tsfs::PreviousResults read() const {
    write();
    return tsfs::read_previous_results(folder.path(), layout, grid_keys);
  }
  doctest::String error() const {
    return tsfs::test::input_error_text([&] { read(); });
  }
};

}  // namespace

TEST_CASE("previous results: nothing to resume without results.csv") {
  EarlierRun run;
  const auto previous = tsfs::read_previous_results(run.folder.path(), run.layout, run.grid_keys);
  CHECK(previous.results.empty());
  CHECK(previous.folds.empty());
  CHECK(previous.stale.rows.empty());
}

TEST_CASE("previous results: finished cells come back verbatim with their folds") {
  EarlierRun run;
  const auto previous = run.read();
  REQUIRE(previous.results.size() == 2);
  const auto key = tsfs::join_key(run.layout.cell_key(run.plan.cells[1]));
  REQUIRE(previous.results.count(key));
  CHECK(previous.results.at(key) == run.results[2]);
  REQUIRE(previous.folds.at(key).size() == 3);
  CHECK(previous.folds.at(key)[2] == run.folds[6]);
  CHECK(previous.stale.rows.empty());
}

TEST_CASE("previous results: rows of cells outside this grid are kept as stale") {
  EarlierRun run;
  run.grid_keys.erase(tsfs::join_key(run.layout.cell_key(run.plan.cells[0])));
  const auto previous = run.read();
  CHECK(previous.results.size() == 1);
  REQUIRE(previous.stale.rows.size() == 1);
  CHECK(previous.stale.header == run.results.front());
  CHECK(previous.stale.rows.front() == run.results[1]);
  CHECK(previous.folds.size() == 1);
}

TEST_CASE("previous results: a cell missing fold rows is recomputed") {
  EarlierRun run;
  run.folds.pop_back();  // the second cell's last fold
  const auto previous = run.read();
  CHECK(previous.results.size() == 1);
  CHECK(previous.results.count(tsfs::join_key(run.layout.cell_key(run.plan.cells[0]))));
  // The row left out is recorded with its counts, for a merge's message.
  const auto second = tsfs::join_key(run.layout.cell_key(run.plan.cells[1]));
  REQUIRE(previous.incomplete.count(second) == 1);
  const size_t n_folds = run.plan.cells[1].score_units.size();
  CHECK(previous.incomplete.at(second) == std::pair<size_t, size_t>{n_folds - 1, n_folds});
}

TEST_CASE("previous results: a results.csv without a metric column is all stale") {
  EarlierRun run;
  const size_t balanced = run.results_column("balanced_accuracy");
  for (auto& row : run.results) row.erase(row.begin() + static_cast<long>(balanced));
  const auto previous = run.read();
  CHECK(previous.results.empty());
  CHECK(previous.stale.rows.size() == 2);
}

TEST_CASE("previous results: damaged fields are refused with the file and line") {
  EarlierRun run;
  const std::string results_file = run.results_path().string();
  SUBCASE("accuracy not a number") {
    run.results[2][run.results_column("accuracy")] = "0.7x";
    CHECK(run.error() == doctest::Contains((results_file + ":3").c_str()));
    CHECK(run.error() == doctest::Contains("accuracy '0.7x' is not a number"));
  }
  SUBCASE("accuracy above 1") {
    run.results[1][run.results_column("accuracy")] = "1.5";
    CHECK(run.error() == doctest::Contains((results_file + ":2").c_str()));
    CHECK(run.error() == doctest::Contains("is outside [0, 1]"));
  }
  SUBCASE("a fractional fold count") {
    run.results[1][run.results_column("n_folds")] = "2.5";
    CHECK(run.error() == doctest::Contains("n_folds '2.5' is not an integer"));
  }
  SUBCASE("an empty balanced accuracy") {
    run.results[2][run.results_column("balanced_accuracy")] = "";
    CHECK(run.error() == doctest::Contains("balanced_accuracy '' is empty"));
  }
  SUBCASE("a negative n_train in folds.csv") {
    const auto& header = run.folds.front();
    run.folds[4][static_cast<size_t>(std::find(header.begin(), header.end(), "n_train") -
                                     header.begin())] = "-3";
    CHECK(run.error() ==
          doctest::Contains(((run.folder.path() / "folds.csv").string() + ":5").c_str()));
    CHECK(run.error() == doctest::Contains("n_train '-3' is below 1"));
  }
  SUBCASE("a column twice") {
    run.results.front().back() = "accuracy";
    CHECK(run.error() == doctest::Contains((results_file + ":1").c_str()));
    CHECK(run.error() == doctest::Contains("column 'accuracy' appears twice"));
  }
  SUBCASE("the same cell twice") {
    run.results.push_back(run.results[1]);
    CHECK(run.error() == doctest::Contains((results_file + ":4").c_str()));
    CHECK(run.error() == doctest::Contains("already on line 2"));
  }
  SUBCASE("the same fold twice") {
    run.folds[2] = run.folds[1];
    CHECK(run.error() == doctest::Contains("repeat 0 fold 0 of this cell is already on line 2"));
  }
  // A quoted field may hold a line break: the rows after it start a line later than index + 2.
  SUBCASE("the same cell twice after a field of two lines") {
    run.results[1][0] = "two\nlines";  // another dataset: a stale row, kept aside
    run.results.push_back(run.results[2]);
    CHECK(run.error() == doctest::Contains((results_file + ":5").c_str()));
    CHECK(run.error() == doctest::Contains("already on line 4"));
  }
  SUBCASE("a bad value after a field of two lines") {
    run.folds[1][0] = "two\nlines";
    const auto& header = run.folds.front();
    run.folds[4][static_cast<size_t>(std::find(header.begin(), header.end(), "n_train") -
                                     header.begin())] = "-3";
    CHECK(run.error() ==
          doctest::Contains(((run.folder.path() / "folds.csv").string() + ":6").c_str()));
  }
}
