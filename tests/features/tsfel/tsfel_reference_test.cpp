// The "tsfel" extractor against TSFEL 0.1.5 itself: every feature of every reference series
// (tests/reference/tsfel-0.1.5, see its README.md), one TEST_CASE per domain, plus the column
// names, count and order for every reference length.
//
// Tolerance: relative difference <= 1e-6, or absolute difference <= 1e-9 (quantities that are 0
// up to rounding). The entries of rounding_sensitive.csv are, as the reference README shows,
// mostly floating-point noise, so they are checked more loosely:
//   - fft_rounding_residue (series 48, a sine on an exact FFT bin, and 49, a constant): every
//     non-peak FFT bin is a rounding residue of order 1e-16, so spectral kurtosis, skewness,
//     spread, decrease, variation and positive turning points are arbitrary numbers (or fall into
//     TSFEL's zero guards) with another FFT. We only require a finite value. The tiny residues
//     (Spectral entropy 48, Human range energy 48, Spectral centroid 49) pass the absolute
//     tolerance anyway.
//   - constant_test_residue (ECDF Percentile Count of series 40-47): TSFEL's constant test
//     np.sum(np.diff(x)) == 0 compares a rounding residue with 0 because x[0] == x[-1]. The
//     reference took the non-constant branch (the counts); the constant branch would give x[0].
//     Either is accepted (our pairwise sum reproduces NumPy's, so we do get the counts).
// Series 52 (length 10) makes TSFEL raise in LPCC; it is compared with the reference computed
// without LPCC, and our LPCC columns must be NaN.
#include <doctest/doctest.h>

#include <fmt/format.h>
#include "features/tsfel/tsfel_kind_names.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "../../data/test_support.hpp"
#include "features/feature_extractor.hpp"
#include "tsfel_reference_data.hpp"

namespace {

using tsfs::testing::kStatisticalNames;
using tsfs::testing::kTemporalNames;

namespace ref = tsfs::test::tsfel_reference;

constexpr int kShortSeries = 52;         // length 10: TSFEL fails in LPCC
constexpr double kTinyMagnitude = 1e-9;  // below this, report absolute rather than relative error

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// "0_ECDF_3" -> "ECDF", "0_Mean" -> "Mean".
std::string feature_name_of(const std::string& column) {
  std::string name = column.substr(2);
  auto underscore = name.rfind('_');
  if (underscore != std::string::npos && underscore + 1 < name.size() &&
      std::all_of(name.begin() + static_cast<std::ptrdiff_t>(underscore + 1), name.end(),
                  [](char c) { return c >= '0' && c <= '9'; }))
    name.resize(underscore);
  return name;
}

std::string domain_of(const std::string& column) {
  const std::string name = feature_name_of(column);
  if (contains(kStatisticalNames, name)) return "statistical";
  if (contains(kTemporalNames, name)) return "temporal";
  return "spectral";
}

tsfs::ParamSet default_params() {
  const auto* registration = tsfs::ExtractorRegistry::instance().find("tsfel");
  REQUIRE(registration != nullptr);
  tsfs::ParamSet params;
  for (const auto& spec : registration->info.params) params.set(spec.name, *spec.default_value);
  return params;
}

// The reference data and our features for each of its series (each extracted on its own, as
// the reference was), computed once for all test cases.
struct Comparison {
  std::vector<Eigen::VectorXd> series;
  std::vector<std::string> sources;
  std::map<int, std::vector<ref::Entry>> reference;  // 0..51 from features_long, 52 without LPCC
  std::map<std::pair<int, std::string>, std::string> rounding_sensitive;
  std::vector<tsfs::FeatureMatrix> ours;  // one row each
};

const Comparison& comparison() {
  static const Comparison data = [] {
    Comparison loaded;
    loaded.series = ref::load_series();
    loaded.sources = ref::load_sources();
    loaded.reference = ref::load_long_features();
    loaded.reference[kShortSeries] =
        ref::load_wide_features("features_len10_without_LPCC.csv").at(kShortSeries);
    loaded.rounding_sensitive = ref::load_rounding_sensitive();
    const auto* registration = tsfs::ExtractorRegistry::instance().find("tsfel");
    auto extractor = registration->configure(default_params()).component();
    for (const auto& values : loaded.series) {
      std::vector<double> one(values.data(), values.data() + values.size());
      loaded.ours.push_back(extractor->extract(tsfs::test::make_dataset({one}), 1));
    }
    return loaded;
  }();
  return data;
}

struct FeatureFailures {
  int count = 0;
  std::string first;  // the first failing series, in detail
};

// Compares every reference entry of `domain`; one failed CHECK per failing feature column.
void check_domain_against_reference(const std::string& domain) {
  const Comparison& data = comparison();
  REQUIRE(data.series.size() == 53);
  std::map<std::string, FeatureFailures> failures;  // by column name
  double max_relative = 0.0;
  double max_absolute_tiny = 0.0;
  std::string max_relative_at = "-";
  int compared = 0;

  for (const auto& series_and_entries : data.reference) {
    const auto& series = std::get<0>(series_and_entries);
    const auto& entries = std::get<1>(series_and_entries);
    const tsfs::FeatureMatrix& ours = data.ours.at(static_cast<size_t>(series));
    std::map<std::string, Eigen::Index> column_of;
    for (size_t c = 0; c < ours.names.size(); ++c)
      column_of[ours.names[c]] = static_cast<Eigen::Index>(c);
    for (const ref::Entry& entry : entries) {
      if (domain_of(entry.feature) != domain) continue;
      ++compared;
      auto fail = [&](const std::string& what) {
        auto& record = failures[entry.feature];
        if (record.count++ == 0)
          record.first = fmt::format("series {} ({}, length {}): {}", series,
                                     data.sources.at(static_cast<size_t>(series)),
                                     data.series.at(static_cast<size_t>(series)).size(), what);
      };
      auto found = column_of.find(entry.feature);
      if (found == column_of.end()) {
        fail("column missing from our output");
        continue;
      }
      const double value = ours.values(0, found->second);
      const auto sensitive = data.rounding_sensitive.find({series, entry.feature});
      const std::string detail =
          fmt::format("ours {:.17g}, TSFEL {:.17g}, relative difference {:.3g}", value, entry.value,
                      ref::relative_difference(value, entry.value));
      if (sensitive != data.rounding_sensitive.end()) {
        if (sensitive->second == "fft_rounding_residue") {
          if (!std::isfinite(value)) fail("rounding residue entry is not finite: " + detail);
        } else if (sensitive->second == "constant_test_residue") {
          const double first_value = data.series.at(static_cast<size_t>(series))[0];
          if (!ref::matches(value, entry.value) && value != first_value)
            fail("neither the count nor x[0]: " + detail);
        } else {
          fail("unknown rounding_sensitive reason " + sensitive->second);
        }
        continue;
      }
      if (!ref::matches(value, entry.value)) {
        fail(detail);
        continue;
      }
      // Relative differences of values that are 0 up to rounding mean nothing: those are
      // summarised by their absolute difference.
      const double difference = std::abs(value - entry.value);
      if (std::max(std::abs(value), std::abs(entry.value)) < kTinyMagnitude) {
        max_absolute_tiny = std::max(max_absolute_tiny, difference);
      } else if (const double relative = ref::relative_difference(value, entry.value);
                 relative > max_relative) {
        max_relative = relative;
        max_relative_at = fmt::format("{} of series {}", entry.feature, series);
      }
    }
  }
  MESSAGE(
      fmt::format("{} domain: {} entries compared, {} failing columns; passing entries: max "
                  "relative difference {:.3g} ({}), max absolute difference of values below "
                  "{:g}: {:.3g}",
                  domain, compared, failures.size(), max_relative, max_relative_at, kTinyMagnitude,
                  max_absolute_tiny));
  CHECK(compared > 0);
  for (const auto& entry : failures) {
    const auto& column = std::get<0>(entry);
    const auto& record = std::get<1>(entry);

    CHECK_MESSAGE(record.count == 0, fmt::format("{} differs from TSFEL in {} series; first: {}",
                                                 column, record.count, record.first));
  }
}

}  // namespace

TEST_CASE("tsfel reference: statistical features equal TSFEL 0.1.5 on every reference series") {
  check_domain_against_reference("statistical");
}

TEST_CASE("tsfel reference: temporal features equal TSFEL 0.1.5 on every reference series") {
  check_domain_against_reference("temporal");
}

TEST_CASE("tsfel reference: spectral features equal TSFEL 0.1.5 on every reference series") {
  check_domain_against_reference("spectral");
}

TEST_CASE("tsfel reference: column names, count and order equal TSFEL's for every length") {
  const Comparison& data = comparison();
  for (const auto& series_and_entries : data.reference) {
    const auto& series = std::get<0>(series_and_entries);
    const auto& entries = std::get<1>(series_and_entries);
    const auto length = data.series.at(static_cast<size_t>(series)).size();
    INFO("series ", series, " (length ", length, ")");
    std::vector<std::string> expected;
    for (const auto& entry : entries) expected.push_back(entry.feature);
    std::vector<std::string> ours = data.ours.at(static_cast<size_t>(series)).names;
    if (series == kShortSeries) {
      // The reference for length 10 was computed without LPCC; ours has NaN LPCC columns.
      const auto& values = data.ours.at(static_cast<size_t>(series)).values;
      std::vector<std::string> without_lpcc;
      for (size_t c = 0; c < ours.size(); ++c) {
        if (feature_name_of(ours[c]) == "LPCC") {
          CHECK_MESSAGE(std::isnan(values(0, static_cast<Eigen::Index>(c))),
                        fmt::format("{} must be NaN for length 10 (TSFEL raises)", ours[c]));
        } else {
          without_lpcc.push_back(ours[c]);
        }
      }
      CHECK(ours.size() == 133 + 6);
      ours = without_lpcc;
    } else {
      CHECK(ours.size() == static_cast<size_t>(133 + std::min<Eigen::Index>(256, length / 2 + 1)));
    }
    CHECK(ours.size() == expected.size());
    if (ours != expected) {
      for (size_t c = 0; c < std::max(ours.size(), expected.size()); ++c) {
        const std::string mine = c < ours.size() ? ours[c] : "(none)";
        const std::string theirs = c < expected.size() ? expected[c] : "(none)";
        if (mine != theirs) {
          FAIL_CHECK(
              fmt::format("first difference at column {}: ours '{}', TSFEL '{}'", c, mine, theirs));
          break;
        }
      }
    }
  }
}
