#include "sweep/tuning.hpp"

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
#include "sweep/evaluations.hpp"
#include "sweep/previous_results.hpp"
#include "sweep/scores.hpp"

namespace tsfs {
namespace {

// Whether a tuned parameter applies to the rows of this selector.
bool applies_to(const TunedParameter& parameter, const SelectorSpec& selector) {
  return parameter.component == "n_features" || parameter.component == "classifier" ||
         parameter.component == selector.kind;
}

// The results.csv column of a tuned parameter.
std::string column_of(const TunedParameter& parameter) {
  if (parameter.component == "classifier") return "classifier_" + parameter.parameter;
  return parameter.parameter;
}

bool tunes(const Spec& spec, const std::string& component, const std::string& name) {
  return std::any_of(
      spec.tune->parameters.begin(), spec.tune->parameters.end(),
      [&](const TunedParameter& p) { return p.component == component && p.parameter == name; });
}

// The parameters of a set that stay fixed within a tuned row, as one text.
std::string fixed_values(const Spec& spec, const std::string& component, const ParamSet& params) {
  std::string text;
  for (const auto& [name, value] : params.entries())
    if (!tunes(spec, component, name)) text += name + "=" + display_value(value) + ";";
  return text;
}

std::vector<size_t> key_columns(const Spec& spec, const ResultLayout& layout,
                                const SelectorSpec& selector) {
  std::vector<size_t> columns;
  const auto& header = layout.key_header();
  for (const auto& parameter : spec.tune->parameters) {
    if (!applies_to(parameter, selector)) continue;
    auto found = std::find(header.begin(), header.end(), column_of(parameter));
    if (found != header.end()) columns.push_back(static_cast<size_t>(found - header.begin()));
  }
  return columns;
}

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

// The evaluation of every (tuned row, candidate, inner fold), deduplicated through `cache`.
std::vector<std::vector<std::vector<EvaluationKey>>> inner_evaluations(
    const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
    const std::vector<TunedCell>& tuned, const InnerPlan& inner,
    const std::vector<ScoreResult>& scores, int threads, bool direct_fits,
    std::map<EvaluationKey, EvaluationResult>& cache) {
  std::vector<std::vector<std::vector<EvaluationKey>>> keys(tuned.size());
  std::vector<EvaluationRequest> requests;
  std::map<EvaluationKey, size_t> requested;
  for (size_t t = 0; t < tuned.size(); ++t) {
    for (size_t c = 0; c < tuned[t].candidates.size(); ++c) {
      const Cell& cell = plan.cells[static_cast<size_t>(tuned[t].candidates[c])];
      const auto outer_count =
          static_cast<int>(datasets[static_cast<size_t>(cell.dataset)].folds.size());
      std::vector<EvaluationKey> candidate_keys;
      for (size_t g = 0; g < inner.unit_of[t][c].size(); ++g) {
        const int unit = inner.unit_of[t][c][g];
        if (!scores[static_cast<size_t>(unit)].not_converged.empty()) {
          candidate_keys.emplace_back();  // never looked up: the candidate is left out
          continue;
        }
        EvaluationKey key{cell.dataset, outer_count + static_cast<int>(g), cell.classifier_params,
                          selected_features(scores[static_cast<size_t>(unit)], cell.n_features)};
        if (!cache.count(key) && requested.emplace(key, requests.size()).second)
          requests.push_back({key, unit});
        candidate_keys.push_back(std::move(key));
      }
      keys[t].push_back(std::move(candidate_keys));
    }
  }
  auto results = evaluate_requests(spec, datasets, scores, requests, threads, direct_fits);
  for (size_t r = 0; r < requests.size(); ++r) cache.emplace(requests[r].key, results[r]);
  spdlog::info("tuning: {} inner score vectors, {} inner classifier fits",
               inner.units.score_units.size(), requests.size());
  return keys;
}

}  // namespace

InnerFolds make_inner_folds(const Dataset& data, const std::vector<Fold>& outer,
                            const ProtocolOptions& inner) {
  InnerFolds result;
  for (size_t f = 0; f < outer.size(); ++f) {
    const std::vector<int>& rows = outer[f].train_rows;
    // The protocol sees the outer training rows only (labels, in row order) and numbers them
    // 0..n-1; map its folds back to dataset rows.
    Dataset training;
    training.name = fmt::format("{} (training rows of outer fold {})", data.name, f);
    training.values = data.values(rows, Eigen::all);
    training.labels = data.labels(rows);
    training.class_names = data.class_names;
    for (Fold fold : make_folds(inner, training)) {
      for (int& row : fold.train_rows) row = rows[static_cast<size_t>(row)];
      for (int& row : fold.test_rows) row = rows[static_cast<size_t>(row)];
      result.folds.push_back(std::move(fold));
      result.outer.push_back(static_cast<int>(f));
    }
  }
  return result;
}

bool is_tuned(const Spec& spec, const SelectorSpec& selector) {
  if (!spec.tune) return false;
  return std::any_of(spec.tune->parameters.begin(), spec.tune->parameters.end(),
                     [&](const TunedParameter& p) { return applies_to(p, selector); });
}

std::vector<TunedCell> tuned_cells(const Spec& spec, const Plan& plan) {
  std::vector<TunedCell> tuned;
  if (!spec.tune) return tuned;
  using GroupKey = std::tuple<int, int, int, std::string, std::string, long long>;
  std::map<GroupKey, size_t> index;
  const bool n_features_tuned = tunes(spec, "n_features", "n_features");
  for (size_t c = 0; c < plan.cells.size(); ++c) {
    const Cell& cell = plan.cells[c];
    const auto& selector = spec.selectors[static_cast<size_t>(cell.selector)];
    if (!is_tuned(spec, selector)) continue;
    GroupKey key{cell.dataset,
                 cell.distance,
                 cell.selector,
                 fixed_values(spec, selector.kind, selector.grid[static_cast<size_t>(cell.params)]),
                 fixed_values(spec, "classifier",
                              spec.classifier.grid[static_cast<size_t>(cell.classifier_params)]),
                 n_features_tuned ? 0 : cell.n_features};
    auto [found, inserted] = index.try_emplace(key, tuned.size());
    if (inserted) tuned.emplace_back();
    tuned[found->second].candidates.push_back(static_cast<int>(c));
  }
  return tuned;
}

std::vector<std::string> tuned_key(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const TunedCell& tuned) {
  const Cell& first = plan.cells[static_cast<size_t>(tuned.candidates.front())];
  auto key = layout.cell_key(first);
  for (size_t column :
       key_columns(spec, layout, spec.selectors[static_cast<size_t>(first.selector)]))
    key[column] = "tuned";
  return key;
}

InnerPlan make_inner_plan(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                          const Plan& plan, const std::vector<TunedCell>& tuned) {
  InnerPlan inner;
  std::map<std::tuple<int, int, int, int, int>, int> unit_index;
  for (const auto& row : tuned) {
    std::vector<std::vector<int>> candidates;
    for (int c : row.candidates) {
      const Cell& cell = plan.cells[static_cast<size_t>(c)];
      const auto& dataset = datasets[static_cast<size_t>(cell.dataset)];
      const bool fit_on_all =
          spec.selectors[static_cast<size_t>(cell.selector)].fit_on == FitOn::all;
      const auto outer_count = static_cast<int>(dataset.folds.size());
      std::vector<int> units;
      for (size_t g = 0; g < dataset.inner_folds.size(); ++g) {
        const int fold = fit_on_all ? dataset.inner_outer[g] : outer_count + static_cast<int>(g);
        ScoreUnit unit{cell.dataset, cell.distance, cell.selector, cell.params, fold};
        auto key = std::make_tuple(unit.dataset, unit.distance, unit.selector, unit.params, fold);
        auto [found, inserted] =
            unit_index.try_emplace(key, static_cast<int>(inner.units.score_units.size()));
        if (inserted) inner.units.score_units.push_back(unit);
        units.push_back(found->second);
      }
      candidates.push_back(std::move(units));
    }
    inner.unit_of.push_back(std::move(candidates));
  }
  return inner;
}

size_t best_candidate(const std::vector<double>& scores) {
  size_t best = scores.size();
  for (size_t i = 0; i < scores.size(); ++i)
    if (!std::isnan(scores[i]) && (best == scores.size() || scores[i] > scores[best])) best = i;
  return best;
}

std::vector<std::vector<TunedChoice>> choose_candidates(
    const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
    const std::vector<TunedCell>& tuned,
    const std::map<std::pair<int, int>, Eigen::MatrixXd>& distance_matrices, int threads,
    bool direct_fits, bool quiet, std::map<EvaluationKey, EvaluationResult>& cache,
    TuningCounts& counts) {
  const InnerPlan inner = make_inner_plan(spec, datasets, plan, tuned);
  const auto scores =
      compute_all_scores(spec, datasets, inner.units, distance_matrices, threads, quiet);
  const size_t cached = cache.size();
  const auto keys =
      inner_evaluations(spec, datasets, plan, tuned, inner, scores, threads, direct_fits, cache);
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
        double sum = 0.0;
        int count = 0;
        bool converged = true;
        for (size_t g = 0; g < keys[t][c].size(); ++g) {
          if (dataset.inner_outer[g] != static_cast<int>(f)) continue;
          const auto& unit_scores = scores[static_cast<size_t>(inner.unit_of[t][c][g])];
          if (!unit_scores.not_converged.empty()) {
            not_converged = unit_scores.not_converged;
            converged = false;
          } else if (double value = metric_of(spec, cache.at(keys[t][c][g])); !std::isnan(value)) {
            sum += value;
            ++count;
          }
        }
        if (converged && first_converged < 0) first_converged = static_cast<int>(c);
        means.push_back(converged && count > 0 ? sum / count : std::nan(""));
      }
      const size_t best = best_candidate(means);
      if (best < means.size())
        choices[t].push_back({static_cast<int>(best), means[best], {}});
      else if (first_converged >= 0)  // the metric is undefined on every inner fold
        choices[t].push_back({first_converged, std::nan(""), {}});
      else
        choices[t].push_back({-1, std::nan(""), not_converged});
    }
  }
  return choices;
}

std::vector<std::string> tuned_header(const Spec& spec, const ResultLayout& layout) {
  auto header = layout.key_header();
  for (const char* name : {"repeat", "fold", "candidates", "inner_protocol"})
    header.push_back(name);
  for (const auto& parameter : spec.tune->parameters)
    header.push_back("chosen_" + column_of(parameter));
  header.push_back("inner_" + tune_metric_name(*spec.tune));
  for (const char* name : {"accuracy", "balanced_accuracy"}) header.push_back(name);
  for (const ChosenMetric metric : spec.metrics) header.push_back(chosen_metric_name(metric));
  return header;
}

namespace {

// The chosen_* fields of tuned.csv when `candidate` (a plan cell) is chosen.
std::vector<std::string> chosen_fields(const Spec& spec, const ResultLayout& layout,
                                       const Cell& candidate) {
  const auto& selector = spec.selectors[static_cast<size_t>(candidate.selector)];
  const auto candidate_key = layout.cell_key(candidate);
  const auto& header = layout.key_header();
  std::vector<std::string> fields;
  for (const auto& parameter : spec.tune->parameters) {
    auto found = std::find(header.begin(), header.end(), column_of(parameter));
    bool shown = applies_to(parameter, selector) && found != header.end();
    fields.push_back(shown ? candidate_key[static_cast<size_t>(found - header.begin())] : "");
  }
  return fields;
}

}  // namespace

std::vector<std::string> tuned_row(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const TunedCell& tuned, const std::vector<std::string>& key,
                                   const TunedChoice& choice, const FoldOutcome& outcome) {
  const Cell& chosen =
      plan.cells[static_cast<size_t>(tuned.candidates[static_cast<size_t>(choice.candidate)])];
  auto row = key;
  row.push_back(std::to_string(outcome.repeat));
  row.push_back(std::to_string(outcome.fold));
  row.push_back(std::to_string(tuned.candidates.size()));
  row.push_back(protocol_label(spec.tune->inner));
  for (auto& field : chosen_fields(spec, layout, chosen)) row.push_back(std::move(field));
  row.push_back(format_double_or_empty(choice.inner_score));
  row.push_back(format_double(outcome.accuracy));
  row.push_back(format_double(outcome.balanced_accuracy));
  for (const double value : outcome.metrics) row.push_back(format_double_or_empty(value));
  return row;
}

}  // namespace tsfs

namespace tsfs {

PreviousTunedRows read_previous_tuned(const std::filesystem::path& output, const Spec& spec,
                                      const ResultLayout& layout) {
  PreviousTunedRows previous;
  const auto path = output / "tuned.csv";
  if (!spec.tune || !std::filesystem::exists(path)) return previous;
  CsvTable table = read_checked(path);
  if (table.header != tuned_header(spec, layout)) {
    spdlog::warn("{}: other columns than this spec's tune section writes; its rows are recomputed",
                 path.string());
    return previous;
  }
  const size_t key_size = layout.key_header().size();
  const size_t protocol_column = key_size + 3;  // after repeat, fold, candidates
  const std::string inner = protocol_label(spec.tune->inner);
  std::map<std::vector<std::string>, size_t> first_line;  // key, repeat, fold -> row index
  for (size_t r = 0; r < table.rows.size(); ++r) {
    auto& row = table.rows[r];
    std::vector<std::string> fold_key(row.begin(), row.begin() + static_cast<long>(key_size + 2));
    if (auto [found, inserted] = first_line.try_emplace(fold_key, r); !inserted)
      throw InputError(fmt::format("{}:{}", path.string(), r + 2),
                       fmt::format("repeat {} fold {} of this tuned row is already on line {}; the "
                                   "file is damaged: delete one of them, or rerun with --fresh",
                                   row[key_size], row[key_size + 1], found->second + 2));
    if (row[protocol_column] != inner) continue;  // another inner protocol: recomputed
    std::vector<std::string> key(row.begin(), row.begin() + static_cast<long>(key_size));
    previous[key].push_back({std::move(row), r + 2});
  }
  return previous;
}

bool previous_tuned_rows_agree(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                               const TunedCell& tuned, const std::vector<TunedLine>& tuned_rows,
                               const std::vector<std::vector<std::string>>& fold_rows,
                               const std::filesystem::path& path) {
  if (tuned_rows.size() != fold_rows.size()) return false;
  std::map<std::pair<std::string, std::string>, FoldOutcome> outcomes;
  for (const auto& fold_row : fold_rows) {
    FoldOutcome outcome = layout.fold_outcome(fold_row);
    outcomes[{std::to_string(outcome.repeat), std::to_string(outcome.fold)}] = outcome;
  }
  std::set<std::vector<std::string>> choices;
  for (int candidate : tuned.candidates)
    choices.insert(chosen_fields(spec, layout, plan.cells[static_cast<size_t>(candidate)]));
  const size_t k = layout.key_header().size();
  const size_t parameters = spec.tune->parameters.size();
  for (const auto& [row, line] : tuned_rows) {
    auto found = outcomes.find({row[k], row[k + 1]});
    if (found == outcomes.end()) return false;  // other folds: recomputed
    const std::string where = fmt::format("{}:{}", path.string(), line);
    const std::vector<std::string> chosen(row.begin() + static_cast<long>(k + 4),
                                          row.begin() + static_cast<long>(k + 4 + parameters));
    if (row[k + 2] != std::to_string(tuned.candidates.size()) || !choices.count(chosen))
      throw InputError(where, fmt::format("the chosen values ({}) are not one of the row's {} "
                                          "candidates: the file was edited; rerun with --fresh",
                                          fmt::join(chosen, ", "), tuned.candidates.size()));
    const size_t accuracy = k + 4 + parameters + 1;
    if (row[accuracy] != format_double(found->second.accuracy) ||
        row[accuracy + 1] != format_double(found->second.balanced_accuracy))
      throw InputError(where, fmt::format("accuracy {} disagrees with folds.csv ({}): the files "
                                          "were edited or mixed; rerun with --fresh",
                                          row[accuracy], format_double(found->second.accuracy)));
  }
  return true;
}

}  // namespace tsfs
