// The catch22 feature table in featureList.txt's canonical order, and one series' values
// (see catch22.hpp). The reference C program (C/main.c) prints the same features in another
// order; the names and the order here are those of featureList.txt, which pycatch22 and the
// other reference wrappers also use.
#include "features/catch22/catch22.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "common/interrupt.hpp"

namespace tsfs::catch22 {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

const std::array<FeatureDefinition, 22>& catch22_features() {
  static const std::array<FeatureDefinition, 22> features{{
      {"DN_HistogramMode_5", "mode_5",
       [](const Catch22Series& s) { return histogram_mode(s.values(), 5); }},
      {"DN_HistogramMode_10", "mode_10",
       [](const Catch22Series& s) { return histogram_mode(s.values(), 10); }},
      {"DN_OutlierInclude_p_001_mdrmd", "outlier_timing_pos",
       [](const Catch22Series& s) { return outlier_include(s.values(), 1); }},
      {"DN_OutlierInclude_n_001_mdrmd", "outlier_timing_neg",
       [](const Catch22Series& s) { return outlier_include(s.values(), -1); }},
      {"CO_f1ecac", "acf_timescale",
       [](const Catch22Series& s) { return acf_timescale(s.autocorrelation(), s.size()); }},
      {"CO_FirstMin_ac", "acf_first_min",
       [](const Catch22Series& s) {
         return static_cast<double>(acf_first_minimum(s.autocorrelation(), s.size()));
       }},
      {"SP_Summaries_welch_rect_area_5_1", "low_freq_power",
       [](const Catch22Series& s) { return welch_low_frequency_area(s.welch_spectrum()); }},
      {"SP_Summaries_welch_rect_centroid", "centroid_freq",
       [](const Catch22Series& s) { return welch_centroid(s.welch_spectrum()); }},
      {"FC_LocalSimple_mean3_stderr", "forecast_error",
       [](const Catch22Series& s) { return forecast_error_mean3(s.values()); }},
      {"FC_LocalSimple_mean1_tauresrat", "whiten_timescale",
       [](const Catch22Series& s) {
         return whitening_timescale_ratio(s.values(), s.first_zero_crossing());
       }},
      {"MD_hrv_classic_pnn40", "high_fluctuation",
       [](const Catch22Series& s) { return high_fluctuation_pnn40(s.values()); }},
      {"SB_BinaryStats_mean_longstretch1", "stretch_high",
       [](const Catch22Series& s) { return longest_stretch_above_mean(s.values()); }},
      {"SB_BinaryStats_diff_longstretch0", "stretch_decreasing",
       [](const Catch22Series& s) { return longest_stretch_decreasing(s.values()); }},
      {"SB_MotifThree_quantile_hh", "entropy_pairs",
       [](const Catch22Series& s) { return tercile_pair_entropy(s.values()); }},
      {"CO_HistogramAMI_even_2_5", "ami2",
       [](const Catch22Series& s) { return histogram_ami_lag2(s.values()); }},
      {"CO_trev_1_num", "trev",
       [](const Catch22Series& s) { return time_reversal_asymmetry(s.values()); }},
      {"IN_AutoMutualInfoStats_40_gaussian_fmmi", "ami_timescale",
       [](const Catch22Series& s) { return gaussian_ami_first_minimum(s.values()); }},
      {"SB_TransitionMatrix_3ac_sumdiagcov", "transition_variance",
       [](const Catch22Series& s) {
         return transition_matrix_column_variance(s.values(), s.first_zero_crossing());
       }},
      {"PD_PeriodicityWang_th0_01", "periodicity",
       [](const Catch22Series& s) { return periodicity_wang(s.values()); }},
      {"CO_Embed2_Dist_tau_d_expfit_meandiff", "embedding_dist",
       [](const Catch22Series& s) {
         return embedding_distance_expfit(s.values(), s.first_zero_crossing());
       }},
      {"SC_FluctAnal_2_rsrangefit_50_1_logi_prop_r1", "rs_range",
       [](const Catch22Series& s) { return fluctuation_rescaled_range(s.values()); }},
      {"SC_FluctAnal_2_dfa_50_1_2_logi_prop_r1", "dfa",
       [](const Catch22Series& s) { return fluctuation_dfa(s.values()); }},
  }};
  return features;
}

bool passes_quality_check(std::span<const double> x) {
  return x.size() >= 10 &&
         std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
}

void compute_all(std::span<const double> x, bool catch24, double* out) {
  const size_t width = catch24 ? 24 : 22;
  if (!passes_quality_check(x)) {
    std::fill(out, out + width, kNaN);
    return;
  }
  if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); })) {
    // z = 0 / 0: every feature with a NaN guard gives NaN; CO_f1ecac, CO_FirstMin_ac and
    // PD_PeriodicityWang_th0_01 return 0 on NaN input.
    std::fill(out, out + 22, kNaN);
    out[4] = out[5] = out[18] = 0.0;
    if (catch24) {
      out[22] = mean(x);
      out[23] = 0.0;
    }
    return;
  }
  thread_local std::vector<double> z;
  z.resize(x.size());
  zscore(x, z);
  const Catch22Series series(z);
  const auto& features = catch22_features();
  // A series of hundreds of thousands of values takes seconds over the 22 features: a signal is
  // honoured between them (and inside the longest, periodicity.cpp and scaling.cpp).
  for (size_t i = 0; i < features.size(); ++i) {
    throw_if_interrupted();
    out[i] = features[i].compute(series);
  }
  if (catch24) {
    out[22] = mean(x);
    out[23] = sample_std(x);
  }
}

}  // namespace tsfs::catch22
