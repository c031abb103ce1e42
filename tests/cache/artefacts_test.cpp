#include "cache/artefacts.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>

#include "common/files.hpp"
#include "support/dataset_fixtures.hpp"

// Cache files are never trusted: every way of damaging one must make it a miss (recomputed),
// never a crash, a huge allocation or wrong values.

namespace {

namespace fs = std::filesystem;

tsfs::FeatureMatrix sample_features() {
  tsfs::FeatureMatrix features;
  features.names = {"mean", "max, abs", "say \"hi\""};
  features.values.resize(2, 3);
  features.values << 1, 2, 3, 4.5, -1e-300, 6;
  return features;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

void put_number(std::string& bytes, size_t offset, std::uint64_t value) {
  bytes.replace(offset, sizeof value, reinterpret_cast<const char*>(&value), sizeof value);
}

const std::string kKey = "features-v1|Toy|0123|raw|";

}  // namespace

TEST_CASE("cached features round-trip, and every tampered file is a miss") {
  tsfs::test::TempFolder folder;
  auto features = sample_features();
  tsfs::save_cached_features(folder.path(), kKey, features);
  auto loaded = tsfs::load_cached_features(folder.path(), kKey);
  REQUIRE(loaded);
  CHECK(loaded->names == features.names);
  CHECK(loaded->values == features.values);
  CHECK_FALSE(tsfs::load_cached_features(folder.path(), kKey + "x"));

  fs::path matrix = tsfs::cache_path(folder.path(), kKey, "features");
  fs::path names = fs::path(matrix).replace_extension(".names");
  const std::string matrix_bytes = read_bytes(matrix);
  const std::string names_bytes = read_bytes(names);
  auto miss_after = [&](const fs::path& path, const std::string& bytes) {
    write_bytes(path, bytes);
    bool missed = !tsfs::load_cached_features(folder.path(), kKey);
    write_bytes(matrix, matrix_bytes);
    write_bytes(names, names_bytes);
    return missed;
  };
  const size_t dimensions = 8 + 8 + kKey.size();  // magic, key size, key: then rows, cols

  SUBCASE("names file: a flipped byte in a name, truncated, extended, removed, old text format") {
    std::string flipped = names_bytes;
    flipped[names_bytes.find("mean")] = 'M';
    CHECK(miss_after(names, flipped));
    CHECK(miss_after(names, names_bytes.substr(0, names_bytes.size() - 1)));
    CHECK(miss_after(names, names_bytes + "x"));
    CHECK(miss_after(names, "mean\nmax, abs\nsay \"hi\"\n"));
    CHECK(miss_after(names, ""));
    fs::remove(names);
    CHECK_FALSE(tsfs::load_cached_features(folder.path(), kKey));
    write_bytes(names, names_bytes);
  }
  SUBCASE("names file: counts and lengths claiming more than is there") {
    std::string huge_count = names_bytes;
    put_number(huge_count, 8 + 8 + kKey.size(), std::uint64_t{1} << 62);
    CHECK(miss_after(names, huge_count));
    std::string huge_name = names_bytes;
    put_number(huge_name, 8 + 8 + kKey.size() + 8, ~std::uint64_t{0});
    CHECK(miss_after(names, huge_name));
    std::string huge_key = names_bytes;
    put_number(huge_key, 8, ~std::uint64_t{0});
    CHECK(miss_after(names, huge_key));
  }
  SUBCASE("matrix file: absurd or inconsistent dimensions are corrupt, not allocated") {
    for (std::uint64_t rows : {std::uint64_t{1} << 40, std::uint64_t{1} << 62, ~std::uint64_t{0},
                               std::uint64_t{3}, std::uint64_t{0}}) {
      std::string bytes = matrix_bytes;
      put_number(bytes, dimensions, rows);
      CHECK(miss_after(matrix, bytes));
    }
    std::string swapped = matrix_bytes;  // 3 x 2 holds as many values as 2 x 3
    put_number(swapped, dimensions, 3);
    put_number(swapped, dimensions + 8, 2);
    CHECK(miss_after(matrix, swapped));
    std::string overflow = matrix_bytes;  // rows * cols wraps around to 6 in 64 bits
    put_number(overflow, dimensions, (std::uint64_t{1} << 63) + 3);
    put_number(overflow, dimensions + 8, 2);
    CHECK(miss_after(matrix, overflow));
  }
  SUBCASE("matrix file: flipped value, appended or cut bytes, another key's file") {
    std::string flipped = matrix_bytes;
    flipped[dimensions + 16 + 3] ^= 0x10;
    CHECK(miss_after(matrix, flipped));
    CHECK(miss_after(matrix, matrix_bytes + std::string(8, '\0')));
    CHECK(miss_after(matrix, matrix_bytes.substr(0, matrix_bytes.size() - 8)));
    CHECK(miss_after(matrix, matrix_bytes.substr(0, 10)));
    tsfs::save_cached_features(folder.path(), kKey + "other", features);
    CHECK(miss_after(matrix,
                     read_bytes(tsfs::cache_path(folder.path(), kKey + "other", "features"))));
  }
  SUBCASE("a verified names file of another key, or with fewer names than columns") {
    auto fewer = features;
    fewer.names.pop_back();
    fewer.values.conservativeResize(2, 2);
    tsfs::save_cached_features(folder.path(), kKey + "fewer", fewer);
    fs::path other = fs::path(tsfs::cache_path(folder.path(), kKey + "fewer", "features"))
                         .replace_extension(".names");
    CHECK(miss_after(names, read_bytes(other)));
    tsfs::save_cached_features(folder.path(), kKey, fewer);
    std::string fewer_names = read_bytes(names);
    write_bytes(matrix, matrix_bytes);  // the 3-column matrix with the 2 names
    CHECK(miss_after(names, fewer_names));
  }
  // The untouched files still load after all that.
  CHECK(tsfs::load_cached_features(folder.path(), kKey));
}

TEST_CASE("cached matrix loader: an absurd header is a miss even for a tiny file") {
  tsfs::test::TempFolder folder;
  auto path = folder.path() / "tiny.bin";
  Eigen::MatrixXd empty(0, 0);
  tsfs::save_cached_matrix(path, "k", empty);
  auto loaded = tsfs::load_cached_matrix(path, "k");
  REQUIRE(loaded);
  CHECK(loaded->size() == 0);
  std::string bytes = read_bytes(path);
  put_number(bytes, 8 + 8 + 1, std::uint64_t{1} << 31);      // rows
  put_number(bytes, 8 + 8 + 1 + 8, std::uint64_t{1} << 31);  // cols: 32 EiB of doubles
  write_bytes(path, bytes);
  CHECK_FALSE(tsfs::load_cached_matrix(path, "k"));
}
