#include "sweep/plan/work_units.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "distance/distance.hpp"
#include "evaluate/chosen_metrics.hpp"
#include "evaluate/metrics.hpp"
#include "reduce/reducer.hpp"

namespace tsfs {

std::vector<int> all_row_indices(long long count) {
  std::vector<int> rows(static_cast<size_t>(count));
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int>(i);
  return rows;
}

std::vector<int> selected_features(const ScoreResult& scores, long long n) {
  long long count = std::min(n, scores.usable_features);
  std::vector<int> selected(scores.ranking.begin(), scores.ranking.begin() + count);
  std::sort(selected.begin(), selected.end());
  return selected;
}

EvaluationResult measure(const Spec& spec, const Eigen::VectorXi& test_labels,
                         const Predictions& predictions, int classes) {
  EvaluationResult result;
  result.accuracy = accuracy(test_labels, predictions.labels);
  result.balanced_accuracy = balanced_accuracy(test_labels, predictions.labels, classes);
  result.solver_converged = predictions.solver_converged;
  for (const ChosenMetric metric : spec.metrics)
    result.metrics.push_back(chosen_metric_value(metric, test_labels, predictions.labels,
                                                 predictions.scores, classes,
                                                 predictions.zero_coefficient_fraction));
  return result;
}

FoldPredictions fold_predictions(const Spec& spec, const PreparedDataset& dataset,
                                 const EvaluationKey& key, const DistanceBlock* distances) {
  const Fold& fold = dataset.fold(key.fold);
  const std::vector<int>& features = key.features;
  const int classes = dataset.data.classes();
  const auto point = static_cast<size_t>(key.classifier_params);
  if (classifier_uses_distances(spec)) {
    if (distances == nullptr)
      throw std::logic_error("a classifier of distances was planned without its distances");
    return {spec.classifier.distance_classifiers[point]->predict(
                distances->between(fold.test_rows, fold.train_rows),
                dataset.data.labels(fold.train_rows), classes),
            0};
  }
  Eigen::MatrixXd train = dataset.features.values(fold.train_rows, features);
  Eigen::MatrixXd test = dataset.features.values(fold.test_rows, features);
  const Eigen::VectorXi train_labels = dataset.data.labels(fold.train_rows);
  double reconstruction_error = std::numeric_limits<double>::quiet_NaN();
  if (spec.reduce) {
    try {
      Reduction reduced =
          spec.reduce->reducers[static_cast<size_t>(key.reducer_params)]->fit_transform(
              train, train_labels, classes, test);
      // No component (a model that found nothing to explain) leaves the classifier nothing.
      if (reduced.train.cols() == 0)
        throw InputError("", fmt::format("the reducer kept no component on the {} training rows "
                                         "of fold {} of repeat {}",
                                         fold.train_rows.size(), fold.index, fold.repeat));
      train = std::move(reduced.train);
      test = std::move(reduced.test);
      reconstruction_error = reduced.reconstruction_error;
    } catch (const InputError& error) {
      throw InputError(spec.reduce->where.str(),
                       fmt::format("{} (dataset {}, reducer '{}')", error.message(),
                                   dataset.data.name, spec.reduce->kind));
    }
  }
  try {
    return {
        spec.classifier.classifiers[point]->fit_predict_scores(train, train_labels, classes, test),
        static_cast<long long>(train.cols()), reconstruction_error};
  } catch (const InputError& error) {
    // A location-less refusal (a Python estimator's exception): the entry's line and the fit.
    if (!error.where().empty()) throw;
    throw InputError(spec.classifier.where.str(),
                     fmt::format("{} (dataset {}, fitted on the {} training rows of fold {} of "
                                 "repeat {})",
                                 error.message(), dataset.data.name, fold.train_rows.size(),
                                 fold.index, fold.repeat));
  }
}

EvaluationKey evaluation_key(const Spec& spec, const Cell& cell, int fold,
                             std::vector<int> selected) {
  if (!classifier_uses_distances(spec))
    return {cell.dataset,        fold,        cell.classifier_params,
            std::move(selected), kNoDistance, cell.reducer_params};
  return {cell.dataset, fold, cell.classifier_params, {}, cell.distance, cell.reducer_params};
}

EvaluationResult evaluate(const Spec& spec, const PreparedDataset& dataset,
                          const EvaluationKey& key, const DistanceBlock* distances) {
  auto start = std::chrono::steady_clock::now();
  const auto& fold = dataset.fold(key.fold);
  const FoldPredictions fitted = fold_predictions(spec, dataset, key, distances);
  EvaluationResult result = measure(spec, dataset.data.labels(fold.test_rows), fitted.predictions,
                                    dataset.data.classes());
  result.n_components = fitted.columns;
  result.reconstruction_error = fitted.reconstruction_error;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::vector<int> usable_columns(const Eigen::MatrixXd& features, const std::vector<int>& fit_rows) {
  std::vector<int> usable;
  for (Eigen::Index column = 0; column < features.cols(); ++column) {
    if (!features.col(column).allFinite()) continue;
    double first = features(fit_rows.front(), column);
    bool constant = std::all_of(fit_rows.begin(), fit_rows.end(),
                                [&](int row) { return features(row, column) == first; });
    if (!constant) usable.push_back(static_cast<int>(column));
  }
  return usable;
}

std::vector<int> unit_fit_rows(const PreparedDataset& dataset, const ScoreUnit& unit) {
  return unit.fold == kAllRows ? all_row_indices(dataset.data.rows())
                               : dataset.fold(unit.fold).train_rows;
}

bool reads_distance_matrix(const Spec& spec, const ScoreUnit& unit) {
  return unit.distance != kNoDistance &&
         !spec.distances[static_cast<size_t>(unit.distance)].measure->compares_feature_vectors();
}

}  // namespace tsfs
