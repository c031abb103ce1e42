#include "statistics/distributions.hpp"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/fisher_f.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace tsfs::statistics {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The survival function's edges, handled before Boost (which rejects infinite arguments).
// Returns true with `result` set when x is NaN, non-positive or infinite.
bool survival_edge(double x, double& result) {
  if (std::isnan(x)) {
    result = kNaN;
  } else if (x <= 0) {
    result = 1.0;
  } else if (std::isinf(x)) {
    result = 0.0;
  } else {
    return false;
  }
  return true;
}

double standard_normal_density(double z) {
  constexpr double kInverseSqrtTwoPi = 0.39894228040143267794;
  return kInverseSqrtTwoPi * std::exp(-0.5 * z * z);
}

double standard_normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

}  // namespace

double chi_square_survival(double x, double degrees) {
  double result = 0;
  if (survival_edge(x, result)) return result;
  return boost::math::cdf(boost::math::complement(boost::math::chi_squared(degrees), x));
}

double fisher_f_survival(double x, double numerator_degrees, double denominator_degrees) {
  double result = 0;
  if (survival_edge(x, result)) return result;
  return boost::math::cdf(
      boost::math::complement(boost::math::fisher_f(numerator_degrees, denominator_degrees), x));
}

double normal_survival(double z) {
  if (std::isnan(z)) return kNaN;
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

double studentized_range_cdf_infinite_df(double w, int groups) {
  if (groups < 2) throw std::invalid_argument("studentized range needs at least 2 groups");
  if (std::isnan(w)) return kNaN;
  if (w <= 0) return 0.0;
  // The integrand is below 1e-22 outside [-10, 10]; composite Simpson with step 1/200 is far
  // more accurate than 1e-12 on this smooth, rapidly decaying function.
  constexpr double kLimit = 10.0;
  constexpr int kIntervals = 4000;
  const double step = 2 * kLimit / kIntervals;
  auto integrand = [&](double z) {
    return standard_normal_density(z) *
           std::pow(standard_normal_cdf(z + w) - standard_normal_cdf(z), groups - 1);
  };
  double sum = integrand(-kLimit) + integrand(kLimit);
  for (int i = 1; i < kIntervals; ++i) sum += (i % 2 == 1 ? 4 : 2) * integrand(-kLimit + i * step);
  return std::min(1.0, groups * sum * step / 3);
}

double studentized_range_quantile_infinite_df(double probability, int groups) {
  if (!(probability > 0 && probability < 1))
    throw std::invalid_argument("studentized range quantile needs 0 < probability < 1");
  double low = 0, high = 1;
  while (studentized_range_cdf_infinite_df(high, groups) < probability) high *= 2;
  while (high - low > 1e-13 * high) {
    const double middle = 0.5 * (low + high);
    (studentized_range_cdf_infinite_df(middle, groups) < probability ? low : high) = middle;
  }
  return 0.5 * (low + high);
}

}  // namespace tsfs::statistics
