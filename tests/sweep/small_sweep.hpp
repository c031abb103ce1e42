#pragma once
// A small sweep shared by the plan, result layout and previous results tests: Coffee (56 series,
// 286 raw features), 3 stratified folds, variance fitted on all rows, laplacian (2 sigma ratios) on
// each fold's training rows, 2 kNN settings and 2 feature counts.
#include <filesystem>
#include <fstream>
#include <string>

#include "config/spec.hpp"

namespace tsfs::testing {

inline const char* const kSmallSweepSelectors =
    "selectors:\n"
    "  - {kind: variance, fit_on: all}\n"
    "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1]}\n";

// Writes <folder>/spec.yaml (output and cache inside `folder`) and loads it. `selectors` and
// `n_features` replace the defaults above.
inline Spec small_sweep_spec(const std::filesystem::path& folder,
                             const std::string& selectors = kSmallSweepSelectors,
                             const std::string& n_features = "[5, 10]") {
  std::filesystem::create_directories(folder);
  const auto file = folder / "spec.yaml";
  std::ofstream(file) << "name: small_sweep\n"
                         "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                         "/third_party/ucr/Coffee}]\n"
                         "features: {extractor: raw}\n"
                         "distances: [{kind: euclidean}]\n"
                      << selectors << "n_features: " << n_features
                      << "\n"
                         "classifier: {kind: knn, k: [1, 3]}\n"
                         "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
                         "output: "
                      << (folder / "out").string() << "\ncache: " << (folder / "cache").string()
                      << "\n";
  return load_spec(file);
}

}  // namespace tsfs::testing
