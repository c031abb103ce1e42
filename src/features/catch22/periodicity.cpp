// PD_PeriodicityWang_th0_01 of catch22 (Lubba et al. 2019, Table 1), after Wang X., Smith K.,
// Hyndman R. (2007), "Characteristic-based clustering for time series data", Data Min. Knowl.
// Disc. 13, 335-364: remove a smooth trend, then take the first autocorrelation peak that rises
// at least 0.01 above the trough before it and is positive. Conventions of the reference
// C/PD_PeriodicityWang.c and C/splinefit.c (a port of Lundgren's MATLAB SPLINEFIT).
#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "common/interrupt.hpp"
#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {

// The reference fits a least-squares cubic spline with breaks 0, b = floor(n / 2) - 1 and n - 1
// through B-splines and normal equations. The fitted values depend only on the spline space
// (cubics on [0, b] and [b, n - 1] joined with continuous value, slope and curvature: dimension
// 5), so here the space is spanned by the truncated powers 1, t, t^2, t^3, (t - t_b)_+^3 on
// t = x / (n - 1) and the least-squares problem is solved by Householder QR, which is better
// conditioned than the normal equations. The two agree to rounding.
std::vector<double> two_piece_cubic_spline_fit(std::span<const double> z) {
  const auto n = static_cast<Eigen::Index>(z.size());
  const double last = static_cast<double>(n - 1);
  const double knot = (std::floor(static_cast<double>(n) / 2.0) - 1) / last;
  Eigen::MatrixXd basis(n, 5);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / last;
    const double beyond = std::max(t - knot, 0.0);
    basis(i, 0) = 1.0;
    basis(i, 1) = t;
    basis(i, 2) = t * t;
    basis(i, 3) = t * t * t;
    basis(i, 4) = beyond * beyond * beyond;
  }
  const Eigen::Map<const Eigen::VectorXd> values(z.data(), n);
  const Eigen::VectorXd coefficients = basis.householderQr().solve(values);
  const Eigen::VectorXd fitted = basis * coefficients;
  return {fitted.data(), fitted.data() + n};
}

// On the detrended series u: a(k) = sum_{i < n - k} u_i u_{i+k} / (n - k) for lags
// k = 1 .. ceil(n / 3), stored at index k - 1. Index i (1 <= i <= ceil(n / 3) - 2) is a trough
// when a falls into it and rises after it, a peak when it rises into it and falls after it. The
// result is the index (lag - 1, as the reference reports it) of the first peak whose latest
// earlier trough is at least 0.01 lower and whose value is >= 0; 0 when there is none. Lags are
// computed only as far as the scan needs them.
double periodicity_wang(std::span<const double> z) {
  constexpr double kThreshold = 0.01;
  const size_t n = z.size();
  const std::vector<double> trend = two_piece_cubic_spline_fit(z);
  std::vector<double> detrended(n);
  for (size_t i = 0; i < n; ++i) detrended[i] = z[i] - trend[i];
  const auto max_lag = static_cast<size_t>(std::ceil(static_cast<double>(n) / 3));

  // Lags are computed four at a time, each sum still added in the order i = 0, 1, ... (the
  // same doubles as lag by lag), with the four sums side by side.
  constexpr size_t kLagBlock = 4;
  std::vector<double> acf;
  acf.reserve(max_lag + kLagBlock);
  auto ensure = [&](size_t index) {
    while (acf.size() <= index) {
      // Up to n / 3 lags of n products each: minutes on a series of 10^5 values without a peak.
      throw_if_interrupted();
      const size_t first = acf.size() + 1;  // lag
      std::array<double, kLagBlock> sums{};
      const size_t common = n > first + kLagBlock - 1 ? n - (first + kLagBlock - 1) : 0;
      for (size_t i = 0; i < common; ++i)
        for (size_t k = 0; k < kLagBlock; ++k) sums[k] += detrended[i] * detrended[i + first + k];
      for (size_t k = 0; k < kLagBlock; ++k) {
        const size_t lag = first + k;
        for (size_t i = common; i + lag < n; ++i) sums[k] += detrended[i] * detrended[i + lag];
        acf.push_back(lag < n ? sums[k] / static_cast<double>(n - lag) : 0.0);
      }
    }
  };
  bool have_trough = false;
  size_t trough = 0;
  for (size_t i = 1; i + 1 < max_lag; ++i) {
    ensure(i + 1);
    const double slope_in = acf[i] - acf[i - 1];
    const double slope_out = acf[i + 1] - acf[i];
    if (slope_in < 0 && slope_out > 0) {
      have_trough = true;
      trough = i;
    } else if (slope_in > 0 && slope_out < 0) {
      if (!have_trough) continue;
      if (acf[i] - acf[trough] < kThreshold) continue;
      if (acf[i] < 0) continue;
      return static_cast<double>(i);
    }
  }
  return 0.0;
}

}  // namespace tsfs::catch22
