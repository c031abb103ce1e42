// TSFEL 0.1.5 spectral kinds that describe the shape of the magnitude spectrum (f, fmag) of
// calc_fft (SeriesView::spectrum()): Spectral centroid, spread, skewness, kurtosis, decrease,
// slope, variation, distance, entropy and positive turning points. Each follows the function of
// the same name in tsfel/feature_extraction/features.py, including its zero guards; sums follow
// NumPy's pairwise order where NumPy sums, and x ** 3, x ** 4 use pow like NumPy does.
// A series shorter than 2 samples has an empty spectrum: TSFEL fails on it, these kinds give NaN.
#include <cmath>
#include <limits>
#include <vector>

#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/spectral_memos.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

using npcompat::numpy_sum;

// Registers a scalar spectral kind computed from the spectrum; NaN when the spectrum is empty.
bool register_spectrum_kind(const char* name, int order, double (*feature)(const Spectrum&)) {
  return register_feature_kind(FeatureKind{
      name, Domain::spectral, order, one_value, [feature](const SeriesView& series, double* out) {
        const Spectrum& spectrum = series.spectrum();
        out[0] = spectrum.magnitudes.size() == 0 ? kNaN : feature(spectrum);
      }});
}

double sum_of(const Eigen::VectorXd& x) {
  return numpy_sum(x.data(), x.size());
}

// spectral_centroid: 0 if sum(fmag) == 0, else dot(f, fmag / sum(fmag)).
double spectral_centroid(const Spectrum& s) {
  const double total = sum_of(s.magnitudes);
  if (total == 0.0) return 0.0;
  double centroid = 0.0;
  for (Eigen::Index k = 0; k < s.magnitudes.size(); ++k)
    centroid += s.frequencies[k] * (s.magnitudes[k] / total);
  return centroid;
}

// spectral_spread: 0 if sum(fmag) == 0, else dot((f - centroid)**2, fmag / sum(fmag)) ** 0.5.
double spectral_spread(const Spectrum& s) {
  const double total = sum_of(s.magnitudes);
  if (total == 0.0) return 0.0;
  const double centroid = spectral_centroid(s);
  double variance = 0.0;
  for (Eigen::Index k = 0; k < s.magnitudes.size(); ++k) {
    const double deviation = s.frequencies[k] - centroid;
    variance += deviation * deviation * (s.magnitudes[k] / total);
  }
  return std::sqrt(variance);
}

// The standardised moment sum((f - centroid)**p * fmag / sum(fmag)) / spread**p of
// spectral_skewness (p = 3) and spectral_kurtosis (p = 4); 0 if the spread is 0.
double standardised_spectral_moment(const Spectrum& s, double power) {
  const double spread = spectral_spread(s);
  if (spread == 0.0) return 0.0;  // also covers sum(fmag) == 0
  const double total = sum_of(s.magnitudes);
  const double centroid = spectral_centroid(s);
  Eigen::VectorXd terms(s.magnitudes.size());
  for (Eigen::Index k = 0; k < terms.size(); ++k)
    terms[k] = std::pow(s.frequencies[k] - centroid, power) * (s.magnitudes[k] / total);
  return sum_of(terms) / std::pow(spread, power);
}

double spectral_skewness(const Spectrum& s) {
  return standardised_spectral_moment(s, 3.0);
}
double spectral_kurtosis(const Spectrum& s) {
  return standardised_spectral_moment(s, 4.0);
}

// spectral_decrease: sum((fmag[k] - fmag[0]) / k, k >= 1) / sum(fmag[1:]); 0 if that sum is 0.
double spectral_decrease(const Spectrum& s) {
  const Eigen::Index n = s.magnitudes.size();
  Eigen::VectorXd band = s.magnitudes.tail(n - 1);
  const double band_total = sum_of(band);
  Eigen::VectorXd terms(n - 1);
  for (Eigen::Index k = 1; k < n; ++k)
    terms[k - 1] = (s.magnitudes[k] - s.magnitudes[0]) / static_cast<double>(k);
  if (band_total == 0.0) return 0.0;
  return (1.0 / band_total) * sum_of(terms);
}

// spectral_slope: least-squares slope of fmag against f, divided by sum(fmag):
// (n * sum(f * fmag) - sum(f) * sum(fmag)) / sum(fmag) / (n * sum(f * f) - sum(f)**2); 0 if
// sum(fmag) or the denominator is 0.
double spectral_slope(const Spectrum& s) {
  const Eigen::Index n = s.magnitudes.size();
  const double sum_magnitudes = sum_of(s.magnitudes);
  const Eigen::VectorXd f_squared = s.frequencies.array().square();
  const double sum_f_squared = sum_of(f_squared);
  const double sum_f = sum_of(s.frequencies);
  const double length = static_cast<double>(n);
  if (sum_magnitudes == 0.0) return 0.0;
  const double denominator = length * sum_f_squared - sum_f * sum_f;
  if (denominator == 0.0) return 0.0;
  const Eigen::VectorXd f_times_magnitude = s.frequencies.cwiseProduct(s.magnitudes);
  const double numerator =
      (1.0 / sum_magnitudes) * (length * sum_of(f_times_magnitude) - sum_f * sum_magnitudes);
  return numerator / denominator;
}

// spectral_variation: 1 - sum(fmag[:-1] * fmag[1:]) / (sqrt(sum(fmag[1:]**2)) *
// sqrt(sum(fmag[:-1]**2))); 1 if either sum of squares is 0.
double spectral_variation(const Spectrum& s) {
  const Eigen::Index n = s.magnitudes.size();
  const Eigen::VectorXd head = s.magnitudes.head(n - 1);
  const Eigen::VectorXd tail = s.magnitudes.tail(n - 1);
  const double cross = sum_of(head.cwiseProduct(tail));
  const double tail_energy = sum_of(tail.array().square().matrix());
  const double head_energy = sum_of(head.array().square().matrix());
  if (tail_energy == 0.0 || head_energy == 0.0) return 1.0;
  return 1.0 - cross / (std::sqrt(tail_energy) * std::sqrt(head_energy));
}

// spectral_distance: sum(linspace(0, cumsum(fmag)[-1], n) - cumsum(fmag)).
double spectral_distance(const Spectrum& s) {
  const Eigen::Index n = s.magnitudes.size();
  Eigen::VectorXd cumulative(n);
  double running = 0.0;
  for (Eigen::Index k = 0; k < n; ++k) cumulative[k] = running += s.magnitudes[k];
  const Eigen::VectorXd line = npcompat::numpy_linspace(0.0, cumulative[n - 1], n);
  return sum_of(line - cumulative);
}

// spectral_positive_turning: number of k with fmag[k] > fmag[k - 1] and fmag[k + 1] < fmag[k]
// (sign changes of np.diff(fmag) from > 0 to < 0; plateaus are not turning points).
double spectral_positive_turning(const Spectrum& s) {
  const Eigen::Index n = s.magnitudes.size();
  int count = 0;
  for (Eigen::Index k = 1; k + 1 < n; ++k) {
    const double rise = s.magnitudes[k] - s.magnitudes[k - 1];
    const double fall = s.magnitudes[k + 1] - s.magnitudes[k];
    if (rise > 0.0 && fall < 0.0) ++count;
  }
  return count;
}

// spectral_entropy: on |FFT(x - mean(x))| (bins 0 .. L // 2 - 1), p = power / sum(power) without
// the exact zeros, -sum(p * log2(p)) / log2(len(p)); 0 if sum(power) == 0 or only one p is left.
// The DC bin of the centred series is a rounding residue that is usually nonzero, so it usually
// counts in len(p) (see the README of the reference data).
void spectral_entropy(const SeriesView& series, double* out) {
  if (series.length() < 2) {
    out[0] = kNaN;
    return;
  }
  const Eigen::VectorXd power = spectral::demeaned_magnitudes(series).array().square();
  const double total = sum_of(power);
  if (total == 0.0) {
    out[0] = 0.0;
    return;
  }
  std::vector<double> probabilities;
  for (Eigen::Index k = 0; k < power.size(); ++k) {
    const double p = power[k] / total;
    if (p != 0.0) probabilities.push_back(p);
  }
  if (probabilities.size() == 1) {
    out[0] = 0.0;
    return;
  }
  std::vector<double> terms;
  for (const double p : probabilities) terms.push_back(p * std::log2(p));
  const auto count = static_cast<Eigen::Index>(probabilities.size());
  out[0] = -numpy_sum(terms.data(), count) / std::log2(static_cast<double>(count));
}

// Positions in the spectral domain of TSFEL 0.1.5's features.json.
[[maybe_unused]] const bool spectral_statistics_registered[] = {
    register_spectrum_kind("Spectral centroid", 9, spectral_centroid),
    register_spectrum_kind("Spectral decrease", 10, spectral_decrease),
    register_spectrum_kind("Spectral distance", 11, spectral_distance),
    register_feature_kind(
        FeatureKind{"Spectral entropy", Domain::spectral, 12, one_value, spectral_entropy}),
    register_spectrum_kind("Spectral kurtosis", 13, spectral_kurtosis),
    register_spectrum_kind("Spectral positive turning points", 14, spectral_positive_turning),
    register_spectrum_kind("Spectral skewness", 17, spectral_skewness),
    register_spectrum_kind("Spectral slope", 18, spectral_slope),
    register_spectrum_kind("Spectral spread", 19, spectral_spread),
    register_spectrum_kind("Spectral variation", 20, spectral_variation),
};

}  // namespace
}  // namespace tsfs::tsfel
