#include "sweep/artefacts.hpp"

#include <fmt/format.h>

#include <sstream>

#include <spdlog/spdlog.h>

#include <chrono>

#include "common/files.hpp"
#include "common/hash.hpp"
#include "distance/distance.hpp"

namespace tsfs {
namespace {

// Bump when a stage's output format or algorithm changes, so old caches are not reused.
constexpr const char* kFeatureCacheVersion = "features-v2";
constexpr const char* kDistanceCacheVersion = "distance-v1";

std::string data_fingerprint(const Dataset& dataset) {
  return Hasher().matrix(dataset.values).vector(dataset.lengths).hex();
}

}  // namespace

std::string feature_cache_key(const Dataset& dataset, const ComponentSpec& extractor) {
  return fmt::format("{}|{}|{}|{}|{}", kFeatureCacheVersion, dataset.name,
                     data_fingerprint(dataset), extractor.kind, extractor.params.canonical());
}

std::string distance_cache_key(const Dataset& dataset, const ComponentSpec& distance) {
  return fmt::format("{}|{}|{}|{}|{}", kDistanceCacheVersion, dataset.name,
                     data_fingerprint(dataset), distance.kind, distance.params.canonical());
}

std::filesystem::path cache_path(const std::filesystem::path& cache_folder, const std::string& key,
                                 const std::string& kind) {
  return cache_folder / fmt::format("{}-{}.bin", kind, Hasher().text(key).hex());
}

Eigen::MatrixXd distance_matrix(const Dataset& dataset, const ComponentSpec& distance,
                                const std::filesystem::path& cache_folder, int threads,
                                bool* from_cache) {
  auto measure = DistanceRegistry::instance().find(distance.kind)->make(distance.params);
  std::string key = distance_cache_key(dataset, distance);
  auto path = cache_path(cache_folder, key, "distance");
  if (from_cache) *from_cache = false;
  if (measure->cacheable()) {
    if (auto cached = load_cached_matrix(path, key)) {
      spdlog::info("distances {} {}: cached", dataset.name, distance.kind);
      if (from_cache) *from_cache = true;
      return std::move(*cached);
    }
  }
  auto start = std::chrono::steady_clock::now();
  Eigen::MatrixXd values = measure->pairwise(dataset, threads);
  spdlog::info("distances {} {}: {}x{} in {:.2f} s", dataset.name, distance.kind, values.rows(),
               values.cols(),
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  if (measure->cacheable()) save_cached_matrix(path, key, values);
  return values;
}

std::optional<FeatureMatrix> load_cached_features(const std::filesystem::path& cache_folder,
                                                  const std::string& key) {
  auto values = load_cached_matrix(cache_path(cache_folder, key, "features"), key);
  if (!values) return std::nullopt;
  auto names_path = cache_path(cache_folder, key, "features").replace_extension(".names");
  if (!std::filesystem::exists(names_path)) return std::nullopt;
  FeatureMatrix features;
  std::istringstream names(read_text_file(names_path));
  for (std::string name; std::getline(names, name);) features.names.push_back(name);
  if (static_cast<Eigen::Index>(features.names.size()) != values->cols()) return std::nullopt;
  features.values = std::move(*values);
  return features;
}

void save_cached_features(const std::filesystem::path& cache_folder, const std::string& key,
                          const FeatureMatrix& features) {
  auto path = cache_path(cache_folder, key, "features");
  std::string names;
  for (const auto& name : features.names) names += name + '\n';
  // Names first: a values file is only trusted when its names file exists and matches.
  write_file_atomically(std::filesystem::path(path).replace_extension(".names"), names);
  save_cached_matrix(path, key, features.values);
}

}  // namespace tsfs
