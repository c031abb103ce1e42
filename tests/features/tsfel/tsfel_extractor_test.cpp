// The registered "tsfel" extractor and the feature-kind registry: parameters and their checks,
// column layout (TSFEL's order, widths per length, variable-length datasets), exclusion and
// thread-count invariance.
#include <doctest/doctest.h>

#include "features/tsfel/tsfel_kind_names.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "../../data/test_support.hpp"
#include "data/dataset.hpp"
#include "features/feature_extractor.hpp"
#include "features/tsfel/tsfel_feature.hpp"

using tsfs::Dataset;
using tsfs::ExtractorRegistry;
using tsfs::FeatureMatrix;
using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::test::make_dataset;
using tsfs::tsfel::Domain;

namespace {

const tsfs::ExtractorRegistration& tsfel_registration() {
  const auto* registration = ExtractorRegistry::instance().find("tsfel");
  REQUIRE(registration != nullptr);
  return *registration;
}

const tsfs::ParamDeclaration& param(const std::string& name) {
  const auto* spec = tsfel_registration().info.find_param(name);
  REQUIRE(spec != nullptr);
  return *spec;
}

ParamSet params(std::vector<std::string> domains = {"statistical", "temporal", "spectral"},
                std::vector<std::string> exclude = {}, double fs = 100.0) {
  ParamSet set;
  set.set("domains", std::move(domains));
  set.set("fs", fs);
  set.set("exclude", std::move(exclude));
  return set;
}

FeatureMatrix extract(const Dataset& dataset, const ParamSet& chosen = params(), int threads = 1) {
  return tsfel_registration().configure(chosen).component()->extract(dataset, threads);
}

std::vector<double> series_of_length(int length, double phase = 0.0) {
  std::vector<double> values;
  for (int i = 0; i < length; ++i) values.push_back(std::sin(0.37 * i + phase) + 0.01 * i);
  return values;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Same shape and the same bits everywhere (NaN included).
bool bitwise_equal(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0;
}

}  // namespace

TEST_CASE("tsfel registry: 16 statistical and 18 temporal kinds in features.json order") {
  const auto& statistical = tsfs::testing::kStatisticalNames;
  const auto& temporal = tsfs::testing::kTemporalNames;
  std::vector<std::string> found_statistical;
  std::vector<std::string> found_temporal;
  int spectral = 0;
  Domain previous = Domain::spectral;
  for (const auto* kind : tsfs::tsfel::feature_kinds()) {
    CHECK(static_cast<int>(kind->domain) >= static_cast<int>(previous));  // domains in order
    previous = kind->domain;
    if (kind->domain == Domain::statistical) found_statistical.push_back(kind->name);
    if (kind->domain == Domain::temporal) found_temporal.push_back(kind->name);
    if (kind->domain == Domain::spectral) ++spectral;
  }
  CHECK(found_statistical == statistical);
  CHECK(found_temporal == temporal);
  CHECK(spectral == 26);
  // A second kind with a registered name is refused.
  tsfs::tsfel::FeatureKind duplicate;
  duplicate.name = "Mean";
  CHECK_FALSE(tsfs::tsfel::register_feature_kind(duplicate));
}

TEST_CASE("tsfel extractor: parameters, defaults and checks") {
  const auto& info = tsfel_registration().info;
  CHECK(info.param_names() == std::vector<std::string>{"domains", "fs", "exclude"});
  for (const auto& spec : info.params) CHECK_FALSE(spec.sweepable);

  const auto& domains = param("domains");
  CHECK(domains.type == tsfs::ParamType::text_list);
  CHECK(std::get<std::vector<std::string>>(*domains.default_value) ==
        std::vector<std::string>{"statistical", "temporal", "spectral"});
  CHECK(domains.check(ParamValue(std::vector<std::string>{"temporal"})) == "");
  CHECK(has(domains.check(ParamValue(std::vector<std::string>{"temporal", "frequency"})),
            "unknown domain 'frequency'"));
  CHECK(domains.check(ParamValue(std::vector<std::string>{})) != "");

  const auto& fs = param("fs");
  CHECK(std::get<double>(*fs.default_value) == 100.0);
  CHECK(fs.check(ParamValue(0.0)) != "");
  CHECK(fs.check(ParamValue(250.0)) == "");

  const auto& exclude = param("exclude");
  CHECK(std::get<std::vector<std::string>>(*exclude.default_value).empty());
  CHECK(exclude.check(ParamValue(std::vector<std::string>{"LPCC", "Histogram"})) == "");
  const std::string unknown = exclude.check(ParamValue(std::vector<std::string>{"Histogramm"}));
  INFO(unknown);
  CHECK(has(unknown, "unknown TSFEL feature 'Histogramm'"));
  CHECK(has(unknown, "did you mean 'Histogram'"));
  CHECK(has(unknown, "Zero crossing rate"));  // lists the known names
  CHECK(exclude.check(ParamValue(std::vector<std::string>{"0_Mean"})) != "");
  CHECK(exclude.check(ParamValue(std::vector<std::string>{"LPCC", "LPCC"})) ==
        "lists 'LPCC' twice");

  // Excluding every feature of the chosen domains leaves nothing to extract.
  std::vector<std::string> all_temporal;
  for (const auto* kind : tsfs::tsfel::feature_kinds())
    if (kind->domain == Domain::temporal) all_temporal.push_back(kind->name);
  REQUIRE(info.validate);
  CHECK_FALSE(info.validate(params({"temporal", "spectral"}, all_temporal)).has_value());
  const auto problem = info.validate(params({"temporal"}, all_temporal));
  REQUIRE(problem.has_value());
  CHECK(problem->param == "exclude");
  CHECK(has(problem->message, "excludes every feature"));
  // configure refuses it too, so no extractor is built from such a set.
  const auto refused = tsfel_registration().configure(params({"temporal"}, all_temporal));
  REQUIRE(refused.problem().has_value());
  CHECK(refused.problem()->param == "exclude");
}

TEST_CASE("tsfel extractor: widths per length and TSFEL's column order") {
  // 133 + min(256, L // 2 + 1) columns (FFT mean coefficient has L // 2 + 1 values).
  CHECK(extract(make_dataset({series_of_length(152)})).names.size() == 210);
  CHECK(extract(make_dataset({series_of_length(512)})).names.size() == 389);
  CHECK(extract(make_dataset({series_of_length(900)})).names.size() == 389);

  // Statistical: ECDF 10 + 2 + 2 + Histogram 10 + 12 scalars; temporal: 18 scalars. The order of
  // the `domains` list does not matter: statistical columns come before temporal ones.
  FeatureMatrix both =
      extract(make_dataset({series_of_length(152)}), params({"temporal", "statistical"}));
  REQUIRE(both.names.size() == 36 + 18);
  CHECK(both.names.front() == "0_ECDF_0");
  CHECK(both.names[10] == "0_ECDF Percentile_0");
  CHECK(both.names[14] == "0_Histogram_0");
  CHECK(both.names[24] == "0_Interquartile range");
  CHECK(both.names[35] == "0_Variance");
  CHECK(both.names[36] == "0_Absolute energy");
  CHECK(both.names.back() == "0_Zero crossing rate");
  CHECK(both.values.allFinite());

  FeatureMatrix spectral = extract(make_dataset({series_of_length(152)}), params({"spectral"}));
  CHECK(spectral.names.size() == 210 - 36 - 18);
  CHECK(spectral.names.front() == "0_FFT mean coefficient_0");
}

TEST_CASE("tsfel extractor: exclude and fs") {
  Dataset dataset = make_dataset({series_of_length(40), series_of_length(40, 1.0)});
  FeatureMatrix full = extract(dataset, params({"temporal"}));
  FeatureMatrix fewer = extract(dataset, params({"temporal"}, {"Entropy", "Slope"}));
  REQUIRE(fewer.names.size() == full.names.size() - 2);
  for (const auto& name : fewer.names) {
    CHECK(name != "0_Entropy");
    CHECK(name != "0_Slope");
  }
  CHECK(fewer.values.col(0) == full.values.col(0));  // Absolute energy unchanged

  // fs scales the time axis: Total energy = sum(x^2) / ((L - 1) / fs).
  FeatureMatrix at_ten = extract(dataset, params({"temporal"}, {}, 10.0));
  const auto total_energy = static_cast<Eigen::Index>(
      std::find(full.names.begin(), full.names.end(), "0_Total energy") - full.names.begin());
  CHECK(at_ten.values(0, total_energy) == doctest::Approx(full.values(0, total_energy) / 10.0));
}

TEST_CASE("tsfel extractor: variable lengths take the widest layout, NaN beyond a series") {
  // Lengths 8 and 30: ECDF has 8 and 10 values, FFT mean coefficient 5 and 16.
  Dataset dataset = make_dataset({series_of_length(8), series_of_length(30)});
  FeatureMatrix features = extract(dataset);
  FeatureMatrix alone_short = extract(make_dataset({series_of_length(8)}));
  FeatureMatrix alone_long = extract(make_dataset({series_of_length(30)}));
  CHECK(features.names == alone_long.names);
  REQUIRE(features.values.rows() == 2);
  CHECK(bitwise_equal(features.values.row(1), alone_long.values));
  // Row 0 holds exactly the short series' own features, NaN in the columns it does not have.
  size_t matched = 0;
  for (size_t c = 0; c < features.names.size(); ++c) {
    auto own = std::find(alone_short.names.begin(), alone_short.names.end(), features.names[c]);
    const double value = features.values(0, static_cast<Eigen::Index>(c));
    if (own == alone_short.names.end()) {
      CHECK_MESSAGE(std::isnan(value), features.names[c]);
    } else {
      const double expected =
          alone_short.values(0, static_cast<Eigen::Index>(own - alone_short.names.begin()));
      CHECK_MESSAGE((value == expected || (std::isnan(value) && std::isnan(expected))),
                    features.names[c]);
      ++matched;
    }
  }
  CHECK(matched == alone_short.names.size());
  auto ecdf9 = std::find(features.names.begin(), features.names.end(), "0_ECDF_9");
  REQUIRE(ecdf9 != features.names.end());
  CHECK(std::isnan(features.values(0, ecdf9 - features.names.begin())));
  // Length 8 < 12: TSFEL's LPCC raises, so those columns are NaN.
  auto lpcc = std::find(features.names.begin(), features.names.end(), "0_LPCC_0");
  REQUIRE(lpcc != features.names.end());
  CHECK(std::isnan(features.values(0, lpcc - features.names.begin())));
}

TEST_CASE("tsfel extractor: the same bits with 1 and 2 threads (Wafer TRAIN)") {
  Dataset wafer =
      tsfs::load_ucr_dataset({"Wafer", tsfs::test::ucr_folder("Wafer"), tsfs::Split::train, 120});
  FeatureMatrix one = extract(wafer, params(), 1);
  FeatureMatrix two = extract(wafer, params(), 2);
  CHECK(one.names.size() == 210);
  CHECK(one.names == two.names);
  CHECK(bitwise_equal(one.values, two.values));
  CHECK(one.values.allFinite());
}

TEST_CASE("tsfel extractor: very short and empty series give NaN where TSFEL fails, no crash") {
  Dataset dataset = make_dataset({{}, {1.5}, {1.0, -2.0}, {0.5, 0.25, -1.0}, series_of_length(5)});
  FeatureMatrix features = extract(dataset, params(), 2);
  REQUIRE(features.values.rows() == 5);
  CHECK(features.values.row(0).array().isNaN().all());  // empty series: nothing to compute
  auto column = [&](const std::string& name) {
    auto found = std::find(features.names.begin(), features.names.end(), name);
    REQUIRE(found != features.names.end());
    return static_cast<Eigen::Index>(found - features.names.begin());
  };
  CHECK(features.values(1, column("0_Mean")) == 1.5);
  CHECK(std::isnan(features.values(1, column("0_Mean diff"))));
  CHECK(std::isnan(features.values(3, column("0_ECDF Percentile_0"))));     // L < 5: TSFEL raises
  CHECK(std::isfinite(features.values(4, column("0_ECDF Percentile_0"))));  // L = 5 works
}
