#pragma once
// The scipy.signal pieces the spectral TSFEL kinds reduce to for TSFEL's settings: periodic
// windows, the one-segment PSD of welch / spectrogram, find_peaks' local maxima and the Ricker
// wavelet.
#include <Eigen/Core>
#include <vector>

namespace tsfs::tsfel::spectral {

// scipy.signal.get_window('hann', n) (periodic, fftbins = True).
Eigen::VectorXd hann_periodic(Eigen::Index n);
// scipy.signal.get_window(('tukey', alpha), n) (periodic).
Eigen::VectorXd tukey_periodic(Eigen::Index n, double alpha);

// One segment of scipy.signal._spectral_helper in mode 'psd' with detrend='constant',
// return_onesided=True, scaling='density', nfft = segment length: |rfft(w * (s - mean(s)))|**2
// / (fs * sum(w**2)), doubled except at DC (and Nyquist for even lengths). Writes n / 2 + 1 values.
void one_sided_psd(const double* segment, const Eigen::VectorXd& window, double fs, double* out);

// scipy.signal.welch(x, fs, nperseg=len(x)) with its defaults (Hann window, one segment):
// frequencies (rfftfreq(L, 1 / fs)) and the power spectral density.
struct Psd {
  Eigen::VectorXd frequencies;
  Eigen::VectorXd power;
};
Psd welch_single_segment(const double* x, Eigen::Index n, double fs);

// Indices of scipy.signal.find_peaks(x)'s local maxima (without conditions): samples strictly
// greater than their left neighbour and than the first different right neighbour; for a flat top
// the middle sample (rounded down). The first and last samples are never peaks.
std::vector<Eigen::Index> local_maxima(const double* x, Eigen::Index n);

// scipy.signal.ricker(points, a): A * (1 - t**2 / a**2) * exp(-t**2 / (2 * a**2)) with
// t = arange(points) - (points - 1) / 2 and A = 2 / (sqrt(3 * a) * pi**0.25).
Eigen::VectorXd ricker(Eigen::Index points, double a);

}  // namespace tsfs::tsfel::spectral
