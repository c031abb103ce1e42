// TSFEL 0.1.5 temporal features on the first differences d = np.diff(signal)
// (tsfel/feature_extraction/features.py): Mean absolute diff, Mean diff, Median absolute diff,
// Median diff, Negative turning points, Positive turning points, Signal distance, Sum absolute
// diff. A single value has no difference: means and medians of the empty d are NaN, as in NumPy.
#include <Eigen/Core>
#include <cmath>
#include <vector>

#include "features/tsfel/kind_helpers.hpp"
#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

using kind_helpers::scalar_kind;

Eigen::Index diff_count(const Eigen::VectorXd& x) {
  return x.size() - 1;
}
double diff_at(const Eigen::VectorXd& x, Eigen::Index i) {
  return x[i + 1] - x[i];
}

// mean_abs_diff: np.mean(np.abs(d)).
double mean_absolute_diff(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  return npcompat::mean(diff_count(x), [&x](Eigen::Index i) { return std::abs(diff_at(x, i)); });
}

// mean_diff: np.mean(d).
double mean_diff(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  return npcompat::mean(diff_count(x), [&x](Eigen::Index i) { return diff_at(x, i); });
}

// median_abs_diff: np.median(np.abs(d)); median_diff: np.median(d).
double median_of_diffs(const Eigen::VectorXd& x, bool absolute) {
  std::vector<double> diffs(static_cast<size_t>(diff_count(x)));
  for (Eigen::Index i = 0; i < diff_count(x); ++i)
    diffs[static_cast<size_t>(i)] = absolute ? std::abs(diff_at(x, i)) : diff_at(x, i);
  return npcompat::median_in_place(diffs);
}
double median_absolute_diff(const SeriesView& series) {
  return median_of_diffs(series.values(), true);
}
double median_diff(const SeriesView& series) {
  return median_of_diffs(series.values(), false);
}

// negative_turning / positive_turning: the number of i in [0, len(d) - 1) with d[i] < 0 < d[i+1]
// (a local minimum) / d[i] > 0 > d[i+1] (a local maximum). Plateaus (d == 0) break a turn.
double turning_points(const Eigen::VectorXd& x, bool negative) {
  long long count = 0;
  for (Eigen::Index i = 0; i + 1 < diff_count(x); ++i) {
    const double before = diff_at(x, i);
    const double after = diff_at(x, i + 1);
    // Branch-free: the signs of differences of real data are unpredictable.
    count += negative ? static_cast<int>(before < 0.0) & static_cast<int>(after > 0.0)
                      : static_cast<int>(before > 0.0) & static_cast<int>(after < 0.0);
  }
  return static_cast<double>(count);
}
double negative_turning_points(const SeriesView& series) {
  return turning_points(series.values(), true);
}
double positive_turning_points(const SeriesView& series) {
  return turning_points(series.values(), false);
}

// distance: np.sum(np.sqrt(1 + d ** 2)), the length of the polyline through (i, x[i]).
double signal_distance(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  return npcompat::sum(diff_count(x), [&x](Eigen::Index i) {
    const double d = diff_at(x, i);
    return std::sqrt(1.0 + d * d);
  });
}

// sum_abs_diff: np.sum(np.abs(d)).
double sum_absolute_diff(const SeriesView& series) {
  const Eigen::VectorXd& x = series.values();
  return npcompat::sum(diff_count(x), [&x](Eigen::Index i) { return std::abs(diff_at(x, i)); });
}

const bool kTemporalDiffRegistered = kind_helpers::register_kinds({
    scalar_kind("Mean absolute diff", Domain::temporal, 5, mean_absolute_diff),
    scalar_kind("Mean diff", Domain::temporal, 6, mean_diff),
    scalar_kind("Median absolute diff", Domain::temporal, 7, median_absolute_diff),
    scalar_kind("Median diff", Domain::temporal, 8, median_diff),
    scalar_kind("Negative turning points", Domain::temporal, 9, negative_turning_points),
    scalar_kind("Positive turning points", Domain::temporal, 12, positive_turning_points),
    scalar_kind("Signal distance", Domain::temporal, 13, signal_distance),
    scalar_kind("Sum absolute diff", Domain::temporal, 15, sum_absolute_diff),
});

}  // namespace
}  // namespace tsfs::tsfel
