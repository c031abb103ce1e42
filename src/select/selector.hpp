#pragma once
// Selection stage: score every feature on the rows a selector is fitted on; the ranking keeps one
// end of the score first. Selectors are registered by name (`selectors: [{kind: NAME, ...}]`).
#include <Eigen/Core>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/params.hpp"
#include "common/registry.hpp"

namespace tsfs {

class Classifier;

enum class ScoreOrder { ascending, descending };  // which end of the score is kept first

struct SelectionProblem {
  // Fit rows x features. The orchestrator has already removed columns that are NaN or constant
  // over the fit rows, so every column here has finite values and positive variance.
  const Eigen::MatrixXd& features;
  // Class index of each fit row (supervised selectors only; nullptr for unsupervised ones).
  const Eigen::VectorXi* labels = nullptr;
  int classes = 0;
  // Distances between the fit rows, fit x fit (selectors that use a distance only).
  const Eigen::MatrixXd* distances = nullptr;
  // The spec's classifier, configured (selectors whose registration uses_classifier only: the
  // search wrappers, which fit it on inner folds of the fit rows).
  const Classifier* classifier = nullptr;
};

struct SelectorScores {
  Eigen::VectorXd scores;  // one per feature column
  // Laplacian-type selectors: fraction of graph edges whose weight is exactly 0 (NaN otherwise).
  double zero_weight_fraction = std::numeric_limits<double>::quiet_NaN();
  // Optional full order of the columns, best first, for selectors whose order refines their
  // score's (RFE: features eliminated in one step share scikit-learn's ranking_ and are ordered
  // by their weight at that step). Empty: rank_by_score(scores, order()).
  std::vector<int> ranking;
  // Optional (registrations with provides_std_errors): the standard error of each score, NaN
  // where undefined; written to scores.csv's score_std_error.
  Eigen::VectorXd std_errors;
  // Columns the selector removes (variance's `threshold`, as scikit-learn's VarianceThreshold):
  // the last `removed` of the ranking (`ranking`, or rank_by_score's). They keep their score in
  // scores.csv but are never selected: a cell asking for more features than are kept gets the
  // kept ones, and n_features_used says how many.
  long long removed = 0;
  // Named values the selector measured on its fit (registrations with reports_measures:
  // similarity_constraint's m_hat, its objective there, its constraint pairs and, for the
  // semi-supervised variant, the inferred must-links' coverage and correct ratio); written to
  // selection_measures.csv, one row per measure.
  std::vector<std::pair<std::string, double>> measures;
};

// Fits a selector makes while scoring (a wrapper's inner fits), as the planner's cost model counts
// them (launch/shard/work_groups.hpp): `count` fits of `model` on `train_rows` rows of `features`
// columns, each then predicting `test_rows` rows (with no training row: predictions alone, such as
// permutation_importance's update of one column's decision values).
struct InnerFits {
  enum class Model {
    classifier,  // the spec's classifier (SelectionProblem::classifier)
    linear,      // a liblinear model (select/wrappers/linear_estimator.hpp)
  };
  Model model = Model::classifier;
  long long count = 0;
  long long train_rows = 0, test_rows = 0, features = 0;
};

class Selector {
 public:
  virtual ~Selector() = default;
  virtual SelectorScores score(const SelectionProblem& problem) const = 0;
  virtual ScoreOrder order() const = 0;
  // The problem with `fit_rows`, the fewest rows the selector is fitted on (a kNN graph's k must
  // be less), so the runner refuses an impossible grid before computing anything; none by default.
  virtual std::optional<ParamProblem> check_fit_rows(long long /*fit_rows*/) const {
    return std::nullopt;
  }
  // The problem with `class_rows`, the fewest fit rows any class has on any fold the selector is
  // fitted on (sequential's inner stratified folds need cv of each), checked when the run is
  // planned; none by default.
  virtual std::optional<ParamProblem> check_fit_class_rows(long long /*class_rows*/) const {
    return std::nullopt;
  }
  // The problem with one fit's rows per class (the classes it holds, in index order), checked when
  // the run is planned on every fit the selector makes (permutation_importance and shapley: their
  // validation split must leave a validation row); none by default.
  virtual std::optional<ParamProblem> check_fit_classes(
      const std::vector<long long>& /*rows_per_class*/) const {
    return std::nullopt;
  }
  // The problem with the dataset's number of feature columns (shapley: a budget of permutations x
  // features fits), checked when the run is planned; none by default.
  virtual std::optional<ParamProblem> check_features(long long /*features*/) const {
    return std::nullopt;
  }
  // For a registration with score_batch: what a batch shares (a Laplacian's kNN graph: k and
  // symmetrize). Selectors of one spec entry with equal keys are scored in one batch; their
  // parameter sets differ only in the registration's batch_varying_params.
  virtual std::string batch_key() const { return {}; }
  // Whether this grid point's selector needs the distance matrix although its registration does
  // not always (uses_distance): the python selector whose function takes `distances`. Read once
  // when the spec is loaded (SelectorSpec::uses_distance); no by default.
  virtual bool asks_for_distances() const { return false; }
  // The fits score() makes on `rows` fit rows of `columns` feature columns, for the planner's cost
  // model; none for a selector that fits no model (every filter).
  virtual std::vector<InnerFits> inner_fits(long long /*rows*/, long long /*columns*/) const {
    return {};
  }
};

struct SelectorRegistration {
  ComponentInfo info;
  bool supervised = false;     // needs labels (so `fit_on: all` is a spec error)
  bool uses_distance = false;  // needs the distance matrix (swept over the spec's distances)
  // Fits the spec's classifier (SelectionProblem::classifier): the spec must have one classifier
  // of feature columns, not swept or tuned, and no `reduce`.
  bool uses_classifier = false;
  // The selector of one grid point, configured once when the spec is loaded (its settings parsed
  // and the combination of its values validated), or the problem that prevents it.
  std::function<Configured<Selector>(const ParamSet&)> configure;
  // The selector's scores come with standard errors (SelectorScores::std_errors): scores.csv
  // gains a score_std_error column when the spec uses such a selector.
  bool provides_std_errors = false;
  // The selector's scores come with SelectorScores::measures: the run writes
  // selection_measures.csv when the spec uses such a selector.
  bool reports_measures = false;

  // Optional batch scoring: score vectors of several configured selectors on the same problem in
  // one pass over what they share (a Laplacian sigma sweep builds one kNN graph and scores every
  // sigma on it). The orchestrator calls it with selectors of equal Selector::batch_key(), whose
  // parameter sets are equal except in the parameters named in batch_varying_params (listed by
  // `runner list`); result i must equal
  // selectors[i]->score(problem) to 1e-12 relative, with the same ranking
  // (tests/select/score_batch_test.cpp checks it).
  std::vector<std::string> batch_varying_params;
  std::function<std::vector<SelectorScores>(const SelectionProblem&,
                                            const std::vector<const Selector*>& selectors)>
      score_batch;
};
using SelectorRegistry = Registry<SelectorRegistration>;

// The registered selector for one complete parameter set, outside a spec (tests, benchmarks,
// bindings); throws InputError with the registration's problem when it refuses the combination.
std::shared_ptr<const Selector> configure_selector(const SelectorRegistration& registration,
                                                   const ParamSet& params);

// Feature indices, best first: `order` decides which end of the score comes first, exact ties go
// to the lower index, NaN scores come last (in index order).
std::vector<int> rank_by_score(const Eigen::VectorXd& scores, ScoreOrder order);

}  // namespace tsfs
