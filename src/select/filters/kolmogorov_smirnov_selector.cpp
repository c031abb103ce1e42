// Selector "kolmogorov_smirnov": the two-sample Kolmogorov-Smirnov statistic of each feature,
// D = sup_x |F0(x) - F1(x)| between the empirical distributions of the two classes' values, as
// scipy.stats.ks_2samp(...).statistic computes it (both CDFs at every observed value, side
// "right"; the statistic rounded from its exact ratio, as scipy's exact mode does). With more
// than two classes, the largest D over the pairs of classes. Supervised; larger first.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// sup |F_a - F_b| over the values of both samples, each sorted ascending. The gap at a value is
// |i / size_a - j / size_b| = |i size_b - j size_a| / (size_a size_b), taken as the exact integer
// ratio and rounded once: scipy's ks_2samp re-rounds its statistic to that ratio in its exact mode
// (its default up to 10,000 values per sample), and so is closer than a difference of two rounded
// fractions.
double ks_statistic(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.empty() || b.empty()) return std::nan("");
  const auto size_a = static_cast<long long>(a.size()), size_b = static_cast<long long>(b.size());
  long long largest = 0;
  size_t i = 0, j = 0;
  // At each distinct value, both CDFs count the values <= it (searchsorted side "right").
  while (i < a.size() || j < b.size()) {
    const double value = j == b.size() || (i < a.size() && a[i] <= b[j]) ? a[i] : b[j];
    while (i < a.size() && a[i] <= value) ++i;
    while (j < b.size() && b[j] <= value) ++j;
    largest = std::max(largest, std::llabs(static_cast<long long>(i) * size_b -
                                           static_cast<long long>(j) * size_a));
  }
  return static_cast<double>(largest) / static_cast<double>(size_a * size_b);
}

class KolmogorovSmirnovSelector final : public Selector {
 public:
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const Eigen::Index rows = features.rows();
    check_labels("kolmogorov_smirnov selector", problem.labels, problem.classes, rows);
    const Eigen::VectorXi& labels = *problem.labels;
    SelectorScores result;
    result.scores = Eigen::VectorXd::Zero(features.cols());
    std::vector<std::vector<double>> by_class(static_cast<size_t>(problem.classes));
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      for (auto& values : by_class) values.clear();
      for (Eigen::Index row = 0; row < rows; ++row)
        by_class[static_cast<size_t>(labels[row])].push_back(features(row, feature));
      for (auto& values : by_class) std::sort(values.begin(), values.end());
      for (size_t a = 0; a < by_class.size(); ++a)
        for (size_t b = a + 1; b < by_class.size(); ++b)
          if (!by_class[a].empty() && !by_class[b].empty())
            result.scores[feature] =
                std::max(result.scores[feature], ks_statistic(by_class[a], by_class[b]));
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }
};

SelectorRegistration kolmogorov_smirnov_registration() {
  SelectorRegistration registration;
  registration.info.name = "kolmogorov_smirnov";
  registration.info.doc =
      "two-sample Kolmogorov-Smirnov statistic between the classes' values (scipy ks_2samp; the "
      "largest over class pairs with more than two); larger first";
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet&) -> std::unique_ptr<Selector> {
    return std::make_unique<KolmogorovSmirnovSelector>();
  });
  return registration;
}

const Registrar<SelectorRegistration> kolmogorov_smirnov_registrar{
    kolmogorov_smirnov_registration()};

}  // namespace
}  // namespace tsfs
