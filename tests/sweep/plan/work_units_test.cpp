#include "sweep/plan/work_units.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "config/spec_test_support.hpp"

TEST_CASE("selected features: the first n usable ranks, in ascending column order") {
  tsfs::ScoreResult scores;
  scores.ranking = {4, 0, 2, 1, 3};
  scores.usable_features = 3;  // columns 1 and 3 were not usable
  CHECK(tsfs::selected_features(scores, 2) == std::vector<int>{0, 4});
  CHECK(tsfs::selected_features(scores, 10) == std::vector<int>{0, 2, 4});
}

TEST_CASE("an evaluation key holds the selected columns, or none for a classifier of distances") {
  const std::string datasets = "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                               "/third_party/ucr/Coffee}]\n"
                               "distances: [{kind: euclidean}, {kind: dtw}]\n";
  const auto features = tsfs::load_spec(tsfs::testing::write_spec(
      datasets + "selectors: [{kind: laplacian, k: 3}]\nclassifier: {kind: svc}\n", "svc.yaml"));
  const auto distances = tsfs::load_spec(tsfs::testing::write_spec(
      datasets + "selectors: [{kind: none}]\nclassifier: {kind: nearest_neighbour, k: 1}\n",
      "nearest.yaml"));
  tsfs::Cell cell;
  cell.dataset = 0;
  cell.distance = 1;
  cell.classifier_params = 0;
  const auto on_features = tsfs::evaluation_key(features, cell, 2, {0, 5, 9});
  CHECK(on_features.fold == 2);
  CHECK(on_features.features == std::vector<int>{0, 5, 9});
  // The selector's distance is not the classifier's: cells differing only in it share fits.
  CHECK(on_features.distance == tsfs::kNoDistance);
  // 1-NN reads the cell's distance block; keying it by every time point only cost memory.
  const auto on_distances = tsfs::evaluation_key(distances, cell, 2, {0, 5, 9});
  CHECK(on_distances.features.empty());
  CHECK(on_distances.distance == 1);
}
