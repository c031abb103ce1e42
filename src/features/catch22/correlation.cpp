// Correlation features of catch22: CO_f1ecac, CO_FirstMin_ac, CO_HistogramAMI_even_2_5,
// CO_trev_1_num, CO_Embed2_Dist_tau_d_expfit_meandiff and IN_AutoMutualInfoStats_40_gaussian_fmmi
// (Lubba et al. 2019, Table 1; conventions of the reference C/CO_AutoCorr.c, C/histcounts.c and
// C/IN_AutoMutualInfoStats.c).
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {

double acf_timescale(std::span<const double> acf, int n) {
  const double threshold = 1.0 / std::exp(1.0);
  for (int i = 0; i + 2 < n; ++i) {
    const double here = acf[static_cast<size_t>(i)];
    const double next = acf[static_cast<size_t>(i) + 1];
    if (next < threshold) return i + (threshold - here) / (next - here);
  }
  return n;
}

int acf_first_minimum(std::span<const double> acf, int n) {
  for (size_t i = 1; i + 1 < static_cast<size_t>(n); ++i)
    if (acf[i] < acf[i - 1] && acf[i] < acf[i + 1]) return static_cast<int>(i);
  return n;
}

// Bins 1 .. 5 with edges e_k = min + k (max - min + 0.2) / 5 - 0.1 (k = 0 .. 5): a value goes to
// the first k with value < e_k. The joint distribution of (bin of z[t + 2], bin of z[t]) gives
// AMI = sum p_ab log(p_ab / (p_a p_b)).
double histogram_ami_lag2(std::span<const double> z) {
  constexpr int kLag = 2;
  constexpr int kBins = 5;
  const auto [low, high] = std::minmax_element(z.begin(), z.end());
  const double step = (*high - *low + 0.2) / kBins;
  std::array<double, kBins + 1> edges{};
  for (int k = 0; k <= kBins; ++k) edges[static_cast<size_t>(k)] = *low + step * k - 0.1;
  auto bin_of = [&edges](double v) {
    for (int k = 0; k <= kBins; ++k)
      if (v < edges[static_cast<size_t>(k)]) return k;
    return 0;
  };
  // joint[later][earlier], both 0-based.
  std::array<std::array<double, kBins>, kBins> joint{};
  const size_t pairs = z.size() - kLag;
  int counted = 0;
  for (size_t t = 0; t < pairs; ++t) {
    const int earlier = bin_of(z[t]);
    const int later = bin_of(z[t + kLag]);
    if (earlier == 0 || later == 0) continue;  // outside every bin (cannot happen for finite z)
    joint[static_cast<size_t>(later - 1)][static_cast<size_t>(earlier - 1)] += 1;
    ++counted;
  }
  std::array<double, kBins> later_marginal{};
  std::array<double, kBins> earlier_marginal{};
  for (size_t a = 0; a < kBins; ++a)
    for (size_t b = 0; b < kBins; ++b) joint[a][b] /= counted;
  for (size_t a = 0; a < kBins; ++a)
    for (size_t b = 0; b < kBins; ++b) {
      later_marginal[a] += joint[a][b];
      earlier_marginal[b] += joint[a][b];
    }
  double ami = 0.0;
  for (size_t a = 0; a < kBins; ++a)
    for (size_t b = 0; b < kBins; ++b)
      if (joint[a][b] > 0)
        ami += joint[a][b] * std::log(joint[a][b] / (earlier_marginal[b] * later_marginal[a]));
  return ami;
}

double time_reversal_asymmetry(std::span<const double> z) {
  double sum = 0.0;
  for (size_t i = 0; i + 1 < z.size(); ++i) {
    const double d = z[i + 1] - z[i];
    sum += d * d * d;  // the reference's pow(d, 3) rounds once; this twice (within tolerance)
  }
  return sum / static_cast<double>(z.size() - 1);
}

// Distances between successive points of the delay embedding (z[t], z[t + tau]), tau = the first
// ACF zero crossing capped at n / 10; a histogram of them with the automatic bin count
// ceil(range / (3.5 sd m^(-1/3))) (0 bins, result 0, when sd < 0.001), compared with the
// exponential density of the same mean at the bin centres: the mean absolute difference.
double embedding_distance_expfit(std::span<const double> z, int first_zero) {
  const int n = static_cast<int>(z.size());
  int tau = first_zero;
  if (tau > static_cast<double>(n) / 10)
    tau = static_cast<int>(std::floor(static_cast<double>(n) / 10));
  const auto m = static_cast<size_t>(n - tau - 1);
  std::vector<double> distances(m);
  const auto lag = static_cast<size_t>(tau);
  for (size_t i = 0; i < m; ++i) {
    const double step = z[i + 1] - z[i];
    const double lagged_step = z[i + lag] - z[i + lag + 1];
    distances[i] = std::sqrt(step * step + lagged_step * lagged_step);
  }
  const double scale = mean(distances);
  const double sd = sample_std(distances);
  if (sd < 0.001) return 0.0;
  const auto [low, high] = std::minmax_element(distances.begin(), distances.end());
  const int bins = static_cast<int>(
      std::ceil((*high - *low) / (3.5 * sd / std::pow(static_cast<double>(m), 1 / 3.))));
  const double width = (*high - *low) / bins;
  std::vector<int> counts(static_cast<size_t>(bins), 0);
  for (double d : distances) {
    const int bin = std::clamp(static_cast<int>((d - *low) / width), 0, bins - 1);
    ++counts[static_cast<size_t>(bin)];
  }
  double sum = 0.0;
  for (int i = 0; i < bins; ++i) {
    const double probability =
        static_cast<double>(counts[static_cast<size_t>(i)]) / static_cast<double>(m);
    const double left = i * width + *low;
    const double right = (i + 1) * width + *low;
    const double density = std::max(0.0, std::exp(-(left + right) * 0.5 / scale) / scale);
    sum += std::abs(probability - density);
  }
  return sum / bins;
}

// Gaussian automutual information I(k) = -log(1 - r(k)^2) / 2 for k = 1 .. K, K = min(40,
// (n + 1) / 2) (r: lagged_correlation). The result is k - 1 for the first lag k with
// I(k) < I(k - 1) and I(k) < I(k + 1), i.e. as the reference counts it; K when there is none
// (and K itself when K < 3).
namespace {

// lagged_correlation(x, lag) for the lags first .. first + kBlock - 1 at once, every sum added in
// the same order as lag by lag (so the same doubles), but the lags' sums side by side so that
// successive additions do not wait for each other. head_sums[m] is the left-to-right partial sum
// of x[0 .. m), which is also the sum of the first m values that a fresh loop would give.
constexpr int kBlock = 4;

void lagged_correlation_block(std::span<const double> x, const std::vector<double>& head_sums,
                              int first, double* out) {
  const int n = static_cast<int>(x.size());
  std::array<double, kBlock> head_mean{}, tail_mean{};
  std::array<double, kBlock> tail_sum{};
  // Tail of lag first + k: x[first + k .. n), added from the left.
  for (int k = 0; k < kBlock; ++k)
    for (int i = first + k; i < first + kBlock - 1 && i < n; ++i)
      tail_sum[static_cast<size_t>(k)] += x[static_cast<size_t>(i)];
  for (int i = first + kBlock - 1; i < n; ++i)
    for (int k = 0; k < kBlock; ++k) tail_sum[static_cast<size_t>(k)] += x[static_cast<size_t>(i)];
  for (int k = 0; k < kBlock; ++k) {
    const int length = n - first - k;
    head_mean[static_cast<size_t>(k)] = head_sums[static_cast<size_t>(length)] / length;
    tail_mean[static_cast<size_t>(k)] = tail_sum[static_cast<size_t>(k)] / length;
  }
  std::array<double, kBlock> cross{}, head_squares{}, tail_squares{};
  auto add = [&](int k, int i) {
    const auto kk = static_cast<size_t>(k);
    const double a = x[static_cast<size_t>(i)] - head_mean[kk];
    const double b = x[static_cast<size_t>(i + first + k)] - tail_mean[kk];
    cross[kk] += a * b;
    head_squares[kk] += a * a;
    tail_squares[kk] += b * b;
  };
  const int common = n - first - (kBlock - 1);  // i < common is in range for every lag
  for (int i = 0; i < common; ++i)
    for (int k = 0; k < kBlock; ++k) add(k, i);
  for (int k = 0; k < kBlock; ++k)
    for (int i = std::max(common, 0); i < n - first - k; ++i) add(k, i);
  for (size_t k = 0; k < kBlock; ++k)
    out[k] = cross[k] / std::sqrt(head_squares[k] * tail_squares[k]);
}

}  // namespace

double gaussian_ami_first_minimum(std::span<const double> z) {
  const int n = static_cast<int>(z.size());
  const int max_lag = std::min(40, (n + 1) / 2);
  if (max_lag < 3) return max_lag;
  std::vector<double> head_sums(z.size() + 1, 0.0);
  for (size_t i = 0; i < z.size(); ++i) head_sums[i + 1] = head_sums[i] + z[i];
  // ami[lag] for lag = 1 .. max_lag, computed a block of lags at a time as the scan needs them
  // (lags past max_lag are never needed: max_lag <= (n + 1) / 2 keeps every block in range).
  std::vector<double> ami(static_cast<size_t>(max_lag) + kBlock + 1, 0.0);
  int computed = 0;  // ami[1 .. computed] are known
  auto ami_at = [&](int lag) {
    while (computed < lag) {
      std::array<double, kBlock> r{};
      lagged_correlation_block(z, head_sums, computed + 1, r.data());
      for (int k = 0; k < kBlock; ++k) {
        const double rk = r[static_cast<size_t>(k)];
        ami[static_cast<size_t>(computed + 1 + k)] = -0.5 * std::log(1.0 - rk * rk);
      }
      computed += kBlock;
    }
    return ami[static_cast<size_t>(lag)];
  };
  // The result is lag - 1 for the first lag with I(lag) < I(lag - 1) and I(lag) < I(lag + 1).
  for (int lag = 2; lag < max_lag; ++lag)
    if (ami_at(lag) < ami_at(lag - 1) && ami_at(lag) < ami_at(lag + 1)) return lag - 1;
  return max_lag;
}

}  // namespace tsfs::catch22
