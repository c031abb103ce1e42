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
};

// The score columns for `classes` classes: 1 for two, `classes` for more.
inline Eigen::Index score_columns(int classes) {
  return classes == 2 ? 1 : classes;
}

class Classifier {
 public:
  virtual ~Classifier() = default;
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

struct NestedSubsetFits {
  std::function<std::unique_ptr<NestedSubsetClassifier>(const ParamSet&)> make;
  // Fewer subsets of one column order than this go through Classifier::fit_predict: the sums
  // over the largest subset's columns are paid once per column order, so they pay only when
  // shared by enough fits.
  size_t worthwhile_from = 2;
};

// A classifier that predicts from the distances between series instead of feature columns
// (nearest_neighbour): the cell's `distances:` entry, no features, no standardisation.
class DistanceClassifier {
 public:
  virtual ~DistanceClassifier() = default;
  // test_to_train(i, j): the distance from test row i to training row j, training rows in
  // dataset order; labels as for Classifier.
  virtual Predictions predict(const Eigen::MatrixXd& test_to_train,
                              const Eigen::VectorXi& train_labels, int classes) const = 0;
};

struct ClassifierRegistration {
  ComponentInfo info;
  // A classifier of feature columns; null for one of distances (make_from_distances).
  std::function<std::unique_ptr<Classifier>(const ParamSet&)> make;
  std::optional<NestedSubsetFits> nested = std::nullopt;  // absent: no nested-subset path
  // A linear model that reports Predictions::zero_coefficient_fraction (`metrics: [sparsity]`).
  bool has_coefficients = false;
  // Optional: checks parameters against the fewest training rows of any fold (knn: k), so the
  // runner refuses an impossible grid before computing anything.
  std::function<std::optional<ParamProblem>(const ParamSet&, long long training_rows)>
      check_training_rows = nullptr;
  // A classifier of distances instead: its grid cells are swept over the spec's distances and
  // need `selectors: [{kind: none}]` (config/spec_loader.cpp).
  std::function<std::unique_ptr<DistanceClassifier>(const ParamSet&)> make_from_distances = nullptr;
};
using ClassifierRegistry = Registry<ClassifierRegistration>;

}  // namespace tsfs
