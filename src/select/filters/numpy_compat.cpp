#include "select/filters/numpy_compat.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace tsfs {

LegacyNormalGenerator::LegacyNormalGenerator(std::uint32_t seed) {
  state_[0] = seed;
  for (std::uint32_t i = 1; i < state_.size(); ++i)
    state_[i] = 1812433253U * (state_[i - 1] ^ (state_[i - 1] >> 30)) + i;
  position_ = static_cast<int>(state_.size());
}

void LegacyNormalGenerator::refill() {
  constexpr int size = 624;
  constexpr int shift = 397;
  constexpr std::uint32_t upper = 0x80000000U;
  constexpr std::uint32_t lower = 0x7fffffffU;
  constexpr std::uint32_t matrix = 0x9908b0dfU;
  for (int i = 0; i < size; ++i) {
    const std::uint32_t bits = (state_[static_cast<size_t>(i)] & upper) |
                               (state_[static_cast<size_t>((i + 1) % size)] & lower);
    std::uint32_t next = state_[static_cast<size_t>((i + shift) % size)] ^ (bits >> 1);
    if (bits & 1U) next ^= matrix;
    state_[static_cast<size_t>(i)] = next;
  }
  position_ = 0;
}

std::uint32_t LegacyNormalGenerator::next32() {
  if (position_ >= static_cast<int>(state_.size())) refill();
  std::uint32_t value = state_[static_cast<size_t>(position_++)];
  value ^= value >> 11;
  value ^= (value << 7) & 0x9d2c5680U;
  value ^= (value << 15) & 0xefc60000U;
  value ^= value >> 18;
  return value;
}

double LegacyNormalGenerator::uniform() {
  const std::uint32_t high = next32() >> 5;
  const std::uint32_t low = next32() >> 6;
  return (static_cast<double>(high) * 67108864.0 + static_cast<double>(low)) / 9007199254740992.0;
}

double LegacyNormalGenerator::standard_normal() {
  if (has_cached_) {
    has_cached_ = false;
    return cached_;
  }
  double first = 0.0;
  double second = 0.0;
  double radius = 0.0;
  do {
    first = 2.0 * uniform() - 1.0;
    second = 2.0 * uniform() - 1.0;
    radius = first * first + second * second;
  } while (radius >= 1.0 || radius == 0.0);
  const double factor = std::sqrt(-2.0 * std::log(radius) / radius);
  cached_ = factor * first;
  has_cached_ = true;
  return factor * second;
}

double cephes_digamma(double x) {
  if (!(x > 0.0)) throw std::invalid_argument("cephes_digamma: only positive arguments");
  constexpr double euler = 0.57721566490153286061;
  if (x <= 10.0 && x == std::floor(x)) {
    double sum = 0.0;
    const int count = static_cast<int>(x);
    for (int i = 1; i < count; ++i) sum += 1.0 / static_cast<double>(i);
    return sum - euler;
  }
  double shifted = x;
  double recurrence = 0.0;
  while (shifted < 10.0) {
    recurrence += 1.0 / shifted;
    shifted += 1.0;
  }
  double series = 0.0;
  if (shifted < 1.0e17) {
    constexpr double coefficients[] = {8.33333333333333333333E-2, -2.10927960927960927961E-2,
                                       7.57575757575757575758E-3, -4.16666666666666666667E-3,
                                       3.96825396825396825397E-3, -8.33333333333333333333E-3,
                                       8.33333333333333333333E-2};
    const double z = 1.0 / (shifted * shifted);
    double polynomial = coefficients[0];
    for (int i = 1; i < 7; ++i) polynomial = polynomial * z + coefficients[i];
    series = z * polynomial;
  }
  return std::log(shifted) - (0.5 / shifted) - series - recurrence;
}

void mutual_info_preprocess(Eigen::MatrixXd& values, std::uint32_t seed) {
  const Eigen::Index rows = values.rows();
  const auto count = static_cast<double>(rows);
  Eigen::VectorXd noise_scale(values.cols());
  for (Eigen::Index column = 0; column < values.cols(); ++column) {
    double sum = 0.0;
    for (Eigen::Index row = 0; row < rows; ++row) sum += values(row, column);
    const double mean = sum / count;
    double squares = 0.0;
    for (Eigen::Index row = 0; row < rows; ++row) {
      const double deviation = values(row, column) - mean;
      squares += deviation * deviation;
    }
    double deviation = std::sqrt(squares / count);
    if (deviation < 10.0 * std::numeric_limits<double>::epsilon()) deviation = 1.0;
    double absolute = 0.0;
    for (Eigen::Index row = 0; row < rows; ++row) {
      values(row, column) /= deviation;
      absolute += std::abs(values(row, column));
    }
    noise_scale[column] = 1e-10 * std::max(1.0, absolute / count);
  }
  LegacyNormalGenerator generator(seed);
  for (Eigen::Index row = 0; row < rows; ++row)
    for (Eigen::Index column = 0; column < values.cols(); ++column)
      values(row, column) += noise_scale[column] * generator.standard_normal();
}

}  // namespace tsfs
