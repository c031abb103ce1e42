#pragma once
// The plan of a sweep: which grid cells exist, and the distinct work units they need
// (distance matrices, score vectors). Built from the spec and the loaded datasets before any
// expensive work, so every data-dependent error (n_features > R, k >= rows) surfaces first.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "config/spec.hpp"
#include "distance/distance_block.hpp"
#include "evaluate/protocol.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs {

struct PreparedDataset {
  Dataset data;
  FeatureMatrix features;
  std::vector<Fold> folds;
  DuplicateSummary duplicates;    // identical series found, and what the spec's handling did
  std::string feature_cache_key;  // empty when the extractor is not cacheable
  bool features_from_cache = false;
  // With `tune:`, the inner folds of every outer fold (sweep/tuning.hpp), numbered after the outer
  // ones: fold(folds.size() + g) is inner_folds[g], which splits outer fold inner_outer[g].
  std::vector<Fold> inner_folds;
  std::vector<int> inner_outer;
  // Indices into spec.selectors and spec.distances this dataset leaves out (an archive dataset a
  // component cannot handle: check_dataset_plannable); make_plan makes none of their cells.
  std::vector<int> skipped_selectors, skipped_distances;

  const Fold& fold(int index) const;
  bool skips_selector(int selector) const;
  bool skips_distance(int distance) const;
};

// A selector or distance left out of one dataset, and why.
struct SkippedComponent {
  std::string component;  // "selector 'laplacian'", "distance 'ned'"
  std::string reason;     // skip_reason of the InputError (skipped.csv)
  std::string message;    // its whole text, the spec's place included (the log)
};

// Why something was skipped, as skipped.csv records it: the error's text without a place in the
// spec itself (a sharded run's merge reads the spec from plan/spec.yaml, whose lines differ, and
// must write what a single run writes), with any other place (a data file's path and line).
std::string skip_reason(const InputError& error, const Spec& spec);

// Throws the InputError make_plan would throw for this dataset (n_features > features, too few
// rows for a selector's parameters, a distance that cannot compare its series), without building
// anything. With skip_components (datasets expanded from an archive), a selector or distance the
// dataset rules out is marked skipped instead, and returned with its reason; the dataset still
// throws when what every cell needs (n_features, reducer, classifier) fails or no cell is left.
std::vector<SkippedComponent> check_dataset_plannable(const Spec& spec, PreparedDataset& dataset,
                                                      bool skip_components);

inline constexpr int kNoDistance = -1;
inline constexpr int kAllRows = -1;

// One score vector: a selector with one parameter set, fitted on one fold's training rows (or
// on all rows for fit_on: all, shared by every fold).
struct ScoreUnit {
  int dataset = 0;
  int distance = kNoDistance;
  int selector = 0;
  int params = 0;       // index into the selector's grid
  int fold = kAllRows;  // index into the dataset's folds
};

// One row of results.csv.
struct Cell {
  int dataset = 0;
  int distance = kNoDistance;
  int selector = 0;
  int params = 0;
  int classifier_params = 0;
  long long n_features = 0;      // resolved ("all" -> the dataset's feature count)
  std::vector<int> score_units;  // one per fold of the dataset
  // n_features is every feature of the dataset ("all" or its count): fewer usable ones is then
  // what was asked for, not a shortfall worth a warning.
  bool every_feature = false;
  int reducer_params = 0;  // index into the reducer's grid (0 without `reduce`)
};

struct Plan {
  std::vector<Cell> cells;  // in grid order
  std::vector<ScoreUnit> score_units;
  std::vector<std::pair<int, int>> distance_matrices;  // (dataset, distance) pairs needed
};

// Grid order: dataset, selector, distance, selector parameters, classifier parameters, reducer
// parameters, n_features (fastest). Throws InputError (with the spec location) for values the data
// rules out. With a classifier of distances (nearest_neighbour) every cell is swept over the
// distances.
Plan make_plan(const Spec& spec, const std::vector<PreparedDataset>& datasets);

// Whether the spec's classifier predicts from distances (ClassifierRegistration).
bool classifier_uses_distances(const Spec& spec);

// The rows and columns of a dataset's distance matrices the run needs: every row on both sides
// for the selectors' graphs, or for a classifier of distances the test rows of every fold (outer
// and inner) against their training rows, so a train/test split computes test x train (and
// leave-one-out tuning adds train x train), never m x m when only a block is read.
BlockRows distance_block_rows(const Spec& spec, const PreparedDataset& dataset);

// The distances of each needed (dataset, distance) pair.
using DistanceBlocks = std::map<std::pair<int, int>, DistanceBlock>;

}  // namespace tsfs
