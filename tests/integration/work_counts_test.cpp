// The evaluation stage's work per distinct fit: the terms (entry x column) the ordered column sums
// add for the SVC kernels and the nested-subset distances, from the manifest. The study's figures
// once became 10-30 times slower with identical results and identical fit counts, because these
// kernels were computed far more often than the fits needed; a pinned count fails on that at once.
#include <doctest/doctest.h>

#include <regex>
#include <string>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

unsigned long long manifest_count(const std::string& manifest, const std::string& name) {
  std::smatch match;
  REQUIRE_MESSAGE(std::regex_search(manifest, match, std::regex("\"" + name + "\": ([0-9]+)")),
                  name);
  return std::stoull(match[1].str());
}

TEST_CASE("work counts: kernel terms per distinct fit pinned, the same at 1 and 2 threads") {
  TemporaryFolder folder("work_counts");
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    const auto output = folder.path() / ("threads" + std::to_string(threads));
    const auto run =
        run_runner("tests/integration/specs/golden_smoke.yaml --quiet --no-timings --threads " +
                   std::to_string(threads) + " --set output=" + output.string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    const std::string manifest = read_text(output / "manifest.json");
    const auto fits = manifest_count(manifest, "distinct_fits");
    const auto terms = manifest_count(manifest, "kernel_column_terms");
    CHECK(fits == 54);
    // Pinned: 13,609 terms per fit on average. A fit on n_train of the 50 rows with at most 20
    // features needs at most n_train x 50 x 20 (its kernel and its predictions): 50,000.
    CHECK(terms == 734900);
    CHECK(terms <= fits * 50 * 50 * 20);
  }
}

}  // namespace
