// twe as in aeon 1.5 (aeon/distances/elastic/_twe.py; Marteau 2009, "Time warp edit distance
// with stiffness adjustment for time series matching"), README "Definitions": with a 0 put in
// front of both series (x~ = (0, x_0, ..), y~ likewise) and time stamps 1, 2, .., C is +inf except
// C[0][0] = 0 (so the first cell is always a match), and inside the band (1-based i, j)
//   C[i][j] = min(C[i-1][j] + |x~_{i-1} - x~_i| + (nu + lambda),
//                 C[i][j-1] + |y~_{j-1} - y~_j| + (nu + lambda),
//                 C[i-1][j-1] + |x~_i - y~_j| + |x~_{i-1} - y~_{j-1}| + nu (|i - j| + |i - j|))
// each sum left to right, nu + lambda formed once; distance = C[n][m].
//
//   distances:
//     - {kind: twe, nu: 0.001, lmbda: 1}
#include <algorithm>
#include <vector>

#include "common/registry.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

using simd::kInf;

template <typename T>
struct TweRule {
  const Input& input;
  double gap;
  std::vector<double> delete_y;   // |y~_{j-1} - y~_j|, per column
  std::vector<double> stiffness;  // nu * (|i - j| + |i - j|), per offset |i - j|
  T x{}, previous_x{}, delete_x{};
  TweRule(const Params& params, const Input& in, const Band&)
      : input(in), gap(params.nu + params.lmbda) {
    delete_y.resize(static_cast<size_t>(in.m));
    for (int j = 0; j < in.m; ++j)
      delete_y[static_cast<size_t>(j)] = std::fabs((j > 0 ? in.y[j - 1] : 0.0) - in.y[j]);
    stiffness.resize(static_cast<size_t>(std::max(in.n, in.m)));
    for (size_t offset = 0; offset < stiffness.size(); ++offset)
      stiffness[offset] = params.nu * static_cast<double>(offset + offset);
  }
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int) const { return init(); }
  TSFS_INLINE T left_border(int) const { return init(); }
  TSFS_INLINE void begin_row(int i) {
    x = simd::x_at<T>(input, i);
    previous_x = i > 0 ? simd::x_at<T>(input, i - 1) : simd::splat<T>(0.0);
    delete_x = simd::magnitude(previous_x - x);
  }
  TSFS_INLINE T cell(int i, int j, const T& diagonal, const T& up, const T& left) const {
    const double y = input.y[j];
    const double previous_y = j > 0 ? input.y[j - 1] : 0.0;
    const T via_up = (up + delete_x) + gap;
    const T via_left = (left + delete_y[static_cast<size_t>(j)]) + gap;
    const T via_diagonal =
        ((diagonal + simd::magnitude(x - y)) + simd::magnitude(previous_x - previous_y)) +
        stiffness[static_cast<size_t>(std::abs(i - j))];
    return simd::minimum(simd::minimum(via_up, via_diagonal), via_left);
  }
  TSFS_INLINE T finish(const T& value) const { return value; }
};

const Registrar<DistanceRegistration> kRegisterTwe{elastic_registration(
    {.distance = Distance{.name = "twe", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(TweRule)},
     .doc = "Time warp edit distance as in aeon: matches cost the two values' and their "
            "predecessors' differences plus nu per time-stamp gap, deletions nu + lmbda more.",
     .params = {real_param("nu", 0.001,
                           "stiffness: cost per unit of time-stamp difference of a "
                           "match (aeon's nu, >= 0)",
                           cost_check(0.0)),
                real_param("lmbda", 1.0,
                           "the constant cost of a deletion (aeon's lmbda, lambda; >= 0)",
                           cost_check(0.0))},
     .read = [](const ParamSet& params, Params& result) {
       result.nu = params.real("nu");
       result.lmbda = params.real("lmbda");
     }})};

}  // namespace
}  // namespace tsfs::elastic
