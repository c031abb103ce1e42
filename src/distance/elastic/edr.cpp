// edr as in aeon 1.5 (aeon/distances/elastic/_edr.py; Chen, Oezsu & Oria 2005, "Robust and fast
// similarity search for moving object trajectories"), README "Definitions": E is +inf except
// E[0][0] = 0, E[i+1][0] = 0 where (i, 0) is in the band and E[0][j+1] = 0 where (0, j) is, for
// j <= m - 2 only (aeon's border loop stops one short: E[0][m] stays +inf). Inside the band
//   E[i+1][j+1] = min(E[i][j] + s, E[i][j+1] + 1, E[i+1][j] + 1),  s = 0 if |x_i - y_j| < epsilon
//                                                                      (strict), else 1
// distance = E[n][m] / max(n, m). epsilon `none` (aeon's None) is max(std(x), std(y)) / 4 with
// NumPy's population standard deviation of each pair's two series.
//
//   distances:
//     - {kind: edr}
//     - {kind: edr, epsilon: 0.1, window: 0.1}
#include <fmt/format.h>

#include "common/registry.hpp"
#include "common/text.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

using simd::kInf;

template <typename T>
struct EdrRule {
  const Input& input;
  int first_row_end;  // E[0][j] = 0 for 1 <= j <= min(first_row_end, m - 1)
  T epsilon;
  T x{};
  EdrRule(const Params& params, const Input& in, const Band& band)
      : input(in), first_row_end(band.end[0]) {
    if (params.epsilon) {
      epsilon = simd::splat<T>(*params.epsilon);
    } else {
      // Python: float(max(np.std(x), np.std(y))) / 4.
      epsilon = simd::maximum(simd::load<T>(in.x_scale), simd::splat<T>(in.y_scale)) / 4.0;
    }
  }
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int j) const {
    return simd::splat<T>(j <= input.m - 1 && j <= first_row_end ? 0.0 : kInf);
  }
  TSFS_INLINE T left_border(int) const {
    return simd::splat<T>(0.0);
  }  // only asked where (i, 0) is inside
  TSFS_INLINE void begin_row(int i) { x = simd::x_at<T>(input, i); }
  TSFS_INLINE T cell(int, int j, const T& diagonal, const T& up, const T& left) const {
    const T distance = simd::magnitude(x - input.y[j]);
    const T mismatch = simd::select(distance < epsilon, simd::splat<T>(0.0), simd::splat<T>(1.0));
    return simd::minimum(simd::minimum(diagonal + mismatch, up + 1.0), left + 1.0);
  }
  TSFS_INLINE T finish(const T& value) const {
    return value / simd::maximum(simd::x_lengths<T>(input), simd::splat<T>(input.m));
  }
};

constexpr const char* kNone = "none";

const Registrar<DistanceRegistration> kRegisterEdr{elastic_registration(
    {.distance = Distance{.name = "edr",
                          .needs_scale = true,
                          .mixed_lengths = true,
                          TSFS_ELASTIC_KERNELS(EdrRule)},
     .doc = "Edit distance on real sequences as in aeon: edits needed to match the series, two "
            "values matching when |x - y| < epsilon, divided by the longer length.",
     .params = {ParamDeclaration{
         .name = "epsilon",
         .type = ParamType::text,
         .default_value = ParamValue{std::string(kNone)},
         .doc = "match threshold (strict <), >= 0; none (aeon's None) is a quarter of the larger "
                "population standard deviation of the two series",
         .check = [](const ParamValue& value) -> std::string {
           const auto& text = std::get<std::string>(value);
           if (text == kNone) return {};
           auto number = parse_double(text);
           if (number && std::isfinite(*number) && *number >= 0.0) return {};
           return "must be none or a number >= 0";
         }}},
     .read = [](const ParamSet& params, Params& result) {
       const std::string& text = params.text("epsilon");
       if (text != kNone) result.epsilon = parse_double(text).value();
     }})};

}  // namespace
}  // namespace tsfs::elastic
