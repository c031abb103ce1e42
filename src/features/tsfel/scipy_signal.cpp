// scipy.signal's windows, one-segment PSD, local maxima and Ricker wavelet: see scipy_signal.hpp.
#include "features/tsfel/scipy_signal.hpp"

#include <cmath>
#include <complex>
#include <numbers>

#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/spectral_fft.hpp"

namespace tsfs::tsfel::spectral {

Eigen::VectorXd hann_periodic(Eigen::Index n) {
  if (n <= 1) return Eigen::VectorXd::Ones(n);
  // general_cosine(n + 1, [0.5, 0.5]) truncated: 0.5 + 0.5 * cos(linspace(-pi, pi, n + 1)).
  const Eigen::VectorXd phase =
      npcompat::numpy_linspace(-std::numbers::pi, std::numbers::pi, n + 1);
  Eigen::VectorXd window(n);
  for (Eigen::Index i = 0; i < n; ++i) window[i] = 0.5 + 0.5 * std::cos(phase[i]);
  return window;
}

Eigen::VectorXd tukey_periodic(Eigen::Index n, double alpha) {
  if (n <= 1) return Eigen::VectorXd::Ones(n);
  if (alpha <= 0.0) return Eigen::VectorXd::Ones(n);
  if (alpha >= 1.0) return hann_periodic(n);
  const Eigen::Index extended = n + 1;  // DFT-even: a symmetric window of n + 1 points, truncated
  const double last = static_cast<double>(extended - 1);
  const auto width = static_cast<Eigen::Index>(std::floor(alpha * last / 2.0));
  Eigen::VectorXd window(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double k = static_cast<double>(i);
    if (i <= width)
      window[i] = 0.5 * (1.0 + std::cos(std::numbers::pi * (-1.0 + 2.0 * k / alpha / last)));
    else if (i >= extended - width - 1)
      window[i] =
          0.5 * (1.0 + std::cos(std::numbers::pi * (-2.0 / alpha + 1.0 + 2.0 * k / alpha / last)));
    else
      window[i] = 1.0;
  }
  return window;
}

void one_sided_psd(const double* segment, const Eigen::VectorXd& window, double fs, double* out) {
  const Eigen::Index n = window.size();
  const double mean = npcompat::numpy_mean(segment, n);
  std::vector<double> tapered(static_cast<size_t>(n));
  std::vector<double> window_squared(static_cast<size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    tapered[static_cast<size_t>(i)] = window[i] * (segment[i] - mean);
    window_squared[static_cast<size_t>(i)] = window[i] * window[i];
  }
  const double scale = 1.0 / (fs * npcompat::numpy_sum(window_squared.data(), n));
  const Eigen::Index bins = n / 2 + 1;
  std::vector<std::complex<double>> spectrum(static_cast<size_t>(bins));
  real_dft(tapered.data(), n, n, spectrum.data());
  for (Eigen::Index k = 0; k < bins; ++k) {
    const std::complex<double> bin = spectrum[static_cast<size_t>(k)];
    out[k] = (bin.real() * bin.real() + bin.imag() * bin.imag()) * scale;
  }
  // Double every bin but DC, and but Nyquist for an even length.
  const Eigen::Index doubled_end = n % 2 == 1 ? bins : bins - 1;
  for (Eigen::Index k = 1; k < doubled_end; ++k) out[k] *= 2.0;
}

Psd welch_single_segment(const double* x, Eigen::Index n, double fs) {
  Psd psd;
  const Eigen::Index bins = n / 2 + 1;
  psd.frequencies.resize(bins);
  // rfftfreq(n, d = 1 / fs): k * (1 / (n * d)).
  const double spacing = 1.0 / (static_cast<double>(n) * (1.0 / fs));
  for (Eigen::Index k = 0; k < bins; ++k) psd.frequencies[k] = static_cast<double>(k) * spacing;
  psd.power.resize(bins);
  thread_local Eigen::VectorXd window;  // for the last length seen on this thread
  if (window.size() != n) window = hann_periodic(n);
  one_sided_psd(x, window, fs, psd.power.data());
  return psd;
}

std::vector<Eigen::Index> local_maxima(const double* x, Eigen::Index n) {
  std::vector<Eigen::Index> peaks;
  Eigen::Index i = 1;
  const Eigen::Index i_max = n - 1;
  while (i < i_max) {
    if (x[i - 1] < x[i]) {
      Eigen::Index ahead = i + 1;
      while (ahead < i_max && x[ahead] == x[i]) ++ahead;
      if (x[ahead] < x[i]) {
        peaks.push_back((i + ahead - 1) / 2);
        i = ahead;
      }
    }
    ++i;
  }
  return peaks;
}

Eigen::VectorXd ricker(Eigen::Index points, double a) {
  const double amplitude = 2.0 / (std::sqrt(3.0 * a) * std::pow(std::numbers::pi, 0.25));
  const double a_squared = a * a;
  Eigen::VectorXd wavelet(points);
  for (Eigen::Index i = 0; i < points; ++i) {
    const double t = static_cast<double>(i) - (static_cast<double>(points) - 1.0) / 2.0;
    const double t_squared = t * t;
    wavelet[i] =
        amplitude * (1.0 - t_squared / a_squared) * std::exp(-t_squared / (2.0 * a_squared));
  }
  return wavelet;
}

}  // namespace tsfs::tsfel::spectral
