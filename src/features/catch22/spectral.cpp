// Spectral features of catch22: SP_Summaries_welch_rect_area_5_1 and
// SP_Summaries_welch_rect_centroid (Lubba et al. 2019, Table 1; conventions of the reference
// C/SP_Summaries.c). For catch22 the Welch estimate has a single rectangular window spanning the
// whole series, so it is the periodogram of the mean-removed series zero-padded to the next power
// of two N: S_k = |X_k|^2 / n (doubled except at 0 and N / 2) at frequencies k / N, k = 0 .. N / 2,
// then expressed per angular frequency: w_k = 2 pi k / N and S_k / (2 pi).
#include <Eigen/Core>
#include <cmath>
#include <complex>
#include <vector>

#include "features/catch22/catch22.hpp"
#include "features/tsfel/spectral_fft.hpp"

namespace tsfs::catch22 {
namespace {

// The reference's value of pi in SP_Summaries (and its FFT twiddles): 3.14159265359, not M_PI.
// It shifts both features by about 1e-12 relative, so it is kept.
constexpr double kReferencePi = 3.14159265359;

}  // namespace

AngularSpectrum welch_rectangular(std::span<const double> z) {
  const auto n = static_cast<Eigen::Index>(z.size());
  Eigen::Index n_fft = 1;
  while (n_fft < n) n_fft *= 2;
  const double m = mean(z);
  thread_local std::vector<double> centred;
  thread_local std::vector<std::complex<double>> bins;
  centred.resize(z.size());
  for (size_t i = 0; i < z.size(); ++i) centred[i] = z[i] - m;
  bins.resize(static_cast<size_t>(n_fft / 2 + 1));
  tsfel::spectral::real_dft(centred.data(), n, n_fft, bins.data());

  // Normalisation: one window (k = 1) of n ones, KMU = k * |window|^2 (computed as the
  // reference does, pow(sqrt(n), 2)), sampling interval 1.
  const double kmu = std::pow(std::sqrt(static_cast<double>(n)), 2);
  const double df = 1.0 / static_cast<double>(n_fft);
  AngularSpectrum spectrum;
  const size_t count = bins.size();
  spectrum.frequencies.resize(count);
  spectrum.power.resize(count);
  for (size_t k = 0; k < count; ++k) {
    // The reference squares |X_k| (a hypot); the squared modulus differs from it by rounding.
    double s = std::norm(bins[k]) / kmu;
    if (k > 0 && k + 1 < count) s *= 2;
    spectrum.frequencies[k] = 2 * kReferencePi * (static_cast<double>(k) * df);
    spectrum.power[k] = s / (2 * kReferencePi);
  }
  return spectrum;
}

// Power in the lowest fifth of the frequency points: sum of S_k / (2 pi) over k < (N / 2 + 1) / 5
// times the angular spacing.
double welch_low_frequency_area(const AngularSpectrum& spectrum) {
  const size_t count = spectrum.power.size();
  double area = 0.0;
  for (size_t k = 0; k < count / 5; ++k) area += spectrum.power[k];
  return area * (spectrum.frequencies[1] - spectrum.frequencies[0]);
}

// The first angular frequency at which the cumulative power exceeds half the total.
double welch_centroid(const AngularSpectrum& spectrum) {
  std::vector<double> cumulative(spectrum.power.size());
  double running = 0.0;
  for (size_t k = 0; k < cumulative.size(); ++k) cumulative[k] = running += spectrum.power[k];
  const double half = cumulative.back() * 0.5;
  for (size_t k = 0; k < cumulative.size(); ++k)
    if (cumulative[k] > half) return spectrum.frequencies[k];
  return 0.0;
}

}  // namespace tsfs::catch22
