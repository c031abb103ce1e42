// The "catch22" and "catch24" extractors (features/catch22_extractor.cpp) and catch22 building
// blocks on small hand-checked inputs. Agreement with the reference implementation is in
// catch22_reference_test.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "features/catch22/catch22.hpp"
#include "features/feature_extractor.hpp"
#include "support/dataset_fixtures.hpp"

namespace {

namespace c22 = tsfs::catch22;

const std::vector<std::string> kCatch22Names{
    "DN_HistogramMode_5",
    "DN_HistogramMode_10",
    "DN_OutlierInclude_p_001_mdrmd",
    "DN_OutlierInclude_n_001_mdrmd",
    "CO_f1ecac",
    "CO_FirstMin_ac",
    "SP_Summaries_welch_rect_area_5_1",
    "SP_Summaries_welch_rect_centroid",
    "FC_LocalSimple_mean3_stderr",
    "FC_LocalSimple_mean1_tauresrat",
    "MD_hrv_classic_pnn40",
    "SB_BinaryStats_mean_longstretch1",
    "SB_BinaryStats_diff_longstretch0",
    "SB_MotifThree_quantile_hh",
    "CO_HistogramAMI_even_2_5",
    "CO_trev_1_num",
    "IN_AutoMutualInfoStats_40_gaussian_fmmi",
    "SB_TransitionMatrix_3ac_sumdiagcov",
    "PD_PeriodicityWang_th0_01",
    "CO_Embed2_Dist_tau_d_expfit_meandiff",
    "SC_FluctAnal_2_rsrangefit_50_1_logi_prop_r1",
    "SC_FluctAnal_2_dfa_50_1_2_logi_prop_r1",
};

std::shared_ptr<const tsfs::FeatureExtractor> make(const std::string& name) {
  const auto* registration = tsfs::ExtractorRegistry::instance().find(name);
  REQUIRE(registration != nullptr);
  CHECK(registration->info.params.empty());
  return registration->configure(tsfs::ParamSet{}).component();
}

// A deterministic, irregular series of the given length.
std::vector<double> wiggle(int length, double phase) {
  std::vector<double> values;
  for (int t = 0; t < length; ++t)
    values.push_back(std::sin(0.3 * t + phase) + 0.5 * std::cos(0.05 * t * t) + 0.01 * t);
  return values;
}

}  // namespace

TEST_CASE("catch22 extractor: the reference's names in featureList.txt order") {
  const auto catch22 = make("catch22");
  const tsfs::Dataset dataset = tsfs::test::make_dataset({wiggle(40, 0.0)});
  const tsfs::FeatureMatrix features = catch22->extract(dataset, 1);
  CHECK(features.names == kCatch22Names);
  CHECK(features.values.cols() == 22);

  const auto catch24 = make("catch24");
  std::vector<std::string> names24 = kCatch22Names;
  names24.push_back("DN_Mean");
  names24.push_back("DN_Spread_Std");
  CHECK(catch24->extract(dataset, 1).names == names24);

  std::vector<std::string> short_names;
  for (const auto& feature : c22::catch22_features()) short_names.emplace_back(feature.short_name);
  CHECK(short_names.front() == "mode_5");
  CHECK(short_names.back() == "dfa");
}

TEST_CASE(
    "catch22 extractor: rows at true length, NaN for what the reference refuses, any "
    "thread count") {
  const std::vector<double> long_series = wiggle(152, 0.2);
  const std::vector<double> short_series = wiggle(60, 1.0);
  const std::vector<double> too_short = wiggle(9, 0.0);
  const std::vector<double> constant(30, 2.5);
  const tsfs::Dataset dataset =
      tsfs::test::make_dataset({long_series, short_series, too_short, constant});
  const auto extractor = make("catch24");
  const tsfs::FeatureMatrix one = extractor->extract(dataset, 1);
  const tsfs::FeatureMatrix two = extractor->extract(dataset, 2);
  REQUIRE(one.values.rows() == 4);
  // Bit-identical whatever the thread count (NaN compared as NaN).
  for (Eigen::Index r = 0; r < 4; ++r)
    for (Eigen::Index c = 0; c < 24; ++c) {
      const double a = one.values(r, c);
      const double b = two.values(r, c);
      CHECK(((std::isnan(a) && std::isnan(b)) || a == b));
    }
  // The padded short series gives what it gives alone.
  std::vector<double> alone(24);
  c22::compute_all(short_series, true, alone.data());
  for (Eigen::Index c = 0; c < 24; ++c) CHECK(one.values(1, c) == alone[static_cast<size_t>(c)]);
  for (Eigen::Index c = 0; c < 24; ++c) CHECK(std::isnan(one.values(2, c)));
  CHECK(one.values(3, 4) == 0.0);
  CHECK(std::isnan(one.values(3, 0)));
  CHECK(one.values(3, 22) == 2.5);
  CHECK(one.values(3, 23) == 0.0);
}

TEST_CASE("catch22 features depend on the z-scored series only, catch24 adds mean and std") {
  const std::vector<double> base = wiggle(120, 0.7);
  std::vector<double> moved;
  for (double v : base) moved.push_back(3.0 * v - 7.0);
  std::vector<double> a(24), b(24);
  c22::compute_all(base, true, a.data());
  c22::compute_all(moved, true, b.data());
  for (size_t i = 0; i < 22; ++i)
    CHECK_MESSAGE(std::abs(a[i] - b[i]) <= 1e-9 * std::max(1.0, std::abs(a[i])),
                  c22::catch22_features()[i].name);
  CHECK(b[22] == doctest::Approx(3.0 * a[22] - 7.0).epsilon(1e-12));
  CHECK(b[23] == doctest::Approx(3.0 * a[23]).epsilon(1e-12));
}

TEST_CASE("catch22 building blocks on hand-checked inputs") {
  SUBCASE("histogram mode: the centre of the fullest bin, ties averaged") {
    // 5 bins over [0, 10]: counts 3, 0, 1, 0, 1 -> centre of bin 0 = 1.
    CHECK(c22::histogram_mode(std::vector<double>{0, 0.5, 1, 5, 10}, 5) == doctest::Approx(1.0));
    // counts 2, 0, 0, 0, 2 -> mean of centres 1 and 9 = 5.
    CHECK(c22::histogram_mode(std::vector<double>{0, 1, 9, 10}, 5) == doctest::Approx(5.0));
  }
  SUBCASE("stretches: an interior run of k values above the mean counts k + 1") {
    // mean 0; above: indices 2, 3, 4 (a run of 3) and 8 among the first n - 1 = 9 values.
    const std::vector<double> z{-1, -1, 1, 1, 1, -1, -1, -1, 3, -1};
    CHECK(c22::longest_stretch_above_mean(z) == 4.0);
    // differences: -, -, -, +, ... : the decreasing run at the start counts from index 0.
    const std::vector<double> falling{5, 4, 3, 2, 3, 4, 5, 6, 7, 8};
    CHECK(c22::longest_stretch_decreasing(falling) == 3.0);
  }
  SUBCASE("quantiles: position n q - 1/2, min and max outside [1/(2n), 1 - 1/(2n)]") {
    const std::vector<double> sorted{1, 2, 3, 4};
    CHECK(c22::quantile_of_sorted(sorted, 0.0) == 1.0);
    CHECK(c22::quantile_of_sorted(sorted, 0.5) == doctest::Approx(2.5));
    CHECK(c22::quantile_of_sorted(sorted, 1.0 / 3.0) == doctest::Approx(1.0 + 5.0 / 6.0));
    CHECK(c22::quantile_of_sorted(sorted, 0.99) == 4.0);
    CHECK(c22::coarse_grain_terciles(std::vector<double>{3, 1, 2, 6, 5, 4}) ==
          std::vector<int>{2, 1, 1, 3, 3, 2});
  }
  SUBCASE("autocorrelation: lag 0 is 1, a period-4 square wave alternates") {
    const std::vector<double> square{1, 1, -1, -1, 1, 1, -1, -1, 1, 1, -1, -1};
    const std::vector<double> acf = c22::autocorrelation(square);
    CHECK(acf[0] == doctest::Approx(1.0));
    CHECK(acf[2] == doctest::Approx(-10.0 / 12.0));
    CHECK(acf[4] == doctest::Approx(8.0 / 12.0));
    CHECK(acf[1] == doctest::Approx(1.0 / 12.0));
    CHECK(c22::first_zero_crossing(acf, 12) == 2);
  }
  SUBCASE("the spline trend reproduces any cubic exactly") {
    std::vector<double> cubic;
    for (int t = 0; t < 50; ++t) cubic.push_back(0.001 * t * t * t - 0.05 * t * t + t - 3);
    const std::vector<double> fitted = c22::two_piece_cubic_spline_fit(cubic);
    for (size_t t = 0; t < cubic.size(); ++t) CHECK(fitted[t] == doctest::Approx(cubic[t]));
  }
}
