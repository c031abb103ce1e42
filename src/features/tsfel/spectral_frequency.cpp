// TSFEL 0.1.5 spectral kinds that locate frequencies or measure power: FFT mean coefficient,
// Fundamental frequency, Human range energy, Max power spectrum, Maximum frequency, Median
// frequency, Power bandwidth, Spectral roll-off and Spectral roll-on. Each follows the function
// of the same name in tsfel/feature_extraction/features.py; the welch and spectrogram calls are
// reproduced for the one-segment (or few-segment) cases that TSFEL's settings produce.
// Series shorter than 2 samples (TSFEL fails on them) give NaN.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/scipy_signal.hpp"
#include "features/tsfel/spectral_memos.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

using npcompat::numpy_sum;

constexpr Eigen::Index max_fft_mean_coefficients = 256;  // features.json: nfreq = 256

// Registers a scalar spectral kind; NaN for series shorter than 2 samples.
bool register_scalar_kind(const char* name, int order, double (*feature)(const SeriesView&)) {
  return register_feature_kind(FeatureKind{name, Domain::spectral, order, one_value,
                                           [feature](const SeriesView& series, double* out) {
                                             out[0] = series.length() < 2 ? kNaN : feature(series);
                                           }});
}

Eigen::VectorXd cumulative_sum(const Eigen::VectorXd& x) {
  Eigen::VectorXd sums(x.size());
  double running = 0.0;
  for (Eigen::Index k = 0; k < x.size(); ++k) sums[k] = running += x[k];
  return sums;
}

// The first index whose cumulative magnitude exceeds fraction * total (strictly), else
// np.argmax(cumsum) as in max_frequency / median_frequency.
Eigen::Index first_above_fraction(const Eigen::VectorXd& cumulative, double fraction) {
  const double threshold = cumulative[cumulative.size() - 1] * fraction;
  for (Eigen::Index k = 0; k < cumulative.size(); ++k)
    if (cumulative[k] > threshold) return k;
  Eigen::Index best = 0;
  for (Eigen::Index k = 1; k < cumulative.size(); ++k)
    if (cumulative[k] > cumulative[best]) best = k;
  return best;
}

// max_frequency: f at the first cumsum(fmag) > 0.95 * cumsum(fmag)[-1].
double maximum_frequency(const SeriesView& series) {
  const Spectrum& s = series.spectrum();
  return s.frequencies[first_above_fraction(cumulative_sum(s.magnitudes), 0.95)];
}

// median_frequency: f at the first cumsum(fmag) > 0.5 * cumsum(fmag)[-1].
double median_frequency(const SeriesView& series) {
  const Spectrum& s = series.spectrum();
  return s.frequencies[first_above_fraction(cumulative_sum(s.magnitudes), 0.5)];
}

// spectral_roll_off / spectral_roll_on: f at the first cumsum(fmag) >= fraction * sum(fmag).
double roll_frequency(const SeriesView& series, double fraction) {
  const Spectrum& s = series.spectrum();
  const Eigen::VectorXd cumulative = cumulative_sum(s.magnitudes);
  const double threshold = fraction * numpy_sum(s.magnitudes.data(), s.magnitudes.size());
  for (Eigen::Index k = 0; k < cumulative.size(); ++k)
    if (cumulative[k] >= threshold) return s.frequencies[k];
  return kNaN;  // TSFEL raises an IndexError; cannot happen for finite input
}
double spectral_roll_off(const SeriesView& series) {
  return roll_frequency(series, 0.95);
}
double spectral_roll_on(const SeriesView& series) {
  return roll_frequency(series, 0.05);
}

// fundamental_frequency: peaks of |FFT(x - mean(x))| (scipy.signal.find_peaks with
// height = 0.3 * max), without bin 0; f of the lowest one, 0 if there is none.
double fundamental_frequency(const SeriesView& series) {
  const Eigen::VectorXd& magnitudes = spectral::demeaned_magnitudes(series);
  const double height = magnitudes.maxCoeff() * 0.3;
  for (const Eigen::Index peak : spectral::local_maxima(magnitudes.data(), magnitudes.size()))
    if (peak != 0 && magnitudes[peak] >= height) return series.spectrum().frequencies[peak];
  return 0.0;
}

// Index of the first minimum of |target - f| (np.argmin).
Eigen::Index nearest_frequency(const Eigen::VectorXd& frequencies, double target) {
  Eigen::Index best = 0;
  for (Eigen::Index k = 1; k < frequencies.size(); ++k)
    if (std::abs(target - frequencies[k]) < std::abs(target - frequencies[best])) best = k;
  return best;
}

// human_range_energy: sum(fmag[i(0.6 Hz) : i(2.5 Hz)]**2) / sum(fmag**2), with i(x) the bin of
// f nearest to x and the end excluded; 0 if the total energy is 0.
double human_range_energy(const SeriesView& series) {
  const Spectrum& s = series.spectrum();
  const Eigen::VectorXd energy = s.magnitudes.array().square();
  const double total = numpy_sum(energy.data(), energy.size());
  if (total == 0.0) return 0.0;
  const Eigen::Index first = nearest_frequency(s.frequencies, 0.6);
  const Eigen::Index end = nearest_frequency(s.frequencies, 2.5);
  const double band = end > first ? numpy_sum(energy.data() + first, end - first) : 0.0;
  return band / total;
}

// max_power_spectrum: max of welch(x / std(x), int(fs), nperseg=len(x)) (x itself if std is 0).
double max_power_spectrum(const SeriesView& series) {
  return spectral::normalised_welch(series, std::trunc(series.fs())).power.maxCoeff();
}

// power_bandwidth: on welch(x / std(x), fs, nperseg=len(x)), |f_upper - f_lower| where f_lower
// is the first frequency whose cumulative power reaches 95 % of the total, and f_upper the same
// from the top (cumulative sum of the reversed PSD); 0 if the total power is 0.
double power_bandwidth(const SeriesView& series) {
  const spectral::Psd& psd = spectral::normalised_welch(series, series.fs());
  const Eigen::Index n = psd.power.size();
  if (numpy_sum(psd.power.data(), n) == 0.0) return 0.0;
  const Eigen::VectorXd cumulative = cumulative_sum(psd.power);
  const Eigen::VectorXd cumulative_reversed = cumulative_sum(psd.power.reverse());
  const double threshold = cumulative[n - 1] * 0.95;
  Eigen::Index lower = 0;
  while (lower < n && !(cumulative[lower] >= threshold)) ++lower;
  Eigen::Index upper = 0;
  while (upper < n && !(cumulative_reversed[upper] >= threshold)) ++upper;
  if (lower == n || upper == n) return kNaN;  // TSFEL raises; cannot happen for finite input
  const double f_lower = psd.frequencies[lower];
  const double f_upper = psd.frequencies[std::abs(upper - n + 1)];
  return std::abs(f_upper - f_lower);
}

// fft_mean_coeff: scipy.signal.spectrogram(x, fs, nperseg=2 * nfreq - 2) with its defaults
// (Tukey window alpha 0.25, noverlap = nperseg // 8, constant detrend, one-sided PSD) averaged
// over segments; nfreq = min(256, L // 2 + 1) values.
Eigen::Index fft_mean_coefficient_count(Eigen::Index length) {
  return std::min(max_fft_mean_coefficients, length / 2 + 1);
}

void fft_mean_coefficients(const SeriesView& series, double* out) {
  const Eigen::Index length = series.length();
  const Eigen::Index count = fft_mean_coefficient_count(length);
  if (length < 2) {
    std::fill(out, out + count, kNaN);
    return;
  }
  const Eigen::Index segment_length = 2 * count - 2;
  const Eigen::Index overlap = segment_length / 8;
  const Eigen::Index step = segment_length - overlap;
  const Eigen::Index segments = (length - overlap) / step;
  thread_local Eigen::VectorXd window;  // for the last segment length seen on this thread
  if (window.size() != segment_length) window = spectral::tukey_periodic(segment_length, 0.25);
  Eigen::MatrixXd psd(segments, count);  // column k holds bin k of every segment
  std::vector<double> segment_psd(static_cast<size_t>(count));
  for (Eigen::Index i = 0; i < segments; ++i) {
    spectral::one_sided_psd(series.values().data() + i * step, window, series.fs(),
                            segment_psd.data());
    for (Eigen::Index k = 0; k < count; ++k) psd(i, k) = segment_psd[static_cast<size_t>(k)];
  }
  for (Eigen::Index k = 0; k < count; ++k)
    out[k] = npcompat::numpy_mean(psd.col(k).data(), segments);
}

// Positions in the spectral domain of TSFEL 0.1.5's features.json.
[[maybe_unused]] const bool spectral_frequency_registered[] = {
    register_feature_kind(FeatureKind{"FFT mean coefficient", Domain::spectral, 0,
                                      fft_mean_coefficient_count, fft_mean_coefficients}),
    register_scalar_kind("Fundamental frequency", 1, fundamental_frequency),
    register_scalar_kind("Human range energy", 2, human_range_energy),
    register_scalar_kind("Max power spectrum", 5, max_power_spectrum),
    register_scalar_kind("Maximum frequency", 6, maximum_frequency),
    register_scalar_kind("Median frequency", 7, median_frequency),
    register_scalar_kind("Power bandwidth", 8, power_bandwidth),
    register_scalar_kind("Spectral roll-off", 15, spectral_roll_off),
    register_scalar_kind("Spectral roll-on", 16, spectral_roll_on),
};

}  // namespace
}  // namespace tsfs::tsfel
