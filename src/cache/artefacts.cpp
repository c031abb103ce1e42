#include "cache/artefacts.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <thread>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/hash.hpp"
#include "common/interrupt.hpp"
#include "distance/distance.hpp"

namespace tsfs {
namespace {

// Bump when a stage's output format or algorithm changes, so old caches are not reused.
constexpr const char* kFeatureCacheVersion = "features-v2";
constexpr const char* kDistanceCacheVersion = "distance-v1";

constexpr std::string_view kNamesMagic = "TSFSNAM1";
// A names file larger than this is not one tsfs wrote (389 TSFEL names take about 10 kB).
constexpr std::uintmax_t kMaxNamesFileBytes = 64u << 20;

// A cache entry that is there but no regular file (a folder made in its place) can be neither
// read nor replaced: named, and the value computed without being cached. Never the output
// folder's fault, so never a failure to write into it.
bool is_foreign_entry(const std::filesystem::path& path) {
  std::error_code status;
  return std::filesystem::exists(path, status) && !std::filesystem::is_regular_file(path, status);
}

void warn_foreign_entry(const std::filesystem::path& path) {
  spdlog::warn(
      "{}: a cache entry that is not a file (a folder?); computed without caching it: "
      "remove it to cache the value again",
      path.string());
}

void warn_unverified(const std::filesystem::path& path) {
  std::error_code status;
  if (is_foreign_entry(path))
    warn_foreign_entry(path);
  else if (std::filesystem::exists(path, status))
    spdlog::warn("{}: cache file does not verify (damaged or edited); recomputing", path.string());
}

// Saves unless the entry is foreign (see is_foreign_entry), which was warned about on reading.
void save_entry(const std::filesystem::path& path, const std::string& key,
                const Eigen::MatrixXd& values) {
  if (!is_foreign_entry(path)) save_cached_matrix(path, key, values);
}

std::string data_fingerprint(const Dataset& dataset) {
  return Hasher().matrix(dataset.values).vector(dataset.lengths).hex();
}

std::filesystem::path names_path(const std::filesystem::path& cache_folder,
                                 const std::string& key) {
  return cache_path(cache_folder, key, "features").replace_extension(".names");
}

std::uint64_t names_checksum(const std::string& key, const std::vector<std::string>& names) {
  Hasher hasher;
  hasher.text(key).integer(static_cast<long long>(names.size()));
  for (const auto& name : names) hasher.text(name);
  return hasher.digest();
}

void append_number(std::string& blob, std::uint64_t value) {
  blob.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Takes a little-endian 64-bit number off the front of `bytes`; nullopt when too short.
std::optional<std::uint64_t> take_number(std::string_view& bytes) {
  std::uint64_t value = 0;
  if (bytes.size() < sizeof value) return std::nullopt;
  std::memcpy(&value, bytes.data(), sizeof value);
  bytes.remove_prefix(sizeof value);
  return value;
}

// Takes a length-prefixed string; nullopt when the length runs past the end.
std::optional<std::string> take_text(std::string_view& bytes) {
  auto size = take_number(bytes);
  if (!size || *size > bytes.size()) return std::nullopt;
  std::string text(bytes.substr(0, *size));
  bytes.remove_prefix(*size);
  return text;
}

// Names file: magic, key, count, the names (each length-prefixed), checksum of all but magic.
void save_cached_names(const std::filesystem::path& path, const std::string& key,
                       const std::vector<std::string>& names) {
  std::string blob(kNamesMagic);
  append_number(blob, key.size());
  blob += key;
  append_number(blob, names.size());
  for (const auto& name : names) {
    append_number(blob, name.size());
    blob += name;
  }
  append_number(blob, names_checksum(key, names));
  write_file_atomically(path, blob);
}

// Every length is checked against the bytes present before it is used, and nothing may follow
// the checksum: any damaged, truncated, extended or foreign file is a cache miss.
std::optional<std::vector<std::string>> load_cached_names(const std::filesystem::path& path,
                                                          const std::string& key) {
  std::error_code status;
  std::uintmax_t size = std::filesystem::file_size(path, status);
  if (status || size > kMaxNamesFileBytes) return std::nullopt;
  std::string contents = read_text_file(path);
  std::string_view bytes = contents;
  if (!bytes.starts_with(kNamesMagic)) return std::nullopt;
  bytes.remove_prefix(kNamesMagic.size());
  auto stored_key = take_text(bytes);
  auto count = take_number(bytes);
  if (!stored_key || *stored_key != key || !count || *count > bytes.size() / sizeof(*count))
    return std::nullopt;
  std::vector<std::string> names;
  for (std::uint64_t index = 0; index < *count; ++index) {
    auto name = take_text(bytes);
    if (!name) return std::nullopt;
    names.push_back(std::move(*name));
  }
  auto checksum = take_number(bytes);
  if (!checksum || !bytes.empty() || *checksum != names_checksum(key, names)) return std::nullopt;
  return names;
}

// Several processes may share a cache (the shards of a sharded run): writes are atomic renames,
// so a reader sees a whole file or none, and this lock (flock on <file>.lock, released by the
// kernel if its holder dies) makes a second process that misses the same matrix wait for the
// first and read its copy instead of computing it again. Where the cache folder is read-only or
// flock is unsupported, the processes compute side by side and the last rename wins (the same
// bytes).
class CacheEntryLock {
 public:
  explicit CacheEntryLock(const std::filesystem::path& path) {
    std::error_code error;
    std::filesystem::create_directories(path.parent_path(), error);
    auto lock_path = path;
    lock_path += ".lock";
    fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    while (fd_ >= 0 && flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK) break;
      throw_if_interrupted();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  ~CacheEntryLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  CacheEntryLock(const CacheEntryLock&) = delete;
  CacheEntryLock& operator=(const CacheEntryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace

std::string feature_cache_key(const Dataset& dataset,
                              const std::vector<ExtractorSpec>& extractors) {
  std::vector<std::string> kinds, params;
  for (const auto& extractor : extractors) {
    kinds.push_back(extractor.kind);
    params.push_back(extractor.params.canonical());
  }
  return fmt::format("{}|{}|{}|{}|{}", kFeatureCacheVersion, dataset.name,
                     data_fingerprint(dataset), fmt::join(kinds, "+"), fmt::join(params, "+"));
}

std::string distance_cache_key(const Dataset& dataset, const ComponentSpec& distance) {
  return fmt::format("{}|{}|{}|{}|{}", kDistanceCacheVersion, dataset.name,
                     data_fingerprint(dataset), distance.kind, distance.params.canonical());
}

std::filesystem::path cache_path(const std::filesystem::path& cache_folder, const std::string& key,
                                 const std::string& kind) {
  return cache_folder / fmt::format("{}-{}.bin", kind, Hasher().text(key).hex());
}

namespace {

// A block's key holds its rows and columns besides every input of the whole matrix's.
std::string distance_block_key(const Dataset& dataset, const DistanceSpec& distance,
                               const BlockRows& block_rows) {
  std::string key = distance_cache_key(dataset, distance);
  const auto rows = static_cast<size_t>(dataset.rows());
  if (block_rows.rows.size() != rows || block_rows.columns.size() != rows) {
    Hasher rows_hash, columns_hash;
    for (int row : block_rows.rows) rows_hash.integer(row);
    for (int column : block_rows.columns) columns_hash.integer(column);
    key += fmt::format("|block|{}|{}", rows_hash.hex(), columns_hash.hex());
  }
  return key;
}

}  // namespace

bool distance_block_is_cached(const Dataset& dataset, const DistanceSpec& distance,
                              const BlockRows& block_rows,
                              const std::filesystem::path& cache_folder) {
  if (!distance.measure->cacheable()) return false;
  std::error_code status;
  return std::filesystem::is_regular_file(
      cache_path(cache_folder, distance_block_key(dataset, distance, block_rows), "distance"),
      status);
}

DistanceBlock distance_block(const Dataset& dataset, const DistanceSpec& distance,
                             const BlockRows& block_rows, const std::filesystem::path& cache_folder,
                             int threads, bool* from_cache) {
  const std::vector<int>& rows = block_rows.rows;
  const std::vector<int>& columns = block_rows.columns;
  const auto& measure = distance.measure;
  DistanceBlock block;
  block.rows = rows;
  block.columns = columns;
  const bool whole = block.is_whole(dataset.rows());
  const std::string key = distance_block_key(dataset, distance, block_rows);
  auto path = cache_path(cache_folder, key, "distance");
  if (from_cache) *from_cache = false;
  auto read_cache = [&]() -> std::optional<Eigen::MatrixXd> {
    auto cached = load_cached_matrix(path, key);
    if (cached) spdlog::info("distances {} {}: cached", dataset.name, distance.kind);
    if (cached && from_cache) *from_cache = true;
    return cached;
  };
  std::optional<CacheEntryLock> lock;
  if (measure->cacheable()) {
    auto cached = read_cache();
    if (!cached) {
      lock.emplace(path);
      cached = read_cache();  // written while we waited
    }
    if (cached) {
      block.values = std::move(*cached);
      return block;
    }
    warn_unverified(path);
  }
  auto start = std::chrono::steady_clock::now();
  try {
    block.values = whole ? measure->pairwise(dataset, threads)
                         : measure->block(dataset, rows, columns, threads);
  } catch (const InputError& error) {
    // A location-less refusal (a Python distance's exception): the entry's line, the dataset.
    if (!error.where().empty()) throw;
    throw InputError(distance.where.str(),
                     fmt::format("{} (dataset {})", error.message(), dataset.name));
  }
  spdlog::info("distances {} {}: {}x{} in {:.2f} s", dataset.name, distance.kind,
               block.values.rows(), block.values.cols(),
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  if (measure->cacheable()) save_entry(path, key, block.values);
  return block;
}

Eigen::MatrixXd distance_matrix(const Dataset& dataset, const DistanceSpec& distance,
                                const std::filesystem::path& cache_folder, int threads,
                                bool* from_cache) {
  std::vector<int> rows(static_cast<size_t>(dataset.rows()));
  std::iota(rows.begin(), rows.end(), 0);
  return distance_block(dataset, distance, {rows, rows}, cache_folder, threads, from_cache).values;
}

std::optional<FeatureMatrix> load_cached_features(const std::filesystem::path& cache_folder,
                                                  const std::string& key) {
  auto path = cache_path(cache_folder, key, "features");
  auto values = load_cached_matrix(path, key);
  auto names = load_cached_names(names_path(cache_folder, key), key);
  if (!values || !names || static_cast<Eigen::Index>(names->size()) != values->cols()) {
    warn_unverified(path);
    return std::nullopt;
  }
  return FeatureMatrix{std::move(*names), std::move(*values)};
}

void save_cached_features(const std::filesystem::path& cache_folder, const std::string& key,
                          const FeatureMatrix& features) {
  // Names first: a values file is only trusted when its names file verifies and matches.
  const auto names = names_path(cache_folder, key);
  const auto values = cache_path(cache_folder, key, "features");
  if (is_foreign_entry(names) || is_foreign_entry(values)) {
    warn_foreign_entry(is_foreign_entry(names) ? names : values);
    return;
  }
  save_cached_names(names, key, features.names);
  save_cached_matrix(values, key, features.values);
}

}  // namespace tsfs
