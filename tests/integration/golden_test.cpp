// The golden smoke run: results.csv of tests/integration/specs/golden_smoke.yaml (--no-timings)
// must equal the committed tests/integration/golden/golden_smoke_results.csv byte for byte, so any
// change of loading, features, distances, scores, selection, folds, fits or CSV formatting shows.
// Its manifest's work counts are pinned too: the study's figures once became 10-30 times slower
// with identical results and identical fit counts, because the SVC kernels were computed far more
// often than the fits needed; the kernel terms per distinct fit fail on that at once.
#include <doctest/doctest.h>

#include <regex>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

unsigned long long golden_manifest_count(const std::string& manifest, const std::string& name) {
  std::smatch match;
  REQUIRE_MESSAGE(std::regex_search(manifest, match, std::regex("\"" + name + "\": ([0-9]+)")),
                  name);
  return std::stoull(match[1].str());
}

}  // namespace

TEST_CASE("golden smoke run: results.csv byte for byte and work per fit, at 1 and 2 threads") {
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
    const std::string manifest = read_text(output / "manifest.json");
    const auto fits = golden_manifest_count(manifest, "distinct_fits");
    const auto terms = golden_manifest_count(manifest, "kernel_column_terms");
    CHECK(fits == 54);
    // Pinned: 14,698 kernel terms per fit on average. A fit on n_train of the 50 rows with at
    // most 20 features needs at most n_train x 50 x 20 (its kernel and its predictions): 50,000.
    CHECK(terms == 793680);
    CHECK(terms <= fits * 50 * 50 * 20);
  }
}
