// Distribution features of catch22: DN_HistogramMode_5/10 and DN_OutlierInclude_p/n_001_mdrmd
// (Lubba et al. 2019, Table 1; conventions of the reference C/DN_HistogramMode_5.c,
// C/histcounts.c and C/DN_OutlierInclude.c).
#include <algorithm>
#include <cmath>
#include <vector>

#include "features/catch22/catch22.hpp"

namespace tsfs::catch22 {
namespace {

// Counts over `bins` equal-width bins from min to max: value v goes to bin
// trunc((v - min) / width), clamped to the last bin (the maximum lands there).
struct Histogram {
  std::vector<int> counts;
  double low = 0.0;
  double width = 0.0;
  double edge(int i) const { return i * width + low; }
};

Histogram equal_width_histogram(std::span<const double> x, int bins) {
  Histogram histogram;
  const auto [low, high] = std::minmax_element(x.begin(), x.end());
  histogram.low = *low;
  histogram.width = (*high - *low) / bins;
  histogram.counts.assign(static_cast<size_t>(bins), 0);
  for (double v : x) {
    int bin = static_cast<int>((v - histogram.low) / histogram.width);
    bin = std::clamp(bin, 0, bins - 1);
    ++histogram.counts[static_cast<size_t>(bin)];
  }
  return histogram;
}

// Fenwick tree over the positions 1 .. n: insert a position, find the k-th smallest inserted.
class PositionTree {
 public:
  explicit PositionTree(int n) : tree_(static_cast<size_t>(n) + 1, 0), top_bit_(1) {
    while (top_bit_ * 2 <= static_cast<size_t>(n)) top_bit_ *= 2;
  }
  void insert(int position) {
    for (auto i = static_cast<size_t>(position); i < tree_.size(); i += i & (~i + 1)) ++tree_[i];
  }
  // The smallest position p whose count of inserted positions <= p reaches k (k >= 1).
  int select(int k) const {
    size_t position = 0;
    for (size_t step = top_bit_; step > 0; step /= 2) {
      const size_t next = position + step;
      if (next < tree_.size() && tree_[next] < k) {
        position = next;
        k -= tree_[next];
      }
    }
    return static_cast<int>(position) + 1;
  }

 private:
  std::vector<int> tree_;
  size_t top_bit_;
};

// DN_OutlierInclude's thresholds are t_j = j * 0.01.
constexpr double kOutlierThresholdIncrement = 0.01;

// Every point's highest threshold reached (-1 for none) and the number of points at each.
struct ThresholdLevels {
  std::vector<int> level;     // per point
  std::vector<int> at_level;  // per threshold
};

// Each point goes to the highest threshold it reaches, by the same comparison v >= j * 0.01
// as the definition (a bare floor(v / 0.01) can be off by one).
ThresholdLevels threshold_levels(std::span<const double> w, int thresholds) {
  ThresholdLevels levels;
  levels.level.resize(w.size());
  levels.at_level.assign(static_cast<size_t>(thresholds), 0);
  for (size_t i = 0; i < w.size(); ++i) {
    const double v = w[i];
    const double scaled = v / kOutlierThresholdIncrement;
    int j =
        scaled >= thresholds - 1 ? thresholds - 1 : (scaled < 0 ? -1 : static_cast<int>(scaled));
    while (j + 1 < thresholds && v >= (j + 1) * kOutlierThresholdIncrement) ++j;
    while (j >= 0 && v < j * kOutlierThresholdIncrement) --j;
    levels.level[i] = j;
    if (j >= 0) ++levels.at_level[static_cast<size_t>(j)];
  }
  return levels;
}

// The last threshold kept: the last one exceeded by more than 2% of the non-negative points
// (counting one point fewer, as the reference's gaps between indices do), and no further than
// the first reached by a single point.
int last_kept_threshold(const std::vector<int>& at_level, int non_negative) {
  const int thresholds = static_cast<int>(at_level.size());
  std::vector<int> reaching(static_cast<size_t>(thresholds));  // points with v >= t_j
  for (int j = thresholds - 1, running = 0; j >= 0; --j) {
    running += at_level[static_cast<size_t>(j)];
    reaching[static_cast<size_t>(j)] = running;
  }
  int last_frequent = 0;
  for (int j = 0; j < thresholds; ++j)
    if ((reaching[static_cast<size_t>(j)] - 1) * 100.0 / non_negative > 2) last_frequent = j;
  int first_single = thresholds - 1;
  for (int j = thresholds - 1; j >= 0; --j)
    if (reaching[static_cast<size_t>(j)] == 1) first_single = j;
  return std::min(last_frequent, first_single);
}

// The 1-based positions of the points that reach a threshold, grouped by level (a counting
// sort): level j owns positions[start[j] .. start[j + 1]).
struct PositionsByLevel {
  std::vector<int> start;
  std::vector<int> positions;
};

PositionsByLevel positions_by_level(const ThresholdLevels& levels) {
  const auto thresholds = static_cast<int>(levels.at_level.size());
  PositionsByLevel grouped;
  grouped.start.assign(static_cast<size_t>(thresholds) + 1, 0);
  for (int j = 0; j < thresholds; ++j)
    grouped.start[static_cast<size_t>(j) + 1] =
        grouped.start[static_cast<size_t>(j)] + levels.at_level[static_cast<size_t>(j)];
  grouped.positions.resize(static_cast<size_t>(grouped.start.back()));
  std::vector<int> fill(grouped.start.begin(), grouped.start.end() - 1);
  for (size_t i = 0; i < levels.level.size(); ++i)
    if (levels.level[i] >= 0)
      grouped.positions[static_cast<size_t>(fill[static_cast<size_t>(levels.level[i])]++)] =
          static_cast<int>(i) + 1;
  return grouped;
}

// The rescaled median of thresholds 0 .. kept of a series of n points: the thresholds are swept
// downwards, inserting points as they qualify, and median / (n / 2) - 1 is recomputed only when
// the inserted set changed.
std::vector<double> rescaled_medians_by_threshold(const PositionsByLevel& grouped, int n,
                                                  int kept) {
  const int thresholds = static_cast<int>(grouped.start.size()) - 1;
  // The inserted positions: kept sorted in a vector for short series (O(1) medians, cheap
  // insertions), in a Fenwick tree for long ones (O(log n) both).
  const bool use_tree = n > 4096;
  PositionTree tree(use_tree ? n : 0);
  std::vector<int> sorted;
  sorted.reserve(use_tree ? 0 : static_cast<size_t>(n));
  auto kth = [&](int k) {  // k-th smallest inserted position, k >= 1
    return use_tree ? tree.select(k) : sorted[static_cast<size_t>(k) - 1];
  };
  std::vector<double> rescaled_medians(static_cast<size_t>(kept) + 1);
  const double half = static_cast<double>(n) / 2;
  int inserted = 0;
  double rescaled = 0.0;
  bool changed = true;  // the set differs from the one `rescaled` was computed for
  for (int j = thresholds - 1; j >= 0; --j) {
    for (int k = grouped.start[static_cast<size_t>(j)];
         k < grouped.start[static_cast<size_t>(j) + 1]; ++k) {
      const int position = grouped.positions[static_cast<size_t>(k)];
      if (use_tree)
        tree.insert(position);
      else
        sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), position), position);
      ++inserted;
      changed = true;
    }
    if (j > kept) continue;
    if (changed) {
      double middle = 0.0;
      if (inserted % 2 == 1) {
        middle = kth(inserted / 2 + 1);
      } else {
        const double low = kth(inserted / 2);
        const double high = kth(inserted / 2 + 1);
        middle = (high + low) / 2.0;
      }
      rescaled = middle / half - 1;
      changed = false;
    }
    rescaled_medians[static_cast<size_t>(j)] = rescaled;
  }
  return rescaled_medians;
}

}  // namespace

double histogram_mode(std::span<const double> z, int bins) {
  const Histogram histogram = equal_width_histogram(z, bins);
  // Ties: the mean of the tied bins' centres. As in the reference, the running maximum starts
  // at 0, so an empty first bin counts as "tied" until a populated bin resets the tally.
  int max_count = 0;
  int tied = 1;
  double centres = 0.0;
  for (int i = 0; i < bins; ++i) {
    const int count = histogram.counts[static_cast<size_t>(i)];
    const double centre = (histogram.edge(i) + histogram.edge(i + 1)) * 0.5;
    if (count > max_count) {
      max_count = count;
      tied = 1;
      centres = centre;
    } else if (count == max_count) {
      ++tied;
      centres += centre;
    }
  }
  return centres / tied;
}

// For thresholds t_j = j * 0.01 (j = 0, 1, ... while t_j <= max), the points with value >= t_j
// and the median of their 1-based time indices, rescaled to [-1, 1] by median / (n / 2) - 1.
// Thresholds are kept from j = 0 up to the last one exceeded by more than 2% of the
// non-negative points (counting one point fewer, as the reference's gaps between indices do),
// and no further than the first reached by a single point. The result is the median over the
// kept thresholds.
double outlier_include(std::span<const double> z, int sign) {
  const int n = static_cast<int>(z.size());
  if (std::all_of(z.begin(), z.end(), [&](double v) { return v == z.front(); })) return 0.0;
  std::vector<double> w(z.size());
  int non_negative = 0;
  for (size_t i = 0; i < z.size(); ++i) {
    w[i] = sign * z[i];
    if (w[i] >= 0) ++non_negative;
  }
  const double max_value = *std::max_element(w.begin(), w.end());
  if (max_value < kOutlierThresholdIncrement) return 0.0;
  const int thresholds = static_cast<int>(max_value / kOutlierThresholdIncrement + 1);

  const ThresholdLevels levels = threshold_levels(w, thresholds);
  const int kept = last_kept_threshold(levels.at_level, non_negative);
  return median(rescaled_medians_by_threshold(positions_by_level(levels), n, kept));
}

}  // namespace tsfs::catch22
