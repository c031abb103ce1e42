// erp as in aeon 1.5 (aeon/distances/elastic/_erp.py; Chen & Ng 2004, "On the marriage of
// Lp-norms and edit distance"), README "Definitions": gap costs gx_i = |x_i - g|, gy_j = |y_j - g|
// with totals Sx, Sy summed left to right; borders C[i][0] = Sx for every i >= 1 and
// C[0][j] = Sy for every j >= 1 (aeon's convention: the totals, not running sums), C[0][0] = 0.
// Inside the band
//   C[i+1][j+1] = min(C[i][j] + |x_i - y_j|, C[i][j+1] + gx_i, C[i+1][j] + gy_j)
// distance = C[n][m]. (aeon's g_arr, one g per channel, is g itself for univariate series.)
//
//   distances:
//     - {kind: erp, g: 0.5, window: 0.1}
#include <vector>

#include "common/registry.hpp"
#include "data/series_file.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

using simd::kInf;

template <typename T>
struct ErpRule {
  const Input& input;
  double g;
  std::vector<double> gap_y;
  double total_y = 0.0;
  T total_x;
  T x{}, gap_x{};
  ErpRule(const Params& params, const Input& in, const Band&) : input(in), g(params.g) {
    gap_y.resize(static_cast<size_t>(in.m));
    for (int j = 0; j < in.m; ++j) {
      gap_y[static_cast<size_t>(j)] = std::fabs(in.y[j] - g);
      total_y += gap_y[static_cast<size_t>(j)];
    }
    total_x = simd::splat<T>(0.0);
    // Sx = sum of |x_i - g|, left to right; a lane shorter than the batch adds +0 past its end,
    // which leaves the sum unchanged.
    const T length = simd::x_lengths<T>(in);
    for (int i = 0; i < in.n; ++i)
      total_x += simd::select(simd::splat<T>(i) < length, simd::magnitude(simd::x_at<T>(in, i) - g),
                              simd::splat<T>(0.0));
  }
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int) const { return simd::splat<T>(total_y); }
  TSFS_INLINE T left_border(int) const { return total_x; }
  TSFS_INLINE void begin_row(int i) {
    x = simd::x_at<T>(input, i);
    gap_x = simd::magnitude(x - g);
  }
  TSFS_INLINE T cell(int, int j, const T& diagonal, const T& up, const T& left) const {
    const T match = diagonal + simd::magnitude(x - input.y[j]);
    return simd::minimum(simd::minimum(match, up + gap_x), left + gap_y[static_cast<size_t>(j)]);
  }
  TSFS_INLINE T finish(const T& value) const { return value; }
};

const Registrar<DistanceRegistration> kRegisterErp{elastic_registration(
    {.distance = Distance{.name = "erp", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(ErpRule)},
     .doc = "Edit distance with real penalty as in aeon: a gap costs the value's distance to g.",
     .params = {real_param("g", 0.0, "the reference value a gap is charged against (aeon's g)",
                           cost_check(-kLargestValue))},
     .read = [](const ParamSet& params, Params& result) { result.g = params.real("g"); }})};

}  // namespace
}  // namespace tsfs::elastic
