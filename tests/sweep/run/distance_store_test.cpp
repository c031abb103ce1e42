#include "sweep/run/distance_store.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "support/dataset_fixtures.hpp"
#include "sweep/run/load.hpp"
#include "sweep/run/scores.hpp"
#include "sweep/small_sweep.hpp"

namespace tsfs {
namespace {

std::vector<std::filesystem::path> cached_distances(const std::filesystem::path& cache) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(cache))
    if (entry.path().filename().string().starts_with("distance-") &&
        entry.path().extension() == ".bin")  // not its lock file
      files.push_back(entry.path());
  return files;
}

}  // namespace

TEST_CASE(
    "a cached block is let go and read back bit for bit, or computed again if its file went") {
  test::TempFolder folder;
  const Spec spec = testing::small_sweep_spec(folder.path());  // Euclidean distances, kNN
  const auto datasets = prepare_datasets(spec, spec.cache, 1);
  const DistanceStore::Key key{0, 0};
  DistanceStore store(spec, datasets, 2);
  CHECK_FALSE(store.prepare(key));  // computed, then cached
  CHECK(store.held() == 0);
  const auto first = store.block(key);
  CHECK(store.held() == 1);
  CHECK(store.block(key) == first);  // held: the same block
  const Eigen::MatrixXd values = first->values;
  REQUIRE(values.rows() == 56);
  store.let_go(key);
  CHECK(store.held() == 0);
  CHECK(first->values == values);  // its holder keeps it
  const auto read_back = store.block(key);
  CHECK(read_back != first);
  CHECK(read_back->values == values);
  store.let_go(key);
  for (const auto& file : cached_distances(spec.cache)) std::filesystem::remove(file);
  CHECK(store.block(key)->values == values);
  CHECK(DistanceStore(spec, datasets, 1).prepare(key));  // computed again above, and cached
}

TEST_CASE("a block the cache cannot keep (a folder at its file's path) is held for the run") {
  test::TempFolder folder;
  const Spec spec = testing::small_sweep_spec(folder.path());
  const auto datasets = prepare_datasets(spec, spec.cache, 1);
  DistanceStore(spec, datasets, 1).prepare({0, 0});
  const auto files = cached_distances(spec.cache);
  REQUIRE(files.size() == 1);
  std::filesystem::remove(files.front());
  std::filesystem::create_directory(files.front());
  DistanceStore store(spec, datasets, 1);
  CHECK_FALSE(store.prepare({0, 0}));
  CHECK(store.held() == 1);
  const auto block = store.block({0, 0});
  store.let_go({0, 0});
  CHECK(store.held() == 1);
  CHECK(store.block({0, 0}) == block);
}

TEST_CASE("with a classifier of distances every block made stays held") {
  test::TempFolder folder;
  const Spec spec = load_spec(
      folder.write("spec.yaml",
                   "name: held\n"
                   "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR "/third_party/ucr/Coffee}]\n"
                   "distances: [{kind: euclidean}]\n"
                   "selectors: [{kind: none}]\n"
                   "classifier: {kind: nearest_neighbour, k: 1}\n"
                   "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
                   "output: " +
                       (folder.path() / "out").string() +
                       "\ncache: " + (folder.path() / "cache").string() + "\n"));
  const auto datasets = prepare_datasets(spec, spec.cache, 1);
  DistanceStore store(spec, datasets, 1);
  store.prepare({0, 0});
  CHECK(store.held() == 1);
  const auto block = store.block({0, 0});
  store.let_go({0, 0});
  CHECK(store.held() == 1);
  CHECK(store.block({0, 0}) == block);
}

TEST_CASE(
    "the scores stage lets go of every block it read back, and rankings alone rank the same") {
  test::TempFolder folder;
  const Spec spec = testing::small_sweep_spec(folder.path());  // a Laplacian on each fold
  const auto datasets = prepare_datasets(spec, spec.cache, 1);
  const Plan plan = make_plan(spec, datasets);
  DistanceStore store(spec, datasets, 2);
  store.prepare({0, 0});
  const StageSettings settings{.threads = 2, .show_progress = false, .direct_fits = false};
  const StageInputs inputs{spec, datasets, store, settings};
  const auto everything = compute_all_scores(inputs, plan, ScoreParts::everything);
  CHECK(store.held() == 0);
  const auto rankings = compute_all_scores(inputs, plan, ScoreParts::ranking);
  CHECK(store.held() == 0);
  REQUIRE(rankings.size() == everything.size());
  for (size_t u = 0; u < rankings.size(); ++u) {
    CAPTURE(u);
    CHECK(everything[u].scores.size() > 0);
    CHECK(rankings[u].scores.size() == 0);
    CHECK(rankings[u].ranking == everything[u].ranking);
    CHECK(rankings[u].usable_features == everything[u].usable_features);
    const double fraction = everything[u].zero_weight_fraction;  // NaN without a graph
    CHECK((rankings[u].zero_weight_fraction == fraction ||
           (std::isnan(fraction) && std::isnan(rankings[u].zero_weight_fraction))));
  }
}

}  // namespace tsfs
