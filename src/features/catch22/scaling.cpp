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
#include <cmath>
#include <vector>

#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {
namespace {

enum class Fluctuation { rescaled_range, dfa };

struct Line {
  double slope = 0.0;
  double intercept = 0.0;
};

// Least squares by the normal-equation sums (the reference's linreg); a singular system gives
// the zero line.
Line fit_line(const double* x, const double* y, int n) {
  double sum_x = 0.0, sum_x2 = 0.0, sum_xy = 0.0, sum_y = 0.0;
  for (int i = 0; i < n; ++i) {
    sum_x += x[i];
    sum_x2 += x[i] * x[i];
    sum_xy += x[i] * y[i];
    sum_y += y[i];
  }
  const double denominator = n * sum_x2 - sum_x * sum_x;
  if (denominator == 0) return {};
  return {(n * sum_xy - sum_x * sum_y) / denominator,
          (sum_y * sum_x2 - sum_x * sum_xy) / denominator};
}

double residual_norm(const double* x, const double* y, int n, const Line& line) {
  double squares = 0.0;
  for (int i = 0; i < n; ++i) {
    const double r = x[i] * line.slope + line.intercept - y[i];
    squares += r * r;
  }
  return std::sqrt(squares);
}

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
  // accumulated side by side (k outer, window inner): each window still adds its terms in the
  // order k = 0 .. tau - 1, so every sum is the same double as window by window, but successive
  // additions no longer wait for each other.
  std::vector<double> sums_xy(static_cast<size_t>(length));
  std::vector<double> sums_y(static_cast<size_t>(length));
  std::vector<double> highest(static_cast<size_t>(length));
  std::vector<double> lowest(static_cast<size_t>(length));
  for (int s = 0; s < count; ++s) {
    const int tau = sizes[static_cast<size_t>(s)];
    const auto windows = static_cast<size_t>(length / tau);
    const auto width = static_cast<size_t>(tau);
    // x = 1 .. tau: its sums do not depend on the window.
    double sum_x = 0.0, sum_x2 = 0.0;
    for (int k = 0; k < tau; ++k) {
      sum_x += k + 1;
      sum_x2 += static_cast<double>(k + 1) * (k + 1);
    }
    const double denominator = tau * sum_x2 - sum_x * sum_x;
    std::fill_n(sums_xy.begin(), windows, 0.0);
    std::fill_n(sums_y.begin(), windows, 0.0);
    for (size_t k = 0; k < width; ++k) {
      const double x = static_cast<double>(k + 1);
      for (size_t j = 0; j < windows; ++j) {
        const double v = cumulative[j * width + k];
        sums_xy[j] += x * v;
        sums_y[j] += v;
      }
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
      for (size_t j = 0; j < windows; ++j) {
        const double r = cumulative[j * width] - (sums_xy[j] * 1 + sums_y[j]);
        highest[j] = lowest[j] = r;
      }
      for (size_t k = 1; k < width; ++k) {
        const double x = static_cast<double>(k + 1);
        for (size_t j = 0; j < windows; ++j) {
          const double r = cumulative[j * width + k] - (sums_xy[j] * x + sums_y[j]);
          highest[j] = std::max(highest[j], r);
          lowest[j] = std::min(lowest[j], r);
        }
      }
      for (size_t j = 0; j < windows; ++j)
        total += (highest[j] - lowest[j]) * (highest[j] - lowest[j]);
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
  std::vector<double> errors;
  for (int i = kMinPoints; i < count - kMinPoints + 1; ++i) {
    const Line first = fit_line(x, y, i);
    const Line second = fit_line(x + i - 1, y + i - 1, count - i + 1);
    errors.push_back(0.0 + residual_norm(x, y, i, first) +
                     residual_norm(x + i - 1, y + i - 1, count - i + 1, second));
  }
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
