// Per-thread memos shared by the spectral TSFEL kinds: see spectral_memos.hpp.
#include "features/tsfel/spectral_memos.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

#include "features/tsfel/numpy_fft_dc.hpp"
#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/spectral_fft.hpp"

namespace tsfs::tsfel::spectral {
namespace {

constexpr Eigen::Index cwt_widths = 9;  // TSFEL's widths np.arange(1, 10)

// The result of a computation on one series, kept for the next call with the same values and fs.
template <class Value>
class LastSeriesMemo {
 public:
  template <class Compute>
  const Value& get(const SeriesView& series, double fs, Compute compute) {
    const Eigen::VectorXd& values = series.values();
    const bool hit = valid_ && fs_ == fs && key_.size() == static_cast<size_t>(values.size()) &&
                     std::equal(key_.begin(), key_.end(), values.data());
    if (!hit) {
      valid_ = false;
      key_.assign(values.data(), values.data() + values.size());
      fs_ = fs;
      value_ = compute();
      valid_ = true;
    }
    return value_;
  }

 private:
  bool valid_ = false;
  std::vector<double> key_;
  double fs_ = 0.0;
  Value value_;
};

// Neumaier's compensated sum: the exact sum of x up to a relative error of about 2 ulp.
double compensated_sum(const double* x, Eigen::Index n) {
  double sum = 0.0;
  double compensation = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double next = sum + x[i];
    compensation += std::abs(sum) >= std::abs(x[i]) ? (sum - next) + x[i] : (x[i] - next) + sum;
    sum = next;
  }
  return sum + compensation;
}

// The smallest n >= minimum whose prime factors are 2, 3, 5 and 7 (sizes FFTW handles fastest).
Eigen::Index fast_fft_size(Eigen::Index minimum) {
  for (Eigen::Index n = std::max<Eigen::Index>(minimum, 1);; ++n) {
    Eigen::Index rest = n;
    for (const Eigen::Index factor : {2, 3, 5, 7})
      while (rest % factor == 0) rest /= factor;
    if (rest == 1) return n;
  }
}

// What scipy.signal.cwt(x, ricker, widths 1 .. 9) needs for one series length L: the DFTs of
// the kernels ricker(min(10 * w, L), w), zero-padded to a size that holds the full linear
// convolution, and the offset of np.convolve's mode='same' window in it.
struct RickerBank {
  Eigen::Index length = -1;
  Eigen::Index fft_size = 0;
  std::vector<std::vector<std::complex<double>>> kernel_spectra;
  std::vector<Eigen::Index> same_offsets;  // (points - 1) / 2
};

const RickerBank& ricker_bank(Eigen::Index length) {
  thread_local RickerBank bank;
  if (bank.length == length) return bank;
  bank.length = length;
  const Eigen::Index longest = std::min<Eigen::Index>(10 * cwt_widths, length);
  bank.fft_size = fast_fft_size(length + longest - 1);
  bank.kernel_spectra.clear();
  bank.same_offsets.clear();
  for (Eigen::Index width = 1; width <= cwt_widths; ++width) {
    const Eigen::Index points = std::min(10 * width, length);
    const Eigen::VectorXd kernel = ricker(points, static_cast<double>(width));
    std::vector<std::complex<double>> spectrum(static_cast<size_t>(bank.fft_size / 2 + 1));
    real_dft(kernel.data(), points, bank.fft_size, spectrum.data());
    bank.kernel_spectra.push_back(std::move(spectrum));
    bank.same_offsets.push_back((points - 1) / 2);
  }
  return bank;
}

}  // namespace

const Eigen::VectorXd& demeaned_magnitudes(const SeriesView& series) {
  thread_local LastSeriesMemo<Eigen::VectorXd> memo;
  return memo.get(series, series.fs(), [&series] {
    const Eigen::VectorXd& values = series.values();
    const Eigen::Index n = values.size();
    const double mean = npcompat::numpy_mean(values.data(), n);
    const Eigen::VectorXd centred = values.array() - mean;
    std::vector<std::complex<double>> bins(static_cast<size_t>(n / 2 + 1));
    real_dft(centred.data(), n, n, bins.data());
    Eigen::VectorXd magnitudes(n / 2);
    for (Eigen::Index k = 0; k < n / 2; ++k) magnitudes[k] = std::abs(bins[static_cast<size_t>(k)]);
    // The DC bin of the centred series is a rounding residue, and Spectral entropy counts the
    // bins with nonzero power, so it must be NumPy's residue: FFTW adds the values in another
    // order (exactly 0 where NumPy is not, and the reverse). numpy_fft_dc reproduces pocketfft's
    // order; for the lengths where NumPy uses Bluestein's algorithm, the compensated sum (zero
    // exactly when the centred values cancel exactly) is the closest available.
    if (n / 2 > 0)
      magnitudes[0] =
          std::abs(numpy_fft_dc(centred.data(), n).value_or(compensated_sum(centred.data(), n)));
    return magnitudes;
  });
}

const Psd& normalised_welch(const SeriesView& series, double fs) {
  thread_local LastSeriesMemo<Psd> memo;
  return memo.get(series, fs, [&series, fs] {
    const Eigen::VectorXd& values = series.values();
    const Eigen::Index n = values.size();
    const double deviation = npcompat::numpy_std(values.data(), n);
    if (deviation == 0.0) return welch_single_segment(values.data(), n, fs);
    const Eigen::VectorXd scaled = values / deviation;
    return welch_single_segment(scaled.data(), n, fs);
  });
}

const CwtRows& ricker_cwt(const SeriesView& series) {
  thread_local LastSeriesMemo<CwtRows> memo;
  return memo.get(series, series.fs(), [&series] {
    // Row w - 1 is np.convolve(x, ricker(points, w), mode='same') (SciPy picks the direct method
    // at these sizes; the kernel is symmetric, so its reversal in cwt changes nothing). Computed
    // here as a linear convolution through FFTW, which differs from the direct sums only by
    // rounding (relative 1e-13 at most on the reference series).
    const Eigen::VectorXd& values = series.values();
    const Eigen::Index n = values.size();
    CwtRows rows(cwt_widths, n);
    if (n == 0) return rows;
    const RickerBank& bank = ricker_bank(n);
    const auto bins = static_cast<size_t>(bank.fft_size / 2 + 1);
    std::vector<std::complex<double>> signal_spectrum(bins);
    real_dft(values.data(), n, bank.fft_size, signal_spectrum.data());
    std::vector<std::complex<double>> product(bins);
    std::vector<double> convolution(static_cast<size_t>(bank.fft_size));
    for (Eigen::Index w = 0; w < cwt_widths; ++w) {
      const auto& kernel_spectrum = bank.kernel_spectra[static_cast<size_t>(w)];
      for (size_t k = 0; k < bins; ++k) product[k] = signal_spectrum[k] * kernel_spectrum[k];
      inverse_real_dft(product.data(), bank.fft_size, convolution.data());
      const Eigen::Index offset = bank.same_offsets[static_cast<size_t>(w)];
      for (Eigen::Index i = 0; i < n; ++i)
        rows(w, i) = convolution[static_cast<size_t>(i + offset)];
    }
    return rows;
  });
}

}  // namespace tsfs::tsfel::spectral
