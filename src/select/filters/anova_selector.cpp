// Selector "anova": one-way ANOVA F statistic of each feature against the class labels, the value
// scikit-learn's f_classif returns. Supervised; larger F first.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// Mean of `values - frame` over the rows of one class (or all rows when `wanted_class` < 0),
// returned in the frame x - `frame`: (shift - frame) + sum(x - shift) / m with `shift` the first
// of those values. Staying in a shifted frame keeps the digits of near-constant columns (0.999 +
// 1e-9 noise): adding 0.999 back before the between-class differences are taken would cancel
// them (about 3e-6 relative). shift - frame is exact for the close values where it matters
// (Sterbenz), and a class whose values are all equal gets exactly shift - frame, so its
// within-class sum of squares is exactly 0 (a plain sum / m can be off by one ulp: 0.1 + 0.1 +
// 0.1 != 0.3).
double mean_in_frame(const Eigen::Ref<const Eigen::VectorXd>& values, const Eigen::VectorXi& labels,
                     int wanted_class, double frame) {
  double shift = 0.0;
  bool have_shift = false;
  double sum = 0.0;
  long long count = 0;
  for (Eigen::Index row = 0; row < values.size(); ++row) {
    if (wanted_class >= 0 && labels[row] != wanted_class) continue;
    if (!have_shift) {
      shift = values[row];
      have_shift = true;
    }
    sum += values[row] - shift;
    ++count;
  }
  return (shift - frame) + sum / static_cast<double>(count);
}

class AnovaSelector final : public Selector {
 public:
  // F = [SSB / (K - 1)] / [SSW / (n - K)] with K = number of classes PRESENT among the fit rows
  // (as f_classif counts np.unique(y)), SSB = sum_c n_c (mean_c - mean)^2 and
  // SSW = sum_i (x_i - mean_{class(i)})^2, both from centred values rather than scikit-learn's
  // uncentred sum x^2 - (sum x)^2 / n, which loses digits. IEEE division then gives what NumPy
  // gives: +inf when SSW = 0 < SSB, NaN when both are 0. Fewer than 2 classes present, or no
  // residual degree of freedom (n = K), gives NaN for every feature.
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const Eigen::Index size = features.rows();
    if (problem.labels == nullptr) throw std::invalid_argument("anova selector: no labels given");
    const Eigen::VectorXi& labels = *problem.labels;
    if (labels.size() != size)
      throw std::invalid_argument(
          fmt::format("anova selector: {} labels for {} fit rows", labels.size(), size));
    std::vector<long long> class_sizes(static_cast<size_t>(std::max(problem.classes, 0)), 0);
    for (Eigen::Index row = 0; row < size; ++row) {
      const int label = labels[row];
      if (label < 0 || label >= problem.classes)
        throw std::invalid_argument(
            fmt::format("anova selector: label {} outside 0..{}", label, problem.classes - 1));
      ++class_sizes[static_cast<size_t>(label)];
    }
    long long present = 0;
    for (long long count : class_sizes)
      if (count > 0) ++present;

    SelectorScores result;
    const auto between_df = static_cast<double>(present - 1);
    const auto within_df = static_cast<double>(size - present);
    if (present < 2 || within_df < 1.0) {
      result.scores =
          Eigen::VectorXd::Constant(features.cols(), std::numeric_limits<double>::quiet_NaN());
      return result;
    }

    result.scores.resize(features.cols());
    std::vector<double> class_means(class_sizes.size(), 0.0);
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const auto values = features.col(feature);
      const double frame = values[0];  // every mean and residual is taken in the frame x - x_0
      const double grand_mean = mean_in_frame(values, labels, -1, frame);
      double between = 0.0;  // SSB
      for (size_t label = 0; label < class_sizes.size(); ++label) {
        if (class_sizes[label] == 0) continue;
        class_means[label] = mean_in_frame(values, labels, static_cast<int>(label), frame);
        const double offset = class_means[label] - grand_mean;
        between += static_cast<double>(class_sizes[label]) * offset * offset;
      }
      double within = 0.0;  // SSW
      for (Eigen::Index row = 0; row < size; ++row) {
        const double residual =
            (values[row] - frame) - class_means[static_cast<size_t>(labels[row])];
        within += residual * residual;
      }
      result.scores[feature] = (between / between_df) / (within / within_df);
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }
};

SelectorRegistration anova_registration() {
  SelectorRegistration registration;
  registration.info.name = "anova";
  registration.info.doc =
      "one-way ANOVA F statistic against the class (scikit-learn f_classif); larger first";
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet&) -> std::unique_ptr<Selector> {
    return std::make_unique<AnovaSelector>();
  });
  return registration;
}

const Registrar<SelectorRegistration> anova_registrar{anova_registration()};

}  // namespace
}  // namespace tsfs
