#pragma once
// The fuzzing harnesses' bodies, shared by the libFuzzer entry point (fuzz_main.cpp) and the unit
// test that replays the committed corpus (corpus_test.cpp). Each feeds one input to a reader
// through a scratch file, as the runner would. An InputError is the documented answer to bad
// input; a broken promise of the reader to later stages throws std::logic_error; any exception
// other than InputError is a bug (exit 1 in the runner).
#include <spdlog/spdlog.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cache/artefacts.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "config/spec.hpp"
#include "data/csv_matrix.hpp"
#include "data/dataset.hpp"
#include "support/dataset_fixtures.hpp"

namespace tsfs::fuzz {

// One folder per process, removed when the process exits normally.
inline const std::filesystem::path& scratch_folder() {
  static const test::TempFolder folder;
  return folder.path();
}

inline std::filesystem::path write_scratch(const std::string& name, std::string_view bytes) {
  auto path = scratch_folder() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return path;
}

inline void promise(bool kept, const char* what) {
  if (!kept) throw std::logic_error(what);
}

// A TRAIN file, optionally followed by a line "#TEST" and a TEST file: then the merged split is
// loaded, so the checks across files run too.
inline void load_ucr(std::string_view input) {
  constexpr std::string_view kSeparator = "\n#TEST\n";
  size_t split = input.find(kSeparator);
  std::filesystem::remove(scratch_folder() / "Fuzz_TEST.tsv");
  write_scratch("Fuzz_TRAIN.tsv", input.substr(0, split));
  DatasetOptions options;
  options.name = "Fuzz";
  options.folder = scratch_folder();
  options.split = Split::train;
  if (split != std::string_view::npos) {
    write_scratch("Fuzz_TEST.tsv", input.substr(split + kSeparator.size()));
    options.split = Split::merged;
  }
  Dataset dataset = load_ucr_dataset(options);
  promise(dataset.rows() >= 1 && dataset.classes() >= 2 && dataset.labels.size() == dataset.rows(),
          "UCR loader: rows, classes and labels");
  for (Eigen::Index row = 0; row < dataset.rows(); ++row)
    promise(dataset.lengths(row) >= 1 && dataset.series(row).allFinite() &&
                dataset.labels(row) >= 0 && dataset.labels(row) < dataset.classes(),
            "UCR loader: a series with no values, a non-finite value or a bad label");
}

// The first byte chooses the missing-value policy (odd: interpolate); the rest is a .ts TRAIN
// file, optionally followed by a line "%TEST" and a TEST file (then the merged split is loaded).
inline void load_ts(std::string_view input) {
  if (input.empty()) return;
  const MissingValues missing =
      (input.front() & 1) != 0 ? MissingValues::interpolate : MissingValues::refuse;
  input.remove_prefix(1);
  constexpr std::string_view kSeparator = "\n%TEST\n";
  size_t split = input.find(kSeparator);
  std::filesystem::remove(scratch_folder() / "FuzzTs_TEST.ts");
  write_scratch("FuzzTs_TRAIN.ts", input.substr(0, split));
  DatasetOptions options;
  options.name = "FuzzTs";
  options.folder = scratch_folder();
  options.split = Split::train;
  options.missing = missing;
  if (split != std::string_view::npos) {
    write_scratch("FuzzTs_TEST.ts", input.substr(split + kSeparator.size()));
    options.split = Split::merged;
  }
  Dataset dataset = load_ucr_dataset(options);
  promise(dataset.rows() >= 1 && dataset.classes() >= 2 && dataset.labels.size() == dataset.rows(),
          ".ts loader: rows, classes and labels");
  for (Eigen::Index row = 0; row < dataset.rows(); ++row)
    promise(dataset.lengths(row) >= 1 && dataset.series(row).allFinite() &&
                dataset.labels(row) >= 0 && dataset.labels(row) < dataset.classes(),
            ".ts loader: a series with no values, a non-finite value or a bad label");
}

// The first byte chooses whether the file has a header; the rest is the file.
inline void read_csv(std::string_view input) {
  if (input.empty()) return;
  bool has_header = (input.front() & 1) != 0;
  auto path = write_scratch("matrix.csv", input.substr(1));
  NamedMatrix table = read_numeric_csv(path, has_header);
  promise(table.values.rows() >= 1 && table.values.cols() >= 1, "CSV reader: an empty matrix");
  promise(!has_header || static_cast<Eigen::Index>(table.names.size()) == table.values.cols(),
          "CSV reader: names and columns differ");
}

// The spec file; after a line "#--set", each further line is an override "key.path=value".
inline void load_spec_text(std::string_view input) {
  constexpr std::string_view kSeparator = "\n#--set\n";
  size_t split = input.find(kSeparator);
  std::vector<std::string> overrides;
  if (split != std::string_view::npos) {
    std::string_view rest = input.substr(split + kSeparator.size());
    while (!rest.empty()) {
      size_t end = rest.find('\n');
      overrides.emplace_back(rest.substr(0, end));
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
  }
  Spec spec = load_spec(write_scratch("spec.yaml", input.substr(0, split)), overrides);
  promise(!spec.datasets.empty() && !spec.selectors.empty() && !spec.classifier.grid.empty(),
          "spec loader: a spec without datasets, selectors or classifier settings");
}

// The key of the seed corpus's cache files (corpus/cache_reader, make_cache_seeds.py).
inline const std::string kCacheKey = "features-v1|Fuzz|0|raw|";

// The first two bytes say where the rest splits into a cached feature matrix and its names file;
// the whole rest is also read as a distance matrix. A damaged file must be a miss, nothing else.
inline void read_cache(std::string_view input) {
  if (input.size() < 2) return;
  std::uint16_t split_at = 0;
  std::memcpy(&split_at, input.data(), sizeof split_at);
  std::string_view rest = input.substr(2);
  size_t split = std::min<size_t>(split_at, rest.size());
  auto matrix = cache_path(scratch_folder(), kCacheKey, "features");
  write_scratch(matrix.filename().string(), rest.substr(0, split));
  write_scratch(matrix.replace_extension(".names").filename().string(), rest.substr(split));
  auto features = load_cached_features(scratch_folder(), kCacheKey);
  promise(!features || static_cast<Eigen::Index>(features->names.size()) == features->values.cols(),
          "cache reader: names and columns differ");
  load_cached_matrix(write_scratch("whole.bin", rest), kCacheKey);
}

}  // namespace tsfs::fuzz
