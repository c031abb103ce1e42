#pragma once
// Column layout of the tidy outputs. A cell's key columns (dataset ... protocol) identify it in
// results.csv and folds.csv, so a rerun can recognise finished cells; every selector parameter
// of the spec gets a column (empty where a selector lacks it), classifier parameters are
// prefixed "classifier_", and with `reduce:` the reducer and its parameters ("reducer_") follow.
#include <limits>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

struct FoldOutcome {
  int repeat = 0;
  int fold = 0;
  long long n_train = 0;
  long long n_test = 0;
  double accuracy = 0.0;
  double balanced_accuracy = 0.0;
  double zero_weight_fraction = 0.0;  // NaN when the selector builds no graph
  double fit_seconds = 0.0;
  // Features the classifier was given: n_features, or fewer when fewer columns were usable (NaN
  // padding of variable-length series, constant columns on the fit rows).
  long long n_features_used = 0;
  std::vector<double> metrics;  // the spec's `metrics:`, in its order (NaN where undefined)
  long long n_components = 0;   // with `reduce:`: the reducer's output columns
  // A classifier that reports convergence (ClassifierRegistration::reports_convergence): false
  // when its solver stopped at the iteration cap on this fold.
  bool solver_converged = true;
  // With a reducer that reconstructs (ReducerRegistration::reconstructs): ||X - X^||_F of the
  // fold's training rows.
  double reconstruction_error = std::numeric_limits<double>::quiet_NaN();
};

// `header` itself, after checking that no column name repeats: a component parameter named like
// a table's own column (a selector's `threshold` and curves.csv's) would make the table ambiguous
// to every reader. A repeat is a bug of tsfs (std::logic_error), not of the spec.
std::vector<std::string> unique_columns(std::vector<std::string> header, const std::string& table);

// The folds whose classifier's solver stopped at its iteration cap.
long long non_converged_fits(const std::vector<FoldOutcome>& folds);

class ResultLayout {
 public:
  ResultLayout(const Spec& spec, const std::vector<PreparedDataset>& datasets);

  const std::vector<std::string>& key_header() const { return key_header_; }
  std::vector<std::string> results_header() const;
  std::vector<std::string> folds_header() const;
  std::vector<std::string> scores_header() const;
  // selection_measures.csv: the score unit's key columns (as scores.csv's), then measure, value.
  std::vector<std::string> measures_header() const;
  // curves.csv: the key columns, repeat, fold, curve, class, score_threshold, x, y.
  std::vector<std::string> curves_header() const;
  // Whether the spec has a selector with SelectorRegistration::reports_measures.
  bool reports_measures() const;

  std::vector<std::string> cell_key(const Cell& cell) const;
  // What an earlier run's row of selector `selector_kind` means in key column `column` its header
  // lacked: the default of a parameter added to that selector since (as the key shows it), so
  // that its rows still resume; empty when the selector has no such parameter.
  std::string absent_key_field(const std::string& selector_kind, const std::string& column) const;
  // results.csv row: key, mean accuracy, sample std over folds (empty for one fold), mean
  // balanced accuracy, each chosen metric's mean and sample std (empty when undefined on a fold),
  // folds, the fewest features any fold used, (with `reduce:`) the mean component count, (for a
  // classifier reporting convergence) the folds whose solver stopped at its iteration cap, mean
  // zero-weight fraction, summed fit seconds.
  std::vector<std::string> results_row(const Cell& cell,
                                       const std::vector<FoldOutcome>& folds) const;
  std::vector<std::string> folds_row(const Cell& cell, const FoldOutcome& fold) const;
  // The inverse of folds_row for its value columns: a folds.csv row read back (its fields already
  // checked by read_checked; an empty field is NaN).
  FoldOutcome fold_outcome(const std::vector<std::string>& folds_row) const;
  // cell_status.csv: the key columns, status ("not_converged"), reason.
  std::vector<std::string> cell_status_header() const;
  // selection_measures.csv rows of one score unit: one per measure.
  std::vector<std::vector<std::string>> measure_rows(
      const ScoreUnit& unit, const std::vector<std::pair<std::string, double>>& measures) const;
  // scores.csv rows of one score unit: one per feature column. `std_errors` (empty: none) fill
  // the score_std_error column, which the header has when a selector of the spec gives them.
  std::vector<std::vector<std::string>> score_rows(
      const ScoreUnit& unit, const Eigen::VectorXd& scores, const std::vector<int>& ranking,
      const Eigen::VectorXd& std_errors = Eigen::VectorXd()) const;

  const std::string& distance_label(int distance) const;
  // A score unit's key fields: dataset, distance, selector and its parameters, repeat, fold.
  std::vector<std::string> score_unit_key(const ScoreUnit& unit) const;
  // A work group's key fields (its score units' without repeat and fold): dataset, distance,
  // selector and its parameters.
  std::vector<std::string> work_group_key(const ScoreUnit& unit) const;
  // work_seconds.csv (sweep/store/work_seconds.hpp): the work group's key columns, then rows,
  // rows_resumed, score_vectors, dataset_rows, dataset_features, classifier, score_seconds,
  // fit_seconds, tuning_seconds.
  std::vector<std::string> work_seconds_header() const;
  std::string protocol_label() const;
  // The spec's classifier reports whether its solver converged: the non_converged_fits columns.
  bool reports_convergence() const;
  bool reports_reconstruction() const;  // a reducer with ReducerRegistration::reconstructs
  const std::vector<PreparedDataset>& datasets() const { return datasets_; }

 private:
  std::vector<std::string> selector_fields(int selector, int params) const;

  const Spec& spec_;
  const std::vector<PreparedDataset>& datasets_;
  std::vector<std::string> selector_columns_;
  std::vector<std::string> classifier_columns_;
  std::vector<std::string> distance_labels_;
  std::vector<std::string> key_header_;
  bool score_std_errors_ = false;  // some selector of the spec gives standard errors
};

}  // namespace tsfs
