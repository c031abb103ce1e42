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

double fluctuation_breakpoint(std::span<const double> z, int stride, Fluctuation how) {
  const int n = static_cast<int>(z.size());
  constexpr int kSteps = 50;
  const double log_low = std::log(5);
  const double log_high = std::log(n / 2);
  const double log_step = (log_high - log_low) / (kSteps - 1);
  std::vector<int> sizes(kSteps);
  for (int i = 0; i < kSteps; ++i)
    sizes[static_cast<size_t>(i)] = static_cast<int>(std::round(std::exp(log_low + i * log_step)));
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());  // already ascending
  const int count = static_cast<int>(sizes.size());
  if (count < 12) return 0.0;

  const int length = n / stride;
  std::vector<double> cumulative(static_cast<size_t>(length));
  cumulative[0] = z[0];
  for (int i = 0; i + 1 < length; ++i)
    cumulative[static_cast<size_t>(i) + 1] =
        cumulative[static_cast<size_t>(i)] + z[static_cast<size_t>((i + 1) * stride)];

  std::vector<double> log_sizes(static_cast<size_t>(count));
  std::vector<double> log_fluctuations(static_cast<size_t>(count));
  // Per-window sums, slopes and intercepts. The windows are independent, so their sums are
  // accumulated side by side: each window still adds its terms in the order k = 0 .. tau - 1, so
  // every sum is the same double as window by window, but successive additions no longer wait
  // for each other.
  std::vector<double> sums_xy(static_cast<size_t>(length));
  std::vector<double> sums_y(static_cast<size_t>(length));
  for (int s = 0; s < count; ++s) {
    const int tau = sizes[static_cast<size_t>(s)];
    const auto windows = static_cast<size_t>(length / tau);
    const auto width = static_cast<size_t>(tau);
    // x = 1 .. tau: its sums do not depend on the window. Added one by one they are exact
    // integers (far below 2^53), so the closed forms give the same doubles.
    const double t = tau;
    const double sum_x = t * (t + 1) / 2;
    const double sum_x2 = t * (t + 1) * (2 * t + 1) / 6;
    const double denominator = tau * sum_x2 - sum_x * sum_x;
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
    // sums_xy / sums_y now hold each window's slope / intercept.
    for (size_t j = 0; j < windows; ++j) {
      double slope = 0.0, intercept = 0.0;
      if (denominator != 0) {
        slope = (tau * sums_xy[j] - sum_x * sums_y[j]) / denominator;
        intercept = (sums_y[j] * sum_x2 - sum_x * sums_xy[j]) / denominator;
      }
      sums_xy[j] = slope;
      sums_y[j] = intercept;
    }
    double total = 0.0;
    if (how == Fluctuation::dfa) {
      for (size_t j = 0; j < windows; ++j) {
        const double* w = cumulative.data() + j * width;
        for (size_t k = 0; k < width; ++k) {
          const double r = w[k] - (sums_xy[j] * static_cast<double>(k + 1) + sums_y[j]);
          total += r * r;
        }
      }
    } else {
      // The range of each window's residuals. Maximum and minimum are exact whatever the order,
      // so four running extremes per window (combined at the end) give the same range while
      // breaking the dependency chain.
      constexpr size_t kLanes = 4;
      for (size_t j = 0; j < windows; ++j) {
        const double* w = cumulative.data() + j * width;
        const double slope = sums_xy[j];
        const double intercept = sums_y[j];
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
    }
    const auto window_count = static_cast<int>(windows);
    const double fluctuation = how == Fluctuation::dfa ? std::sqrt(total / (window_count * tau))
                                                       : std::sqrt(total / window_count);
    log_sizes[static_cast<size_t>(s)] = std::log(tau);
    log_fluctuations[static_cast<size_t>(s)] = std::log(fluctuation);
  }

  // Breakpoint i (6 <= i <= count - 6): a line through points 0 .. i - 1 and one through
  // points i - 1 .. count - 1 (the breakpoint belongs to both).
  constexpr int kMinPoints = 6;
  const double* x = log_sizes.data();
  const double* y = log_fluctuations.data();
  // Every candidate's sums and residual norms are added in the same order as one candidate at a
  // time; the candidates are only processed side by side. The first
  // segments' sums are prefixes of one left-to-right pass, so they are read off it.
  const int candidates = count - 2 * kMinPoints + 1;
  std::vector<Line> firsts(static_cast<size_t>(candidates));
  std::vector<Line> seconds(static_cast<size_t>(candidates));
  {
    double sum_x = 0.0, sum_x2 = 0.0, sum_xy = 0.0, sum_y = 0.0;
    for (int e = 0; e < count - kMinPoints; ++e) {
      sum_x += x[e];
      sum_x2 += x[e] * x[e];
      sum_xy += x[e] * y[e];
      sum_y += y[e];
      const int points = e + 1;  // candidate i = points
      if (points < kMinPoints) continue;
      const double denominator = points * sum_x2 - sum_x * sum_x;
      Line& line = firsts[static_cast<size_t>(points - kMinPoints)];
      if (denominator != 0)
        line = {(points * sum_xy - sum_x * sum_y) / denominator,
                (sum_y * sum_x2 - sum_x * sum_xy) / denominator};
    }
  }
  {
    // Candidate c (i = c + kMinPoints) fits points i - 1 .. count - 1.
    std::vector<std::array<double, 4>> sums(static_cast<size_t>(candidates), {0, 0, 0, 0});
    for (int e = kMinPoints - 1; e < count; ++e) {
      const int last_started = std::min(candidates - 1, e - (kMinPoints - 1));
      for (int c = 0; c <= last_started; ++c) {
        auto& sum = sums[static_cast<size_t>(c)];
        sum[0] += x[e];
        sum[1] += x[e] * x[e];
        sum[2] += x[e] * y[e];
        sum[3] += y[e];
      }
    }
    for (int c = 0; c < candidates; ++c) {
      const auto& [sum_x, sum_x2, sum_xy, sum_y] = sums[static_cast<size_t>(c)];
      const int points = count - (c + kMinPoints) + 1;
      const double denominator = points * sum_x2 - sum_x * sum_x;
      if (denominator != 0)
        seconds[static_cast<size_t>(c)] = {(points * sum_xy - sum_x * sum_y) / denominator,
                                           (sum_y * sum_x2 - sum_x * sum_xy) / denominator};
    }
  }
  std::vector<double> first_squares(static_cast<size_t>(candidates), 0.0);
  std::vector<double> second_squares(static_cast<size_t>(candidates), 0.0);
  for (int e = 0; e < count; ++e)
    for (int c = 0; c < candidates; ++c) {
      const int i = c + kMinPoints;
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
  const double smallest = *std::min_element(errors.begin(), errors.end());
  double breakpoint = 0.0;
  for (size_t i = 0; i < errors.size(); ++i)
    if (errors[i] == smallest) {
      breakpoint = static_cast<double>(i) + kMinPoints - 1;
      break;
    }
  return (breakpoint + 1) / count;
}

}  // namespace

double fluctuation_rescaled_range(std::span<const double> z) {
  return fluctuation_breakpoint(z, 1, Fluctuation::rescaled_range);
}

double fluctuation_dfa(std::span<const double> z) {
  return fluctuation_breakpoint(z, 2, Fluctuation::dfa);
}

}  // namespace tsfs::catch22
