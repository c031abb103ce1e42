#include "evaluate/curves.hpp"

#include <limits>
#include <stdexcept>

#include "evaluate/tied_scores.hpp"

namespace tsfs {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Cumulative counts at each distinct threshold, highest first (_binary_clf_curve's fps, tps).
struct Cumulative {
  std::vector<double> thresholds;
  std::vector<long long> false_positives, true_positives;
};

Cumulative cumulative_counts(const std::vector<bool>& positive,
                             const Eigen::Ref<const Eigen::VectorXd>& scores) {
  if (static_cast<Eigen::Index>(positive.size()) != scores.size())
    throw std::invalid_argument("curves: as many labels as scores needed");
  Cumulative counts;
  long long false_positives = 0, true_positives = 0;
  for (const TiedGroup& group : tied_groups(positive, scores)) {
    false_positives += group.negatives;
    true_positives += group.positives;
    counts.thresholds.push_back(group.score);
    counts.false_positives.push_back(false_positives);
    counts.true_positives.push_back(true_positives);
  }
  return counts;
}

double rate(long long count, long long total) {
  return total <= 0 ? kNaN : static_cast<double>(count) / static_cast<double>(total);
}

}  // namespace

std::vector<CurvePoint> roc_curve(const std::vector<bool>& positive,
                                  const Eigen::Ref<const Eigen::VectorXd>& scores) {
  const Cumulative counts = cumulative_counts(positive, scores);
  const size_t size = counts.thresholds.size();
  // Keep the ends and every point where the second difference of fps or tps is nonzero (a
  // corner); the rest lie on the segment between their neighbours.
  std::vector<size_t> kept;
  for (size_t i = 0; i < size; ++i) {
    const bool corner = size <= 2 || i == 0 || i + 1 == size ||
                        counts.false_positives[i + 1] - 2 * counts.false_positives[i] +
                                counts.false_positives[i - 1] !=
                            0 ||
                        counts.true_positives[i + 1] - 2 * counts.true_positives[i] +
                                counts.true_positives[i - 1] !=
                            0;
    if (corner) kept.push_back(i);
  }
  const long long negatives = size == 0 ? 0 : counts.false_positives.back();
  const long long positives = size == 0 ? 0 : counts.true_positives.back();
  std::vector<CurvePoint> curve;
  if (size == 0) return curve;
  curve.push_back({counts.thresholds.front() + 1.0, rate(0, negatives), rate(0, positives)});
  for (const size_t i : kept)
    curve.push_back({counts.thresholds[i], rate(counts.false_positives[i], negatives),
                     rate(counts.true_positives[i], positives)});
  return curve;
}

std::vector<CurvePoint> precision_recall_curve(const std::vector<bool>& positive,
                                               const Eigen::Ref<const Eigen::VectorXd>& scores) {
  const Cumulative counts = cumulative_counts(positive, scores);
  std::vector<CurvePoint> curve;
  if (counts.thresholds.empty()) return curve;
  const long long positives = counts.true_positives.back();
  for (size_t i = counts.thresholds.size(); i-- > 0;) {
    const long long called = counts.true_positives[i] + counts.false_positives[i];
    const double precision =
        called == 0 ? 0.0
                    : static_cast<double>(counts.true_positives[i]) / static_cast<double>(called);
    const double recall = positives == 0 ? 1.0 : rate(counts.true_positives[i], positives);
    curve.push_back({counts.thresholds[i], recall, precision});
  }
  curve.push_back({kNaN, 0.0, 1.0});
  return curve;
}

}  // namespace tsfs
