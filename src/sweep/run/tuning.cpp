#include "sweep/run/tuning.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "common/error.hpp"
#include "common/text.hpp"
#include "evaluate/fold_means.hpp"
#include "sweep/run/evaluations.hpp"
#include "sweep/run/scores.hpp"
#include "sweep/store/previous_results.hpp"

namespace tsfs {
namespace {

// NaN when the metric is undefined on the fold (ROC AUC of a fold without a positive row).
double metric_of(const Spec& spec, const EvaluationResult& result) {
  switch (spec.tune->metric) {
    case TuneMetric::accuracy:
      return result.accuracy;
    case TuneMetric::balanced_accuracy:
      return result.balanced_accuracy;
    case TuneMetric::chosen:
      return result.metrics.at(spec.tune->chosen_index);
  }
  return std::nan("");
}

// The inner folds' score units and their score vectors.
struct InnerScores {
  const InnerPlan& inner;
  const std::vector<ScoreResult>& scores;
};

// The evaluation of every (tuned row, candidate, inner fold), deduplicated through `cache`; the
// fits' seconds added to `seconds` as tuning.
std::vector<std::vector<std::vector<EvaluationKey>>> inner_evaluations(
    const StageInputs& inputs, const Plan& plan, const std::vector<TunedCell>& tuned,
    const InnerScores& inner_scores, EvaluationCache& cache, WorkSeconds& seconds) {
  const InnerPlan& inner = inner_scores.inner;
  const std::vector<ScoreResult>& scores = inner_scores.scores;
  const Spec& spec = inputs.spec;
  std::vector<std::vector<std::vector<EvaluationKey>>> keys(tuned.size());
  std::vector<EvaluationRequest> requests;
  std::map<EvaluationKey, size_t> requested;
  for (size_t t = 0; t < tuned.size(); ++t) {
    for (size_t c = 0; c < tuned[t].candidates.size(); ++c) {
      const Cell& cell = plan.cells[static_cast<size_t>(tuned[t].candidates[c])];
      const auto outer_count =
          static_cast<int>(inputs.datasets[static_cast<size_t>(cell.dataset)].folds.size());
      std::vector<EvaluationKey> candidate_keys;
      for (size_t g = 0; g < inner.unit_of[t][c].size(); ++g) {
        const int unit = inner.unit_of[t][c][g];
        if (!scores[static_cast<size_t>(unit)].not_converged.empty()) {
          candidate_keys.emplace_back();  // never looked up: the candidate is left out
          continue;
        }
        EvaluationKey key =
            evaluation_key(spec, cell, outer_count + static_cast<int>(g),
                           selected_features(scores[static_cast<size_t>(unit)], cell.n_features));
        if (!cache.count(key) && requested.emplace(key, requests.size()).second)
          requests.push_back({key, unit});
        candidate_keys.push_back(std::move(key));
      }
      keys[t].push_back(std::move(candidate_keys));
    }
  }
  auto results = evaluate_requests(inputs, scores, requests);
  for (size_t r = 0; r < requests.size(); ++r) {
    cache.emplace(requests[r].key, results[r]);
    seconds.add_fit(inner.units.score_units[static_cast<size_t>(requests[r].score_unit)],
                    results[r].seconds, true);
  }
  spdlog::info("tuning: {} inner score vectors, {} inner classifier fits",
               inner.units.score_units.size(), requests.size());
  return keys;
}

}  // namespace

BestCandidate best_candidate(const std::vector<double>& scores, TieBreak ties) {
  BestCandidate best{scores.size(), 0};
  for (size_t i = 0; i < scores.size(); ++i) {
    if (std::isnan(scores[i])) continue;
    if (best.index == scores.size() || scores[i] > scores[best.index]) {
      best = {i, 1};
    } else if (scores[i] == scores[best.index]) {
      ++best.tied;
      if (ties == TieBreak::last) best.index = i;
    }
  }
  return best;
}

std::vector<std::vector<TunedChoice>> choose_candidates(const StageInputs& inputs, const Plan& plan,
                                                        const std::vector<TunedCell>& tuned,
                                                        EvaluationCache& cache,
                                                        TuningCounts& counts,
                                                        WorkSeconds& seconds) {
  const Spec& spec = inputs.spec;
  const std::vector<PreparedDataset>& datasets = inputs.datasets;
  const InnerPlan inner = make_inner_plan(spec, datasets, plan, tuned);
  const auto scores = compute_all_scores(inputs, inner.units, ScoreParts::ranking);
  seconds.add_scores(inner.units, scores, true);
  const size_t cached = cache.size();
  const auto keys = inner_evaluations(inputs, plan, tuned, {inner, scores}, cache, seconds);
  counts.inner_score_vectors += inner.units.score_units.size();
  counts.inner_fits += cache.size() - cached;
  std::vector<std::vector<TunedChoice>> choices(tuned.size());
  for (size_t t = 0; t < tuned.size(); ++t) {
    const Cell& first = plan.cells[static_cast<size_t>(tuned[t].candidates.front())];
    const auto& dataset = datasets[static_cast<size_t>(first.dataset)];
    for (size_t f = 0; f < dataset.folds.size(); ++f) {
      // Per candidate: the mean metric over the inner folds where it is defined (NaN when it is
      // nowhere), or NaN and left out when its selector did not converge on some inner fold.
      std::vector<double> means;
      std::string not_converged;
      int first_converged = -1;
      for (size_t c = 0; c < keys[t].size(); ++c) {
        // The means of an ordinary run's results.csv (fold_means.hpp): candidates whose inner
        // folds agree in exact arithmetic tie exactly, not by the rounding of a sum.
        std::vector<double> values;
        std::vector<long long> test_sizes;
        bool converged = true;
        for (size_t g = 0; g < keys[t][c].size(); ++g) {
          if (dataset.inner_outer[g] != static_cast<int>(f)) continue;
          const auto& unit_scores = scores[static_cast<size_t>(inner.unit_of[t][c][g])];
          if (!unit_scores.not_converged.empty()) {
            not_converged = unit_scores.not_converged;
            converged = false;
          } else if (double value = metric_of(spec, cache.at(keys[t][c][g])); !std::isnan(value)) {
            values.push_back(value);
            test_sizes.push_back(static_cast<long long>(dataset.inner_folds[g].test_rows.size()));
          }
        }
        if (converged && first_converged < 0) first_converged = static_cast<int>(c);
        const bool accuracy = spec.tune->metric == TuneMetric::accuracy;
        means.push_back(!converged || values.empty() ? std::nan("")
                        : accuracy                   ? mean_accuracy(values, test_sizes)
                                                     : order_free_mean(values));
      }
      const BestCandidate best = best_candidate(means, spec.tune->ties);
      if (best.index < means.size())
        choices[t].push_back({static_cast<int>(best.index), means[best.index], best.tied, {}});
      else if (first_converged >= 0)  // the metric is undefined on every inner fold
        choices[t].push_back({first_converged, std::nan(""), 0, {}});
      else
        choices[t].push_back({-1, std::nan(""), 0, not_converged});
    }
  }
  return choices;
}

}  // namespace tsfs
