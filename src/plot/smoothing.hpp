#pragma once
// Smoothing of a curve's points before it is drawn (the `line` plot's `smooth` and
// `smooth_width` options).
#include <vector>

namespace tsfs::smoothing {

// Centred moving average over `window` points, shrinking at the ends: pandas'
// rolling(window, center=True, min_periods=1).mean(), which for an even window averages points
// i - window / 2 .. i + (window - 1) / 2 (one more point before i than after it), like the
// study's numpy.convolve(values, ones(window) / window, 'same') away from the ends.
std::vector<double> moving_average(const std::vector<double>& values, long long window);

// Centred average over a fixed width of the x axis: point i becomes the mean of the values whose
// position p_j satisfies |p_j - p_i| <= width / 2, with p = log10(x) when `log_x` (width then in
// decades), else p = x. Unlike a window counted in points, the smoothing is equally wide over the
// whole axis whatever the spacing of the grid. `xs` must be increasing (and positive when log_x).
std::vector<double> width_average(const std::vector<double>& xs, const std::vector<double>& values,
                                  double width, bool log_x);

}  // namespace tsfs::smoothing
