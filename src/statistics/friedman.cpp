#include "statistics/friedman.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include "statistics/distributions.hpp"
#include "statistics/ranks.hpp"

namespace tsfs::statistics {
namespace {

// sum over groups of equal values of (t^3 - t), t the group size.
double tie_term(const Eigen::VectorXd& ranks) {
  std::map<double, int> group_sizes;
  for (double rank : ranks) ++group_sizes[rank];
  double sum = 0;
  for (const auto& [rank, size] : group_sizes) {
    const double t = size;
    sum += t * t * t - t;
  }
  return sum;
}

}  // namespace

FriedmanResult friedman_test(const Eigen::MatrixXd& scores) {
  FriedmanResult result;
  result.datasets = static_cast<int>(scores.rows());
  result.methods = static_cast<int>(scores.cols());
  if (result.methods < 3 || result.datasets < 2)
    throw std::invalid_argument("the Friedman test needs at least 3 methods and 2 datasets");
  const double n = result.datasets, k = result.methods;
  Eigen::VectorXd rank_sums = Eigen::VectorXd::Zero(scores.cols());
  double ties = 0;
  for (Eigen::Index row = 0; row < scores.rows(); ++row) {
    Eigen::VectorXd ranks = rank_average(scores.row(row).transpose());
    rank_sums += ranks;
    ties += tie_term(ranks);
  }
  const double correction = 1 - ties / (k * (k * k - 1) * n);
  result.chi_square =
      (12.0 / (k * n * (k + 1)) * rank_sums.squaredNorm() - 3 * n * (k + 1)) / correction;
  if (correction <= 0) result.chi_square = std::numeric_limits<double>::quiet_NaN();
  result.chi_square_p = chi_square_survival(result.chi_square, k - 1);

  result.f_numerator_degrees = k - 1;
  result.f_denominator_degrees = (k - 1) * (n - 1);
  const double denominator = n * (k - 1) - result.chi_square;
  result.iman_davenport_f = denominator > 0 ? (n - 1) * result.chi_square / denominator
                                            : std::numeric_limits<double>::infinity();
  if (std::isnan(result.chi_square)) result.iman_davenport_f = result.chi_square;
  result.iman_davenport_p = fisher_f_survival(result.iman_davenport_f, result.f_numerator_degrees,
                                              result.f_denominator_degrees);
  return result;
}

}  // namespace tsfs::statistics
