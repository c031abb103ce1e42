#pragma once
// The catch22 feature set (Lubba C.H., Sethi S.S., Knaute P., Schultz S.R., Fulcher B.D.,
// Jones N.S. (2019), "catch22: CAnonical Time-series CHaracteristics", Data Min. Knowl. Disc.
// 33, 1821-1852) and catch24 (catch22 + mean and standard deviation), as computed by the
// reference C implementation (github.com/DynamicsAndNeuralSystems/catch22, C/, commit 9ff9da73):
// the names, the canonical order (featureList.txt) and the conventions that decide values (bin
// placement, tie rules, lag limits, 1-based time indices, the constant 3.14159265359 of the
// spectral features). Written from the definitions; tests/reference/catch22/ holds the reference's
// own outputs, which the tests pin.
//
// Every catch22 feature is computed on the z-scored series (catch22_zscore). The functions taking
// a Catch22Series are the features themselves; the span-taking functions below them are the pure
// building blocks (one per feature family file), usable on any series.
#include <array>
#include <span>
#include <string_view>
#include <vector>

namespace tsfs::catch22 {

// ---- The z-scored series and what several features share --------------------------------

// The one-window rectangular Welch spectrum of SP_Summaries (spectral.cpp): angular
// frequencies w_k and power S_k / (2 pi), k = 0 .. N / 2.
struct AngularSpectrum {
  std::vector<double> frequencies;
  std::vector<double> power;
};
AngularSpectrum welch_rectangular(std::span<const double> z);

// A z-scored series (at least 10 finite values, not constant) with the autocorrelation function
// and its first zero crossing, computed at most once (CO_f1ecac, CO_FirstMin_ac, CO_Embed2,
// FC_LocalSimple_mean1_tauresrat and SB_TransitionMatrix use them). Not thread-safe: one object
// per series per thread.
class Catch22Series {
 public:
  explicit Catch22Series(std::span<const double> zscored) : values_(zscored) {}
  std::span<const double> values() const { return values_; }
  int size() const { return static_cast<int>(values_.size()); }
  // autocorrelation(values()) (all lags 0 .. n - 1).
  const std::vector<double>& autocorrelation() const;
  // first_zero_crossing(autocorrelation(), n).
  int first_zero_crossing() const;
  // welch_rectangular(values()), shared by the two SP_Summaries features.
  const AngularSpectrum& welch_spectrum() const;

 private:
  std::span<const double> values_;
  mutable std::vector<double> autocorrelation_;
  mutable int first_zero_ = -1;
  mutable AngularSpectrum welch_;
};

// ---- Shared numerics (autocorrelation.cpp, distribution.cpp) -----------------------------

// Plain left-to-right sum divided by n (the reference's mean).
double mean(std::span<const double> x);
// Sample standard deviation sqrt(sum (x - mean)^2 / (n - 1)).
double sample_std(std::span<const double> x);
// (x - mean) / sample_std, as the reference z-scores every series before the catch22 features.
void zscore(std::span<const double> x, std::span<double> out);

// Autocorrelation r(k) = sum_i (x_i - m)(x_{i+k} - m) / sum_i (x_i - m)^2 for k = 0 .. n - 1,
// computed like the reference through an FFT of the mean-removed series zero-padded to twice the
// next power of two (FFTW here, so values agree to rounding, not bit for bit).
std::vector<double> autocorrelation(std::span<const double> x);
// Smallest lag k in [0, max_lag) with r(k) <= 0, or max_lag if there is none (co_firstzero).
int first_zero_crossing(std::span<const double> acf, int max_lag);
// first_zero_crossing(autocorrelation(x), n) computed lag by lag from the definition (the sign
// of sum_i (x_i - m)(x_{i+k} - m)) and stopped at the crossing: cheaper than the FFT when the
// crossing comes early, as for differenced series. Agrees with the FFT except where the ACF is
// zero to rounding.
int first_zero_crossing_direct(std::span<const double> x);
// Pearson correlation of x[0 .. n - lag) with x[lag .. n), each part with its own mean.
double lagged_correlation(std::span<const double> x, int lag);
// Quantile of ascending data with the reference's (MATLAB's) rule: position n q - 1/2 (0-based),
// linear interpolation, the minimum below q = 1/(2n) and the maximum above 1 - 1/(2n).
double quantile_of_sorted(std::span<const double> ascending, double q);
// Median of a copy of x (mean of the two middle values for even n).
double median(std::vector<double> x);
// Symbols 1 .. 3 from the quantiles at 0, 1/3, 2/3 and 1 (SB_CoarseGrain "quantile", 3 groups):
// value v gets symbol g when threshold g-1 < v <= threshold g, the lowest threshold lowered by 1.
std::vector<int> coarse_grain_terciles(std::span<const double> x);

// ---- Pure building blocks, one family per file --------------------------------------------

// distribution.cpp
// Centre of the most populated of `bins` equal-width bins over [min, max] (the mean of the
// centres when several bins tie). DN_HistogramMode_5 / _10.
double histogram_mode(std::span<const double> z, int bins);
// DN_OutlierInclude_{p,n}_001_mdrmd on `sign * z` (sign +1 or -1).
double outlier_include(std::span<const double> z, int sign);

// correlation.cpp
// CO_f1ecac: first lag where the ACF drops below 1/e, interpolated linearly.
double acf_timescale(std::span<const double> acf, int n);
// CO_FirstMin_ac: first local minimum of the ACF (n if none).
int acf_first_minimum(std::span<const double> acf, int n);
// CO_HistogramAMI_even_2_5: automutual information at lag 2, 5 equal-width bins over
// [min - 0.1, max + 0.1].
double histogram_ami_lag2(std::span<const double> z);
// CO_trev_1_num: mean of cubed lag-1 differences.
double time_reversal_asymmetry(std::span<const double> z);
// CO_Embed2_Dist_tau_d_expfit_meandiff with the given first ACF zero crossing.
double embedding_distance_expfit(std::span<const double> z, int first_zero);
// IN_AutoMutualInfoStats_40_gaussian_fmmi: first minimum of the Gaussian automutual information.
double gaussian_ami_first_minimum(std::span<const double> z);

// forecasting.cpp
// Residuals of forecasting z[i + w] by the mean of z[i .. i + w).
std::vector<double> mean_forecast_residuals(std::span<const double> z, int window);
// FC_LocalSimple_mean3_stderr.
double forecast_error_mean3(std::span<const double> z);
// FC_LocalSimple_mean1_tauresrat with the series' own first ACF zero crossing.
double whitening_timescale_ratio(std::span<const double> z, int first_zero);
// MD_hrv_classic_pnn40: fraction of |successive differences| * 1000 > 40.
double high_fluctuation_pnn40(std::span<const double> z);

// symbolic.cpp
// SB_BinaryStats_mean_longstretch1 / SB_BinaryStats_diff_longstretch0.
double longest_stretch_above_mean(std::span<const double> z);
double longest_stretch_decreasing(std::span<const double> z);
// SB_MotifThree_quantile_hh: entropy of successive tercile-symbol pairs.
double tercile_pair_entropy(std::span<const double> z);
// SB_TransitionMatrix_3ac_sumdiagcov with the first ACF zero crossing.
double transition_matrix_column_variance(std::span<const double> z, int first_zero);

// spectral.cpp
// SP_Summaries_welch_rect_area_5_1 and SP_Summaries_welch_rect_centroid.
double welch_low_frequency_area(const AngularSpectrum& spectrum);
double welch_centroid(const AngularSpectrum& spectrum);

// scaling.cpp
// SC_FluctAnal_2_rsrangefit_50_1_logi_prop_r1 and SC_FluctAnal_2_dfa_50_1_2_logi_prop_r1.
double fluctuation_rescaled_range(std::span<const double> z);
double fluctuation_dfa(std::span<const double> z);

// periodicity.cpp
// Least-squares cubic spline with breaks 0, floor(n / 2) - 1 and n - 1 (twice continuously
// differentiable), evaluated at 0 .. n - 1.
std::vector<double> two_piece_cubic_spline_fit(std::span<const double> z);
// PD_PeriodicityWang_th0_01.
double periodicity_wang(std::span<const double> z);

// ---- The feature table (catch22.cpp) -------------------------------------------------------

struct FeatureDefinition {
  std::string_view name;        // the reference's name, e.g. "DN_HistogramMode_5"
  std::string_view short_name;  // featureList.txt's short name, e.g. "mode_5"
  double (*compute)(const Catch22Series& series);
};

// The 22 features in the canonical order of featureList.txt.
const std::array<FeatureDefinition, 22>& catch22_features();
// DN_Mean and DN_Spread_Std, catch24's two extra columns (on the raw series).
inline constexpr std::array<std::string_view, 2> kCatch24ExtraNames{"DN_Mean", "DN_Spread_Std"};

// Whether the reference computes features for this series: at least 10 values, none NaN or
// infinite. Otherwise it prints "Time series quality test not passed" and no value at all.
bool passes_quality_check(std::span<const double> x);

// All values of one series into out[0 .. 22) (catch22) or out[0 .. 24) (catch24):
//   - a series failing passes_quality_check gets NaN everywhere (the reference gives no values);
//   - a constant series gets what the reference prints for it (its z-scores are 0/0 = NaN):
//     0 for CO_f1ecac, CO_FirstMin_ac and PD_PeriodicityWang_th0_01, NaN for the 19 others,
//     and the raw mean and 0 for DN_Mean and DN_Spread_Std;
//   - otherwise every feature on the z-scored series, DN_Mean and DN_Spread_Std on the raw one.
void compute_all(std::span<const double> x, bool catch24, double* out);

}  // namespace tsfs::catch22
