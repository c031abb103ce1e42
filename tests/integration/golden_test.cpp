// The golden smoke run: results.csv of tests/integration/specs/golden_smoke.yaml (--no-timings)
// must equal the committed tests/integration/golden/golden_smoke_results.csv byte for byte, so any
// change of loading, features, distances, scores, selection, folds, fits or CSV formatting shows.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("golden smoke run: results.csv byte for byte, at 1 and 2 threads") {
  const std::string golden = read_text(std::filesystem::path(TSFS_SOURCE_DIR) /
                                       "tests/integration/golden" / "golden_smoke_results.csv");
  REQUIRE(!golden.empty());
  TemporaryFolder folder("golden_smoke");
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    const auto output = folder.path() / ("threads" + std::to_string(threads));
    const auto run =
        run_runner("tests/integration/specs/golden_smoke.yaml --quiet --no-timings --threads " +
                   std::to_string(threads) + " --set output=" + output.string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    CHECK(read_text(output / "results.csv") == golden);
  }
}
