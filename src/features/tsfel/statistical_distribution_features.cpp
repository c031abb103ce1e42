// TSFEL 0.1.5 statistical features about the value distribution: ECDF, ECDF Percentile,
// ECDF Percentile Count and Histogram (tsfel/feature_extraction/features.py, default parameters
// of features.json). Positions 0-3 of the statistical domain.
#include <Eigen/Core>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "features/tsfel/kind_helpers.hpp"
#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/sorted_values.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

constexpr Eigen::Index kEcdfValues = 10;                 // ecdf(signal, d=10)
constexpr std::array<double, 2> kPercentiles{0.2, 0.8};  // percentile=[0.2, 0.8]
constexpr int kHistogramBins = 10;                       // hist(signal, nbins=10, r=1)
constexpr double kHistogramRange = 1.0;

// calc_ecdf: y = np.arange(1, n + 1) / n, the ECDF at the sorted values.
double ecdf_value(Eigen::Index i, Eigen::Index n) {
  return static_cast<double>(i + 1) / static_cast<double>(n);
}

// Number of sorted values whose ECDF is <= p: the length of x[y <= p].
Eigen::Index ecdf_count_at_most(Eigen::Index n, double p) {
  Eigen::Index count = 0;
  while (count < n && ecdf_value(count, n) <= p) ++count;
  return count;
}

// TSFEL's constant-signal test `np.sum(np.diff(signal)) == 0`, with NumPy's pairwise sum: the
// test compares a rounding residue with 0 when x[0] == x[-1] (see the reference README).
bool tsfel_considers_constant(const Eigen::VectorXd& x) {
  const double total =
      npcompat::sum(x.size() - 1, [&x](Eigen::Index i) { return x[i + 1] - x[i]; });
  return total == 0.0;
}

// ecdf(signal, d=10): the first min(n, d) values of y; they do not depend on the values.
FeatureKind ecdf_kind() {
  FeatureKind kind;
  kind.name = "ECDF";
  kind.domain = Domain::statistical;
  kind.order = 0;
  kind.width = [](Eigen::Index length) { return std::min(length, kEcdfValues); };
  kind.compute = [](const SeriesView& series, double* out) {
    const Eigen::Index n = series.length();
    for (Eigen::Index i = 0; i < std::min(n, kEcdfValues); ++i) out[i] = ecdf_value(i, n);
  };
  return kind;
}

// ecdf_percentile(signal, percentile=[0.2, 0.8]): x[0] twice for a "constant" signal, else
// max(x_sorted[y <= p]) per p. TSFEL raises (max of an empty array) when 1 / n > p, i.e. for
// non-constant series shorter than 5: NaN there.
FeatureKind ecdf_percentile_kind() {
  return kind_helpers::fixed_width_kind(
      "ECDF Percentile", Domain::statistical, 1, kPercentiles.size(),
      [](const SeriesView& series, double* out) {
        const Eigen::VectorXd& x = series.values();
        if (tsfel_considers_constant(x)) {
          for (size_t k = 0; k < kPercentiles.size(); ++k) out[k] = x[0];
          return;
        }
        const std::vector<double>& ascending = sorted_values(series);
        for (size_t k = 0; k < kPercentiles.size(); ++k) {
          const Eigen::Index count = ecdf_count_at_most(x.size(), kPercentiles[k]);
          out[k] = count == 0 ? kNaN : ascending[static_cast<size_t>(count - 1)];
        }
      });
}

// ecdf_percentile_count(signal, percentile=[0.2, 0.8]): x[0] twice for a "constant" signal, else
// the number of sorted values with y <= p (which depends on n only).
FeatureKind ecdf_percentile_count_kind() {
  return kind_helpers::fixed_width_kind(
      "ECDF Percentile Count", Domain::statistical, 2, kPercentiles.size(),
      [](const SeriesView& series, double* out) {
        const Eigen::VectorXd& x = series.values();
        const bool constant = tsfel_considers_constant(x);
        for (size_t k = 0; k < kPercentiles.size(); ++k)
          out[k] =
              constant ? x[0] : static_cast<double>(ecdf_count_at_most(x.size(), kPercentiles[k]));
      });
}

// hist(signal, nbins=10, r=1) = np.histogram(signal, bins=10, range=[-1, 1]) counts. NumPy's
// uniform-bin path: edges = np.linspace(-1, 1, 11) (i * 0.2 + (-1), last edge exactly 1); values
// outside [-1, 1] are dropped; index = int((x - first) / (last - first) * nbins), corrected by
// one against the edges; bin i holds edges[i] <= x < edges[i + 1], the last bin also holds 1.
FeatureKind histogram_kind() {
  return kind_helpers::fixed_width_kind(
      "Histogram", Domain::statistical, 3, kHistogramBins,
      [](const SeriesView& series, double* out) {
        constexpr double first = -kHistogramRange;
        constexpr double last = kHistogramRange;
        std::array<double, kHistogramBins + 1> edges{};
        const double step = (last - first) / kHistogramBins;
        for (int i = 0; i < kHistogramBins; ++i) edges[static_cast<size_t>(i)] = i * step + first;
        edges[kHistogramBins] = last;

        std::array<long long, kHistogramBins> counts{};
        for (const double value : series.values()) {
          if (!(value >= first && value <= last)) continue;  // also drops NaN
          auto index = static_cast<long long>((value - first) / (last - first) * kHistogramBins);
          if (index == kHistogramBins) --index;
          if (value < edges[static_cast<size_t>(index)]) --index;
          if (value >= edges[static_cast<size_t>(index + 1)] && index != kHistogramBins - 1)
            ++index;
          ++counts[static_cast<size_t>(index)];
        }
        for (int i = 0; i < kHistogramBins; ++i)
          out[i] = static_cast<double>(counts[static_cast<size_t>(i)]);
      });
}

const bool kStatisticalDistributionRegistered = kind_helpers::register_kinds(
    {ecdf_kind(), ecdf_percentile_kind(), ecdf_percentile_count_kind(), histogram_kind()});

}  // namespace
}  // namespace tsfs::tsfel
