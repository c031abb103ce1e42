#pragma once
// The two kinds of work a sweep does: score vectors (a selector fitted on some rows) and
// evaluations (a classifier trained and tested on one fold with one selected feature set).
#include <Eigen/Core>
#include <compare>
#include <limits>
#include <string>
#include <vector>

#include "classify/classifier.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

struct ScoreResult {
  Eigen::VectorXd scores;    // one per feature column; NaN for unusable columns
  std::vector<int> ranking;  // every column, best first; unusable columns last, in index order
  double zero_weight_fraction = 0.0;
  long long usable_features = 0;
  // Why the selector gave no scores (a solver that did not converge, with where); empty when
  // scored. Cells that need an unscored unit are recorded in cell_status.csv, not evaluated.
  std::string not_converged;
  Eigen::VectorXd std_errors;  // per column (NaN for unusable ones), for selectors giving them
  std::vector<std::pair<std::string, double>> measures;  // SelectorScores::measures
  // Wall seconds of the thread that computed it (a batch's shared equally by its units), for
  // work_seconds.csv.
  double seconds = 0.0;
};

// What an evaluation is keyed by: identical selected subsets are fitted once.
struct EvaluationKey {
  int dataset = 0;
  int fold = 0;
  int classifier_params = 0;
  std::vector<int> features;  // ascending column indices
  // The distance a classifier of distances reads (evaluation_distance); kNoDistance otherwise.
  int distance = kNoDistance;
  int reducer_params = 0;  // index into the reducer's grid (0 without `reduce`)
  auto operator<=>(const EvaluationKey&) const = default;
};

struct EvaluationResult {
  double accuracy = 0.0;
  double balanced_accuracy = 0.0;
  double seconds = 0.0;
  std::vector<double> metrics;   // the spec's `metrics:`, in its order (NaN where undefined)
  long long n_components = 0;    // with `reduce:`, the columns the reducer gave the classifier
  bool solver_converged = true;  // Predictions::solver_converged of the fit
  // With a reducer that reconstructs: Reduction::reconstruction_error (NaN otherwise).
  double reconstruction_error = std::numeric_limits<double>::quiet_NaN();
};

// The metrics of one fold's test predictions: accuracy, balanced accuracy and the spec's chosen
// metrics (seconds left 0 for the caller).
EvaluationResult measure(const Spec& spec, const Eigen::VectorXi& test_labels,
                         const Predictions& predictions, int classes);

// The first n columns of the ranking among usable ones, in ascending column order (a canonical
// order, so equal subsets give bit-identical classifier inputs).
std::vector<int> selected_features(const ScoreResult& scores, long long n);

// A fold's test predictions from the given feature columns: the spec's reducer (if any, at grid
// point `reducer_params`) fitted on
// the fold's training rows and applied to both, then the classifier. `columns`: what the
// classifier was given (the reducer's components, or the features).
struct FoldPredictions {
  Predictions predictions;
  long long columns = 0;
  double reconstruction_error = std::numeric_limits<double>::quiet_NaN();
};
// The fit and prediction `key` names (its distance aside). A classifier of distances reads
// `distances` (the cell's block: its test rows against its training rows) instead of the features.
FoldPredictions fold_predictions(const Spec& spec, const PreparedDataset& dataset,
                                 const EvaluationKey& key, const DistanceBlock* distances);

// The key of a cell's evaluation on one fold, `selected` the columns its selector chose there.
// Its distance is the cell's for a classifier of distances, else none (so cells that differ only
// in a selector's distance share their fits). A classifier of distances reads the cell's distance
// block, not columns, so its key holds none:
// 1-NN's leave-one-out tuning makes millions of keys (1,962,708 on the UCR archive), and every
// time point in each took 11 GiB.
EvaluationKey evaluation_key(const Spec& spec, const Cell& cell, int fold,
                             std::vector<int> selected);

// `distances`: the key's block for a classifier of distances, else null.
EvaluationResult evaluate(const Spec& spec, const PreparedDataset& dataset,
                          const EvaluationKey& key, const DistanceBlock* distances);

// 0, 1, ..., count - 1: every row of a dataset.
std::vector<int> all_row_indices(long long count);

// Columns that are finite on every row of the dataset and not constant over the fit rows. Others
// are left out of scoring (a NaN or constant feature carries no ranking information and would
// break the scaler and the SVC).
std::vector<int> usable_columns(const Eigen::MatrixXd& features, const std::vector<int>& fit_rows);

// The rows a unit's selector is fitted on: every row (kAllRows), or the training rows of its fold
// (an outer fold, or an inner fold of a tuned selector: PreparedDataset::fold).
std::vector<int> unit_fit_rows(const PreparedDataset& dataset, const ScoreUnit& unit);

// Whether a unit's selector reads its dataset's distance matrix (plan.distance_matrices): it has
// a distance, and one of series (a distance of feature vectors is computed from the unit's own fit
// rows, DistanceMeasure::compares_feature_vectors).
bool reads_distance_matrix(const Spec& spec, const ScoreUnit& unit);

}  // namespace tsfs
