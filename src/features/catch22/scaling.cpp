// Scaling features of catch22: SC_FluctAnal_2_rsrangefit_50_1_logi_prop_r1 and
// SC_FluctAnal_2_dfa_50_1_2_logi_prop_r1 (Lubba et al. 2019, Table 1; conventions of the
// reference C/SC_FluctAnal.c and linreg in C/stats.c).
//
// Both: the cumulative sum of the series (DFA: of every second value) is cut into
// non-overlapping windows of each of up to 50 sizes tau, log-spaced from 5 to n / 2 (integer
// division), rounded and made unique. In each window a straight line is fitted against
// x = 1 .. tau; the fluctuation F(tau) is the root mean square of the residuals over all windows
// (DFA) or the root mean square over windows of the residuals' range (rescaled range). Then
// log F against log tau is fitted by two straight lines meeting at a breakpoint; the breakpoint
// with the smallest summed residual norms (the first of equal minima) is returned as the fraction
// of window sizes up to it. Fewer than 12 distinct sizes give 0.
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "common/interrupt.hpp"
#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {
namespace {

enum class Fluctuation { rescaled_range, dfa };

// A least-squares line from the normal-equation sums, as the reference's linreg (C/stats.c)
// computes it: slope (n sxy - sx sy) / d, intercept (sy sxx - sx sxy) / d with
// d = n sxx - sx^2; a singular system (d = 0) gives the zero line.
struct Line {
  double slope = 0.0;
  double intercept = 0.0;
};

// The window sizes tau of SC_FluctAnal_2: 50 steps log-spaced from 5 to n / 2 (integer
// division), rounded and made unique, ascending.
std::vector<int> fluctuation_window_sizes(int n) {
  constexpr int kSteps = 50;
  const double log_low = std::log(5);
  const double log_high = std::log(n / 2);
  const double log_step = (log_high - log_low) / (kSteps - 1);
  std::vector<int> sizes(kSteps);
  for (int i = 0; i < kSteps; ++i)
    sizes[static_cast<size_t>(i)] = static_cast<int>(std::round(std::exp(log_low + i * log_step)));
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());  // already ascending
  return sizes;
}

// The cumulative sums of z[0], z[stride], z[2 stride], ... (n / stride of them).
std::vector<double> strided_cumulative_sums(std::span<const double> z, int stride) {
  const int length = static_cast<int>(z.size()) / stride;
  std::vector<double> cumulative(static_cast<size_t>(length));
  cumulative[0] = z[0];
  for (int i = 0; i + 1 < length; ++i)
    cumulative[static_cast<size_t>(i) + 1] =
        cumulative[static_cast<size_t>(i)] + z[static_cast<size_t>((i + 1) * stride)];
  return cumulative;
}

// Each window's sums of x y and of y (x = 1 .. width), window j being cumulative[j width ..
// (j + 1) width), for as many windows as sums_xy holds. The windows are independent, so their
// sums are accumulated side by side: each window still adds its terms in the order
// k = 0 .. width - 1, so every sum is the same double as window by window, but successive
// additions no longer wait for each other.
void window_line_sums(std::span<const double> cumulative, size_t width, std::span<double> sums_xy,
                      std::span<double> sums_y) {
  const size_t windows = sums_xy.size();
  // Four windows at a time in registers, the rest one by one.
  size_t window = 0;
  for (; window + 4 <= windows; window += 4) {
    const double* w = cumulative.data() + window * width;
    double xy0 = 0.0, xy1 = 0.0, xy2 = 0.0, xy3 = 0.0;
    double y0 = 0.0, y1 = 0.0, y2 = 0.0, y3 = 0.0;
    for (size_t k = 0; k < width; ++k) {
      const double x = static_cast<double>(k + 1);
      const double v0 = w[k], v1 = w[width + k], v2 = w[2 * width + k], v3 = w[3 * width + k];
      xy0 += x * v0;
      xy1 += x * v1;
      xy2 += x * v2;
      xy3 += x * v3;
      y0 += v0;
      y1 += v1;
      y2 += v2;
      y3 += v3;
    }
    sums_xy[window] = xy0;
    sums_xy[window + 1] = xy1;
    sums_xy[window + 2] = xy2;
    sums_xy[window + 3] = xy3;
    sums_y[window] = y0;
    sums_y[window + 1] = y1;
    sums_y[window + 2] = y2;
    sums_y[window + 3] = y3;
  }
  for (; window < windows; ++window) {
    const double* w = cumulative.data() + window * width;
    double xy = 0.0, y = 0.0;
    for (size_t k = 0; k < width; ++k) {
      xy += static_cast<double>(k + 1) * w[k];
      y += w[k];
    }
    sums_xy[window] = xy;
    sums_y[window] = y;
  }
}

// Each window's line against x = 1 .. tau, solved in place: on entry slopes[j] / intercepts[j]
// hold window j's sums of x y and of y (window_line_sums), on return its slope and intercept.
// Sharing the buffers keeps them to one allocation per series.
void solve_window_lines(int tau, std::span<double> slopes, std::span<double> intercepts) {
  // x = 1 .. tau: its sums do not depend on the window. Added one by one they are exact
  // integers (far below 2^53), so the closed forms give the same doubles.
  const double t = tau;
  const double sum_x = t * (t + 1) / 2;
  const double sum_x2 = t * (t + 1) * (2 * t + 1) / 6;
  const double denominator = tau * sum_x2 - sum_x * sum_x;
  for (size_t j = 0; j < slopes.size(); ++j) {
    const double sum_xy = slopes[j];
    const double sum_y = intercepts[j];
    double slope = 0.0, intercept = 0.0;
    if (denominator != 0) {
      slope = (tau * sum_xy - sum_x * sum_y) / denominator;
      intercept = (sum_y * sum_x2 - sum_x * sum_xy) / denominator;
    }
    slopes[j] = slope;
    intercepts[j] = intercept;
  }
}

// DFA: the squared residuals of every window's line, summed over all windows.
double dfa_squared_residuals(std::span<const double> cumulative, size_t width,
                             std::span<const double> slopes, std::span<const double> intercepts) {
  double total = 0.0;
  for (size_t j = 0; j < slopes.size(); ++j) {
    const double* w = cumulative.data() + j * width;
    for (size_t k = 0; k < width; ++k) {
      const double r = w[k] - (slopes[j] * static_cast<double>(k + 1) + intercepts[j]);
      total += r * r;
    }
  }
  return total;
}

// Rescaled range: the squared range of every window's residuals, summed over all windows.
// Maximum and minimum are exact whatever the order, so four running extremes per window
// (combined at the end) give the same range while breaking the dependency chain.
double rescaled_range_squared_ranges(std::span<const double> cumulative, size_t width,
                                     std::span<const double> slopes,
                                     std::span<const double> intercepts) {
  constexpr size_t kLanes = 4;
  double total = 0.0;
  for (size_t j = 0; j < slopes.size(); ++j) {
    const double* w = cumulative.data() + j * width;
    const double slope = slopes[j];
    const double intercept = intercepts[j];
    const double first = w[0] - (slope * 1 + intercept);
    std::array<double, kLanes> high{first, first, first, first};
    std::array<double, kLanes> low = high;
    size_t k = 1;
    for (; k + kLanes <= width; k += kLanes)
      for (size_t lane = 0; lane < kLanes; ++lane) {
        const double r = w[k + lane] - (slope * static_cast<double>(k + lane + 1) + intercept);
        high[lane] = std::max(high[lane], r);
        low[lane] = std::min(low[lane], r);
      }
    for (; k < width; ++k) {
      const double r = w[k] - (slope * static_cast<double>(k + 1) + intercept);
      high[0] = std::max(high[0], r);
      low[0] = std::min(low[0], r);
    }
    const double range =
        *std::max_element(high.begin(), high.end()) - *std::min_element(low.begin(), low.end());
    total += range * range;
  }
  return total;
}

// F(tau) over the windows of size tau of the cumulative sums. slope_buffer and intercept_buffer
// (one element per value of the cumulative sums, enough for any size) are the caller's, so that
// they are allocated once per series.
double window_size_fluctuation(std::span<const double> cumulative, int tau, Fluctuation how,
                               std::span<double> slope_buffer, std::span<double> intercept_buffer) {
  const int length = static_cast<int>(cumulative.size());
  const auto windows = static_cast<size_t>(length / tau);
  const auto width = static_cast<size_t>(tau);
  const std::span<double> slopes = slope_buffer.first(windows);
  const std::span<double> intercepts = intercept_buffer.first(windows);
  window_line_sums(cumulative, width, slopes, intercepts);
  solve_window_lines(tau, slopes, intercepts);
  const auto window_count = static_cast<int>(windows);
  if (how == Fluctuation::dfa)
    return std::sqrt(dfa_squared_residuals(cumulative, width, slopes, intercepts) /
                     (window_count * tau));
  return std::sqrt(rescaled_range_squared_ranges(cumulative, width, slopes, intercepts) /
                   window_count);
}

// Breakpoint i (6 <= i <= count - 6) of the two-segment fit of log F against log tau: a line
// through points 0 .. i - 1 and one through points i - 1 .. count - 1 (the breakpoint belongs to
// both). Candidate c stands for breakpoint i = c + kMinSegmentPoints. Every candidate's sums and
// residual norms are added in the same order as one candidate at a time; the candidates are only
// processed side by side.
constexpr int kMinSegmentPoints = 6;

// The number of breakpoints i among count points.
int breakpoint_candidates(int count) {
  return count - 2 * kMinSegmentPoints + 1;
}

// Each candidate's first line, through points 0 .. i - 1. The first segments' sums are prefixes
// of one left-to-right pass, so they are read off it.
std::vector<Line> first_segment_lines(std::span<const double> log_sizes,
                                      std::span<const double> log_fluctuations) {
  const int count = static_cast<int>(log_sizes.size());
  const double* x = log_sizes.data();
  const double* y = log_fluctuations.data();
  std::vector<Line> lines(static_cast<size_t>(breakpoint_candidates(count)));
  double sum_x = 0.0, sum_x2 = 0.0, sum_xy = 0.0, sum_y = 0.0;
  for (int e = 0; e < count - kMinSegmentPoints; ++e) {
    sum_x += x[e];
    sum_x2 += x[e] * x[e];
    sum_xy += x[e] * y[e];
    sum_y += y[e];
    const int points = e + 1;  // candidate i = points
    if (points < kMinSegmentPoints) continue;
    const double denominator = points * sum_x2 - sum_x * sum_x;
    Line& line = lines[static_cast<size_t>(points - kMinSegmentPoints)];
    if (denominator != 0)
      line = {(points * sum_xy - sum_x * sum_y) / denominator,
              (sum_y * sum_x2 - sum_x * sum_xy) / denominator};
  }
  return lines;
}

// Each candidate's second line, through points i - 1 .. count - 1.
std::vector<Line> second_segment_lines(std::span<const double> log_sizes,
                                       std::span<const double> log_fluctuations) {
  const int count = static_cast<int>(log_sizes.size());
  const int candidates = breakpoint_candidates(count);
  const double* x = log_sizes.data();
  const double* y = log_fluctuations.data();
  std::vector<std::array<double, 4>> sums(static_cast<size_t>(candidates), {0, 0, 0, 0});
  for (int e = kMinSegmentPoints - 1; e < count; ++e) {
    const int last_started = std::min(candidates - 1, e - (kMinSegmentPoints - 1));
    for (int c = 0; c <= last_started; ++c) {
      auto& sum = sums[static_cast<size_t>(c)];
      sum[0] += x[e];
      sum[1] += x[e] * x[e];
      sum[2] += x[e] * y[e];
      sum[3] += y[e];
    }
  }
  std::vector<Line> lines(static_cast<size_t>(candidates));
  for (int c = 0; c < candidates; ++c) {
    const auto& [sum_x, sum_x2, sum_xy, sum_y] = sums[static_cast<size_t>(c)];
    const int points = count - (c + kMinSegmentPoints) + 1;
    const double denominator = points * sum_x2 - sum_x * sum_x;
    if (denominator != 0)
      lines[static_cast<size_t>(c)] = {(points * sum_xy - sum_x * sum_y) / denominator,
                                       (sum_y * sum_x2 - sum_x * sum_xy) / denominator};
  }
  return lines;
}

// Each candidate's error: the residual norm of its first line plus that of its second.
std::vector<double> two_segment_errors(std::span<const double> log_sizes,
                                       std::span<const double> log_fluctuations,
                                       const std::vector<Line>& firsts,
                                       const std::vector<Line>& seconds) {
  const int count = static_cast<int>(log_sizes.size());
  const int candidates = breakpoint_candidates(count);
  const double* x = log_sizes.data();
  const double* y = log_fluctuations.data();
  std::vector<double> first_squares(static_cast<size_t>(candidates), 0.0);
  std::vector<double> second_squares(static_cast<size_t>(candidates), 0.0);
  for (int e = 0; e < count; ++e)
    for (int c = 0; c < candidates; ++c) {
      const int i = c + kMinSegmentPoints;
      if (e < i) {
        const Line& line = firsts[static_cast<size_t>(c)];
        const double r = x[e] * line.slope + line.intercept - y[e];
        first_squares[static_cast<size_t>(c)] += r * r;
      }
      if (e >= i - 1) {
        const Line& line = seconds[static_cast<size_t>(c)];
        const double r = x[e] * line.slope + line.intercept - y[e];
        second_squares[static_cast<size_t>(c)] += r * r;
      }
    }
  std::vector<double> errors(static_cast<size_t>(candidates));
  for (size_t c = 0; c < errors.size(); ++c)
    errors[c] = 0.0 + std::sqrt(first_squares[c]) + std::sqrt(second_squares[c]);
  return errors;
}

// The breakpoint with the smallest error (the first of equal minima), as the fraction of the
// points up to and including it.
double two_segment_breakpoint(std::span<const double> log_sizes,
                              std::span<const double> log_fluctuations) {
  const int count = static_cast<int>(log_sizes.size());
  const std::vector<Line> firsts = first_segment_lines(log_sizes, log_fluctuations);
  const std::vector<Line> seconds = second_segment_lines(log_sizes, log_fluctuations);
  const std::vector<double> errors =
      two_segment_errors(log_sizes, log_fluctuations, firsts, seconds);
  const double smallest = *std::min_element(errors.begin(), errors.end());
  double breakpoint = 0.0;
  for (size_t i = 0; i < errors.size(); ++i)
    if (errors[i] == smallest) {
      breakpoint = static_cast<double>(i) + kMinSegmentPoints - 1;
      break;
    }
  return (breakpoint + 1) / count;
}

double fluctuation_breakpoint(std::span<const double> z, int stride, Fluctuation how) {
  const std::vector<int> sizes = fluctuation_window_sizes(static_cast<int>(z.size()));
  const int count = static_cast<int>(sizes.size());
  if (count < 12) return 0.0;

  const std::vector<double> cumulative = strided_cumulative_sums(z, stride);
  std::vector<double> log_sizes(static_cast<size_t>(count));
  std::vector<double> log_fluctuations(static_cast<size_t>(count));
  // Every window's line at the size at hand, allocated once for all sizes.
  std::vector<double> slopes(cumulative.size());
  std::vector<double> intercepts(cumulative.size());
  for (int s = 0; s < count; ++s) {
    throw_if_interrupted();  // each size is a pass over the series
    const int tau = sizes[static_cast<size_t>(s)];
    log_sizes[static_cast<size_t>(s)] = std::log(tau);
    log_fluctuations[static_cast<size_t>(s)] =
        std::log(window_size_fluctuation(cumulative, tau, how, slopes, intercepts));
  }
  return two_segment_breakpoint(log_sizes, log_fluctuations);
}

}  // namespace

double fluctuation_rescaled_range(std::span<const double> z) {
  return fluctuation_breakpoint(z, 1, Fluctuation::rescaled_range);
}

double fluctuation_dfa(std::span<const double> z) {
  return fluctuation_breakpoint(z, 2, Fluctuation::dfa);
}

}  // namespace tsfs::catch22
