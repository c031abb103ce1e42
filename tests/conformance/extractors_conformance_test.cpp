// Conformance of every registered feature extractor (features/feature_extractor.hpp), found through
// ExtractorRegistry: the same features at one and two threads, and features of the shortest
// series. An extractor declares no minimum of its own (its registration has no check), so there
// is no "one below" to refuse; constant and NaN columns are a selector's business. Its parameters
// are checked with every other kind's (parameters_conformance_test.cpp).
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/conformance_data.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs::conformance::extractor_checks {
namespace {

constexpr std::uint64_t kSeed = 23;

// One row per series, one column per name, the names non-empty and unique (they key every report
// and the union of several extractors).
void check_feature_matrix(const FeatureMatrix& features, const Dataset& dataset) {
  CHECK(features.values.rows() == dataset.rows());
  CHECK(static_cast<Eigen::Index>(features.names.size()) == features.values.cols());
  CHECK(features.values.cols() >= 1);
  std::vector<std::string> names = features.names;
  std::sort(names.begin(), names.end());
  CHECK_MESSAGE(std::adjacent_find(names.begin(), names.end()) == names.end(),
                "two columns share a name");
  CHECK_MESSAGE(std::none_of(names.begin(), names.end(),
                             [](const std::string& column) { return column.empty(); }),
                "a column has no name");
}

void check_same_features(const FeatureMatrix& a, const FeatureMatrix& b) {
  CHECK(a.names == b.names);
  CHECK(same_bits(a.values, b.values));
}

// The features of `dataset` at `threads` threads, from the files the extractor reads written first.
auto extracted(const FeatureExtractor& extractor, const Dataset& dataset, int threads) {
  write_fixture(Kind::extractor, dataset);
  return outcome_of([&] { return extractor.extract(dataset, threads); });
}

// Check 1: 12 series of 24 values, 3 classes; the same names and bits at one and two threads.
void check_threads(const std::string& name) {
  const std::optional<Spec> spec = spec_at_defaults(Kind::extractor, name);
  if (!spec) return;
  const FeatureExtractor& extractor = *spec->extractors.front().extractor;
  const Dataset dataset = labelled_series(interleaved_labels({4, 4, 4}), 3, 24, kSeed);
  const auto one = extracted(extractor, dataset, 1);
  const auto two = extracted(extractor, dataset, 2);
  CHECK_MESSAGE(one.result.has_value(), "refuses 12 series of 24 values: " << one.refusal);
  check_same_outcomes(std::vector{one, two}, check_same_features);
  if (one.result) check_feature_matrix(*one.result, dataset);
}

// Check 3: the engine's smallest dataset, 2 series (one of each class) of 1 value: a row of
// features for each, without any exception (features a series is too short for are NaN).
void check_smallest_data(const std::string& name) {
  const std::optional<Spec> spec = spec_at_defaults(Kind::extractor, name);
  if (!spec) return;
  const Dataset dataset =
      labelled_series(interleaved_labels(std::vector<int>(static_cast<size_t>(kFewestSeries), 1)),
                      static_cast<int>(kFewestSeries), kShortestSeries, kSeed);
  const auto outcome = extracted(*spec->extractors.front().extractor, dataset, 1);
  CHECK_MESSAGE(outcome.result.has_value(), "refuses the smallest dataset: " << outcome.refusal);
  if (outcome.result) check_feature_matrix(*outcome.result, dataset);
}

}  // namespace

TEST_CASE("conformance: every extractor gives the same features at one and two threads") {
  for_each_component(Kind::extractor, check_threads);
}

// Last: a crash at the smallest data ends the program, after the checks above have reported.
TEST_CASE("conformance: every extractor extracts the shortest series") {
  for_each_component(Kind::extractor, check_smallest_data);
}

}  // namespace tsfs::conformance::extractor_checks
