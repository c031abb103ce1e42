#include "statistics/wilcoxon.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include "statistics/distributions.hpp"
#include "statistics/ranks.hpp"

namespace tsfs::statistics {
namespace {

constexpr int kLargestExactSample = 50;  // SciPy 1.10's method="auto" threshold

struct RankSums {
  double positive = 0;
  double negative = 0;
  Eigen::VectorXd ranks;  // of |d|
};

RankSums rank_sums(const Eigen::VectorXd& differences) {
  RankSums sums;
  sums.ranks = rank_average(differences.cwiseAbs());
  for (Eigen::Index i = 0; i < differences.size(); ++i) {
    if (differences(i) > 0) sums.positive += sums.ranks(i);
    if (differences(i) < 0) sums.negative += sums.ranks(i);
  }
  return sums;
}

double exact_p_value(double positive_rank_sum, int n) {
  const Eigen::VectorXd distribution = wilcoxon_null_distribution(n);
  const auto r_plus = static_cast<Eigen::Index>(positive_rank_sum);  // truncation, as SciPy
  const Eigen::Index last = distribution.size() - 1;
  if (r_plus == last / 2) return 1.0;
  const double lower = distribution.head(r_plus + 1).sum();
  const double upper = distribution.tail(last - r_plus + 1).sum();
  return std::clamp(2 * std::min(lower, upper), 0.0, 1.0);
}

double normal_p_value(double statistic, const Eigen::VectorXd& ranks) {
  const double m = static_cast<double>(ranks.size());
  const double mean = m * (m + 1) * 0.25;
  double variance = m * (m + 1) * (2 * m + 1);
  std::map<double, int> group_sizes;
  for (double rank : ranks) ++group_sizes[rank];
  for (const auto& [rank, size] : group_sizes) {
    const double t = size;
    if (size > 1) variance -= 0.5 * t * (t * t - 1);
  }
  const double z = (statistic - mean) / std::sqrt(variance / 24);
  return 2 * normal_survival(std::abs(z));
}

}  // namespace

Eigen::VectorXd wilcoxon_null_distribution(int n) {
  if (n < 0) throw std::invalid_argument("wilcoxon_null_distribution needs n >= 0");
  Eigen::VectorXd distribution = Eigen::VectorXd::Ones(1);
  for (int k = 1; k <= n; ++k) {
    // Adding rank k: R+ keeps its value (k negative) or grows by k (k positive), each with 1/2.
    Eigen::VectorXd next = Eigen::VectorXd::Zero(k * (k + 1) / 2 + 1);
    const Eigen::Index previous = distribution.size();
    next.head(previous) = 0.5 * distribution;
    next.tail(previous) += 0.5 * distribution;
    distribution = std::move(next);
  }
  return distribution;
}

WilcoxonResult wilcoxon_signed_rank(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  if (x.size() != y.size())
    throw std::invalid_argument("wilcoxon_signed_rank: samples of different lengths");
  if (x.hasNaN() || y.hasNaN()) throw std::invalid_argument("wilcoxon_signed_rank: NaN value");
  const Eigen::VectorXd differences = x - y;
  WilcoxonResult result;
  result.nonzero = static_cast<int>((differences.array() != 0).count());
  if (result.nonzero == 0) {
    result.statistic = result.p_value = std::numeric_limits<double>::quiet_NaN();
    return result;
  }
  const auto n = static_cast<int>(differences.size());
  result.exact = n <= kLargestExactSample && result.nonzero == n;
  Eigen::VectorXd kept(result.nonzero);
  for (Eigen::Index i = 0, j = 0; i < differences.size(); ++i)
    if (differences(i) != 0) kept(j++) = differences(i);
  const RankSums sums = rank_sums(kept);
  result.statistic = std::min(sums.positive, sums.negative);
  result.p_value =
      result.exact ? exact_p_value(sums.positive, n) : normal_p_value(result.statistic, sums.ranks);
  return result;
}

}  // namespace tsfs::statistics
