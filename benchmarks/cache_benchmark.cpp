// Reading a cached matrix back (load_cached_matrix: the file read from the page cache, the
// checksum verified) in cache format 2 (an XXH3 checksum, libxxhash) against format 1 (FNV-1a,
// Hasher, one byte after another: 4 cycles a byte), both still read. A distance matrix of 3,000 x
// 3,000 (72 MB, MelbournePedestrian's is 3,633 x 3,633). Bytes of values per second. One thread.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/files.hpp"
#include "common/hash.hpp"

namespace {

constexpr Eigen::Index kRows = 3000;
const std::string kKey = "distance-benchmark";

const Eigen::MatrixXd& distances() {
  static const Eigen::MatrixXd values = Eigen::MatrixXd::Random(kRows, kRows).cwiseAbs();
  return values;
}

std::filesystem::path file_of(int format) {
  return std::filesystem::temp_directory_path() /
         ("tsfs-cache-benchmark-" + std::to_string(getpid()) + "-" + std::to_string(format));
}

// Format 1's layout (src/common/files.cpp): magic, key size and key, rows and columns, values,
// then Hasher's FNV-1a over the dimensions and values.
void write_format_1(const std::filesystem::path& path, const Eigen::MatrixXd& values) {
  std::ofstream out(path, std::ios::binary);
  const std::uint64_t key_size = kKey.size();
  const std::int64_t shape[2] = {values.rows(), values.cols()};
  const std::uint64_t checksum = tsfs::Hasher().matrix(values).digest();
  out.write("TSFSMAT1", 8);
  out.write(reinterpret_cast<const char*>(&key_size), sizeof key_size);
  out.write(kKey.data(), static_cast<std::streamsize>(kKey.size()));
  out.write(reinterpret_cast<const char*>(shape), sizeof shape);
  out.write(reinterpret_cast<const char*>(values.data()),
            static_cast<std::streamsize>(sizeof(double) * static_cast<size_t>(values.size())));
  out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
}

template <int kFormat>
void cache_read(benchmark::State& state) {
  const std::filesystem::path path = file_of(kFormat);
  if constexpr (kFormat == 1)
    write_format_1(path, distances());
  else
    tsfs::save_cached_matrix(path, kKey, distances());
  for (auto _ : state) {
    const auto values = tsfs::load_cached_matrix(path, kKey);
    if (!values) state.SkipWithError("the cached matrix did not verify");
    benchmark::DoNotOptimize(values);
  }
  std::filesystem::remove(path);
  state.counters["bytes_per_second"] = benchmark::Counter(
      static_cast<double>(sizeof(double) * kRows * kRows) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(cache_read<2>)->Name("cache_read/xxh3")->Unit(benchmark::kMillisecond);
BENCHMARK(cache_read<1>)->Name("cache_read/fnv")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
