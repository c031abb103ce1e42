#include "sweep/work_units.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "classify/classifier.hpp"
#include "evaluate/chosen_metrics.hpp"
#include "evaluate/metrics.hpp"

namespace tsfs {

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
  for (const ChosenMetric metric : spec.metrics)
    result.metrics.push_back(chosen_metric_value(metric, test_labels, predictions.labels,
                                                 predictions.scores, classes,
                                                 predictions.zero_coefficient_fraction));
  return result;
}

EvaluationResult evaluate(const Spec& spec, const PreparedDataset& dataset,
                          const EvaluationKey& key) {
  auto start = std::chrono::steady_clock::now();
  const auto& fold = dataset.fold(key.fold);
  const auto& registration = *spec.classifier.registration;
  auto classifier =
      registration.make(spec.classifier.grid[static_cast<size_t>(key.classifier_params)]);
  Eigen::MatrixXd train = dataset.features.values(fold.train_rows, key.features);
  Eigen::MatrixXd test = dataset.features.values(fold.test_rows, key.features);
  Eigen::VectorXi train_labels = dataset.data.labels(fold.train_rows);
  Eigen::VectorXi test_labels = dataset.data.labels(fold.test_rows);
  const Predictions predictions =
      classifier->fit_predict_scores(train, train_labels, dataset.data.classes(), test);
  EvaluationResult result = measure(spec, test_labels, predictions, dataset.data.classes());
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tsfs
