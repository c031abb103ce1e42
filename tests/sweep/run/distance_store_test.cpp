#include "sweep/run/distance_store.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "support/dataset_fixtures.hpp"
#include "sweep/run/load.hpp"
#include "sweep/small_sweep.hpp"

namespace tsfs {
namespace {

void remove_cached_distances(const std::filesystem::path& cache) {
  for (const auto& entry : std::filesystem::directory_iterator(cache))
    if (entry.path().filename().string().starts_with("distance-"))
      std::filesystem::remove(entry.path());
}

}  // namespace

TEST_CASE(
    "a cached block is let go and read back bit for bit, or computed again if its file went") {
  test::TempFolder folder;
  const Spec spec = testing::small_sweep_spec(folder.path());  // Euclidean distances, kNN
  const auto datasets = prepare_datasets(spec, spec.cache, 1);
  const DistanceStore::Key key{0, 0};
  DistanceStore store(spec, datasets, 2);
  CHECK_FALSE(store.make(key));  // computed, then cached
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
  remove_cached_distances(spec.cache);
  CHECK(store.block(key)->values == values);
  CHECK(DistanceStore(spec, datasets, 1).make(key));  // computed again above, and cached
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
  store.make({0, 0});
  CHECK(store.held() == 1);
  const auto block = store.block({0, 0});
  store.let_go({0, 0});
  CHECK(store.held() == 1);
  CHECK(store.block({0, 0}) == block);
}

}  // namespace tsfs
