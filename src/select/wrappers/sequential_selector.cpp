// Selector "sequential": sequential feature selection around the spec's classifier, as
// scikit-learn 1.2.1's SequentialFeatureSelector(estimator, n_features_to_select, direction, cv,
// scoring) (feature_selection/_sequential.py): starting from no feature (forward) or every
// feature (backward), each step adds (removes) the feature whose addition (removal) gives the
// best mean inner cross-validation score (numpy's mean, pairwise summed, of the fold scores), the
// first in column order on ties, until
// `n_features_to_select` remain. The inner folds are scikit-learn's unshuffled
// StratifiedKFold(cv) of the fit rows (stratified_folds.hpp); the classifier is fitted on each
// inner training part with the candidate columns in column order, as X[:, mask] gives them.
//
// `floating: true` is the floating search of Pudil, Novovicova & Kittler (1994), "Floating search
// methods in feature selection": after each addition (SFFS), the feature whose removal leaves the
// best subset is removed while that subset beats the best one of its size found so far (and is
// not the feature just added); SBFS mirrors it with conditional additions. The result is the best
// subset of the target size found. Strict improvement makes the search end (finitely many
// subsets); each subset's score is computed once.
//
// The ranking serves every n_features of a sweep:
// - forward: the order of addition (a prefix of n is scikit-learn's support for n); cells asking
//   for more than n_features_to_select get those (the rest count as removed);
// - backward: the kept features, then the removed ones, last removed first (a prefix of n >=
//   n_features_to_select is scikit-learn's support for n);
// - the kept features of a backward or floating search are ordered by how far removing each one
//   lowers the inner score (largest drop first), one more round of fits; a prefix shorter than the
//   kept set is that order, not a search result.
// score = columns - position in the ranking (larger first; NaN for the columns a forward search
// never added). selection_measures.csv gets `fits`
// (classifier fits made), `cv_score` (the returned subset's) and `cv_score_size_<k>` (the best
// score found at each subset size k).
//
// Cost: forward, every step fits each remaining column cv times: cv x (k p - k (k - 1) / 2) fits
// for p columns and k = n_features_to_select; backward, cv x ((p - k) p - (p - k) (p - k - 1) / 2
// + k). `max_fits` refuses a larger count when the run is planned; a floating search's extra steps
// are counted as they happen and stop it with an error past max_fits. Supervised; deterministic.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <vector>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "evaluate/metrics.hpp"
#include "numerics/numpy_pairwise_sum.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"
#include "select/wrappers/stratified_folds.hpp"

namespace tsfs {
namespace {

enum class Direction { forward, backward };
enum class Scoring { accuracy, balanced_accuracy };

struct SearchOptions {
  Direction direction = Direction::forward;
  bool floating = false;
  long long target = 10;  // n_features_to_select, clamped to the columns
  int folds = 5;
  Scoring scoring = Scoring::accuracy;
  long long max_fits = 10000;
};

// The fits the plain search makes on `rows` fit rows of p columns, by subset size (the floating
// search makes at least as many): each subset it scores fits the classifier on every inner fold.
std::vector<InnerFits> search_fits(const SearchOptions& options, long long rows,
                                   long long columns) {
  const long long kept = std::min(options.target, columns);
  const long long test_rows = rows / options.folds;
  std::vector<InnerFits> fits;
  const auto score_subsets = [&](long long subsets, long long size) {
    fits.push_back(
        {InnerFits::Model::classifier, subsets * options.folds, rows - test_rows, test_rows, size});
  };
  if (options.direction == Direction::forward)
    for (long long size = 1; size <= kept; ++size) score_subsets(columns - size + 1, size);
  else
    for (long long size = columns - 1; size >= kept; --size) score_subsets(size + 1, size);
  if ((options.direction == Direction::backward || options.floating) && kept > 1)
    score_subsets(kept, kept - 1);  // ordering the kept features
  const long long steps = options.direction == Direction::forward ? kept : columns - kept;
  if (steps == 0) score_subsets(1, kept);  // no step: the kept set's own score (cv_score)
  return fits;
}

long long planned_fits(const SearchOptions& options, long long columns) {
  long long fits = 0;
  for (const InnerFits& kind : search_fits(options, 0, columns)) fits += kind.count;
  return fits;
}

using Subset = std::vector<bool>;  // by column

// Mean inner CV score of column subsets, each computed once.
class SubsetScores {
 public:
  SubsetScores(const SelectionProblem& problem, const SearchOptions& options)
      : problem_(problem),
        options_(options),
        folds_(stratified_folds(*problem.labels, options.folds)) {
    // The classifier's own check (knn's k) against the fewest inner training rows, as a run
    // checks it against its folds': scikit-learn refuses such a fit too.
    size_t fewest = static_cast<size_t>(problem.labels->size());
    for (const InnerFold& fold : folds_) fewest = std::min(fewest, fold.train_rows.size());
    if (auto refused = problem.classifier->check_training_rows(static_cast<long long>(fewest)))
      throw InputError("", fmt::format("cv: the inner folds leave {} training rows: {}", fewest,
                                       refused->message));
  }

  double operator()(const Subset& subset) {
    const auto [entry, added] = scores_.try_emplace(subset, 0.0);
    if (!added) return entry->second;
    std::vector<int> columns;
    for (size_t column = 0; column < subset.size(); ++column)
      if (subset[column]) columns.push_back(static_cast<int>(column));
    std::vector<double> fold_scores;  // their mean as numpy's, of cross_val_score's array
    for (const InnerFold& fold : folds_) {
      throw_if_interrupted();  // one fit per check: Ctrl-C within a fit's time
      if (++fits_ > options_.max_fits)
        throw InputError(
            "", fmt::format("max_fits: the search needed more than {} classifier fits{}; raise "
                            "max_fits or {} n_features_to_select",
                            options_.max_fits,
                            options_.floating ? " (a floating search adds steps as it goes)" : "",
                            options_.direction == Direction::forward ? "lower" : "raise"));
      const Eigen::VectorXi truth = (*problem_.labels)(fold.test_rows);
      const Eigen::VectorXi predicted = problem_.classifier->fit_predict(
          problem_.features(fold.train_rows, columns), (*problem_.labels)(fold.train_rows),
          problem_.classes, problem_.features(fold.test_rows, columns));
      fold_scores.push_back(options_.scoring == Scoring::accuracy
                                ? accuracy(truth, predicted)
                                : balanced_accuracy(truth, predicted, problem_.classes));
    }
    entry->second = numpy_mean(fold_scores);
    return entry->second;
  }

  long long fits() const { return fits_; }

 private:
  const SelectionProblem& problem_;
  SearchOptions options_;
  std::vector<InnerFold> folds_;
  std::map<Subset, double> scores_;
  long long fits_ = 0;
};

struct Step {
  int column = -1;
  double score = -std::numeric_limits<double>::infinity();
};

// The column whose flip (in <-> out) among those with subset[column] == `member` gives the best
// score, the first in column order on ties (scikit-learn's max over its dict of candidates).
Step best_flip(SubsetScores& score_of, Subset subset, bool member) {
  Step best;
  for (size_t column = 0; column < subset.size(); ++column) {
    if (subset[column] != member) continue;
    subset[column] = !member;
    const double score = score_of(subset);
    subset[column] = member;
    if (score > best.score) best = {static_cast<int>(column), score};
  }
  return best;
}

class Search {
 public:
  Search(const SelectionProblem& problem, const SearchOptions& options)
      : options_(options),
        columns_(problem.features.cols()),
        score_of_(problem, options),
        best_(static_cast<size_t>(columns_) + 1,
              Step{-1, -std::numeric_limits<double>::infinity()}),
        best_subset_(static_cast<size_t>(columns_) + 1),
        last_change_(static_cast<size_t>(columns_), -1) {}

  SelectorScores run() {
    const long long target = std::min(options_.target, static_cast<long long>(columns_));
    const bool forward = options_.direction == Direction::forward;
    Subset subset(static_cast<size_t>(columns_), !forward);
    long long size = forward ? 0 : columns_;
    while (size != target) {
      const Step step = best_flip(score_of_, subset, !forward);
      flip(subset, step);
      size += forward ? 1 : -1;
      if (options_.floating) float_back(subset, size, step.column, forward);
    }
    // The best subset of the target size found (none when the search made no step: backward to
    // every feature).
    const Subset kept = best_[static_cast<size_t>(target)].column >= 0
                            ? best_subset_[static_cast<size_t>(target)]
                            : subset;
    return scores(kept, forward);
  }

 private:
  void flip(Subset& subset, const Step& step) {
    subset[static_cast<size_t>(step.column)] = !subset[static_cast<size_t>(step.column)];
    last_change_[static_cast<size_t>(step.column)] = changes_++;
    const auto size = static_cast<size_t>(std::count(subset.begin(), subset.end(), true));
    if (step.score > best_[size].score) {
      best_[size] = step;
      best_subset_[size] = subset;
    }
  }

  // Pudil's conditional exclusion (forward) or inclusion (backward) after a step on `changed`.
  void float_back(Subset& subset, long long& size, int changed, bool forward) {
    while (forward ? size > 2 : columns_ - size > 2) {
      const Step back = best_flip(score_of_, subset, forward);
      const long long back_size = size + (forward ? -1 : 1);
      if (back.column == changed || !(back.score > best_[static_cast<size_t>(back_size)].score))
        return;
      flip(subset, back);
      size = back_size;
      changed = -1;
    }
  }

  SelectorScores scores(const Subset& kept, bool forward) {
    std::vector<int> kept_columns, others;
    for (int column = 0; column < columns_; ++column)
      (kept[static_cast<size_t>(column)] ? kept_columns : others).push_back(column);
    if (forward && !options_.floating) {
      // The order of addition: every kept column was added once, in the order of last_change_.
      std::sort(kept_columns.begin(), kept_columns.end(), [&](int a, int b) {
        return last_change_[static_cast<size_t>(a)] < last_change_[static_cast<size_t>(b)];
      });
    } else if (kept_columns.size() > 1) {
      std::vector<double> without(static_cast<size_t>(columns_));
      for (const int column : kept_columns) {
        Subset smaller = kept;
        smaller[static_cast<size_t>(column)] = false;
        without[static_cast<size_t>(column)] = score_of_(smaller);
      }
      std::stable_sort(kept_columns.begin(), kept_columns.end(), [&](int a, int b) {
        return without[static_cast<size_t>(a)] < without[static_cast<size_t>(b)];
      });
    }
    if (!forward)  // the last removed first; never-touched columns cannot be out here
      std::sort(others.begin(), others.end(), [&](int a, int b) {
        return last_change_[static_cast<size_t>(a)] > last_change_[static_cast<size_t>(b)];
      });
    std::vector<int> ranking = kept_columns;
    ranking.insert(ranking.end(), others.begin(), others.end());

    SelectorScores result;
    // A forward search's columns never added have no place in its order: NaN (ranked last).
    result.scores = Eigen::VectorXd::Constant(columns_, std::nan(""));
    const size_t placed = forward ? kept_columns.size() : ranking.size();
    for (size_t position = 0; position < placed; ++position)
      result.scores(ranking[position]) =
          static_cast<double>(columns_ - static_cast<long long>(position));
    result.ranking = std::move(ranking);
    if (forward) result.removed = static_cast<long long>(others.size());
    const double kept_score = score_of_(kept);  // first: it may be a fit of its own
    result.measures.emplace_back("fits", static_cast<double>(score_of_.fits()));
    result.measures.emplace_back("cv_score", kept_score);
    for (size_t size = 1; size < best_.size(); ++size)
      if (best_[size].column >= 0)
        result.measures.emplace_back(fmt::format("cv_score_size_{}", size), best_[size].score);
    return result;
  }

  SearchOptions options_;
  Eigen::Index columns_;
  SubsetScores score_of_;
  std::vector<Step> best_;              // by subset size: the best score reached, and the step
  std::vector<Subset> best_subset_;     // by subset size: the subset with that score
  std::vector<long long> last_change_;  // by column: when it last entered or left
  long long changes_ = 0;
};

class SequentialSelector final : public Selector {
 public:
  explicit SequentialSelector(SearchOptions options) : options_(options) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    if (problem.classifier == nullptr)
      throw InputError("",
                       "the sequential selector fits the spec's classifier, and none was "
                       "given (outside a spec, it cannot be used)");
    return Search(problem, options_).run();
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

  std::optional<ParamProblem> check_fit_rows(long long fit_rows) const override {
    if (options_.folds <= fit_rows) return std::nullopt;
    return ParamProblem{"cv", fmt::format("cv = {} inner folds, more than the {} rows the "
                                          "selector is fitted on",
                                          options_.folds, fit_rows)};
  }

  std::optional<ParamProblem> check_fit_class_rows(long long class_rows) const override {
    if (options_.folds <= class_rows) return std::nullopt;
    return ParamProblem{"cv", fmt::format("cv = {} inner folds, more than the {} fit rows of the "
                                          "smallest class on some fold; lower cv",
                                          options_.folds, class_rows)};
  }

  std::vector<InnerFits> inner_fits(long long rows, long long columns) const override {
    return search_fits(options_, rows, columns);
  }

  std::optional<ParamProblem> check_features(long long features) const override {
    const long long fits = planned_fits(options_, features);
    if (fits <= options_.max_fits) return std::nullopt;
    const bool forward = options_.direction == Direction::forward;
    return ParamProblem{
        "max_fits",
        fmt::format("a {} search to {} of {} features with cv {} makes {} classifier fits, above "
                    "max_fits {}; {} n_features_to_select, keep fewer features before, or raise "
                    "max_fits",
                    forward ? "forward" : "backward", std::min(options_.target, features), features,
                    options_.folds, fits, options_.max_fits, forward ? "lower" : "raise")};
  }

 private:
  SearchOptions options_;
};

SelectorRegistration sequential_registration() {
  SelectorRegistration registration;
  registration.info.name = "sequential";
  registration.info.doc =
      "sequential forward or backward selection (floating as an option) around the spec's "
      "classifier, by its mean inner stratified CV score, as scikit-learn's "
      "SequentialFeatureSelector; the order of addition (removal) ranks the features";
  registration.info.params = {
      ParamDeclaration{.name = "direction",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("forward")},
                       .doc = "add features from none, or remove them from all",
                       .choices = {"forward", "backward"}},
      ParamDeclaration{.name = "floating",
                       .type = ParamType::boolean,
                       .default_value = ParamValue{false},
                       .doc = "Pudil's floating search (SFFS, SBFS): conditional steps back"},
      ParamDeclaration{.name = "n_features_to_select",
                       .type = ParamType::integer,
                       .default_value = ParamValue{10LL},
                       .doc = "where the search stops (clamped to the features)",
                       .check = at_least(1.0)},
      ParamDeclaration{.name = "cv",
                       .type = ParamType::integer,
                       .default_value = ParamValue{5LL},
                       .doc = "inner stratified folds (unshuffled, as scikit-learn's)",
                       .check = between(2.0, 1000.0)},
      ParamDeclaration{.name = "scoring",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("accuracy")},
                       .doc = "the inner score maximised",
                       .choices = {"accuracy", "balanced_accuracy"}},
      ParamDeclaration{.name = "max_fits",
                       .type = ParamType::integer,
                       .default_value = ParamValue{10000LL},
                       .doc = "refuse a search of more classifier fits",
                       .check = at_least(1.0)}};
  registration.supervised = true;
  registration.uses_classifier = true;
  registration.reports_measures = true;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    SearchOptions options;
    options.direction =
        params.text("direction") == "forward" ? Direction::forward : Direction::backward;
    options.floating = params.boolean("floating");
    options.target = params.integer("n_features_to_select");
    options.folds = int_param(params, "cv");
    options.scoring =
        params.text("scoring") == "accuracy" ? Scoring::accuracy : Scoring::balanced_accuracy;
    options.max_fits = params.integer("max_fits");
    return std::make_unique<SequentialSelector>(options);
  });
  return registration;
}

const Registrar<SelectorRegistration> sequential_registrar{sequential_registration()};

}  // namespace
}  // namespace tsfs
