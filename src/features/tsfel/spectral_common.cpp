// Shared numerics of the spectral TSFEL kinds: see spectral_common.hpp.
#include "features/tsfel/spectral_common.hpp"

#include "features/tsfel/numpy_fft_dc.hpp"
#include "features/tsfel/numpy_reductions.hpp"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <numbers>
#include <unordered_map>

namespace tsfs::tsfel::spectral {
namespace {

constexpr Eigen::Index cwt_widths = 9;  // TSFEL's widths np.arange(1, 10)

// One FFTW plan with its own aligned buffers, for one transform size. Created and destroyed under
// fftw_planner_mutex(); executed without a lock (each thread owns its plans).
class CachedPlan {
 public:
  enum class Direction { forward, inverse };

  CachedPlan(int n_fft, Direction direction) : n_fft_(n_fft) {
    const std::lock_guard lock(fftw_planner_mutex());
    real_ = fftw_alloc_real(static_cast<size_t>(n_fft));
    bins_ = fftw_alloc_complex(static_cast<size_t>(n_fft / 2 + 1));
    plan_ = direction == Direction::forward
                ? fftw_plan_dft_r2c_1d(n_fft, real_, bins_, FFTW_ESTIMATE)
                : fftw_plan_dft_c2r_1d(n_fft, bins_, real_, FFTW_ESTIMATE);
  }
  ~CachedPlan() {
    const std::lock_guard lock(fftw_planner_mutex());
    fftw_destroy_plan(plan_);
    fftw_free(real_);
    fftw_free(bins_);
  }
  CachedPlan(const CachedPlan&) = delete;
  CachedPlan& operator=(const CachedPlan&) = delete;

  int size() const { return n_fft_; }
  double* real() { return real_; }
  fftw_complex* bins() { return bins_; }
  void execute() { fftw_execute(plan_); }

 private:
  int n_fft_;
  double* real_ = nullptr;
  fftw_complex* bins_ = nullptr;
  fftw_plan plan_ = nullptr;
};

// Per-thread plan cache, one plan per (direction, size).
CachedPlan& cached_plan(Eigen::Index n_fft, CachedPlan::Direction direction) {
  thread_local std::unordered_map<Eigen::Index, std::unique_ptr<CachedPlan>> forward_plans;
  thread_local std::unordered_map<Eigen::Index, std::unique_ptr<CachedPlan>> inverse_plans;
  auto& plans = direction == CachedPlan::Direction::forward ? forward_plans : inverse_plans;
  auto& plan = plans[n_fft];
  if (!plan) plan = std::make_unique<CachedPlan>(static_cast<int>(n_fft), direction);
  return *plan;
}

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

// scipy.signal.ricker(points, a): A * (1 - t**2 / a**2) * exp(-t**2 / (2 * a**2)) with
// t = arange(points) - (points - 1) / 2 and A = 2 / (sqrt(3 * a) * pi**0.25).
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

std::mutex& fftw_planner_mutex() {
  static std::mutex mutex;
  return mutex;
}

void real_dft(const double* x, Eigen::Index n, Eigen::Index n_fft, std::complex<double>* out) {
  CachedPlan& plan = cached_plan(n_fft, CachedPlan::Direction::forward);
  const Eigen::Index copied = std::min(n, n_fft);
  std::copy(x, x + copied, plan.real());
  std::fill(plan.real() + copied, plan.real() + n_fft, 0.0);
  plan.execute();
  // fftw_complex is double[2], layout-compatible with std::complex<double>.
  std::memcpy(static_cast<void*>(out), plan.bins(),
              static_cast<size_t>(n_fft / 2 + 1) * sizeof(fftw_complex));
}

void inverse_real_dft(const std::complex<double>* bins, Eigen::Index n_fft, double* out) {
  CachedPlan& plan = cached_plan(n_fft, CachedPlan::Direction::inverse);
  std::memcpy(static_cast<void*>(plan.bins()), bins,
              static_cast<size_t>(n_fft / 2 + 1) * sizeof(fftw_complex));
  plan.execute();
  const double scale = 1.0 / static_cast<double>(n_fft);
  for (Eigen::Index i = 0; i < n_fft; ++i) out[i] = plan.real()[i] * scale;
}

double numpy_sum(const double* x, Eigen::Index n) {
  return npcompat::sum(n, [x](Eigen::Index i) { return x[i]; });
}

double numpy_var(const double* x, Eigen::Index n) {
  const double mean = numpy_mean(x, n);
  std::vector<double> squared(static_cast<size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    const double deviation = x[i] - mean;
    squared[static_cast<size_t>(i)] = deviation * deviation;
  }
  return numpy_mean(squared.data(), n);
}

Eigen::VectorXd numpy_linspace(double start, double stop, Eigen::Index num) {
  Eigen::VectorXd values(num);
  if (num == 0) return values;
  const Eigen::Index divisions = num - 1;
  const double delta = stop - start;
  if (divisions == 0) {
    values[0] = 0.0 * delta + start;
    return values;
  }
  const double step = delta / static_cast<double>(divisions);
  for (Eigen::Index i = 0; i < num; ++i) {
    const double index = static_cast<double>(i);
    values[i] =
        (step == 0.0 ? index / static_cast<double>(divisions) * delta : index * step) + start;
  }
  values[num - 1] = stop;
  return values;
}

Eigen::VectorXd hann_periodic(Eigen::Index n) {
  if (n <= 1) return Eigen::VectorXd::Ones(n);
  // general_cosine(n + 1, [0.5, 0.5]) truncated: 0.5 + 0.5 * cos(linspace(-pi, pi, n + 1)).
  const Eigen::VectorXd phase = numpy_linspace(-std::numbers::pi, std::numbers::pi, n + 1);
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
  const double mean = numpy_mean(segment, n);
  std::vector<double> tapered(static_cast<size_t>(n));
  std::vector<double> window_squared(static_cast<size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    tapered[static_cast<size_t>(i)] = window[i] * (segment[i] - mean);
    window_squared[static_cast<size_t>(i)] = window[i] * window[i];
  }
  const double scale = 1.0 / (fs * numpy_sum(window_squared.data(), n));
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

const Eigen::VectorXd& demeaned_magnitudes(const SeriesView& series) {
  thread_local LastSeriesMemo<Eigen::VectorXd> memo;
  return memo.get(series, series.fs(), [&series] {
    const Eigen::VectorXd& values = series.values();
    const Eigen::Index n = values.size();
    const double mean = numpy_mean(values.data(), n);
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
    const double deviation = numpy_std(values.data(), n);
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
