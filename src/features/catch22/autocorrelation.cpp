// Numerics shared by several catch22 features: the reference's mean, standard deviation and
// z-scoring (C/stats.c), the FFT autocorrelation (co_autocorrs, co_firstzero in
// C/CO_AutoCorr.c), the lagged Pearson correlation (autocorr_lag), the quantile rule
// (C/helper_functions.c) and the tercile coarse-graining (C/SB_CoarseGrain.c).
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <vector>

#include "features/catch22/catch22.hpp"
#include "features/tsfel/spectral_fft.hpp"

namespace tsfs::catch22 {

double mean(std::span<const double> x) {
  double sum = 0.0;
  for (double v : x) sum += v;
  return sum / static_cast<double>(x.size());
}

double sample_std(std::span<const double> x) {
  const double m = mean(x);
  double squares = 0.0;
  for (double v : x) squares += (v - m) * (v - m);
  return std::sqrt(squares / static_cast<double>(x.size() - 1));
}

void zscore(std::span<const double> x, std::span<double> out) {
  const double m = mean(x);
  const double sd = sample_std(x);
  for (size_t i = 0; i < x.size(); ++i) out[i] = (x[i] - m) / sd;
}

std::vector<double> autocorrelation(std::span<const double> x) {
  const auto n = static_cast<Eigen::Index>(x.size());
  // The reference pads to 2 * nextpow2(n) >= 2n - 1: no circular wrap-around.
  Eigen::Index n_fft = 1;
  while (n_fft < n) n_fft *= 2;
  n_fft *= 2;
  thread_local std::vector<double> centred;
  thread_local std::vector<std::complex<double>> bins;
  thread_local std::vector<double> lags;
  centred.resize(static_cast<size_t>(n));
  bins.resize(static_cast<size_t>(n_fft / 2 + 1));
  lags.resize(static_cast<size_t>(n_fft));
  const double m = mean(x);
  for (Eigen::Index i = 0; i < n; ++i)
    centred[static_cast<size_t>(i)] = x[static_cast<size_t>(i)] - m;
  // Wiener-Khinchin: the inverse transform of the power spectrum is the autocovariance.
  tsfel::spectral::real_dft(centred.data(), n, n_fft, bins.data());
  for (std::complex<double>& bin : bins) bin = std::norm(bin);
  tsfel::spectral::inverse_real_dft(bins.data(), n_fft, lags.data());
  std::vector<double> acf(static_cast<size_t>(n));
  const double lag0 = lags[0];
  for (size_t k = 0; k < acf.size(); ++k) acf[k] = lags[k] / lag0;
  return acf;
}

int first_zero_crossing(std::span<const double> acf, int max_lag) {
  int lag = 0;
  while (lag < max_lag && acf[static_cast<size_t>(lag)] > 0) ++lag;
  return lag;
}

int first_zero_crossing_direct(std::span<const double> x) {
  const size_t n = x.size();
  const double m = mean(x);
  thread_local std::vector<double> centred;
  centred.resize(n);
  for (size_t i = 0; i < n; ++i) centred[i] = x[i] - m;
  // r(0) > 0 for a non-constant series; a constant one has r = 0 / 0 = NaN at every lag, which
  // the FFT version reports as a crossing at lag 0.
  double lag0 = 0.0;
  for (size_t i = 0; i < n; ++i) lag0 += centred[i] * centred[i];
  if (!(lag0 > 0)) return 0;
  for (size_t lag = 1; lag < n; ++lag) {
    double sum = 0.0;
    for (size_t i = 0; i + lag < n; ++i) sum += centred[i] * centred[i + lag];
    if (sum <= 0) return static_cast<int>(lag);
  }
  return static_cast<int>(n);
}

double lagged_correlation(std::span<const double> x, int lag) {
  const std::span<const double> head = x.first(x.size() - static_cast<size_t>(lag));
  const std::span<const double> tail = x.subspan(static_cast<size_t>(lag));
  const double mean_head = mean(head);
  const double mean_tail = mean(tail);
  double cross = 0.0, head_squares = 0.0, tail_squares = 0.0;
  for (size_t i = 0; i < head.size(); ++i) {
    const double a = head[i] - mean_head;
    const double b = tail[i] - mean_tail;
    cross += a * b;
    head_squares += a * a;
    tail_squares += b * b;
  }
  return cross / std::sqrt(head_squares * tail_squares);
}

namespace {

// Where the reference's quantile rule reads: 0-based ranks `left` <= `right` and the weight of
// the right one.
struct QuantilePosition {
  size_t left = 0;
  size_t right = 0;
  double fraction = 0.0;
};

QuantilePosition quantile_position(size_t size, double q) {
  const auto n = static_cast<double>(size);
  const double outside = 0.5 / n;
  if (q < outside) return {0, 0, 0.0};
  if (q > 1.0 - outside) return {size - 1, size - 1, 0.0};
  const double position = n * q - 0.5;
  const auto left = static_cast<size_t>(std::floor(position));
  const auto right = static_cast<size_t>(std::ceil(position));
  return {left, right, position - static_cast<double>(left)};
}

template <typename ValueAtRank>
double quantile_value(const QuantilePosition& at, const ValueAtRank& value_at) {
  if (at.left == at.right) return value_at(at.left);
  return value_at(at.left) + at.fraction * (value_at(at.right) - value_at(at.left)) /
                                 static_cast<double>(at.right - at.left);
}

}  // namespace

double quantile_of_sorted(std::span<const double> ascending, double q) {
  return quantile_value(quantile_position(ascending.size(), q),
                        [&](size_t rank) { return ascending[rank]; });
}

double median(std::vector<double> x) {
  // The same order statistics as sorting: x[n / 2] and, for even n, the largest value below it.
  const size_t n = x.size();
  const auto middle = x.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(x.begin(), middle, x.end());
  if (n % 2 == 1) return *middle;
  return (*middle + *std::max_element(x.begin(), middle)) / 2.0;
}

std::vector<int> coarse_grain_terciles(std::span<const double> x) {
  // The quantile levels are linspace(0, 1, 4) accumulated as the reference does (0, s, s + s,
  // s + s + s with s = 1/3), so the levels match its doubles.
  const double step = 1.0 / 3.0;
  std::array<QuantilePosition, 4> positions{};
  double level = 0.0;
  for (QuantilePosition& position : positions) {
    position = quantile_position(x.size(), level);
    level += step;
  }
  // The few order statistics the thresholds read, by selection rather than a full sort: after
  // nth_element at each needed rank in ascending order (each on the part above the previous
  // rank), work[r] holds the value of rank r for every needed r.
  thread_local std::vector<double> work;
  work.assign(x.begin(), x.end());
  std::array<size_t, 8> ranks{};
  for (size_t i = 0; i < 4; ++i) {
    ranks[2 * i] = positions[i].left;
    ranks[2 * i + 1] = positions[i].right;
  }
  std::sort(ranks.begin(), ranks.end());
  size_t done = 0;  // ranks below `done` are in place
  for (size_t rank : ranks) {
    if (rank < done) continue;
    std::nth_element(work.begin() + static_cast<std::ptrdiff_t>(done),
                     work.begin() + static_cast<std::ptrdiff_t>(rank), work.end());
    done = rank + 1;
  }
  std::array<double, 4> thresholds{};
  for (size_t i = 0; i < 4; ++i)
    thresholds[i] = quantile_value(positions[i], [](size_t rank) { return work[rank]; });
  thresholds[0] -= 1.0;
  std::vector<int> symbols(x.size(), 0);
  for (size_t i = 0; i < x.size(); ++i)
    for (int group = 0; group < 3; ++group)
      if (x[i] > thresholds[static_cast<size_t>(group)] &&
          x[i] <= thresholds[static_cast<size_t>(group) + 1])
        symbols[i] = group + 1;
  return symbols;
}

const std::vector<double>& Catch22Series::autocorrelation() const {
  if (autocorrelation_.empty()) autocorrelation_ = catch22::autocorrelation(values_);
  return autocorrelation_;
}

const AngularSpectrum& Catch22Series::welch_spectrum() const {
  if (welch_.power.empty()) welch_ = welch_rectangular(values_);
  return welch_;
}

int Catch22Series::first_zero_crossing() const {
  if (first_zero_ < 0) first_zero_ = catch22::first_zero_crossing(autocorrelation(), size());
  return first_zero_;
}

}  // namespace tsfs::catch22
