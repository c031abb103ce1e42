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

// SciPy 1.10's normal approximation (see the header): `ranks` are the ranks entering the tie
// correction, `count` the pairs ranked and `zeros` the zeros whose share pratt removes.
double normal_p_value(double statistic, const Eigen::VectorXd& ranks, double count, double zeros) {
  double mean = count * (count + 1) * 0.25;
  double variance = count * (count + 1) * (2 * count + 1);
  mean -= zeros * (zeros + 1) * 0.25;
  variance -= zeros * (zeros + 1) * (2 * zeros + 1);
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

std::string_view zero_method_name(ZeroMethod method) {
  switch (method) {
    case ZeroMethod::wilcox:
      return "wilcox";
    case ZeroMethod::pratt:
      return "pratt";
    case ZeroMethod::zsplit:
      return "zsplit";
  }
  return "";
}

std::optional<ZeroMethod> zero_method_from_name(std::string_view name) {
  for (ZeroMethod method : {ZeroMethod::wilcox, ZeroMethod::pratt, ZeroMethod::zsplit})
    if (zero_method_name(method) == name) return method;
  return std::nullopt;
}

WilcoxonResult wilcoxon_signed_rank(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                                    ZeroMethod zero_method) {
  if (x.size() != y.size())
    throw std::invalid_argument("wilcoxon_signed_rank: samples of different lengths");
  if (x.hasNaN() || y.hasNaN()) throw std::invalid_argument("wilcoxon_signed_rank: NaN value");
  const Eigen::VectorXd differences = x - y;
  WilcoxonResult result;
  const auto n = static_cast<int>(differences.size());
  result.nonzero = static_cast<int>((differences.array() != 0).count());
  const int zeros = n - result.nonzero;
  if (result.nonzero == 0 && zero_method != ZeroMethod::zsplit) {
    result.statistic = result.p_value = std::numeric_limits<double>::quiet_NaN();
    return result;
  }
  result.exact = n <= kLargestExactSample && zeros == 0;
  // wilcox ranks the non-zero differences only; pratt and zsplit rank them all.
  Eigen::VectorXd ranked = differences;
  if (zero_method == ZeroMethod::wilcox) {
    ranked.resize(result.nonzero);
    for (Eigen::Index i = 0, j = 0; i < differences.size(); ++i)
      if (differences(i) != 0) ranked(j++) = differences(i);
  }
  RankSums sums = rank_sums(ranked);
  Eigen::VectorXd tie_ranks = sums.ranks;
  double removed_zeros = 0;
  if (zero_method == ZeroMethod::zsplit) {
    double zero_rank_sum = 0;
    for (Eigen::Index i = 0; i < ranked.size(); ++i)
      if (ranked(i) == 0) zero_rank_sum += sums.ranks(i);
    sums.positive += zero_rank_sum / 2;
    sums.negative += zero_rank_sum / 2;
  } else if (zero_method == ZeroMethod::pratt && zeros > 0) {
    tie_ranks.resize(result.nonzero);
    for (Eigen::Index i = 0, j = 0; i < ranked.size(); ++i)
      if (ranked(i) != 0) tie_ranks(j++) = sums.ranks(i);
    removed_zeros = zeros;
  }
  result.statistic = std::min(sums.positive, sums.negative);
  result.p_value = result.exact ? exact_p_value(sums.positive, n)
                                : normal_p_value(result.statistic, tie_ranks,
                                                 static_cast<double>(ranked.size()), removed_zeros);
  return result;
}

}  // namespace tsfs::statistics
