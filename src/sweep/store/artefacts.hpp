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
#include "features/feature_extractor.hpp"

namespace tsfs {

// Several extractors (their columns side by side) are one entry, keyed by all of them in order;
// one extractor's key is unchanged from when a spec could name only one.
std::string feature_cache_key(const Dataset& dataset, const std::vector<ExtractorSpec>& extractors);
std::string distance_cache_key(const Dataset& dataset, const ComponentSpec& distance);

std::filesystem::path cache_path(const std::filesystem::path& cache_folder, const std::string& key,
                                 const std::string& kind);

// The distance matrix of one dataset under one of the spec's distances: read from the cache when
// a verified copy exists, otherwise computed (in parallel) and cached. `from_cache` reports which.
Eigen::MatrixXd distance_matrix(const Dataset& dataset, const DistanceSpec& distance,
                                const std::filesystem::path& cache_folder, int threads,
                                bool* from_cache = nullptr);

std::optional<FeatureMatrix> load_cached_features(const std::filesystem::path& cache_folder,
                                                  const std::string& key);
void save_cached_features(const std::filesystem::path& cache_folder, const std::string& key,
                          const FeatureMatrix& features);

}  // namespace tsfs
