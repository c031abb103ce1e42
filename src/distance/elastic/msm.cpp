// msm as in aeon 1.5 (aeon/distances/elastic/_msm.py; Stefan, Athitsos & Das 2013, "The
// move-split-merge metric for time series"), README "Definitions": C is n x m (here D shifted by
// one, D[0][0] = 0 so that C[0][0] = 0 + |x_0 - y_0|, every other border +inf). Inside the band
//   C[i][j] = min(C[i-1][j-1] + |x_i - y_j|,
//                 C[i-1][j]   + cost(x_i, x_{i-1}, y_j),
//                 C[i][j-1]   + cost(y_j, x_i, y_{j-1}))
//   cost(v, a, b) = c                                  if a <= v <= b or a >= v >= b
//                 = c + min(|v - a|, |v - b|)          otherwise
// (the first row and column are the same formula with the missing predecessors at +inf). With
// independent: false (aeon's dependent variant, univariate) every difference is squared:
// C[0][0] = (x_0 - y_0)^2, the match costs (x_i - y_j)^2, and cost(v, a, b) = c if
// ((a + b) / 2 - v)^2 <= (a - b)^2 / 4, else c + min((a - v)^2, (b - v)^2).
//
//   distances:
//     - {kind: msm, c: 0.5, window: 0.1}
#include <type_traits>
#include <vector>

#include "common/registry.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

using simd::kInf;

template <typename T>
[[gnu::always_inline]] inline T square(const T& value) {
  return value * value;
}

// The independent variant evaluates cost() with shared parts, which gives the same doubles:
// a <= v and v - a >= 0 agree for finite doubles, |y - x| = |x - y| exactly, and min() does not
// depend on its argument order. So per cell: d = |x_i - y_j| once; whether x_{i-1} <= x_i or
// >= x_i once per row with |x_i - x_{i-1}|; whether y_j <= y_{j-1} or >= once per column with
// |y_j - y_{j-1}|; then x_i between x_{i-1} and y_j is
// (x_{i-1} <= x_i and x_i <= y_j) or (x_{i-1} >= x_i and x_i >= y_j), and y_j between x_i and
// y_{j-1} is (x_i <= y_j and y_j <= y_{j-1}) or (x_i >= y_j and y_j >= y_{j-1}).
template <typename T>
struct MsmRule {
  using Mask = decltype(T{} < T{});
  const Input& input;
  double c;
  bool independent;
  T x{}, previous_x{}, step_x{};
  Mask rising_x{}, falling_x{};                // x_{i-1} <= x_i, x_{i-1} >= x_i
  std::vector<double> step_y;                  // |y_j - y_{j-1}| (j >= 1)
  std::vector<long long> falling_y, rising_y;  // y_j <= y_{j-1}, y_j >= y_{j-1}: all bits or none
  MsmRule(const Params& params, const Input& in, const Band&)
      : input(in), c(params.c), independent(params.independent) {
    const auto m = static_cast<size_t>(in.m);
    step_y.assign(m, 0.0);
    falling_y.resize(m);
    rising_y.resize(m);
    for (size_t j = 0; j < m; ++j) {
      const double previous = in.y[j > 0 ? j - 1 : 0];
      step_y[j] = std::fabs(in.y[j] - previous);
      falling_y[j] = in.y[j] <= previous ? -1LL : 0LL;
      rising_y[j] = in.y[j] >= previous ? -1LL : 0LL;
    }
  }
  // A column's condition for every lane.
  TSFS_INLINE static Mask lane_mask(long long bits) {
    if constexpr (std::is_same_v<T, double>) {
      return bits != 0;
    } else {
      decltype(Mask{}.v0) vector;
      for (int lane = 0; lane < simd::Traits<T>::per_vector; ++lane) vector[lane] = bits;
      return Mask{vector, vector, vector, vector};
    }
  }
  // Lane-wise and/or of two conditions: `&&`/`||` on the scalar path's bools, bitwise on masks.
  TSFS_INLINE static Mask both(const Mask& a, const Mask& b) {
    if constexpr (std::is_same_v<Mask, bool>)
      return a && b;
    else
      return a & b;
  }
  TSFS_INLINE static Mask either(const Mask& a, const Mask& b) {
    if constexpr (std::is_same_v<Mask, bool>)
      return a || b;
    else
      return a | b;
  }
  TSFS_INLINE T init() const { return simd::splat<T>(kInf); }
  TSFS_INLINE T corner() const { return simd::splat<T>(0.0); }
  TSFS_INLINE T top(int) const { return init(); }
  TSFS_INLINE T left_border(int) const { return init(); }
  TSFS_INLINE void begin_row(int i) {
    x = simd::x_at<T>(input, i);
    previous_x = simd::x_at<T>(input, i > 0 ? i - 1 : 0);  // unused in row 0 (its up is +inf)
    step_x = simd::magnitude(x - previous_x);
    rising_x = previous_x <= x;
    falling_x = previous_x >= x;
  }
  // The dependent variant's cost: c inside the ball of diameter |a - b| around (a + b) / 2, else
  // c + the squared distance to the nearer (aeon: c + da if da < db else c + db).
  TSFS_INLINE T split_merge_squared(const T& v, const T& a, const T& b) const {
    const T diameter = square(a - b);
    const T middle = (a + b) / 2.0;
    const T to_a = square<T>(a - v), to_b = square<T>(b - v);
    const T far = simd::select(to_a < to_b, c + to_a, c + to_b);
    return simd::select(square<T>(middle - v) <= diameter / 4.0, simd::splat<T>(c), far);
  }
  TSFS_INLINE T cell(int, int j, const T& diagonal, const T& up, const T& left) const {
    const double y = input.y[j];
    if (independent) {
      const T y_vector = simd::splat<T>(y);
      const T distance = simd::magnitude(x - y);
      const auto x_below = x <= y_vector, x_above = x >= y_vector;
      const auto x_between = either(both(rising_x, x_below), both(falling_x, x_above));
      const auto y_between = either(both(x_below, lane_mask(falling_y[static_cast<size_t>(j)])),
                                    both(x_above, lane_mask(rising_y[static_cast<size_t>(j)])));
      const T cost_x =
          simd::select(x_between, simd::splat<T>(c), c + simd::minimum(step_x, distance));
      const T cost_y =
          simd::select(y_between, simd::splat<T>(c),
                       c + simd::minimum(distance, simd::splat<T>(step_y[static_cast<size_t>(j)])));
      return simd::minimum(simd::minimum(diagonal + distance, up + cost_x), left + cost_y);
    }
    const double previous_y = input.y[j > 0 ? j - 1 : 0];  // unused in column 0 (left is +inf)
    const T match = diagonal + square<T>(x - y);
    const T split_x = up + split_merge_squared(x, previous_x, simd::splat<T>(y));
    const T split_y = left + split_merge_squared(simd::splat<T>(y), x, simd::splat<T>(previous_y));
    return simd::minimum(simd::minimum(match, split_x), split_y);
  }
  TSFS_INLINE T finish(const T& value) const { return value; }
};

const Registrar<DistanceRegistration> kRegisterMsm{elastic_registration(
    {.distance = Distance{.name = "msm", .mixed_lengths = true, TSFS_ELASTIC_KERNELS(MsmRule)},
     .doc = "Move-split-merge as in aeon: moves cost |x - y|, a split or merge c (plus the "
            "distance to the nearer neighbour when the value is not between them).",
     .params = {ParamDeclaration{.name = "independent",
                                 .type = ParamType::boolean,
                                 .default_value = ParamValue{true},
                                 .doc = "aeon's independent: true (absolute differences); false "
                                        "(aeon's dependent variant: squared differences)"},
                real_param("c", 1.0, "cost of a split or merge (aeon's c, >= 0)", cost_check(0.0))},
     .read = [](const ParamSet& params, Params& result) {
       result.independent = params.boolean("independent");
       result.c = params.real("c");
     }})};

}  // namespace
}  // namespace tsfs::elastic
