// Forecasting and differencing features of catch22: FC_LocalSimple_mean3_stderr,
// FC_LocalSimple_mean1_tauresrat and MD_hrv_classic_pnn40 (Lubba et al. 2019, Table 1;
// conventions of the reference C/FC_LocalSimple.c and C/MD_hrv.c).
#include <cmath>
#include <limits>
#include <vector>

#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {

std::vector<double> mean_forecast_residuals(std::span<const double> z, int window) {
  const auto w = static_cast<size_t>(window);
  std::vector<double> residuals(z.size() > w ? z.size() - w : 0);
  for (size_t i = 0; i < residuals.size(); ++i) {
    double sum = 0.0;
    for (size_t j = 0; j < w; ++j) sum += z[i + j];
    residuals[i] = z[i + w] - sum / static_cast<double>(window);
  }
  return residuals;
}

// Standard deviation (n - 1) of the residuals of the 3-point mean forecast.
double forecast_error_mean3(std::span<const double> z) {
  if (z.size() <= 3) return std::numeric_limits<double>::quiet_NaN();
  return sample_std(mean_forecast_residuals(z, 3));
}

// First zero crossing of the ACF of the lag-1 forecast residuals (the differences) over the
// series' own first zero crossing.
double whitening_timescale_ratio(std::span<const double> z, int first_zero) {
  if (z.size() <= 1) return std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> residuals = mean_forecast_residuals(z, 1);
  return static_cast<double>(first_zero_crossing_direct(residuals)) / first_zero;
}

double high_fluctuation_pnn40(std::span<const double> z) {
  int above = 0;
  for (size_t i = 0; i + 1 < z.size(); ++i)
    if (std::abs(z[i + 1] - z[i]) * 1000 > 40) ++above;
  return above / static_cast<double>(z.size() - 1);
}

}  // namespace tsfs::catch22
