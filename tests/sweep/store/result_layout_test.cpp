#include "sweep/store/result_layout.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "select/selector.hpp"
#include "support/dataset_fixtures.hpp"
#include "sweep/run/load.hpp"
#include "sweep/small_sweep.hpp"

namespace {

bool has(const std::vector<std::string>& header, const std::string& name) {
  return std::find(header.begin(), header.end(), name) != header.end();
}

std::vector<std::string> tail(const std::vector<std::string>& row, size_t count) {
  return {row.end() - static_cast<long>(count), row.end()};
}

tsfs::FoldOutcome result_layout_outcome(int fold, double accuracy, long long used) {
  tsfs::FoldOutcome result;
  result.fold = fold;
  result.n_train = 37;
  result.n_test = 19;
  result.accuracy = accuracy;
  result.balanced_accuracy = accuracy / 2;
  result.zero_weight_fraction = std::nan("");
  result.fit_seconds = 0.25;
  result.n_features_used = used;
  return result;
}

}  // namespace

TEST_CASE("result layout: key, results, folds and scores headers of a small sweep") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const tsfs::ResultLayout layout(spec, datasets);
  const auto& key = layout.key_header();
  REQUIRE(key.size() > 8);
  CHECK(std::vector<std::string>(key.begin(), key.begin() + 4) ==
        std::vector<std::string>{"dataset", "distance", "selector", "fit_on"});
  CHECK(tail(key, 4) ==
        std::vector<std::string>{"n_features", "classifier", "classifier_k", "protocol"});
  CHECK(has(key, "k"));  // laplacian's parameters get columns
  CHECK(has(key, "sigma_ratio"));

  const auto results = layout.results_header();
  CHECK(std::equal(key.begin(), key.end(), results.begin()));
  CHECK(tail(results, 7) ==
        std::vector<std::string>{"accuracy", "accuracy_std", "balanced_accuracy", "n_folds",
                                 "n_features_used", "zero_weight_fraction", "fit_seconds"});
  CHECK(tail(layout.folds_header(), 9) ==
        std::vector<std::string>{"repeat", "fold", "n_train", "n_test", "n_features_used",
                                 "accuracy", "balanced_accuracy", "zero_weight_fraction",
                                 "fit_seconds"});
  const auto scores = layout.scores_header();
  CHECK_FALSE(has(scores, "n_features"));
  CHECK(tail(scores, 6) ==
        std::vector<std::string>{"repeat", "fold", "feature_index", "feature", "score", "rank"});
  CHECK(layout.protocol_label() == "stratified_kfold(folds=3;repeats=1;seed=1)");
  CHECK(layout.distance_label(tsfs::kNoDistance).empty());
  CHECK(layout.distance_label(0) == "euclidean");
}

TEST_CASE("result layout: cell keys and rows") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const tsfs::ResultLayout layout(spec, datasets);
  const auto plan = tsfs::make_plan(spec, datasets);
  const auto& key_header = layout.key_header();
  auto column = [&](const std::string& name) {
    return static_cast<size_t>(std::find(key_header.begin(), key_header.end(), name) -
                               key_header.begin());
  };

  // Cell 7: laplacian, sigma_ratio 0.5, k=3 neighbours for kNN, 10 features.
  const auto& laplacian = plan.cells[7];
  const auto key = layout.cell_key(laplacian);
  REQUIRE(key.size() == key_header.size());
  CHECK(key[0] == "Coffee");
  CHECK(key[column("distance")] == "euclidean");
  CHECK(key[column("selector")] == "laplacian");
  CHECK(key[column("fit_on")] == "train");
  CHECK(key[column("k")] == "5");
  CHECK(key[column("sigma_ratio")] == "0.5");
  CHECK(key[column("n_features")] == "10");
  CHECK(key[column("classifier")] == "knn");
  CHECK(key[column("classifier_k")] == "3");
  CHECK(key.back() == "stratified_kfold(folds=3;repeats=1;seed=1)");

  // variance lacks laplacian's parameters: empty there, and no distance.
  const auto fisher = layout.cell_key(plan.cells[0]);
  CHECK(fisher[column("distance")].empty());
  CHECK(fisher[column("k")].empty());
  CHECK(fisher[column("sigma_ratio")].empty());
  CHECK(fisher[column("fit_on")] == "all");

  // Every cell of the grid has its own key.
  std::set<std::vector<std::string>> keys;
  for (const auto& cell : plan.cells) keys.insert(layout.cell_key(cell));
  CHECK(keys.size() == plan.cells.size());

  const std::vector<tsfs::FoldOutcome> folds = {result_layout_outcome(0, 0.5, 10),
                                                result_layout_outcome(1, 1.0, 8),
                                                result_layout_outcome(2, 0.75, 9)};
  const auto row = layout.results_row(laplacian, folds);
  REQUIRE(row.size() == layout.results_header().size());
  CHECK(std::equal(key.begin(), key.end(), row.begin()));
  // mean 0.75, sample std 0.25, balanced mean 0.375, 3 folds, fewest used 8, no graph, 0.75 s.
  const std::vector<std::string> expected_tail{"0.75", "0.25", "0.375", "3", "8", "", "0.750000"};
  CHECK(fmt::format("{}", fmt::join(tail(row, 7), "|")) ==
        fmt::format("{}", fmt::join(expected_tail, "|")));

  const auto single = layout.results_row(laplacian, {result_layout_outcome(0, 0.5, 10)});
  CHECK(single[key.size() + 1].empty());  // no spread for one fold

  const auto fold_row = layout.folds_row(laplacian, folds[1]);
  REQUIRE(fold_row.size() == layout.folds_header().size());
  CHECK(tail(fold_row, 9) ==
        std::vector<std::string>{"0", "1", "37", "19", "8", "1", "0.5", "", "0.250000"});
}

TEST_CASE("result layout: score rows give each feature its score and rank") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const tsfs::ResultLayout layout(spec, datasets);
  const auto plan = tsfs::make_plan(spec, datasets);
  Eigen::VectorXd scores = Eigen::VectorXd::Zero(286);
  scores(0) = 0.5;
  scores(1) = 2.0;
  std::vector<int> ranking(286);
  for (int i = 0; i < 286; ++i) ranking[static_cast<size_t>(i)] = i;
  std::swap(ranking[0], ranking[1]);  // column 1 ranks first

  const auto& all_rows = plan.score_units[0];  // variance, fitted on all rows
  REQUIRE(all_rows.fold == tsfs::kAllRows);
  const auto rows = layout.score_rows(all_rows, scores, ranking);
  REQUIRE(rows.size() == 286);
  CHECK(tail(rows[0], 6) ==
        std::vector<std::string>{"", "", "0", datasets[0].features.names[0], "0.5", "1"});
  CHECK(tail(rows[1], 6) ==
        std::vector<std::string>{"", "", "1", datasets[0].features.names[1], "2", "0"});

  const auto& fold_unit = plan.score_units[2];  // laplacian, first sigma, second fold
  REQUIRE(fold_unit.fold == 1);
  const auto fold_rows = layout.score_rows(fold_unit, scores, ranking);
  CHECK(fold_rows[0][0] == "Coffee");
  CHECK(fold_rows[0][1] == "euclidean");
  CHECK(tail(fold_rows[5], 6) ==
        std::vector<std::string>{"0", "1", "5", datasets[0].features.names[5], "0", "5"});
}

TEST_CASE("result layout refuses two distances with the same label") {
  tsfs::test::TempFolder folder;
  auto spec = tsfs::testing::small_sweep_spec(folder.path());
  spec.distances.push_back(spec.distances.front());
  const std::vector<tsfs::PreparedDataset> none;
  const auto text = tsfs::test::input_error_text([&] { tsfs::ResultLayout layout(spec, none); });
  CHECK(text == doctest::Contains("distance 'euclidean' repeats distance #1"));
}

TEST_CASE("result layout: no parameter of any selector is named like a column of the tables") {
  // Every registered selector in one spec: each parameter gets a key column, which must not
  // repeat a table's own column (variance's `threshold` once did in curves.csv).
  tsfs::test::TempFolder folder;
  auto spec = tsfs::testing::small_sweep_spec(folder.path());
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  spec.selectors.clear();
  for (const auto& name : tsfs::SelectorRegistry::instance().names()) {
    tsfs::SelectorSpec selector;
    selector.registration = tsfs::SelectorRegistry::instance().find(name);
    spec.selectors.push_back(selector);
  }
  const tsfs::ResultLayout layout(spec, datasets);
  CHECK(has(layout.key_header(), "threshold"));
  CHECK_NOTHROW(layout.results_header());
  CHECK_NOTHROW(layout.folds_header());
  CHECK_NOTHROW(layout.scores_header());
  CHECK_NOTHROW(layout.curves_header());
  CHECK_THROWS_AS(tsfs::unique_columns({"x", "y", "x"}, "t.csv"), std::logic_error);
}
