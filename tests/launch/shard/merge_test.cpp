// merge_shards on shards with cells whose selector did not converge: each shard lists them in its
// cell_status.csv (so it counts as finished), and the merge writes the same results.csv,
// cell_status.csv and curves.csv (which shards leave out) as one process running the whole grid.
#include "launch/shard/merge.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "common/files.hpp"
#include "config/spec.hpp"
#include "launch/shard/shard_commands.hpp"
#include "report/csv_table.hpp"
#include "support/not_converging_selector.hpp"
#include "support/temporary_folder.hpp"

namespace {

tsfs::Spec spec_into(const tsfs::testing::TemporaryFolder& folder, const std::string& output) {
  return tsfs::load_spec(folder.write(output + ".yaml",
                                      "name: not_converged\n"
                                      "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                                      "/third_party/ucr/Coffee}]\n"
                                      "features: {extractor: raw}\n"
                                      "selectors:\n"
                                      "  - {kind: variance}\n"
                                      "  - {kind: test_not_converging, fail: [0, 1]}\n"
                                      "n_features: [5, 10]\n"
                                      "classifier: {kind: knn, k: 1}\n"
                                      "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
                                      "curves: {kinds: [roc, pr], where: {n_features: 5}}\n"
                                      "output: " +
                                          (folder.path() / output).string() + "\n"));
}

}  // namespace

TEST_CASE("merge_shards writes cell_status.csv and curves.csv as one process would") {
  const tsfs::testing::TemporaryFolder folder("merge_not_converged");
  tsfs::RunOptions options;
  options.threads = 1;
  options.quiet = true;
  options.timings = false;
  REQUIRE(tsfs::run_sweep(spec_into(folder, "whole"), options) == 0);

  const tsfs::Spec sharded = spec_into(folder, "sharded");
  REQUIRE(tsfs::plan_shards(sharded, 2, options) == 0);
  REQUIRE(tsfs::compute_artefacts(sharded, options) == 0);
  for (int shard = 1; shard <= 2; ++shard)
    REQUIRE(tsfs::run_shard(sharded, {shard, 2}, options) == 0);
  REQUIRE(tsfs::merge_shards(sharded.output, options) == 0);
  for (const char* file :
       {"results.csv", "folds.csv", "cell_status.csv", "scores.csv", "curves.csv"})
    CHECK_MESSAGE(tsfs::read_text_file(folder.path() / "sharded" / file) ==
                      tsfs::read_text_file(folder.path() / "whole" / file),
                  file);
  CHECK(tsfs::read_text_file(folder.path() / "whole" / "cell_status.csv").find("not_converged") !=
        std::string::npos);
}

// Split by folds, a cell that does not converge on some folds takes the reason of its first
// failing fold, whichever shard holds it: here shard 1 holds repeat 0 fold 0 (which converges) and
// repeat 1 fold 2, shard 2 the others, and the selector fails on the two folds of 38 training rows
// (fold 2 of each repeat), so shard 1's reason is repeat 1's and the single run's repeat 0's.
TEST_CASE("split by folds, the merge gives a cell the first failing fold's reason") {
  const tsfs::testing::TemporaryFolder folder("merge_folds_not_converged");
  const auto spec = [&](const std::string& output) {
    return tsfs::load_spec(
        folder.write(output + ".yaml",
                     "name: not_converged\n"
                     "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                     "/third_party/ucr/Coffee}]\n"
                     "features: {extractor: raw}\n"
                     "selectors: [{kind: variance}, {kind: test_not_converging, fail_rows: 38}]\n"
                     "n_features: [5]\n"
                     "classifier: {kind: knn, k: 1}\n"
                     "protocol: {kind: stratified_kfold, folds: 3, repeats: 2, seed: 1}\n"
                     "output: " +
                         (folder.path() / output).string() + "\n"));
  };
  tsfs::RunOptions options;
  options.threads = 1;
  options.quiet = true;
  options.timings = false;
  REQUIRE(tsfs::run_sweep(spec("whole"), options) == 0);
  const std::string status = tsfs::read_text_file(folder.path() / "whole/cell_status.csv");
  REQUIRE(status.find("fitted on the training rows of fold 2 of repeat 0)") != std::string::npos);

  const tsfs::Spec sharded = spec("sharded");
  REQUIRE(tsfs::plan_shards(sharded, 2, options, {}, tsfs::ShardSplit::folds) == 0);
  const auto plan = sharded.output / "plan/folds.csv";
  tsfs::CsvTable units = tsfs::read_csv_table(plan);
  REQUIRE(units.rows.size() == 6);
  const std::vector<std::string> shards = {"1", "2", "2", "2", "2", "1"};
  for (size_t u = 0; u < units.rows.size(); ++u) units.rows[u].back() = shards[u];
  tsfs::write_file_atomically(plan, units.str());
  for (int shard = 1; shard <= 2; ++shard)
    REQUIRE(tsfs::run_shard(sharded, {shard, 2}, options) == 0);
  CHECK(tsfs::read_text_file(sharded.output / "shards/1-of-2/cell_status.csv")
            .find("fold 2 of repeat 1)") != std::string::npos);
  REQUIRE(tsfs::merge_shards(sharded.output, options) == 0);
  for (const char* file : {"results.csv", "folds.csv", "cell_status.csv", "scores.csv"})
    CHECK_MESSAGE(tsfs::read_text_file(folder.path() / "sharded" / file) ==
                      tsfs::read_text_file(folder.path() / "whole" / file),
                  file);
}
