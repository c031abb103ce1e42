// TSFEL 0.1.5's cepstral kinds: MFCC (mfcc + filterbank) and LPCC (lpcc + lpc) of
// tsfel/feature_extraction/features.py and features_utils.py, with features.json's settings.
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <vector>

#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/spectral_fft.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

// features.json: MFCC pre_emphasis 0.97, nfft 512, nfilt 40, num_ceps 12, cep_lifter 22.
constexpr double mfcc_pre_emphasis = 0.97;
constexpr Eigen::Index mfcc_fft_size = 512;
constexpr Eigen::Index mfcc_filters = 40;
constexpr Eigen::Index mfcc_cepstra = 12;
constexpr double mfcc_cepstral_lifter = 22.0;
// features.json: LPCC n_coeff 12 (LPC of order n_coeff - 1 = 11, plus the leading 1).
constexpr Eigen::Index lpcc_coefficients = 12;

// One triangular mel filter of filterbank(): weights on FFT bins first .. first + size - 1,
// already multiplied by the area normalisation 2 / (hz[m + 1] - hz[m - 1]).
struct MelFilter {
  Eigen::Index first = 0;
  std::vector<double> weights;
};

// The mel filterbank of TSFEL's filterbank() for sampling frequency fs:
//   mel = linspace(0, 2595 * log10(1 + (fs / 2) / 700), nfilt + 2)
//   hz = 700 * (10 ** (mel / 2595) - 1);  bin = floor((nfft + 1) * hz / fs)
//   filter m rises on bins [bin[m-1], bin[m]) as (k - bin[m-1]) / (bin[m] - bin[m-1]) and falls
//   on [bin[m], bin[m+1]) as (bin[m+1] - k) / (bin[m+1] - bin[m]), then is scaled by
//   2 / (hz[m+1] - hz[m-1]).
std::vector<MelFilter> make_mel_filters(double fs) {
  const double high_mel = 2595.0 * std::log10(1.0 + (fs / 2.0) / 700.0);
  const Eigen::VectorXd mel = npcompat::numpy_linspace(0.0, high_mel, mfcc_filters + 2);
  Eigen::VectorXd hz(mel.size());
  Eigen::VectorXd bin(mel.size());
  for (Eigen::Index i = 0; i < mel.size(); ++i) {
    hz[i] = 700.0 * (std::pow(10.0, mel[i] / 2595.0) - 1.0);
    bin[i] = std::floor(static_cast<double>(mfcc_fft_size + 1) * hz[i] / fs);
  }
  std::vector<MelFilter> filters(static_cast<size_t>(mfcc_filters));
  for (Eigen::Index m = 1; m <= mfcc_filters; ++m) {
    MelFilter& filter = filters[static_cast<size_t>(m - 1)];
    const auto left = static_cast<Eigen::Index>(bin[m - 1]);
    const auto centre = static_cast<Eigen::Index>(bin[m]);
    const auto right = static_cast<Eigen::Index>(bin[m + 1]);
    const double normalisation = 2.0 / (hz[m + 1] - hz[m - 1]);
    filter.first = left;
    for (Eigen::Index k = left; k < centre; ++k)
      filter.weights.push_back((static_cast<double>(k) - bin[m - 1]) / (bin[m] - bin[m - 1]) *
                               normalisation);
    for (Eigen::Index k = centre; k < right; ++k)
      filter.weights.push_back((bin[m + 1] - static_cast<double>(k)) / (bin[m + 1] - bin[m]) *
                               normalisation);
  }
  return filters;
}

const std::vector<MelFilter>& mel_filters(double fs) {
  thread_local double cached_fs = std::numeric_limits<double>::quiet_NaN();
  thread_local std::vector<MelFilter> filters;
  if (!(cached_fs == fs)) {
    filters = make_mel_filters(fs);
    cached_fs = fs;
  }
  return filters;
}

// Rows 1 .. num_ceps of the orthonormal DCT-II of scipy.fft.dct(type=2, norm='ortho') on nfilt
// points: sqrt(2 / N) * cos(pi * k * (2n + 1) / (2N)).
const Eigen::MatrixXd& mfcc_dct_basis() {
  static const Eigen::MatrixXd basis = [] {
    const auto points = static_cast<double>(mfcc_filters);
    Eigen::MatrixXd rows(mfcc_cepstra, mfcc_filters);
    for (Eigen::Index k = 1; k <= mfcc_cepstra; ++k)
      for (Eigen::Index i = 0; i < mfcc_filters; ++i)
        rows(k - 1, i) =
            std::sqrt(2.0 / points) * std::cos(std::numbers::pi * static_cast<double>(k) *
                                               static_cast<double>(2 * i + 1) / (2.0 * points));
    return rows;
  }();
  return basis;
}

// mfcc()'s lifter 1 + (cep_lifter / 2) * sin(pi * n / cep_lifter), n = 0 .. num_ceps - 1.
const Eigen::VectorXd& mfcc_lifter() {
  static const Eigen::VectorXd lifter = [] {
    Eigen::VectorXd values(mfcc_cepstra);
    for (Eigen::Index i = 0; i < mfcc_cepstra; ++i)
      values[i] =
          1.0 + (mfcc_cepstral_lifter / 2.0) *
                    std::sin(std::numbers::pi * static_cast<double>(i) / mfcc_cepstral_lifter);
    return values;
  }();
  return lifter;
}

// mfcc(): filterbank energies in dB of the pre-emphasised series (one frame, rfft of 512 points,
// power |X|**2 / 512, 0 replaced by machine epsilon), orthonormal DCT-II, coefficients 1 .. 12,
// minus (their mean + 1e-8), times the lifter 1 + 11 * sin(pi * n / 22).
void mfcc(const SeriesView& series, double* out) {
  const Eigen::VectorXd& x = series.values();
  const Eigen::Index n = x.size();
  if (n < 1) {
    std::fill(out, out + mfcc_cepstra, kNaN);
    return;
  }
  Eigen::VectorXd emphasised(n);
  emphasised[0] = x[0];
  for (Eigen::Index i = 1; i < n; ++i) emphasised[i] = x[i] - mfcc_pre_emphasis * x[i - 1];

  std::vector<std::complex<double>> bins(static_cast<size_t>(mfcc_fft_size / 2 + 1));
  spectral::real_dft(emphasised.data(), n, mfcc_fft_size, bins.data());
  std::vector<double> power(bins.size());
  for (size_t k = 0; k < bins.size(); ++k) {
    power[k] = (1.0 / static_cast<double>(mfcc_fft_size)) * std::norm(bins[k]);
  }

  const std::vector<MelFilter>& filters = mel_filters(series.fs());
  Eigen::VectorXd energies(mfcc_filters);
  for (Eigen::Index m = 0; m < mfcc_filters; ++m) {
    const MelFilter& filter = filters[static_cast<size_t>(m)];
    double energy = 0.0;
    for (size_t j = 0; j < filter.weights.size(); ++j)
      energy += power[static_cast<size_t>(filter.first) + j] * filter.weights[j];
    if (energy == 0.0) energy = std::numeric_limits<double>::epsilon();
    energies[m] = 20.0 * std::log10(energy);
  }

  // scipy.fft.dct(type=2, norm='ortho'), coefficients 1 .. 12.
  const Eigen::VectorXd cepstra = mfcc_dct_basis() * energies;
  const double offset = npcompat::numpy_mean(cepstra.data(), mfcc_cepstra) + 1e-8;
  const Eigen::VectorXd& lifter = mfcc_lifter();
  for (Eigen::Index i = 0; i < mfcc_cepstra; ++i) out[i] = (cepstra[i] - offset) * lifter[i];
}

// |DFT(x)|**2 of a real vector for all n bins (the upper half mirrors the r2c output).
Eigen::VectorXd dft_power(const Eigen::VectorXd& x) {
  const Eigen::Index n = x.size();
  std::vector<std::complex<double>> bins(static_cast<size_t>(n / 2 + 1));
  spectral::real_dft(x.data(), n, n, bins.data());
  Eigen::VectorXd power(n);
  for (Eigen::Index k = 0; k < n; ++k)
    power[k] = std::norm(bins[static_cast<size_t>(k <= n / 2 ? k : n - k)]);
  return power;
}

// lpc(): Yule-Walker LPC of order p = n_coeff - 1 from the (not centred) autocorrelation
// r[k] = sum_i x[i] x[i + k], which TSFEL stores as float32; a = inv(toeplitz(r[0 .. p-1])) @
// -r[1 .. p], returned as [1, a]. All zeros if the Toeplitz matrix sums to 0.
// lpcc(): |ifft(log(|fft([1, a])|**2))| (zeros if the LPC coefficients sum to 0).
// TSFEL raises for L < n_coeff (series too short); this kind gives NaN values then.
void lpcc(const SeriesView& series, double* out) {
  const Eigen::VectorXd& x = series.values();
  const Eigen::Index n = x.size();
  if (n < lpcc_coefficients) {
    std::fill(out, out + lpcc_coefficients, kNaN);
    return;
  }
  constexpr Eigen::Index order = lpcc_coefficients - 1;
  Eigen::VectorXd r(order + 1);
  for (Eigen::Index lag = 0; lag <= order; ++lag) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i + lag < n; ++i) sum += x[i] * x[i + lag];
    r[lag] = static_cast<double>(static_cast<float>(sum));
  }
  Eigen::MatrixXd toeplitz(order, order);
  for (Eigen::Index i = 0; i < order; ++i)
    for (Eigen::Index j = 0; j < order; ++j) toeplitz(i, j) = r[std::abs(i - j)];
  Eigen::VectorXd lpc = Eigen::VectorXd::Zero(lpcc_coefficients);
  if (toeplitz.sum() != 0.0) {
    lpc[0] = 1.0;
    lpc.tail(order) = toeplitz.partialPivLu().inverse() * (-r.tail(order));
  }
  if (npcompat::numpy_sum(lpc.data(), lpc.size()) == 0.0) {
    std::fill(out, out + lpcc_coefficients, 0.0);
    return;
  }
  // The ifft of a real input is conj(fft) / n, so |ifft| = |fft| / n.
  const Eigen::VectorXd log_power = dft_power(lpc).array().log();
  const Eigen::VectorXd cepstrum_power = dft_power(log_power);
  for (Eigen::Index k = 0; k < lpcc_coefficients; ++k)
    out[k] = std::sqrt(cepstrum_power[k]) / static_cast<double>(lpcc_coefficients);
}

// Positions in the spectral domain of TSFEL 0.1.5's features.json.
[[maybe_unused]] const bool spectral_cepstral_registered[] = {
    register_feature_kind(FeatureKind{"LPCC", Domain::spectral, 3,
                                      [](Eigen::Index) { return lpcc_coefficients; }, lpcc}),
    register_feature_kind(
        FeatureKind{"MFCC", Domain::spectral, 4, [](Eigen::Index) { return mfcc_cepstra; }, mfcc}),
};

}  // namespace
}  // namespace tsfs::tsfel
