// The non-template parts of the elastic engine (engine.hpp): instruction sets, aeon's derivative,
// NumPy's standard deviation, one pair.
#include "distance/elastic/engine.hpp"

#include <stdexcept>

namespace tsfs::elastic {

bool simd_supported(Simd simd) {
  switch (simd) {
    case Simd::none:
    case Simd::sse2:
      return true;  // x86-64 baseline
    case Simd::avx2:
      return __builtin_cpu_supports("avx2");
  }
  return false;
}

Simd best_simd() {
  static const Simd best = simd_supported(Simd::avx2) ? Simd::avx2 : Simd::sse2;
  return best;
}

const char* simd_name(Simd simd) {
  switch (simd) {
    case Simd::none:
      return "none";
    case Simd::sse2:
      return "sse2";
    case Simd::avx2:
      return "avx2";
  }
  return "";
}

int simd_lanes(Simd simd) {
  switch (simd) {
    case Simd::none:
      return 0;
    case Simd::sse2:
      return simd::Traits<simd::Sse2Pack>::lanes;
    case Simd::avx2:
      return simd::Traits<simd::Avx2Pack>::lanes;
  }
  return 0;
}

std::vector<double> derivative(const double* x, int n) {
  std::vector<double> result;
  if (n < 3) return result;
  result.reserve(static_cast<size_t>(n - 2));
  // aeon/utils/numba/general.py, average_of_slope: ((q_i - q_{i-1}) + (q_{i+1} - q_{i-1}) / 2) / 2.
  for (int i = 1; i < n - 1; ++i)
    result.push_back(((x[i] - x[i - 1]) + (x[i + 1] - x[i - 1]) / 2.0) / 2.0);
  return result;
}

namespace {

// NumPy's pairwise_sum for doubles (numpy/core/src/umath/loops_utils.h.src): below 8 values a
// plain running sum from 0; up to 128 values eight running sums combined as
// ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)) plus the remainder; above, the two halves
// (split at a multiple of 8) summed recursively.
double pairwise_sum(const double* a, long long n) {
  if (n < 8) {
    double result = 0.0;
    for (long long i = 0; i < n; ++i) result += a[i];
    return result;
  }
  if (n <= 128) {
    double r[8];
    for (int k = 0; k < 8; ++k) r[k] = a[k];
    long long i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int k = 0; k < 8; ++k) r[k] += a[i + k];
    double result = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) result += a[i];
    return result;
  }
  long long half = n / 2;
  half -= half % 8;
  return pairwise_sum(a, half) + pairwise_sum(a + half, n - half);
}

}  // namespace

double numpy_std(const double* x, int n) {
  if (n < 1) return 0.0;
  // numpy/core/_methods.py _var: mean = add.reduce(x) / n (the reduction starts from the
  // identity 0), deviations squared, add.reduce / n, then sqrt.
  const double count = static_cast<double>(n);
  const double mean = (0.0 + pairwise_sum(x, n)) / count;
  std::vector<double> squares(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const double deviation = x[i] - mean;
    squares[static_cast<size_t>(i)] = deviation * deviation;
  }
  return std::sqrt((0.0 + pairwise_sum(squares.data(), n)) / count);
}

double pair_distance(const Distance& distance, const Params& params, const std::vector<double>& x,
                     const std::vector<double>& y) {
  std::vector<double> a = x, b = y;
  if (distance.derivative) {
    a = derivative(x.data(), static_cast<int>(x.size()));
    b = derivative(y.data(), static_cast<int>(y.size()));
  }
  if (a.empty() || b.empty()) throw std::invalid_argument(distance.name + " needs longer series");
  Input input;
  input.x = a.data();
  input.n = static_cast<int>(a.size());
  input.y = b.data();
  input.m = static_cast<int>(b.size());
  double x_scale = 0.0;
  if (distance.needs_scale) {
    x_scale = numpy_std(input.x, input.n);
    input.y_scale = numpy_std(input.y, input.m);
  }
  input.x_scale = &x_scale;
  return distance.pair(params, input, sakoe_chiba_band(input.n, input.m, params.window));
}

}  // namespace tsfs::elastic
