// Distances that cannot be used on a dataset stop the run when it is planned (exit 2, naming the
// spec line and key), before any distance matrix is computed.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

RunResult run_bad_input(const TemporaryFolder& folder, const std::string& name) {
  return run_runner("tests/integration/bad_inputs/" + name +
                    ".yaml --set output=" + (folder.path() / name).string());
}

}  // namespace

TEST_CASE("a DTW band that no pair of series lengths fits is refused at plan time") {
  TemporaryFolder folder("plan_checks_dtw");
  const auto run = run_bad_input(folder, "dtw_band_too_narrow");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("dtw_band_too_narrow.yaml:3") != std::string::npos);
  CHECK(run.err.find("key 'window'") != std::string::npos);
  CHECK(run.err.find("finds no warping path") != std::string::npos);
  CHECK(run.err.find("distances Var") == std::string::npos);  // no matrix was started
}

TEST_CASE("a missing precomputed distance file is refused at plan time") {
  TemporaryFolder folder("plan_checks_precomputed");
  const auto run = run_bad_input(folder, "precomputed_missing");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("precomputed_missing.yaml:3") != std::string::npos);
  CHECK(run.err.find("key 'path'") != std::string::npos);
  CHECK(run.err.find("none_GunPoint.csv") != std::string::npos);
}

TEST_CASE("euclidean and ned refuse series of unequal lengths at plan time") {
  TemporaryFolder folder("plan_checks_ned");
  const auto run = run_bad_input(folder, "ned_unequal_lengths");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("ned_unequal_lengths.yaml:3") != std::string::npos);
  CHECK(run.err.find("ned compares series of one length only") != std::string::npos);
}

TEST_CASE("isomap, lle and tsne views with more neighbours than rows are refused at plan time") {
  TemporaryFolder folder("plan_checks_embeddings");
  const auto isomap = run_bad_input(folder, "isomap_neighbours_above_rows");
  CHECK(isomap.exit_code == 2);
  CHECK(contains(isomap.err, "isomap_neighbours_above_rows.yaml:7"));
  CHECK(contains(isomap.err,
                 "isomap: neighbours 50 needs more than 50 rows (max_rows of 200) "
                 "to embed; lower it (plot 'view', key 'neighbours', dataset GunPoint)"));
  CHECK_FALSE(std::filesystem::exists(folder.path() / "isomap_neighbours_above_rows" /
                                      "results.csv"));  // refused before the sweep
  const auto lle = run_bad_input(folder, "lle_neighbours_above_rows");
  CHECK(lle.exit_code == 2);
  CHECK(contains(lle.err, "lle: neighbours 60 needs more than 50 rows (max_rows of 200) to embed"));
  const auto tsne = run_bad_input(folder, "tsne_perplexity_above_rows");
  CHECK(tsne.exit_code == 2);
  CHECK(contains(tsne.err, "tsne_perplexity_above_rows.yaml:7"));
  CHECK(contains(tsne.err, "key 'perplexity', dataset GunPoint"));
}
