// SeriesView::spectrum(): the one-sided magnitude spectrum of TSFEL 0.1.5's calc_fft
// (tsfel/feature_extraction/features_utils.py):
//   fmag = np.abs(np.fft.fft(signal)); f = np.linspace(0, fs // 2, len(signal) // 2)
//   return f[:len(signal) // 2], fmag[:len(signal) // 2]
// Note the frequency axis: L // 2 points from 0 to fs // 2 inclusive, so its spacing is
// (fs // 2) / (L // 2 - 1), not fs / L (a 5 Hz tone on an exact bin reports 5.0505... Hz).
#include <cmath>
#include <complex>
#include <utility>
#include <vector>

#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/spectral_fft.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {

const Spectrum& SeriesView::spectrum() const {
  if (spectrum_) return *spectrum_;
  const Eigen::Index n = values_.size();
  const Eigen::Index bins = n / 2;
  Spectrum spectrum;
  // Python's fs // 2 is a floor division (also for a float fs).
  spectrum.frequencies = npcompat::numpy_linspace(0.0, std::floor(fs_ / 2.0), bins);
  spectrum.magnitudes.resize(bins);
  if (bins > 0) {
    // The r2c transform's bins 0 .. n / 2 equal the full complex FFT's bins on a real input.
    std::vector<std::complex<double>> transform(static_cast<size_t>(n / 2 + 1));
    spectral::real_dft(values_.data(), n, n, transform.data());
    for (Eigen::Index k = 0; k < bins; ++k)
      spectrum.magnitudes[k] = std::abs(transform[static_cast<size_t>(k)]);
  }
  spectrum_ = std::move(spectrum);
  return *spectrum_;
}

}  // namespace tsfs::tsfel
