// The run's results.csv, folds.csv and cell_status.csv as the sweep fills them: rows in grid
// order, checkpoints, rows resumed verbatim after checking them against folds.csv, and files of an
// earlier run kept aside rather than overwritten.
#include "sweep/store/output_writer.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "config/spec.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/run/load.hpp"

namespace tsfs {
namespace output_writer_test {

// Coffee (raw features), 2 folds, Fisher and ANOVA with n_features 5 and 10: four grid cells.
struct Grid {
  explicit Grid(const testing::TemporaryFolder& folder)
      : spec(load_spec(folder.write("spec.yaml",
                                    "name: output_writer\n"
                                    "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                                    "/third_party/ucr/Coffee}]\n"
                                    "features: {extractor: raw}\n"
                                    "distances: [{kind: euclidean}]\n"
                                    "selectors: [{kind: fisher}, {kind: anova}]\n"
                                    "classifier: {kind: knn, k: 1}\n"
                                    "n_features: [5, 10]\n"
                                    "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n"
                                    "output: " +
                                        (folder.path() / "out").string() + "\n"))),
        datasets(prepare_datasets(spec, folder.path() / "cache", 1)),
        plan(make_plan(spec, datasets)),
        layout(spec, datasets),
        rows(result_rows(spec, layout, plan, {}, std::vector<bool>(plan.cells.size(), true))),
        output(folder.path() / "out") {
    std::filesystem::create_directories(output);
  }
  Spec spec;
  std::vector<PreparedDataset> datasets;
  Plan plan;
  ResultLayout layout;
  std::vector<ResultRow> rows;
  std::filesystem::path output;

  PreviousResults previous() const {
    std::set<std::string> keys;
    for (const auto& cell : plan.cells) keys.insert(join_key(layout.cell_key(cell)));
    return read_previous_results(output, layout, keys);
  }
};

std::vector<FoldOutcome> folds(double accuracy, long long n_features) {
  std::vector<FoldOutcome> result(2);
  for (int f = 0; f < 2; ++f) {
    result[static_cast<size_t>(f)].fold = f;
    result[static_cast<size_t>(f)].n_train = 28;
    result[static_cast<size_t>(f)].n_test = 28;
    result[static_cast<size_t>(f)].accuracy = accuracy + 0.125 * f;
    result[static_cast<size_t>(f)].balanced_accuracy = accuracy + 0.125 * f;
    result[static_cast<size_t>(f)].n_features_used = n_features;
    result[static_cast<size_t>(f)].zero_weight_fraction = std::nan("");
    result[static_cast<size_t>(f)].fit_seconds = 0.25;
  }
  return result;
}

// results.csv and folds.csv of an earlier run that finished `row` only.
void write_earlier_run(const Grid& grid, size_t row, std::vector<FoldOutcome> outcomes) {
  OutputWriter first(grid.output, grid.layout, grid.plan, grid.rows, {}, false);
  first.record(row, std::move(outcomes));
  first.checkpoint();
}

std::string text_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

size_t line_count(const std::filesystem::path& path) {
  const std::string text = text_of(path);
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST_CASE("result_rows: every grid cell in order, each reported as told") {
  testing::TemporaryFolder folder;
  const Grid grid(folder);
  REQUIRE(grid.rows.size() == 4);
  for (size_t r = 0; r < grid.rows.size(); ++r) {
    CHECK(grid.rows[r].cell == r);
    CHECK(grid.rows[r].key.empty());
    CHECK(grid.rows[r].reported);
    CHECK(grid.rows[r].source_cell(1) == static_cast<int>(r));
  }
  std::vector<bool> reported{true, false, true, true};
  const auto partly = result_rows(grid.spec, grid.layout, grid.plan, {}, reported);
  CHECK_FALSE(partly[1].reported);
}

TEST_CASE("OutputWriter: finished rows in grid order at each checkpoint, the rest pending") {
  testing::TemporaryFolder folder;
  const Grid grid(folder);
  OutputWriter writer(grid.output, grid.layout, grid.plan, grid.rows, {}, false);
  CHECK(pending_rows(writer, 0, 4) == std::vector<size_t>{0, 1, 2, 3});
  CHECK(writer.checkpoint_due());  // the first is due at once
  writer.record(2, folds(0.5, 5));
  writer.record(0, folds(0.75, 5));
  CHECK(writer.done(0));
  CHECK_FALSE(writer.done(1));
  CHECK(pending_rows(writer, 0, 4) == std::vector<size_t>{1, 3});
  writer.set_checkpoint_interval(std::chrono::seconds(3600));
  writer.checkpoint();
  CHECK(writer.checkpoints() == 1);
  CHECK_FALSE(writer.checkpoint_due());
  const CsvTable table = writer.results_table();
  REQUIRE(table.rows.size() == 2);
  CHECK(table.header == grid.layout.results_header());
  auto untimed = folds(0.75, 5);  // without timings the writer leaves fit_seconds out
  for (auto& fold : untimed) fold.fit_seconds = std::nan("");
  CHECK(table.rows[0] == grid.layout.results_row(grid.plan.cells[0], untimed));
  CHECK(table.rows[1][0] == grid.layout.cell_key(grid.plan.cells[2])[0]);
  CHECK(line_count(grid.output / "results.csv") == 3);
  CHECK(line_count(grid.output / "folds.csv") == 1 + 2 * 2);
  // Without timings, fit_seconds is empty in every row.
  const auto header = grid.layout.results_header();
  const size_t seconds =
      static_cast<size_t>(std::find(header.begin(), header.end(), "fit_seconds") - header.begin());
  REQUIRE(seconds < header.size());
  CHECK(table.rows[0][seconds].empty());
}

TEST_CASE("OutputWriter: a resumed row is carried over verbatim and counts as done") {
  testing::TemporaryFolder folder;
  const Grid grid(folder);
  write_earlier_run(grid, 1, folds(0.5, 10));
  const std::string results = text_of(grid.output / "results.csv");
  OutputWriter resumed(grid.output, grid.layout, grid.plan, grid.rows, grid.previous(), false);
  CHECK(resumed.done(1));
  CHECK_FALSE(resumed.outcome(1).has_value());  // not recomputed, so no outcome in memory
  CHECK(pending_rows(resumed, 0, 4) == std::vector<size_t>{0, 2, 3});
  resumed.checkpoint();
  CHECK(text_of(grid.output / "results.csv") == results);
}

TEST_CASE("OutputWriter refuses a resumed results.csv row that its folds.csv rows contradict") {
  testing::TemporaryFolder folder;
  const Grid grid(folder);
  write_earlier_run(grid, 0, folds(0.5, 5));
  // The mean accuracy of the two folds is 0.5625: say 0.9 instead.
  CsvTable table = read_checked(grid.output / "results.csv");
  const auto header = grid.layout.results_header();
  const size_t accuracy =
      static_cast<size_t>(std::find(header.begin(), header.end(), "accuracy") - header.begin());
  REQUIRE(accuracy < header.size());
  table.rows[0][accuracy] = "0.9";
  folder.write("out/results.csv", table.str());
  CHECK_THROWS_WITH_AS(
      OutputWriter(grid.output, grid.layout, grid.plan, grid.rows, grid.previous(), false),
      doctest::Contains("accuracy = 0.9"), InputError);
}

TEST_CASE("OutputWriter: rows that did not converge go to cell_status.csv only") {
  testing::TemporaryFolder folder;
  const Grid grid(folder);
  OutputWriter writer(grid.output, grid.layout, grid.plan, grid.rows, {}, false);
  writer.record_not_converged(3, "the solver stopped at 100 iterations");
  CHECK(writer.done(3));
  writer.checkpoint();
  CHECK(writer.results_table().rows.empty());
  CHECK(writer.write_cell_status() == 1);
  CHECK(text_of(grid.output / "cell_status.csv").find("the solver stopped at 100 iterations") !=
        std::string::npos);
  // A later run where every row converged removes the earlier file.
  OutputWriter later(grid.output, grid.layout, grid.plan, grid.rows, {}, false);
  CHECK(later.write_cell_status() == 0);
  CHECK_FALSE(std::filesystem::exists(grid.output / "cell_status.csv"));
}

TEST_CASE("stale_path: the first name not taken") {
  testing::TemporaryFolder folder;
  const auto output = folder.path();
  CHECK(stale_path(output, "curves") == output / "curves.stale.csv");
  folder.write("curves.stale.csv", "first\n");
  CHECK(stale_path(output, "curves") == output / "curves.stale.1.csv");
  folder.write("curves.stale.1.csv", "second\n");
  CHECK(stale_path(output, "curves") == output / "curves.stale.2.csv");
}

}  // namespace output_writer_test
}  // namespace tsfs
