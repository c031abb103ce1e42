#pragma once
// Classification stage: fit on training rows of the selected features, predict test rows.
// Classifiers are registered by name (`classifier: {kind: NAME, ...}`).
#include <Eigen/Core>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "common/params.hpp"
#include "common/registry.hpp"

namespace tsfs {

// A classifier's output for the test rows: the predicted classes and scores, larger meaning more
// likely, as scikit-learn's decision_function (or predict_proba where a model has no decision
// function) gives them. Two classes: one column, the score of class 1. More: one column per
// class (one-vs-rest). evaluate/score_metrics.hpp reads them (ROC AUC, average precision).
struct Predictions {
  Eigen::VectorXi labels;
  Eigen::MatrixXd scores;
  // Models with coefficients (ClassifierRegistration::has_coefficients): the share of the fitted
  // coefficients (intercepts aside) that are exactly 0, scikit-learn's np.mean(coef_ == 0), the
  // sparsity an L1 penalty buys. NaN for other models, or when no model was fitted.
  double zero_coefficient_fraction = std::numeric_limits<double>::quiet_NaN();
  // False when the model's solver stopped at its iteration cap before meeting its stopping
  // tolerance (registrations with ClassifierRegistration::reports_convergence); the fitted model
  // is then an unfinished one.
  bool solver_converged = true;
};

// The score columns for `classes` classes: 1 for two, `classes` for more.
inline Eigen::Index score_columns(int classes) {
  return classes == 2 ? 1 : classes;
}

class NestedSubsetClassifier;

// What the planner asks of every configured classifier, of feature columns or of distances.
class ClassifierChecks {
 public:
  virtual ~ClassifierChecks() = default;
  // The problem with `training_rows`, the fewest of any fold (knn: k above them), so the runner
  // refuses an impossible grid before computing anything; none by default.
  virtual std::optional<ParamProblem> check_training_rows(long long /*training_rows*/) const {
    return std::nullopt;
  }
};

// A classifier of feature columns, configured from one parameter set once, when the spec is
// loaded (its options read and checked); each evaluation fits it on a fold.
class Classifier : public ClassifierChecks {
 public:
  // Labels are class indices in [0, classes). Features are raw; each classifier standardises
  // with the training rows' statistics (see standardize.hpp).
  virtual Predictions fit_predict_scores(const Eigen::MatrixXd& train_features,
                                         const Eigen::VectorXi& train_labels, int classes,
                                         const Eigen::MatrixXd& test_features) const = 0;
  // The predicted classes only.
  Eigen::VectorXi fit_predict(const Eigen::MatrixXd& train_features,
                              const Eigen::VectorXi& train_labels, int classes,
                              const Eigen::MatrixXd& test_features) const {
    return fit_predict_scores(train_features, train_labels, classes, test_features).labels;
  }
  // The nested-subset fits of the same configuration, for a registration with `nested`; null
  // otherwise.
  virtual const NestedSubsetClassifier* nested() const { return nullptr; }
};

// Optional capability: fits on nested feature subsets, the first n columns of one column order
// for several n (an accuracy-vs-n_features sweep along a ranking). A classifier whose work is a
// sum over columns (squared distances of an RBF kernel or of nearest neighbours) extends the
// n - 1 column sums by one column instead of starting over for every n.
class NestedSubsetClassifier {
 public:
  virtual ~NestedSubsetClassifier() = default;
  // Called once per subset size, in the order of `subset_sizes`, with the test rows' predicted
  // classes and scores (as Classifier::fit_predict_scores gives them).
  using Report = std::function<void(size_t subset, const Predictions& predictions)>;
  // Features hold the columns in nesting order (subset n = columns 0 .. n-1), raw as for
  // Classifier::fit_predict; `subset_sizes` is strictly ascending within [1, columns]. The
  // predictions equal fit_predict_scores' on the subset up to the rounding of the column sums,
  // which here run in nesting order.
  virtual void fit_predict_nested(const Eigen::MatrixXd& train_features,
                                  const Eigen::VectorXi& train_labels, int classes,
                                  const Eigen::MatrixXd& test_features,
                                  const std::vector<Eigen::Index>& subset_sizes,
                                  const Report& report) const = 0;
};

// A registration's nested-subset fits: its configured classifiers offer them (Classifier::nested).
struct NestedSubsetFits {
  // Fewer subsets of one column order than this go through Classifier::fit_predict: the sums
  // over the largest subset's columns are paid once per column order, so they pay only when
  // shared by enough fits.
  size_t worthwhile_from = 2;
};

// A classifier that predicts from the distances between series instead of feature columns
// (nearest_neighbour): the cell's `distances:` entry, no features, no standardisation.
class DistanceClassifier : public ClassifierChecks {
 public:
  // test_to_train(i, j): the distance from test row i to training row j, training rows in
  // dataset order; labels as for Classifier.
  virtual Predictions predict(const Eigen::MatrixXd& test_to_train,
                              const Eigen::VectorXi& train_labels, int classes) const = 0;
};

struct ClassifierRegistration {
  ComponentInfo info;
  // The classifier of feature columns of one grid point, configured once when the spec is loaded,
  // or the problem that prevents it; null for a classifier of distances (configure_from_distances).
  std::function<Configured<Classifier>(const ParamSet&)> configure;
  std::optional<NestedSubsetFits> nested = std::nullopt;  // absent: no nested-subset path
  // A linear model that reports Predictions::zero_coefficient_fraction (`metrics: [sparsity]`).
  bool has_coefficients = false;
  // A model whose solver can stop at an iteration cap (Predictions::solver_converged): results.csv
  // and folds.csv get a `non_converged_fits` column and the run log a warning.
  bool reports_convergence = false;
  // A classifier of distances instead, configured likewise: its grid cells are swept over the
  // spec's distances and need `selectors: [{kind: none}]` (config/spec_loader.cpp).
  std::function<Configured<DistanceClassifier>(const ParamSet&)> configure_from_distances = nullptr;
};
using ClassifierRegistry = Registry<ClassifierRegistration>;

// The registered classifier of feature columns for one complete parameter set, outside a spec
// (tests, benchmarks); throws InputError with the registration's problem when it refuses it.
std::shared_ptr<const Classifier> configure_classifier(const ClassifierRegistration& registration,
                                                       const ParamSet& params);

}  // namespace tsfs
