// Several extractors in one spec (`features: [{extractor: tsfel, ...}, {extractor: catch22}]`):
// the runner's features are each extractor's own columns side by side, cached as one entry, and a
// study selects from their union.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

std::string spec_with(const std::string& features, const std::filesystem::path& output) {
  return std::string("name: union\n") + "datasets: [{name: GunPoint, path: " + TSFS_SOURCE_DIR +
         "/third_party/ucr/GunPoint, split: train, max_samples: 30}]\n" + "features: " + features +
         "\nselectors: [{kind: anova}, {kind: variance}]\nn_features: [5]\n"
         "classifier: {kind: knn, k: 1}\n"
         "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\noutput: " +
         output.string() + "\n";
}

tsfs::CsvTable features_of(const TemporaryFolder& folder, const std::string& name,
                           const std::string& features) {
  const auto spec =
      write_text(folder.path() / (name + ".yaml"), spec_with(features, folder.path() / name));
  auto run = run_runner("features " + spec.string() + " --quiet");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  return tsfs::read_csv_table(folder.path() / name / "features/GunPoint.csv");
}

}  // namespace

TEST_CASE("features of several extractors are each one's columns side by side") {
  TemporaryFolder folder("feature_union");
  const auto tsfel = features_of(folder, "tsfel", "{extractor: tsfel, domains: [statistical]}");
  const auto catch22 = features_of(folder, "catch22", "{extractor: catch22}");
  const auto both = features_of(
      folder, "both", "[{extractor: tsfel, domains: [statistical]}, {extractor: catch22}]");
  REQUIRE(catch22.header.size() == 22);
  REQUIRE(both.header.size() == tsfel.header.size() + 22);
  REQUIRE(both.rows.size() == 30);
  for (size_t row = 0; row < both.rows.size(); ++row) {
    for (size_t c = 0; c < tsfel.header.size(); ++c) CHECK(both.rows[row][c] == tsfel.rows[row][c]);
    for (size_t c = 0; c < 22; ++c)
      CHECK(both.rows[row][tsfel.header.size() + c] == catch22.rows[row][c]);
  }
  CHECK(both.header.back() == catch22.header.back());

  // The run selects from the union; a rerun reads the union back from the cache.
  const auto spec = folder.path() / "both.yaml";
  auto run = run_runner(spec.string() + " --quiet --no-timings");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK(tsfs::read_csv_table(folder.path() / "both/results.csv").rows.size() == 2);
  auto fresh = run_runner(spec.string() + " --fresh --no-timings");
  REQUIRE_MESSAGE(fresh.exit_code == 0, fresh.err);
  CHECK_MESSAGE(contains(fresh.err, "(cached)"), fresh.err);
}
