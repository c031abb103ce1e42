#include "sweep/run/scores.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "common/progress.hpp"
#include "distance/distance.hpp"
#include "select/selector.hpp"

namespace tsfs {
namespace {

// Batches of a few dozen units: large enough to share a graph across many sigmas, small enough
// that two threads stay balanced on a sweep with few graphs.
constexpr size_t kMaxBatchSize = 128;

// What a selector sees of one unit: the fit rows' usable columns, labels and distances.
struct FitData {
  std::vector<int> columns;
  Eigen::MatrixXd features;
  Eigen::VectorXi labels;
  Eigen::MatrixXd fit_distances;  // a copy when fitted on a fold's rows, or of feature vectors
  const Eigen::MatrixXd* distances = nullptr;
  const SelectorRegistration* registration = nullptr;
  const Classifier* classifier = nullptr;
  int classes = 0;

  SelectionProblem problem() const {
    return {features, registration->supervised ? &labels : nullptr, classes, distances, classifier};
  }
};

FitData fit_data(const Spec& spec, const PreparedDataset& dataset, const ScoreUnit& unit,
                 const Eigen::MatrixXd* distances) {
  FitData data;
  const auto& selector_spec = spec.selectors[static_cast<size_t>(unit.selector)];
  data.registration = selector_spec.registration;
  const std::vector<int> fit_rows = unit_fit_rows(dataset, unit);
  data.columns = usable_columns(dataset.features.values, fit_rows);
  data.features = dataset.features.values(fit_rows, data.columns);
  data.labels = dataset.data.labels(fit_rows);
  data.classes = dataset.data.classes();
  // The spec loader has checked that such a spec has exactly one classifier of feature columns.
  if (data.registration->uses_classifier)
    data.classifier = spec.classifier.classifiers.front().get();
  // Fitted on all rows, the full matrix is the fit matrix: no copy (it is m x m per score unit).
  if (selector_spec.uses_distance) {
    if (!reads_distance_matrix(spec, unit)) {
      data.fit_distances =
          spec.distances[static_cast<size_t>(unit.distance)].measure->feature_distances(
              data.features);
      data.distances = &data.fit_distances;
    } else if (unit.fold == kAllRows) {
      data.distances = distances;
    } else {
      data.fit_distances = (*distances)(fit_rows, fit_rows);
      data.distances = &data.fit_distances;
    }
  }
  return data;
}

// Scores of the usable columns -> a score per dataset column (NaN for unusable ones) and the
// ranking of every column (unusable ones last, in index order).
ScoreResult score_result(const SelectorScores& scored, const FitData& data, long long total,
                         ScoreOrder order) {
  ScoreResult result;
  result.scores = Eigen::VectorXd::Constant(total, std::nan(""));
  for (size_t i = 0; i < data.columns.size(); ++i)
    result.scores(data.columns[i]) = scored.scores(static_cast<Eigen::Index>(i));
  const std::vector<int> positions =
      scored.ranking.empty() ? rank_by_score(scored.scores, order) : scored.ranking;
  for (int position : positions)
    result.ranking.push_back(data.columns[static_cast<size_t>(position)]);
  std::vector<bool> ranked(static_cast<size_t>(total), false);
  for (int column : data.columns) ranked[static_cast<size_t>(column)] = true;
  for (int column = 0; column < total; ++column)
    if (!ranked[static_cast<size_t>(column)]) result.ranking.push_back(column);
  result.zero_weight_fraction = scored.zero_weight_fraction;
  result.usable_features = static_cast<long long>(data.columns.size()) - scored.removed;
  if (scored.std_errors.size() > 0) {
    result.std_errors = Eigen::VectorXd::Constant(total, std::nan(""));
    for (size_t i = 0; i < data.columns.size(); ++i)
      result.std_errors(data.columns[i]) = scored.std_errors(static_cast<Eigen::Index>(i));
  }
  result.measures = scored.measures;
  return result;
}

// Where a unit's scores come from, for messages: "dataset D, distance X, selector 'S'".
std::string unit_context(const Spec& spec, const PreparedDataset& dataset, const ScoreUnit& unit) {
  const auto& selector = spec.selectors[static_cast<size_t>(unit.selector)];
  std::string distance = "none";
  if (unit.distance != kNoDistance) {
    const auto& component = spec.distances[static_cast<size_t>(unit.distance)];
    distance = component.params.entries().empty()
                   ? component.kind
                   : fmt::format("{} ({})", component.kind, component.params.canonical());
  }
  return fmt::format("dataset {}, distance {}, selector '{}'", dataset.data.name, distance,
                     selector.kind);
}

// By the protocol's numbers, not the fold's position in PreparedDataset::folds: a shard of a plan
// split by folds holds some folds only (launch/shard/fold_split.hpp), and must give a reason (in
// cell_status.csv) that is the single run's.
std::string fit_rows_text(const PreparedDataset& dataset, const ScoreUnit& unit) {
  if (unit.fold == kAllRows) return "all rows";
  const auto position = static_cast<size_t>(unit.fold);
  if (position < dataset.folds.size()) {
    const Fold& fold = dataset.folds[position];
    return fmt::format("the training rows of fold {} of repeat {}", fold.index, fold.repeat);
  }
  const size_t inner = position - dataset.folds.size();
  const Fold& fold = dataset.folds[static_cast<size_t>(dataset.inner_outer[inner])];
  return fmt::format("the training rows of inner fold {} of repeat {} within fold {} of repeat {}",
                     dataset.inner_folds[inner].index, dataset.inner_folds[inner].repeat,
                     fold.index, fold.repeat);
}

// Runs `score` and completes a selector's location-less InputError with where it came from.
template <typename Function>
auto with_error_context(const Spec& spec, const PreparedDataset& dataset, const ScoreUnit& unit,
                        Function&& score) {
  try {
    return score();
  } catch (const InputError& error) {
    if (!error.where().empty()) throw;
    throw InputError(spec.selectors[static_cast<size_t>(unit.selector)].where.str(),
                     fmt::format("{} ({}, fitted on {})", error.message(),
                                 unit_context(spec, dataset, unit), fit_rows_text(dataset, unit)));
  }
}

// A unit whose solver did not converge: no scores, every column unranked, and the reason with the
// unit's parameters and fit rows.
ScoreResult not_converged(const Spec& spec, const PreparedDataset& dataset, const ScoreUnit& unit,
                          const NotConverged& error) {
  ScoreResult result;
  result.scores = Eigen::VectorXd::Constant(dataset.features.values.cols(), std::nan(""));
  const auto& params =
      spec.selectors[static_cast<size_t>(unit.selector)].grid[static_cast<size_t>(unit.params)];
  result.not_converged =
      fmt::format("{} ({}, {}, fitted on {})", error.what(), unit_context(spec, dataset, unit),
                  params.canonical(), fit_rows_text(dataset, unit));
  return result;
}

// A batch whose solver fails for one parameter set is scored again one set at a time, so that
// only the sets that do not converge are recorded as such.
void score_batch(const Spec& spec, const PreparedDataset& dataset, const Plan& plan,
                 const std::vector<size_t>& batch, const Eigen::MatrixXd* distances,
                 std::vector<ScoreResult>& results) {
  const ScoreUnit& first = plan.score_units[batch.front()];
  const auto& selector_spec = spec.selectors[static_cast<size_t>(first.selector)];
  if (batch.size() == 1 || !selector_spec.registration->score_batch) {
    results[batch.front()] = compute_scores(spec, dataset, first, distances);
    return;
  }
  const FitData data = fit_data(spec, dataset, first, distances);
  std::vector<const Selector*> selectors;
  for (size_t unit : batch)
    selectors.push_back(
        selector_spec.selectors[static_cast<size_t>(plan.score_units[unit].params)].get());
  const long long total = dataset.features.values.cols();
  try {
    with_error_context(spec, dataset, first, [&] {
      const std::vector<SelectorScores> scored =
          data.registration->score_batch(data.problem(), selectors);
      for (size_t i = 0; i < batch.size(); ++i)
        results[batch[i]] = score_result(scored[i], data, total, selectors[i]->order());
      return 0;
    });
  } catch (const NotConverged&) {
    for (size_t unit : batch)
      results[unit] = compute_scores(spec, dataset, plan.score_units[unit], distances);
  }
}

}  // namespace

ScoreResult score_feature_matrix(const Selector& selector, const SelectorRegistration& registration,
                                 const SelectionProblem& whole) {
  const Eigen::MatrixXd& features = whole.features;
  FitData data;
  data.registration = &registration;
  data.classifier = registration.uses_classifier ? whole.classifier : nullptr;
  std::vector<int> rows(static_cast<size_t>(features.rows()));
  for (size_t r = 0; r < rows.size(); ++r) rows[r] = static_cast<int>(r);
  data.columns = usable_columns(features, rows);
  // No usable column: nothing for the selector to score (the greedy information selectors would
  // index an empty matrix). Every column gets NaN and comes last, as the columns left out do; a
  // run refuses such data before scoring (load.cpp).
  if (data.columns.empty())
    return score_result(SelectorScores{}, data, features.cols(), selector.order());
  // Every column usable (the usual case): one copy, as a run's unit fitted on all rows makes.
  data.features = features(Eigen::all, data.columns);
  if (whole.labels) data.labels = *whole.labels;
  data.classes = whole.classes;
  data.distances =
      registration.uses_distance || selector.asks_for_distances() ? whole.distances : nullptr;
  return score_result(selector.score(data.problem()), data, features.cols(), selector.order());
}

ScoreResult compute_scores(const Spec& spec, const PreparedDataset& dataset, const ScoreUnit& unit,
                           const Eigen::MatrixXd* distances) {
  const FitData data = fit_data(spec, dataset, unit, distances);
  const auto& selector = spec.selectors[static_cast<size_t>(unit.selector)]
                             .selectors[static_cast<size_t>(unit.params)];
  try {
    return with_error_context(spec, dataset, unit, [&] {
      return score_result(selector->score(data.problem()), data, dataset.features.values.cols(),
                          selector->order());
    });
  } catch (const NotConverged& error) {
    return not_converged(spec, dataset, unit, error);
  }
}

std::vector<std::vector<size_t>> score_batches(const Spec& spec, const Plan& plan,
                                               size_t max_size) {
  std::vector<std::vector<size_t>> batches;
  std::map<std::tuple<int, int, int, int, std::string>, size_t> open;  // key -> batch index
  for (size_t u = 0; u < plan.score_units.size(); ++u) {
    const ScoreUnit& unit = plan.score_units[u];
    const auto& selector = spec.selectors[static_cast<size_t>(unit.selector)];
    if (!selector.registration->score_batch) {
      batches.push_back({u});
      continue;
    }
    auto key = std::make_tuple(unit.dataset, unit.distance, unit.selector, unit.fold,
                               selector.selectors[static_cast<size_t>(unit.params)]->batch_key());
    auto found = open.find(key);
    if (found == open.end() || batches[found->second].size() >= max_size) {
      open[key] = batches.size();
      batches.push_back({u});
    } else {
      batches[found->second].push_back(u);
    }
  }
  return batches;
}

void keep_ranking_only(ScoreResult& result) {
  result.scores.resize(0);
  result.std_errors.resize(0);
  result.measures = {};
}

std::vector<ScoreResult> compute_all_scores(const StageInputs& inputs, const Plan& plan,
                                            ScoreParts kept) {
  const Spec& spec = inputs.spec;
  std::vector<ScoreResult> results(plan.score_units.size());
  const auto batches = score_batches(spec, plan, kMaxBatchSize);
  // The batches left that read each distance block: the last one lets go of it
  // (DistanceStore), and the plan's units come dataset by dataset, so a few blocks are held at a
  // time.
  std::map<DistanceStore::Key, std::atomic<size_t>> readers;
  for (const auto& batch : batches)
    if (const ScoreUnit& unit = plan.score_units[batch.front()]; reads_distance_matrix(spec, unit))
      ++readers[{unit.dataset, unit.distance}];
  Progress progress("scores", results.size(), !inputs.settings.show_progress);
  parallel_for(batches.size(), inputs.settings.threads, [&](size_t b) {
    const ScoreUnit& unit = plan.score_units[batches[b].front()];
    const DistanceStore::Key key{unit.dataset, unit.distance};
    std::shared_ptr<const DistanceBlock> block;
    if (reads_distance_matrix(spec, unit)) block = inputs.matrices.block(key);
    const auto started = std::chrono::steady_clock::now();
    score_batch(spec, inputs.datasets[static_cast<size_t>(unit.dataset)], plan, batches[b],
                block ? &block->values : nullptr, results);
    if (block && --readers.at(key) == 0) inputs.matrices.let_go(key);
    if (kept == ScoreParts::ranking)
      for (size_t u : batches[b]) keep_ranking_only(results[u]);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    for (size_t u : batches[b])
      results[u].seconds = seconds / static_cast<double>(batches[b].size());
    progress.advance(batches[b].size());
  });
  progress.finish();
  return results;
}

}  // namespace tsfs
