#include "sweep/run/evaluations.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <tuple>

#include "classify/classifier.hpp"
#include "common/parallel.hpp"

namespace tsfs {
namespace {

using Clock = std::chrono::steady_clock;

// Requests evaluated together: one request through fit_predict, or several subsets of one
// ranking (ascending subset size) through the nested-subset fits.
struct WorkItem {
  std::vector<size_t> requests;
  bool nested = false;
};

// Work items in the order of their first request. Requests are grouped by (dataset, fold,
// classifier parameters, score unit); a group whose ranking the run evaluates at `worthwhile_from`
// or more sizes (EvaluationRequest::planned_subsets, else the group's size) is one nested item,
// even when this batch holds only some of those sizes: a subset's kernel grows column by column
// in ranking order, so it is the same whichever smaller sizes are fitted on the way.
std::vector<WorkItem> plan_work(const std::vector<EvaluationRequest>& requests,
                                const NestedSubsetFits* nested) {
  std::vector<WorkItem> items;
  if (nested == nullptr) {
    for (size_t r = 0; r < requests.size(); ++r) items.push_back({{r}, false});
    return items;
  }
  using GroupKey = std::tuple<int, int, int, int>;
  auto group_of = [&](const EvaluationRequest& request) {
    return GroupKey{request.key.dataset, request.key.fold, request.key.classifier_params,
                    request.score_unit};
  };
  std::map<GroupKey, std::vector<size_t>> groups;
  for (size_t r = 0; r < requests.size(); ++r) groups[group_of(requests[r])].push_back(r);
  for (size_t r = 0; r < requests.size(); ++r) {
    const std::vector<size_t>& group = groups.at(group_of(requests[r]));
    const size_t planned =
        requests[r].planned_subsets > 0 ? requests[r].planned_subsets : group.size();
    if (planned < nested->worthwhile_from) {
      items.push_back({{r}, false});
    } else if (group.front() == r) {
      WorkItem item{group, true};
      // Distinct requests of one ranking have distinct sizes (equal sizes are equal keys).
      std::sort(item.requests.begin(), item.requests.end(), [&](size_t a, size_t b) {
        return requests[a].key.features.size() < requests[b].key.features.size();
      });
      items.push_back(std::move(item));
    }
  }
  return items;
}

// The fits of one nested item; each result's seconds run from the previous report.
void evaluate_nested(const Spec& spec, const PreparedDataset& dataset,
                     const std::vector<int>& ranking,
                     const std::vector<EvaluationRequest>& requests, const WorkItem& item,
                     std::vector<EvaluationResult>& results) {
  auto started = Clock::now();
  const EvaluationKey& first = requests[item.requests.front()].key;
  std::vector<Eigen::Index> sizes;
  for (const size_t r : item.requests)
    sizes.push_back(static_cast<Eigen::Index>(requests[r].key.features.size()));
  const std::vector<int> columns(ranking.begin(), ranking.begin() + sizes.back());
  const Fold& fold = dataset.fold(first.fold);
  const Eigen::VectorXi test_labels = dataset.data.labels(fold.test_rows);
  const int classes = dataset.data.classes();
  auto report = [&](size_t subset, const Predictions& predictions) {
    const auto now = Clock::now();
    EvaluationResult& result = results[item.requests[subset]];
    result = measure(spec, test_labels, predictions, classes);
    result.seconds = std::chrono::duration<double>(now - started).count();
    started = now;
  };
  const NestedSubsetClassifier* classifier =
      spec.classifier.classifiers[static_cast<size_t>(first.classifier_params)]->nested();
  if (classifier == nullptr)
    throw std::logic_error("a classifier registered with nested fits configured without them");
  classifier->fit_predict_nested(dataset.features.values(fold.train_rows, columns),
                                 dataset.data.labels(fold.train_rows), classes,
                                 dataset.features.values(fold.test_rows, columns), sizes, report);
}

}  // namespace

PlannedSubsets planned_subset_counts(const Plan& plan, const std::vector<ScoreResult>& scores) {
  std::map<std::pair<int, int>, std::set<size_t>> sizes;
  for (const Cell& cell : plan.cells)
    for (const int unit : cell.score_units) {
      const ScoreResult& score = scores[static_cast<size_t>(unit)];
      if (score.not_converged.empty())
        sizes[{unit, cell.classifier_params}].insert(
            selected_features(score, cell.n_features).size());
    }
  PlannedSubsets counts;
  for (const auto& [ranking, distinct] : sizes) counts.emplace(ranking, distinct.size());
  return counts;
}

std::vector<EvaluationResult> evaluate_requests(const StageInputs& inputs,
                                                const std::vector<ScoreResult>& scores,
                                                const std::vector<EvaluationRequest>& requests) {
  const Spec& spec = inputs.spec;
  const auto& registration = *spec.classifier.registration;
  // A reducer refits on every subset: the column sums of nested fits do not carry over.
  const NestedSubsetFits* nested =
      inputs.settings.direct_fits || spec.reduce || !registration.nested ? nullptr
                                                                         : &*registration.nested;
  const std::vector<WorkItem> items = plan_work(requests, nested);
  std::vector<EvaluationResult> results(requests.size());
  parallel_for(items.size(), inputs.settings.threads, [&](size_t i) {
    const WorkItem& item = items[i];
    const EvaluationRequest& first = requests[item.requests.front()];
    const PreparedDataset& dataset = inputs.datasets[static_cast<size_t>(first.key.dataset)];
    std::shared_ptr<const DistanceBlock> distances;
    if (first.key.distance != kNoDistance)
      distances = inputs.matrices.block({first.key.dataset, first.key.distance});
    if (item.nested)
      evaluate_nested(spec, dataset, scores[static_cast<size_t>(first.score_unit)].ranking,
                      requests, item, results);
    else
      results[item.requests.front()] = evaluate(spec, dataset, first.key, distances.get());
  });
  return results;
}

}  // namespace tsfs
