// Symbolic features of catch22: SB_BinaryStats_mean_longstretch1,
// SB_BinaryStats_diff_longstretch0, SB_MotifThree_quantile_hh and
// SB_TransitionMatrix_3ac_sumdiagcov (Lubba et al. 2019, Table 1; conventions of the reference
// C/SB_BinaryStats.c, C/SB_MotifThree.c, C/SB_CoarseGrain.c and C/SB_TransitionMatrix.c).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {
namespace {

// The reference's stretch count over positions 0 .. m - 1: the largest distance between
// successive "break" positions (is_break), where position 0 is the first end and the last
// position m - 1 always counts as an end. An interior run of k non-break flags gives k + 1.
template <typename IsBreak>
double longest_stretch(size_t m, const IsBreak& is_break) {
  long long longest = 0;
  long long last = 0;
  for (size_t i = 0; i < m; ++i)
    if (is_break(i) || i + 1 == m) {
      longest = std::max(longest, static_cast<long long>(i) - last);
      last = static_cast<long long>(i);
    }
  return static_cast<double>(longest);
}

// -sum p log p over the positive p (natural logarithm).
template <size_t N>
double entropy(const std::array<double, N>& p) {
  double sum = 0.0;
  for (double value : p)
    if (value > 0) sum += value * std::log(value);
  return -1 * sum;
}

}  // namespace

// Over the first n - 1 values: a value is "above" when z - mean > 0.
double longest_stretch_above_mean(std::span<const double> z) {
  const double m = mean(z);
  return longest_stretch(z.size() - 1, [&](size_t i) { return z[i] - m <= 0; });
}

// Over the n - 1 differences: a step is "decreasing" when z[i + 1] - z[i] < 0.
double longest_stretch_decreasing(std::span<const double> z) {
  return longest_stretch(z.size() - 1, [&](size_t i) { return !(z[i + 1] - z[i] < 0); });
}

// Symbols 1 .. 3 by terciles; p_ab = #{t : s_t = a, s_{t+1} = b} / (n - 1); the result is the
// sum over a of the entropies -sum_b p_ab log p_ab of the rows.
double tercile_pair_entropy(std::span<const double> z) {
  const std::vector<int> symbols = coarse_grain_terciles(z);
  std::array<std::array<double, 3>, 3> pairs{};
  for (size_t t = 0; t + 1 < symbols.size(); ++t)
    pairs[static_cast<size_t>(symbols[t] - 1)][static_cast<size_t>(symbols[t + 1] - 1)] += 1;
  const double transitions = static_cast<double>(z.size()) - 1.0;
  double total = 0.0;
  for (auto& row : pairs) {
    for (double& p : row) p /= transitions;
    total += entropy(row);
  }
  return total;
}

// The series downsampled by tau = first ACF zero crossing (the reference's Butterworth low-pass
// before downsampling is disabled in its C code, so none is applied here either), coded into
// tercile symbols; T = transition frequencies / (number of transitions); the result is the sum
// of the variances (denominator 2) of T's three columns.
double transition_matrix_column_variance(std::span<const double> z, int first_zero) {
  if (std::all_of(z.begin(), z.end(), [&](double v) { return v == z.front(); }))
    return std::numeric_limits<double>::quiet_NaN();
  const auto tau = static_cast<size_t>(first_zero);
  const size_t kept = (z.size() - 1) / tau + 1;
  std::vector<double> downsampled(kept);
  for (size_t i = 0; i < kept; ++i) downsampled[i] = z[i * tau];
  const std::vector<int> symbols = coarse_grain_terciles(downsampled);
  std::array<std::array<double, 3>, 3> transitions{};
  for (size_t t = 0; t + 1 < kept; ++t)
    transitions[static_cast<size_t>(symbols[t] - 1)][static_cast<size_t>(symbols[t + 1] - 1)] += 1;
  for (auto& row : transitions)
    for (double& value : row) value /= static_cast<double>(kept - 1);
  double sum = 0.0;
  for (size_t column = 0; column < 3; ++column) {
    const double column_mean =
        (0.0 + transitions[0][column] + transitions[1][column] + transitions[2][column]) / 3;
    double squares = 0.0;
    for (size_t row = 0; row < 3; ++row)
      squares +=
          (transitions[row][column] - column_mean) * (transitions[row][column] - column_mean);
    sum += squares / 2;
  }
  return sum;
}

}  // namespace tsfs::catch22
