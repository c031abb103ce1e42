#include "evaluate/fold_means.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <stdexcept>

namespace tsfs {
namespace {

// 128-bit integers (a GCC and Clang extension): the exact running fraction without overflow.
__extension__ typedef __int128 Wide;

Wide greatest_common_divisor(Wide a, Wide b) {
  while (b != 0) {
    const Wide rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

// Bound of the reduced running fraction: a product with a total or a count (< 2^63) stays
// within 126 bits.
int bit_length(Wide value) {
  int bits = 0;
  for (; value > 0; value >>= 1) ++bits;
  return bits;
}

// numerator / denominator (0 <= numerator <= denominator < 2^70) rounded once to the nearest
// double, ties to even, as Python's float(Fraction) does. Dividing the two as doubles would round
// three times once either exceeds 2^53, which grouped folds of a dozen sizes reach (their common
// denominator is the lcm of the sizes): the quotient is formed in integers to 53 bits instead,
// and the remainder decides the last one.
double correctly_rounded_quotient(Wide numerator, Wide denominator) {
  if (numerator == 0) return 0.0;
  // shift such that numerator * 2^shift / denominator lies in [2^52, 2^54).
  int shift = 53 - (bit_length(numerator) - bit_length(denominator));
  Wide quotient = (numerator << shift) / denominator;
  if (quotient >= (Wide{1} << 53)) --shift;  // into [2^52, 2^53): 53 significant bits
  const Wide scaled = numerator << shift;
  quotient = scaled / denominator;
  const Wide twice_remainder = 2 * (scaled % denominator);
  if (twice_remainder > denominator || (twice_remainder == denominator && quotient % 2 == 1))
    ++quotient;  // at most 2^53: still exact as a double
  return std::ldexp(static_cast<double>(quotient), -shift);
}

constexpr Wide kLargest = Wide{1} << 62;

}  // namespace

std::optional<double> mean_of_fractions(const std::vector<long long>& correct,
                                        const std::vector<long long>& totals) {
  if (correct.empty() || correct.size() != totals.size()) return std::nullopt;
  // The counts summed per distinct total first, totals ascending: the partial sums, and so
  // whether one would overflow, do not depend on the order of the folds.
  std::map<long long, Wide> correct_by_total;
  for (std::size_t i = 0; i < correct.size(); ++i) {
    if (totals[i] <= 0 || correct[i] < 0 || correct[i] > totals[i]) return std::nullopt;
    correct_by_total[totals[i]] += correct[i];
  }
  // numerator / denominator, kept reduced: the running sum of the fractions.
  Wide numerator = 0, denominator = 1;
  for (const auto& [total_count, correct_sum] : correct_by_total) {
    const Wide total = total_count;
    const Wide common = denominator / greatest_common_divisor(denominator, total) * total;
    numerator = numerator * (common / denominator) + correct_sum * (common / total);
    denominator = common;
    const Wide divisor = greatest_common_divisor(numerator, denominator);
    numerator /= divisor;
    denominator /= divisor;
    if (numerator > kLargest || denominator > kLargest) return std::nullopt;
  }
  denominator *= static_cast<Wide>(correct.size());
  if (denominator > (Wide{1} << 70)) return std::nullopt;  // correctly_rounded_quotient's range
  const Wide divisor = greatest_common_divisor(numerator, denominator);
  numerator /= divisor;
  denominator /= divisor;
  return correctly_rounded_quotient(numerator, denominator);
}

double order_free_mean(std::vector<double> values) {
  if (values.empty() ||
      std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); }))
    return std::numeric_limits<double>::quiet_NaN();
  std::sort(values.begin(), values.end());
  double sum = 0.0;
  for (const double value : values) sum += value;
  return sum / static_cast<double>(values.size());
}

double mean_accuracy(const std::vector<double>& accuracies,
                     const std::vector<long long>& test_sizes) {
  if (accuracies.size() != test_sizes.size())
    throw std::logic_error("mean_accuracy: one test size per accuracy");
  std::vector<long long> correct;
  for (std::size_t i = 0; i < accuracies.size(); ++i) {
    if (test_sizes[i] <= 0 || !std::isfinite(accuracies[i]) || accuracies[i] < 0 ||
        accuracies[i] > 1)
      return order_free_mean(accuracies);
    const double size = static_cast<double>(test_sizes[i]);
    correct.push_back(std::llround(accuracies[i] * size));
    if (static_cast<double>(correct.back()) / size != accuracies[i])
      return order_free_mean(accuracies);
  }
  const std::optional<double> mean = mean_of_fractions(correct, test_sizes);
  return mean ? *mean : order_free_mean(accuracies);
}

}  // namespace tsfs
