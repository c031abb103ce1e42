// TSFEL 0.1.5 temporal features that use the values directly (tsfel/feature_extraction/
// features.py): Absolute energy, Area under the curve, Autocorrelation, Centroid, Entropy,
// Neighbourhood peaks, Peak to peak distance, Slope, Total energy, Zero crossing rate. The
// features on first differences are in temporal_diff_features.cpp.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "features/tsfel/kind_helpers.hpp"
#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/sorted_values.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

using kind_helpers::scalar_kind;

constexpr Eigen::Index kPeakNeighbours = 10;  // neighbourhood_peaks(signal, n=10)

// compute_time(signal, fs) = np.arange(0, len(signal)) / fs.
double time_at(Eigen::Index i, double fs) {
  return static_cast<double>(i) / fs;
}

double sum_of_squares(const Eigen::VectorXd& x) {
  return npcompat::sum(x.size(), [&x](Eigen::Index i) { return x[i] * x[i]; });
}

// abs_energy: np.sum(signal ** 2).
double absolute_energy(const SeriesView& series) {
  return sum_of_squares(series.values());
}

// auc: np.sum(0.5 * np.diff(t) * np.abs(signal[:-1] + signal[1:])) with t = compute_time. The
// absolute value is taken per trapezoid, so areas below zero count positively.
double area_under_curve(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  const double fs = series.fs();
  return npcompat::sum(x.size() - 1, [&](Eigen::Index i) {
    const double dt = time_at(i + 1, fs) - time_at(i, fs);
    return 0.5 * dt * std::abs(x[i] + x[i + 1]);
  });
}

// autocorr: float(np.correlate(signal, signal)), mode 'valid': the single lag-0 product sum.
double autocorrelation(const SeriesView& series) {
  return sum_of_squares(series.values());
}

// calc_centroid: t_energy = dot(t, signal ** 2), energy = sum(signal ** 2);
// 0 if either is 0, else t_energy / energy.
double centroid(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  const double fs = series.fs();
  const double weighted =
      npcompat::sum(x.size(), [&](Eigen::Index i) { return time_at(i, fs) * (x[i] * x[i]); });
  const double energy = sum_of_squares(x);
  if (energy == 0.0 || weighted == 0.0) return 0.0;
  return weighted / energy;
}

// entropy(signal, prob='standard'): p = counts of the distinct values (np.unique) / n, zero
// probabilities dropped; 0 when n == 2 (log2(n) == 1) or when sum(p * log2(p)) / log2(n) == 0,
// else -sum(p * log2(p)) / log2(n). n == 1 gives 0 / 0 = NaN, as in TSFEL.
double entropy(const SeriesView& series) {
  const std::vector<double>& ascending = sorted_values(series);
  const auto n = static_cast<double>(ascending.size());
  const double normalisation = std::log2(n);
  if (normalisation == 1.0) return 0.0;
  // The terms p * log2(p) of the distinct values in ascending order (np.unique's order). Most
  // values of a real series are distinct: the term of a single occurrence is computed once.
  const double single = (1.0 / n) * std::log2(1.0 / n);
  std::vector<double> terms;
  terms.reserve(ascending.size());
  for (size_t start = 0; start < ascending.size();) {
    size_t end = start + 1;
    while (end < ascending.size() && ascending[end] == ascending[start]) ++end;
    const double p = static_cast<double>(end - start) / n;
    terms.push_back(end - start == 1 ? single : p * std::log2(p));
    start = end;
  }
  const double weighted_log =
      npcompat::sum(static_cast<Eigen::Index>(terms.size()),
                    [&terms](Eigen::Index i) { return terms[static_cast<size_t>(i)]; });
  if (weighted_log / normalisation == 0.0) return 0.0;
  return -weighted_log / normalisation;
}

// neighbourhood_peaks(signal, n=10): number of i in [n, len - n) with x[i] strictly greater than
// each of its n neighbours on both sides (np.roll never wraps inside that range).
double neighbourhood_peaks(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  long long peaks = 0;
  for (Eigen::Index i = kPeakNeighbours; i < x.size() - kPeakNeighbours; ++i) {
    bool peak = true;
    for (Eigen::Index k = 1; k <= kPeakNeighbours && peak; ++k)
      peak = x[i] > x[i - k] && x[i] > x[i + k];
    peaks += peak ? 1 : 0;
  }
  return static_cast<double>(peaks);
}

// pk_pk_distance: np.abs(np.max(signal) - np.min(signal)).
double peak_to_peak_distance(const SeriesView& series) {
  return std::abs(series.values().maxCoeff() - series.values().minCoeff());
}

// slope: np.polyfit(t, signal, 1)[0] with t = 0 .. n - 1, i.e. the least-squares slope
// sum((t - mean(t)) * signal) / sum((t - mean(t))**2), with sum((t - mean(t))**2) =
// n (n^2 - 1) / 12. TSFEL fails on a single value (polyfit of one point): NaN.
double slope(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  const Eigen::Index n = x.size();
  if (n < 2) return kNaN;
  const double center = static_cast<double>(n - 1) / 2.0;
  const double covariance =
      npcompat::sum(n, [&](Eigen::Index i) { return (static_cast<double>(i) - center) * x[i]; });
  const auto count = static_cast<double>(n);
  return covariance / (count * (count * count - 1.0) / 12.0);
}

// total_energy: np.sum(signal ** 2) / (t[-1] - t[0]) with t = compute_time. A single value
// divides by 0 (inf, or NaN for 0 / 0), as in TSFEL.
double total_energy(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  const double duration = time_at(x.size() - 1, series.fs()) - time_at(0, series.fs());
  return sum_of_squares(x) / duration;
}

// zero_cross: len(np.where(np.diff(np.sign(signal)))[0]), the number of changes of sign
// (-1, 0, +1); passing through an exact 0 counts twice.
double zero_crossing_rate(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  auto sign = [](double value) {
    return static_cast<int>(value > 0.0) - static_cast<int>(value < 0.0);
  };
  long long changes = 0;
  for (Eigen::Index i = 0; i + 1 < x.size(); ++i)
    changes += static_cast<int>(sign(x[i + 1]) != sign(x[i]));
  return static_cast<double>(changes);
}

const bool kTemporalRegistered = kind_helpers::register_kinds({
    scalar_kind("Absolute energy", Domain::temporal, 0, absolute_energy),
    scalar_kind("Area under the curve", Domain::temporal, 1, area_under_curve),
    scalar_kind("Autocorrelation", Domain::temporal, 2, autocorrelation),
    scalar_kind("Centroid", Domain::temporal, 3, centroid),
    scalar_kind("Entropy", Domain::temporal, 4, entropy),
    scalar_kind("Neighbourhood peaks", Domain::temporal, 10, neighbourhood_peaks),
    scalar_kind("Peak to peak distance", Domain::temporal, 11, peak_to_peak_distance),
    scalar_kind("Slope", Domain::temporal, 14, slope),
    scalar_kind("Total energy", Domain::temporal, 16, total_energy),
    scalar_kind("Zero crossing rate", Domain::temporal, 17, zero_crossing_rate),
});

}  // namespace
}  // namespace tsfs::tsfel
