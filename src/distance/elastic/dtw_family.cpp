// aeon's DTW family: ddtw, wdtw, wddtw, adtw (and aeon's dtw itself, catalogued for the tests but
// not registered: the `dtw` distance of tsfs is dtw-python's). Definitions from aeon 1.5
// (aeon/distances/elastic/_dtw.py, _ddtw.py, _wdtw.py, _wddtw.py, _adtw.py), as written in
// tests/reference/elastic-distances/README.md ("Definitions"); D[0][0] = 0, every other border
// +inf.
//   dtw:  D[i+1][j+1] = (x_i - y_j)^2 + min(D[i][j], D[i][j+1], D[i+1][j])     (no square root)
//   wdtw: the local cost is (x_i - y_j)^2 * w[|i - j|], w[k] = 1 / (1 + exp(-g (k - M / 2))),
//         M = max(n, m) (Jeong, Jeong & Omitaomu 2011, "Weighted dynamic time warping for time
//         series classification", eq. 3 with w_max = 1); the product is rounded, then added.
//   adtw: D[i+1][j+1] = (x_i - y_j)^2 + min(D[i][j+1] + omega, D[i+1][j] + omega, D[i][j])
//         (Herrmann & Webb 2023, "Amercing: an intuitive and effective constraint for dynamic
//         time warping"), omega = warp_penalty.
//   ddtw, wddtw: dtw, wdtw on aeon's derivative of both series (Keogh & Pazzani 2001; engine.hpp).
//
//   distances:
//     - {kind: ddtw, window: 0.1}
//     - {kind: wdtw, g: 0.05}
//     - {kind: adtw, warp_penalty: 0.1}
#include <cmath>
#include <vector>

#include "common/registry.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

using simd::kInf;

template <typename T>
struct DtwRule {
  const Input& input;
  T x{};
  DtwRule(const Params&, const Input& in, const Band&) : input(in) {}
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int) const { return init(); }
  TSFS_INLINE T left_border(int) const { return init(); }
  TSFS_INLINE void begin_row(int i) { x = simd::x_at<T>(input, i); }
  TSFS_INLINE T cell(int, int j, const T& diagonal, const T& up, const T& left) const {
    const T difference = x - input.y[j];
    const T cost = difference * difference;
    return cost + simd::minimum(simd::minimum(up, diagonal), left);
  }
  TSFS_INLINE T finish(const T& value) const { return value; }
};

// aeon's _wdtw.py weights: 1 / (1 + exp(-g * (k - M / 2))), k = 0..M-1, M = max(n, m).
std::vector<double> wdtw_weights(int n, int m, double g) {
  const int longest = std::max(n, m);
  std::vector<double> weights(static_cast<size_t>(longest));
  for (int k = 0; k < longest; ++k)
    weights[static_cast<size_t>(k)] =
        1.0 / (1.0 + std::exp(-g * (static_cast<double>(k) - static_cast<double>(longest) / 2.0)));
  return weights;
}

// In a batch of lanes of different lengths (engine.hpp, Input::x_length) no lane is longer than y,
// so M = max(n, m) = m is every lane's and the weights are shared.
template <typename T>
struct WdtwRule {
  const Input& input;
  std::vector<double> weights;
  T x{};
  WdtwRule(const Params& params, const Input& in, const Band&)
      : input(in), weights(wdtw_weights(in.n, in.m, params.g)) {}
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int) const { return init(); }
  TSFS_INLINE T left_border(int) const { return init(); }
  TSFS_INLINE void begin_row(int i) { x = simd::x_at<T>(input, i); }
  TSFS_INLINE T cell(int i, int j, const T& diagonal, const T& up, const T& left) const {
    const T difference = x - input.y[j];
    const T cost = (difference * difference) * weights[static_cast<size_t>(std::abs(i - j))];
    return cost + simd::minimum(simd::minimum(up, diagonal), left);
  }
  TSFS_INLINE T finish(const T& value) const { return value; }
};

template <typename T>
struct AdtwRule {
  const Input& input;
  double penalty;
  T x{};
  AdtwRule(const Params& params, const Input& in, const Band&)
      : input(in), penalty(params.warp_penalty) {}
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int) const { return init(); }
  TSFS_INLINE T left_border(int) const { return init(); }
  TSFS_INLINE void begin_row(int i) { x = simd::x_at<T>(input, i); }
  TSFS_INLINE T cell(int, int j, const T& diagonal, const T& up, const T& left) const {
    const T difference = x - input.y[j];
    const T cost = difference * difference;
    return cost + simd::minimum(simd::minimum(up + penalty, diagonal), left + penalty);
  }
  TSFS_INLINE T finish(const T& value) const { return value; }
};

ParamDeclaration g_param() {
  return real_param("g", 0.05,
                    "curvature of the logistic weight 1 / (1 + exp(-g (|i - j| - M / 2))) of a "
                    "cell off the diagonal by |i - j|, M the longer length (aeon's g, >= 0)",
                    at_least(0.0));
}

void read_g(const ParamSet& params, Params& result) {
  result.g = params.real("g");
}

const bool kAeonDtw = add_to_catalogue(
    Distance{.name = "aeon_dtw", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(DtwRule)});

const Registrar<DistanceRegistration> kRegisterDdtw{elastic_registration(
    {.distance = Distance{.name = "ddtw",
                          .derivative = true,
                          .min_length = 3,
                          .mixed_lengths = true,
                          TSFS_ELASTIC_KERNELS(DtwRule)},
     .doc = "Derivative DTW as in aeon: squared-cost DTW (no square root) between aeon's "
            "average-of-slopes derivatives of the series (n - 2 values each); exact, SIMD over "
            "pairs, parallel.",
     .params = {},
     .read = {}})};

const Registrar<DistanceRegistration> kRegisterWdtw{elastic_registration(
    {.distance = Distance{.name = "wdtw", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(WdtwRule)},
     .doc = "Weighted DTW as in aeon: squared cost times a logistic weight of |i - j|.",
     .params = {g_param()},
     .read = read_g})};

const Registrar<DistanceRegistration> kRegisterWddtw{elastic_registration(
    {.distance = Distance{.name = "wddtw",
                          .derivative = true,
                          .min_length = 3,
                          .mixed_lengths = true,
                          TSFS_ELASTIC_KERNELS(WdtwRule)},
     .doc = "Weighted derivative DTW as in aeon: wdtw between aeon's derivatives of the series.",
     .params = {g_param()},
     .read = read_g})};

const Registrar<DistanceRegistration> kRegisterAdtw{elastic_registration(
    {.distance = Distance{.name = "adtw", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(AdtwRule)},
     .doc = "Amerced DTW as in aeon: squared-cost DTW whose non-diagonal steps cost "
            "warp_penalty more.",
     .params = {real_param("warp_penalty", 1.0,
                           "penalty added to each horizontal or vertical step (aeon's "
                           "warp_penalty, >= 0)",
                           cost_check(0.0))},
     .read = [](const ParamSet& params, Params& result) {
       result.warp_penalty = params.real("warp_penalty");
     }})};

}  // namespace
}  // namespace tsfs::elastic
