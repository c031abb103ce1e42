#pragma once
// Helpers for the data, feature, distance and classifier tests: a private temporary folder per test
// that also writes gzipped files, in-memory datasets and InputError capture.
#include <doctest/doctest.h>
#include <zlib.h>

#include <Eigen/Core>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/params.hpp"
#include "common/registry.hpp"
#include "data/dataset.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs::test {

inline std::filesystem::path ucr_folder(const std::string& name) {
  return std::filesystem::path(TSFS_SOURCE_DIR) / "third_party" / "ucr" / name;
}

// A temporary folder (support/temporary_folder.hpp) that can also write gzipped files.
class TempFolder : public testing::TemporaryFolder {
 public:
  std::filesystem::path write_gzipped(const std::string& name, const std::string& contents) const {
    auto file = path() / name;
    gzFile out = gzopen(file.c_str(), "wb");
    if (!out) throw std::runtime_error("cannot write " + file.string());
    int written = gzwrite(out, contents.data(), static_cast<unsigned>(contents.size()));
    if (gzclose(out) != Z_OK || written != static_cast<int>(contents.size()))
      throw std::runtime_error("cannot write " + file.string());
    return file;
  }
};

// Runs `action` and returns the InputError text ("where: message"); fails the test if none.
// A doctest::String, so that `text == doctest::Contains("...")` prints both sides on failure.
template <typename Action>
doctest::String input_error_text(Action&& action) {
  try {
    action();
  } catch (const InputError& error) {
    return doctest::String(error.what());
  }
  FAIL_CHECK("expected an InputError");
  return {};
}

// A dataset of the given series (shorter ones NaN-padded), labels alternating 0, 1.
inline Dataset make_dataset(const std::vector<std::vector<double>>& series,
                            const std::string& name = "Toy") {
  Dataset dataset;
  dataset.name = name;
  dataset.class_names = {"a", "b"};
  size_t longest = 0;
  for (const auto& one : series) longest = std::max(longest, one.size());
  auto rows = static_cast<Eigen::Index>(series.size());
  dataset.values.setConstant(rows, static_cast<Eigen::Index>(longest), std::nan(""));
  dataset.lengths.resize(rows);
  dataset.labels.resize(rows);
  for (Eigen::Index r = 0; r < rows; ++r) {
    const auto& one = series[static_cast<size_t>(r)];
    for (size_t k = 0; k < one.size(); ++k)
      dataset.values(r, static_cast<Eigen::Index>(k)) = one[k];
    dataset.lengths(r) = static_cast<int>(one.size());
    dataset.labels(r) = static_cast<int>(r % 2);
  }
  dataset.train_rows = rows;
  dataset.merged_rows = rows;
  return dataset;
}

// A registered extractor configured from `params` (which must be complete and acceptable).
inline std::shared_ptr<const FeatureExtractor> configured_extractor(const std::string& kind,
                                                                    const ParamSet& params) {
  const auto* registration = ExtractorRegistry::instance().find(kind);
  REQUIRE(registration != nullptr);
  const Configured<FeatureExtractor> configured = registration->configure(params);
  REQUIRE_FALSE(configured.problem());
  return configured.component();
}

// A registered distance configured from `params` (which must be complete and acceptable).
inline std::shared_ptr<const DistanceMeasure> configured_distance(const std::string& kind,
                                                                  const ParamSet& params) {
  const auto* registration = DistanceRegistry::instance().find(kind);
  REQUIRE(registration != nullptr);
  const Configured<DistanceMeasure> configured = registration->configure(params);
  REQUIRE_FALSE(configured.problem());
  return configured.component();
}

}  // namespace tsfs::test
