#include <fmt/format.h>

#include <algorithm>

#include "cache/artefacts.hpp"
#include "common/error.hpp"

// Apart from artefacts.cpp: this runs the extractors, which the cache readers' fuzz build
// (tests/fuzz) does not link.
namespace tsfs {

FeatureMatrix feature_matrix(const Dataset& data, const std::vector<ExtractorSpec>& extractors,
                             const std::filesystem::path& cache_folder, int threads,
                             std::string* cache_key, bool* from_cache) {
  if (from_cache != nullptr) *from_cache = false;
  // Cached whole, and only when every part may be (a features file is read afresh each time).
  if (std::all_of(extractors.begin(), extractors.end(),
                  [](const auto& extractor) { return extractor.extractor->cacheable(); })) {
    const std::string key = feature_cache_key(data, extractors);
    if (cache_key != nullptr) *cache_key = key;
    if (auto cached = load_cached_features(cache_folder, key)) {
      if (from_cache != nullptr) *from_cache = true;
      return std::move(*cached);
    }
  }
  std::vector<std::pair<std::string, FeatureMatrix>> parts;
  for (const ExtractorSpec& extractor : extractors) try {
      parts.emplace_back(extractor.kind, extractor.extractor->extract(data, threads));
    } catch (const InputError& error) {
      // A location-less refusal (a Python extractor's exception): the entry's line, the dataset.
      if (error.where().empty())
        throw InputError(extractor.where.str(),
                         fmt::format("{} (dataset {})", error.message(), data.name));
      // A features file that does not exist is the `features:` entry's path: named at its line.
      if (!names_missing_path(error)) throw;
      throw InputError(extractor.where.str(),
                       fmt::format("features.path: {}: {} (dataset {})", error.where(),
                                   error.message(), data.name));
    }
  try {
    return concatenate_features(parts);
  } catch (const InputError& error) {
    throw InputError(extractors.front().where.str(),
                     fmt::format("features: {} (dataset {})", error.message(), data.name));
  }
}

}  // namespace tsfs
