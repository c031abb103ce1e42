// The table declarations drive the merge, the setting aside of unwritten tables, the plots' column
// checks and docs/outputs.md: these tests hold the declarations to the headers the writers make
// and to the page.
#include "sweep/store/output_tables.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <set>

#include "config/spec_test_support.hpp"
#include "support/generated_docs.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/run/load.hpp"

using namespace tsfs::testing;

namespace {

// Every optional part that adds a table or a column: measures (similarity_constraint), standard
// errors (shapley), a liblinear classifier, a reconstructing reducer, metrics, tune and curves.
std::string spec_with_every_table(const std::filesystem::path& output) {
  return R"(name: every_table
datasets: [{name: ItalyPowerDemand, path: )" TSFS_SOURCE_DIR R"(/third_party/ucr/ItalyPowerDemand}]
features: {extractor: raw}
distances: [{kind: euclidean}]
selectors: [{kind: laplacian, k: [3, 5]}, {kind: similarity_constraint}, {kind: shapley}]
n_features: [5, 10]
classifier: {kind: logistic}
reduce: {kind: pca, components: [2]}
protocol: {kind: stratified_kfold, folds: 3, repeats: 1, seed: 2}
metrics: [macro_f1]
tune: {parameters: [laplacian.k]}
curves: {kinds: [pr], where: {n_features: 5}}
output: )" +
         output.string() + "\n";
}

// Whether `column` of a header is documented by `columns` (a table's Markdown): by name in
// backticks, or by the placeholder of the columns a spec names (`<metric>`, `chosen_<column>`).
bool documented(const std::string& column, const std::string& columns) {
  if (columns.find("`" + column + "`") != std::string::npos) return true;
  for (const char* metric : {"macro_f1", "macro_f1_std"})
    if (column == metric) return columns.find("`<metric>") != std::string::npos;
  if (column.rfind("chosen_", 0) == 0)
    return columns.find("`chosen_<column>`") != std::string::npos;
  if (column.rfind("inner_", 0) == 0) return columns.find("`inner_<metric>`") != std::string::npos;
  return false;
}

}  // namespace

TEST_CASE("docs/outputs.md's tables are output_tables_markdown()") {
  const bool fresh = generated_section(docs_page("outputs.md"), "runner list --outputs") ==
                     tsfs::output_tables_markdown();
  CHECK_MESSAGE(fresh, "docs/outputs.md's tables are stale: run `make docs` and commit it");
}

TEST_CASE("output tables: unique files, each documented, found by name") {
  std::set<std::string> stems;
  for (const tsfs::OutputTable& table : tsfs::output_tables()) {
    const std::string stem = table.stem;
    CAPTURE(stem);
    CHECK(stems.insert(table.stem).second);
    for (const char* text : {table.content, table.written_when, table.on_resume, table.columns})
      CHECK(std::string(text).size() > 0);
    CHECK(static_cast<bool>(table.written));
    CHECK(static_cast<bool>(table.header));
    CHECK(&tsfs::output_table(table.stem) == &table);
    // The run writes and the merge combines score vectors' rows alike.
    const bool per_score_vector = table.merge == tsfs::ShardMerge::per_score_feature ||
                                  table.merge == tsfs::ShardMerge::per_score_unit;
    CHECK(static_cast<bool>(table.score_rows) == per_score_vector);
    // merge.cpp computes exactly one table itself: curves.csv.
    CHECK((table.merge == tsfs::ShardMerge::recomputed) == (std::string(table.stem) == "curves"));
  }
  CHECK_THROWS_AS(tsfs::output_table("no_such_table"), std::logic_error);
}

// A column that is not a selector's parameter is also one that a component's own parameter
// (ComponentInfo::open_params) may not be named like.
TEST_CASE("output tables: every column each table's writer makes is documented and reserved") {
  TemporaryFolder folder("output_tables");
  const tsfs::Spec spec = tsfs::load_spec(
      write_spec(spec_with_every_table(folder.path() / "run"), "every_table.yaml"), {});
  const auto datasets = tsfs::prepare_datasets(spec, folder.path() / "cache", 1);
  const tsfs::ResultLayout layout(spec, datasets);
  const auto& key = layout.key_header();
  const std::set<std::string> key_columns(key.begin(), key.end());
  std::set<std::string> parameters;
  for (const auto& selector : spec.selectors)
    for (const std::string& name : tsfs::selector_param_names(selector)) parameters.insert(name);
  CHECK_FALSE(tsfs::is_table_column_name("alpha"));
  for (const tsfs::OutputTable& table : tsfs::output_tables()) {
    const std::string stem = table.stem;
    CAPTURE(stem);
    CHECK(table.written(spec, layout));
    for (const std::string& column : table.header(spec, layout)) {
      CAPTURE(column);
      if (!parameters.count(column)) CHECK(tsfs::is_table_column_name(column));
      // Key columns and selector parameters are documented once, under "Key columns".
      if (key_columns.count(column)) continue;
      CHECK(documented(column, table.columns));
    }
  }
}

TEST_CASE("output tables: an earlier run's tables this spec does not write are set aside") {
  TemporaryFolder folder("output_tables_aside");
  const auto output = folder.path() / "run";
  std::string text = spec_with_every_table(output);
  for (const char* line :
       {"tune: {parameters: [laplacian.k]}\n", "curves: {kinds: [pr], where: {n_features: 5}}\n"})
    text.erase(text.find(line), std::string(line).size());
  text.replace(text.find(", {kind: similarity_constraint}"),
               std::string(", {kind: similarity_constraint}").size(), "");
  const tsfs::Spec spec = tsfs::load_spec(write_spec(text, "fewer_tables.yaml"), {});
  const auto datasets = tsfs::prepare_datasets(spec, folder.path() / "cache", 1);
  const tsfs::ResultLayout layout(spec, datasets);
  std::filesystem::create_directories(output);
  for (const char* file : {"tuned.csv", "curves.csv", "selection_measures.csv", "scores.csv",
                           "results.csv", "tuned.stale.csv"})
    std::ofstream(output / file) << file << "\n";
  tsfs::set_aside_unwritten_tables(output, spec, layout);
  // Never overwritten: tuned.stale.csv was taken, so the earlier tuned.csv is tuned.stale.1.csv.
  for (const char* file : {"tuned.stale.1.csv", "curves.stale.csv", "selection_measures.stale.csv",
                           "scores.csv", "results.csv"})
    CHECK_MESSAGE(std::filesystem::exists(output / file), file);
  for (const char* file : {"tuned.csv", "curves.csv", "selection_measures.csv"})
    CHECK_MESSAGE(!std::filesystem::exists(output / file), file);
  std::ifstream kept(output / "tuned.stale.1.csv");
  std::string line;
  std::getline(kept, line);
  CHECK(line == "tuned.csv");
}
