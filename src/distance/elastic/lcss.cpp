// lcss as in aeon 1.5 (aeon/distances/elastic/_lcss.py; Vlachos, Kollios & Gunopulos 2002,
// "Discovering similar multidimensional trajectories"), README "Definitions": L is all zeros
// (out-of-band cells stay 0), and inside the band
//   L[i+1][j+1] = 1 + L[i][j]                      if |x_i - y_j| <= epsilon
//               = max(L[i+1][j], L[i][j+1])         otherwise
// distance = max(0, 1 - L[n][m] / min(n, m)).
//
//   distances:
//     - {kind: lcss, epsilon: 0.2, window: 0.1}
#include "common/registry.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

template <typename T>
struct LcssRule {
  const Input& input;
  double epsilon;
  T x{};
  LcssRule(const Params& params, const Input& in, const Band&)
      : input(in), epsilon(params.epsilon.value_or(1.0)) {}
  TSFS_INLINE T init() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T corner() const { return init(); }
  TSFS_INLINE T top(int) const { return init(); }
  TSFS_INLINE T left_border(int) const { return init(); }
  TSFS_INLINE void begin_row(int i) { x = simd::x_at<T>(input, i); }
  TSFS_INLINE T cell(int, int j, const T& diagonal, const T& up, const T& left) const {
    const T distance = simd::magnitude(x - input.y[j]);
    return simd::select(distance <= epsilon, diagonal + 1.0, simd::maximum(left, up));
  }
  TSFS_INLINE T finish(const T& value) const {
    const T distance =
        1.0 - value / simd::minimum(simd::x_lengths<T>(input), simd::splat<T>(input.m));
    return simd::select(distance < 0.0, simd::splat<T>(0.0), distance);
  }
};

const Registrar<DistanceRegistration> kRegisterLcss{elastic_registration(
    {.distance = Distance{.name = "lcss", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(LcssRule)},
     .doc = "Longest common subsequence distance as in aeon: 1 - (matches within epsilon) / "
            "min(n, m).",
     .params = {real_param("epsilon", 1.0,
                           "two values match when |x - y| <= epsilon (aeon's epsilon, >= 0)",
                           at_least(0.0))},
     .read = [](const ParamSet& params, Params& result) {
       result.epsilon = params.real("epsilon");
     }})};

}  // namespace
}  // namespace tsfs::elastic
