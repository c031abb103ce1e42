// FFTW transforms with per-thread cached plans: see spectral_fft.hpp.
#include "features/tsfel/spectral_fft.hpp"

#include <fftw3.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace tsfs::tsfel::spectral {
namespace {

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

}  // namespace tsfs::tsfel::spectral
