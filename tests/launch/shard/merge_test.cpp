// merge_shards on shards with cells whose selector did not converge: each shard lists them in its
// cell_status.csv (so it counts as finished), and the merge writes the same results.csv,
// cell_status.csv and curves.csv (which shards leave out) as one process running the whole grid.
#include "launch/shard/merge.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "common/files.hpp"
#include "config/spec.hpp"
#include "launch/shard/shard_commands.hpp"
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
