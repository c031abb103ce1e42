// Selector "pearson": the absolute Pearson correlation of each feature with the class (0 or 1),
// |r| as scikit-learn 1.2.1's r_regression(X, y) computes r: centred X and y, r = X_c . y_c /
// (|X_c| |y_c|). With two classes this is the point-biserial correlation; more classes have no
// order to correlate with, and are refused. Supervised; larger first.
#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class PearsonSelector final : public Selector {
 public:
  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd& features = problem.features;
    const Eigen::Index rows = features.rows();
    check_labels("pearson selector", problem.labels, problem.classes, rows);
    if (problem.classes > 2)
      throw InputError("", fmt::format("pearson correlates with a class of two values, and the {} "
                                       "fit rows hold {} classes; use anova or fisher for more",
                                       rows, problem.classes));
    const Eigen::VectorXd classes = problem.labels->cast<double>();
    const Eigen::VectorXd centred_classes = classes.array() - classes.mean();
    const double class_norm = centred_classes.norm();
    SelectorScores result;
    result.scores.resize(features.cols());
    for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
      const Eigen::VectorXd centred = features.col(feature).array() - features.col(feature).mean();
      result.scores[feature] =
          std::abs(centred.dot(centred_classes) / (centred.norm() * class_norm));
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }
};

SelectorRegistration pearson_registration() {
  SelectorRegistration registration;
  registration.info.name = "pearson";
  registration.info.doc =
      "|Pearson correlation| of each feature with the class of two (scikit-learn r_regression); "
      "larger first";
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet&) -> std::unique_ptr<Selector> {
    return std::make_unique<PearsonSelector>();
  });
  return registration;
}

const Registrar<SelectorRegistration> pearson_registrar{pearson_registration()};

}  // namespace
}  // namespace tsfs
