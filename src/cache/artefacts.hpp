#pragma once
// Artefacts computed once per (dataset, component) and cached on disk under <output>/cache:
// feature matrices and distance matrices. A cache file is named by the hash of its key (the
// inputs' bytes, the component and its parameters, a format version) and holds the full key,
// which is checked on load together with a checksum; anything that does not verify is recomputed.
#include <Eigen/Core>
#include <filesystem>
#include <optional>
#include <string>

#include "config/spec.hpp"
#include "distance/distance_block.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs {

// Several extractors (their columns side by side) are one entry, keyed by all of them in order;
// one extractor's key is unchanged from when a spec could name only one.
std::string feature_cache_key(const Dataset& dataset, const std::vector<ExtractorSpec>& extractors);
std::string distance_cache_key(const Dataset& dataset, const ComponentSpec& distance);

std::filesystem::path cache_path(const std::filesystem::path& cache_folder, const std::string& key,
                                 const std::string& kind);

// The distances between some rows and columns (dataset rows, ascending) of one dataset under one
// of the spec's distances: read from the cache when a verified copy exists, otherwise computed
// (in parallel: the whole matrix when rows and columns are every row, else only the block) and
// cached. `from_cache` reports which.
DistanceBlock distance_block(const Dataset& dataset, const DistanceSpec& distance,
                             const BlockRows& block_rows, const std::filesystem::path& cache_folder,
                             int threads, bool* from_cache = nullptr);

// Whether distance_block's cache file for these arguments is there (not whether it verifies): a
// block that cannot be cached (its measure, or a foreign entry at its path) says no.
bool distance_block_is_cached(const Dataset& dataset, const DistanceSpec& distance,
                              const BlockRows& block_rows,
                              const std::filesystem::path& cache_folder);

// The whole matrix (distance_block with every row on both sides).
Eigen::MatrixXd distance_matrix(const Dataset& dataset, const DistanceSpec& distance,
                                const std::filesystem::path& cache_folder, int threads,
                                bool* from_cache = nullptr);

// The spec's features of one dataset, every extractor's columns side by side: a verified cached
// copy when every extractor may be cached, otherwise extracted (and not saved here: the run saves
// after its stage). A missing features file is named at its `features:` line. `cache_key` (the
// key, when cacheable) and `from_cache` report what happened.
FeatureMatrix feature_matrix(const Dataset& data, const std::vector<ExtractorSpec>& extractors,
                             const std::filesystem::path& cache_folder, int threads,
                             std::string* cache_key = nullptr, bool* from_cache = nullptr);

std::optional<FeatureMatrix> load_cached_features(const std::filesystem::path& cache_folder,
                                                  const std::string& key);
void save_cached_features(const std::filesystem::path& cache_folder, const std::string& key,
                          const FeatureMatrix& features);

}  // namespace tsfs
