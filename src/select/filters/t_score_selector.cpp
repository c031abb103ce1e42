// Selector "t_score": Welch's t statistic of each feature between the two classes, as
// scikit-feature's t_score returns it (skfeature/function/statistical_based/t_score.py):
// |mean0 - mean1| / sqrt(var0 / n0 + var1 / n1), with the population variances (numpy.std's
// ddof 0). Two classes only, as there. Supervised; larger first.
#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class TScoreSelector final : public Selector {
 public:
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const Eigen::Index rows = features.rows();
    check_labels("t_score selector", problem.labels, problem.classes, rows);
    const Eigen::VectorXi& labels = *problem.labels;
    double counts[2] = {0.0, 0.0};
    for (const int label : labels) {
      if (label > 1)
        throw InputError("", fmt::format("t_score compares two classes, and the {} fit rows hold "
                                         "{}; use anova or fisher for more",
                                         rows, problem.classes));
      counts[label] += 1.0;
    }
    SelectorScores result;
    result.scores.resize(features.cols());
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const auto column = features.col(feature);
      double means[2] = {0.0, 0.0}, variances[2] = {0.0, 0.0};
      for (Eigen::Index row = 0; row < rows; ++row) means[labels[row]] += column[row];
      for (int c = 0; c < 2; ++c) means[c] /= counts[c];
      // Two passes, as numpy.std: sum (x - mean)^2 / n.
      for (Eigen::Index row = 0; row < rows; ++row) {
        const double residual = column[row] - means[labels[row]];
        variances[labels[row]] += residual * residual;
      }
      for (int c = 0; c < 2; ++c) variances[c] /= counts[c];
      result.scores[feature] = std::abs(means[0] - means[1]) /
                               std::sqrt(variances[0] / counts[0] + variances[1] / counts[1]);
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }
};

SelectorRegistration t_score_registration() {
  SelectorRegistration registration;
  registration.info.name = "t_score";
  registration.info.doc =
      "|mean0 - mean1| / sqrt(var0/n0 + var1/n1) between two classes (scikit-feature t_score); "
      "larger first";
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet&) -> std::unique_ptr<Selector> {
    return std::make_unique<TScoreSelector>();
  });
  return registration;
}

const Registrar<SelectorRegistration> t_score_registrar{t_score_registration()};

}  // namespace
}  // namespace tsfs
