#pragma once
// Discretisation of real-valued feature columns into bins, shared by the selectors that need
// counts (chi2 with bins, info_gain). Bins are fitted on the values they are given, i.e. on the
// fit rows: the selectors only ever see the fit rows.
#include <Eigen/Core>
#include <optional>
#include <string_view>
#include <vector>

#include "common/params.hpp"

namespace tsfs {

enum class Binning {
  equal_width,  // V bins of equal width over [min, max] of the column
  quantile,     // edges at the b/V quantiles (linear interpolation, as numpy.quantile's default)
};

std::optional<Binning> parse_binning(std::string_view name);

// Bin index of every value, 0 .. bin_count - 1. A value goes to bin b = the number of inner edges
// e_1 < ... < e_(V-1) with e_b <= value (scikit-learn KBinsDiscretizer's searchsorted(side=right)
// rule without its tolerance), so min lands in bin 0 and max in the last bin. Inner edges that are
// equal (quantiles of tied values) are merged, so bin_count may be less than V; bins may be empty.
struct DiscreteColumn {
  std::vector<int> bins;
  int bin_count = 0;
};
DiscreteColumn discretize(const Eigen::Ref<const Eigen::VectorXd>& values, int bins,
                          Binning binning);

// counts(b, c) = number of rows in bin b with class c (labels in 0 .. classes - 1).
Eigen::MatrixXd contingency_table(const DiscreteColumn& column, const Eigen::VectorXi& labels,
                                  int classes);

// Throws std::invalid_argument unless labels has `rows` entries in 0 .. classes - 1.
void check_labels(const char* selector, const Eigen::VectorXi* labels, int classes,
                  Eigen::Index rows);

// The `bins` and `binning` parameters (bins: default_bins, at most kMaxBins; 0 allowed only when
// allow_zero).
inline constexpr long long kMaxBins = 100000;
std::vector<ParamDeclaration> discretization_params(long long default_bins, bool allow_zero);

}  // namespace tsfs
