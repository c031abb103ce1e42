// TSFEL 0.1.5 statistical features built on order statistics and moments: Interquartile range,
// Kurtosis, Max, Mean, Mean absolute deviation, Median, Median absolute deviation, Min, Root mean
// square, Skewness, Standard deviation, Variance (tsfel/feature_extraction/features.py).
// Positions 4-15 of the statistical domain.
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

// np.finfo(np.float64).resolution, used by SciPy's near-constant test.
constexpr double kFloat64Resolution = 1e-15;

// The central moments SciPy 1.10's skew and kurtosis use (scipy/stats/_stats_py.py _moment):
// d = x - mean; m2 = mean(d**2), m3 = mean(d**2 * d), m4 = mean((d**2)**2).
struct CentralMoments {
  double mean = 0.0;
  double m2 = 0.0;
  double m3 = 0.0;
  double m4 = 0.0;
};

CentralMoments central_moments(const Eigen::VectorXd& x) {
  CentralMoments moments;
  moments.mean = npcompat::mean(x);
  const double center = moments.mean;
  moments.m2 = npcompat::mean(x.size(), [&](Eigen::Index i) {
    const double d = x[i] - center;
    return d * d;
  });
  moments.m3 = npcompat::mean(x.size(), [&](Eigen::Index i) {
    const double d = x[i] - center;
    return (d * d) * d;
  });
  moments.m4 = npcompat::mean(x.size(), [&](Eigen::Index i) {
    const double d = x[i] - center;
    return (d * d) * (d * d);
  });
  return moments;
}

// SciPy 1.10 returns NaN for "nearly identical" data: m2 <= (resolution * mean)**2.
bool scipy_considers_constant(const CentralMoments& moments) {
  const double scale = kFloat64Resolution * moments.mean;
  return moments.m2 <= scale * scale;
}

// scipy.stats.kurtosis(signal): Fisher (minus 3), biased: m4 / m2**2 - 3.
double kurtosis(const SeriesView& series) {
  const CentralMoments moments = central_moments(series.values());
  if (scipy_considers_constant(moments)) return kNaN;
  return moments.m4 / (moments.m2 * moments.m2) - 3.0;
}

// scipy.stats.skew(signal): biased, m3 / m2**1.5.
double skewness(const SeriesView& series) {
  const CentralMoments moments = central_moments(series.values());
  if (scipy_considers_constant(moments)) return kNaN;
  return moments.m3 / std::pow(moments.m2, 1.5);
}

// interq_range: np.percentile(signal, 75) - np.percentile(signal, 25).
double interquartile_range(const SeriesView& series) {
  const std::vector<double>& ascending = sorted_values(series);
  return npcompat::percentile_of_sorted(ascending, 0.75) -
         npcompat::percentile_of_sorted(ascending, 0.25);
}

// calc_max / calc_min: np.max / np.min (NaN would propagate; series carry none).
double maximum(const SeriesView& series) {
  return series.values().maxCoeff();
}
double minimum(const SeriesView& series) {
  return series.values().minCoeff();
}

// calc_mean: np.mean(signal).
double mean(const SeriesView& series) {
  return npcompat::mean(series.values());
}

// mean_abs_deviation: np.mean(np.abs(signal - np.mean(signal))).
double mean_absolute_deviation(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  const double center = npcompat::mean(x);
  return npcompat::mean(x.size(), [&](Eigen::Index i) { return std::abs(x[i] - center); });
}

// calc_median: np.median(signal).
double median(const SeriesView& series) {
  return median_of_sorted(sorted_values(series));
}

// median_abs_deviation: scipy.stats.median_abs_deviation(signal, scale=1) =
// np.median(np.abs(signal - np.median(signal))).
double median_absolute_deviation(const SeriesView& series) {
  const std::vector<double>& ascending = sorted_values(series);
  return median_absolute_deviation_of_sorted(ascending, median_of_sorted(ascending));
}

// rms: np.sqrt(np.sum(signal ** 2) / len(signal)).
double root_mean_square(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  const double squares = npcompat::sum(x.size(), [&x](Eigen::Index i) { return x[i] * x[i]; });
  return std::sqrt(squares / static_cast<double>(x.size()));
}

// calc_std: np.std(signal) = sqrt(np.var(signal)); calc_var: np.var(signal), ddof 0.
double standard_deviation(const SeriesView& series) {
  return std::sqrt(npcompat::variance(series.values()));
}
double variance(const SeriesView& series) {
  return npcompat::variance(series.values());
}

const bool kStatisticalRegistered = kind_helpers::register_kinds({
    scalar_kind("Interquartile range", Domain::statistical, 4, interquartile_range),
    scalar_kind("Kurtosis", Domain::statistical, 5, kurtosis),
    scalar_kind("Max", Domain::statistical, 6, maximum),
    scalar_kind("Mean", Domain::statistical, 7, mean),
    scalar_kind("Mean absolute deviation", Domain::statistical, 8, mean_absolute_deviation),
    scalar_kind("Median", Domain::statistical, 9, median),
    scalar_kind("Median absolute deviation", Domain::statistical, 10, median_absolute_deviation),
    scalar_kind("Min", Domain::statistical, 11, minimum),
    scalar_kind("Root mean square", Domain::statistical, 12, root_mean_square),
    scalar_kind("Skewness", Domain::statistical, 13, skewness),
    scalar_kind("Standard deviation", Domain::statistical, 14, standard_deviation),
    scalar_kind("Variance", Domain::statistical, 15, variance),
});

}  // namespace
}  // namespace tsfs::tsfel
