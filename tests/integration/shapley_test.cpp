// The shapley selector end to end: scores.csv gains score_std_error (its rows only; other
// selectors' rows leave it empty), the same bytes at 1 and 2 threads; a budget above max_fits is
// refused when the run is planned, naming the spec line, before anything is written.
#include <doctest/doctest.h>

#include <string>

#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

std::string shapley_spec_text(const std::filesystem::path& output, const std::string& shapley) {
  return "name: shapley\n"
         "datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
         "/third_party/ucr/GunPoint}]\n"
         "features: {extractor: raw}\n"
         "selectors:\n"
         "  - {kind: anova}\n"
         "  - " +
         shapley +
         "\n"
         "n_features: [5]\n"
         "classifier: {kind: logistic}\n"
         "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n"
         "output: " +
         output.string() + "\n";
}

}  // namespace

TEST_CASE("shapley: scores with standard errors in scores.csv, the same at 1 and 2 threads") {
  TemporaryFolder folder("shapley");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec, shapley_spec_text(folder.path() / "run", "{kind: shapley, permutations: 3}"));
  run_at_1_and_2_threads(spec, folder.path());
  CHECK(read_text(folder.path() / "1" / "scores.csv") ==
        read_text(folder.path() / "2" / "scores.csv"));
  CHECK(read_text(folder.path() / "1" / "results.csv") ==
        read_text(folder.path() / "2" / "results.csv"));
  const auto scores = tsfs::read_csv_table(folder.path() / "1" / "scores.csv");
  const auto column = scores.column("score_std_error");
  REQUIRE(column);
  CHECK(scores.header.back() == "rank");
  size_t with_errors = 0;
  for (const auto& row : scores.rows) {
    const bool shapley = row[*scores.column("selector")] == "shapley";
    if (!shapley) CHECK(row[*column].empty());
    if (shapley && tsfs::parse_double(row[*column]).value_or(-1.0) >= 0.0) ++with_errors;
  }
  CHECK(with_errors == 2 * 150);  // 2 folds x 150 columns
}

TEST_CASE("shapley: a budget above max_fits is refused at plan time with the spec line") {
  TemporaryFolder folder("shapley_budget");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec, shapley_spec_text(folder.path() / "run",
                                     "{kind: shapley, permutations: 100, max_fits: 1000}"));
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("spec.yaml:6:35: permutations 100 x 150 features = 15000 model fits, above "
                     "max_fits 1000") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "run"));
}
