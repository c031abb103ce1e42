#include "sweep/store/result_layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/text.hpp"
#include "distance/distance.hpp"
#include "evaluate/fold_means.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"

namespace tsfs {
namespace {

// Wall-clock seconds (NaN when timings are off: --no-timings keeps CSVs byte-reproducible).
std::string optional_seconds(double value) {
  return std::isnan(value) ? "" : fmt::format("{:.6f}", value);
}

// Mean and sample standard deviation (empty for one value) of the folds' values, the mean given
// (fold_means.hpp: equal results, equal means); the deviations are summed in fold order.
struct MeanAndSpread {
  double mean = 0.0;
  std::string spread;
};

MeanAndSpread with_spread(double mean, const std::vector<double>& values) {
  MeanAndSpread result{mean, ""};
  if (values.size() > 1) {
    double squares = 0.0;
    for (const double value : values) squares += (value - result.mean) * (value - result.mean);
    result.spread =
        format_double_or_empty(std::sqrt(squares / static_cast<double>(values.size() - 1)));
  }
  return result;
}

MeanAndSpread accuracy_mean_and_spread(const std::vector<FoldOutcome>& folds) {
  std::vector<double> values;
  std::vector<long long> test_sizes;
  for (const auto& fold : folds) {
    values.push_back(fold.accuracy);
    test_sizes.push_back(fold.n_test);
  }
  return with_spread(mean_accuracy(values, test_sizes), values);
}

double mean_of(const std::vector<FoldOutcome>& folds, double FoldOutcome::*member) {
  double sum = 0.0;
  for (const auto& fold : folds) sum += fold.*member;
  return sum / static_cast<double>(folds.size());
}

}  // namespace

ResultLayout::ResultLayout(const Spec& spec, const std::vector<PreparedDataset>& datasets)
    : spec_(spec), datasets_(datasets) {
  for (const auto& selector : spec.selectors) {
    score_std_errors_ = score_std_errors_ || selector.registration->provides_std_errors;
    for (const auto& name : selector_param_names(selector))
      if (std::find(selector_columns_.begin(), selector_columns_.end(), name) ==
          selector_columns_.end())
        selector_columns_.push_back(name);
  }
  if (!spec.classifier.grid.empty())
    for (const auto& [name, value] : spec.classifier.grid.front().entries())
      classifier_columns_.push_back(name);
  std::map<std::string, size_t> seen;
  for (size_t i = 0; i < spec.distances.size(); ++i) {
    const auto& distance = spec.distances[i];
    const std::string& label = distance.label;
    if (auto [found, inserted] = seen.try_emplace(label, i); !inserted)
      throw InputError(
          distance.where.str(),
          fmt::format("distance '{}' repeats distance #{} of the spec", label, found->second + 1));
    distance_labels_.push_back(label);
  }
  key_header_ = {"dataset", "distance", "selector", "fit_on"};
  key_header_.insert(key_header_.end(), selector_columns_.begin(), selector_columns_.end());
  key_header_.push_back("n_features");
  key_header_.push_back("classifier");
  for (const auto& name : classifier_columns_) key_header_.push_back("classifier_" + name);
  if (spec.reduce) {
    key_header_.push_back("reducer");
    for (const auto& [name, value] : spec.reduce->grid.front().entries())
      key_header_.push_back("reducer_" + name);
  }
  key_header_.push_back("protocol");
}

std::vector<std::string> ResultLayout::results_header() const {
  auto header = key_header_;
  for (const char* name : {"accuracy", "accuracy_std", "balanced_accuracy"}) header.push_back(name);
  for (const ChosenMetric metric : spec_.metrics) {
    header.push_back(chosen_metric_name(metric));
    header.push_back(chosen_metric_name(metric) + "_std");
  }
  for (const char* name : {"n_folds", "n_features_used"}) header.push_back(name);
  if (spec_.reduce) header.push_back("n_components");
  if (reports_reconstruction()) header.push_back("reconstruction_error");
  if (reports_convergence()) header.push_back("non_converged_fits");
  for (const char* name : {"zero_weight_fraction", "fit_seconds"}) header.push_back(name);
  return unique_columns(std::move(header), "results.csv");
}

std::vector<std::string> ResultLayout::folds_header() const {
  auto header = key_header_;
  for (const char* name : {"repeat", "fold", "n_train", "n_test", "n_features_used"})
    header.push_back(name);
  if (spec_.reduce) header.push_back("n_components");
  if (reports_reconstruction()) header.push_back("reconstruction_error");
  if (reports_convergence()) header.push_back("non_converged_fits");
  for (const char* name : {"accuracy", "balanced_accuracy"}) header.push_back(name);
  for (const ChosenMetric metric : spec_.metrics) header.push_back(chosen_metric_name(metric));
  for (const char* name : {"zero_weight_fraction", "fit_seconds"}) header.push_back(name);
  return unique_columns(std::move(header), "folds.csv");
}

std::vector<std::string> ResultLayout::scores_header() const {
  std::vector<std::string> header = {"dataset", "distance", "selector", "fit_on"};
  header.insert(header.end(), selector_columns_.begin(), selector_columns_.end());
  for (const char* name : {"repeat", "fold", "feature_index", "feature", "score"})
    header.push_back(name);
  if (score_std_errors_) header.push_back("score_std_error");
  header.push_back("rank");
  return unique_columns(std::move(header), "scores.csv");
}

std::vector<std::string> ResultLayout::work_seconds_header() const {
  std::vector<std::string> header = {"dataset", "distance", "selector", "fit_on"};
  header.insert(header.end(), selector_columns_.begin(), selector_columns_.end());
  for (const char* name :
       {"rows", "rows_resumed", "score_vectors", "dataset_rows", "dataset_features", "classifier",
        "score_seconds", "fit_seconds", "tuning_seconds"})
    header.push_back(name);
  return unique_columns(std::move(header), "work_seconds.csv");
}

std::vector<std::string> ResultLayout::measures_header() const {
  std::vector<std::string> header = {"dataset", "distance", "selector", "fit_on"};
  header.insert(header.end(), selector_columns_.begin(), selector_columns_.end());
  for (const char* name : {"repeat", "fold", "measure", "value"}) header.push_back(name);
  return unique_columns(std::move(header), "selection_measures.csv");
}

std::vector<std::string> ResultLayout::curves_header() const {
  auto header = key_header_;
  // score_threshold, not threshold: a selector parameter (variance's) has that name.
  for (const char* name : {"repeat", "fold", "curve", "class", "score_threshold", "x", "y"})
    header.push_back(name);
  return unique_columns(std::move(header), "curves.csv");
}

bool ResultLayout::reports_measures() const {
  return std::any_of(spec_.selectors.begin(), spec_.selectors.end(),
                     [](const auto& selector) { return selector.registration->reports_measures; });
}

bool ResultLayout::reports_reconstruction() const {
  return spec_.reduce && spec_.reduce->registration->reconstructs;
}

bool ResultLayout::reports_convergence() const {
  return spec_.classifier.registration != nullptr &&
         spec_.classifier.registration->reports_convergence;
}

std::vector<std::string> unique_columns(std::vector<std::string> header, const std::string& table) {
  std::set<std::string> seen;
  for (const auto& name : header)
    if (!seen.insert(name).second)
      throw std::logic_error(fmt::format("{} would have two '{}' columns", table, name));
  return header;
}

long long non_converged_fits(const std::vector<FoldOutcome>& folds) {
  return std::count_if(folds.begin(), folds.end(),
                       [](const FoldOutcome& fold) { return !fold.solver_converged; });
}

const std::string& ResultLayout::distance_label(int distance) const {
  static const std::string none;
  return distance == kNoDistance ? none : distance_labels_[static_cast<size_t>(distance)];
}

std::string ResultLayout::protocol_label() const {
  return protocol_label_with_duplicates(tsfs::protocol_label(spec_.protocol), spec_.duplicates);
}

std::vector<std::string> ResultLayout::selector_fields(int selector, int params) const {
  const auto& selector_spec = spec_.selectors[static_cast<size_t>(selector)];
  const auto& values = selector_spec.grid[static_cast<size_t>(params)];
  std::vector<std::string> fields = {selector_spec.kind, fit_on_name(selector_spec.fit_on)};
  for (const auto& name : selector_columns_)
    fields.push_back(values.has(name) ? values.display(name) : "");
  return fields;
}

std::string ResultLayout::absent_key_field(const std::string& selector_kind,
                                           const std::string& column) const {
  for (const auto& selector : spec_.selectors) {
    if (selector.kind != selector_kind || !selector.registration) continue;
    for (const auto& declaration : selector.registration->info.params)
      if (declaration.name == column && declaration.default_value)
        return display_value(*declaration.default_value);
  }
  return "";
}

std::vector<std::string> ResultLayout::cell_key(const Cell& cell) const {
  std::vector<std::string> key = {datasets_[static_cast<size_t>(cell.dataset)].data.name,
                                  distance_label(cell.distance)};
  auto selector = selector_fields(cell.selector, cell.params);
  key.insert(key.end(), selector.begin(), selector.end());
  key.push_back(std::to_string(cell.n_features));
  key.push_back(spec_.classifier.kind);
  const auto& classifier = spec_.classifier.grid[static_cast<size_t>(cell.classifier_params)];
  for (const auto& name : classifier_columns_) key.push_back(classifier.display(name));
  if (spec_.reduce) {
    key.push_back(spec_.reduce->kind);
    for (const auto& [name, value] :
         spec_.reduce->grid[static_cast<size_t>(cell.reducer_params)].entries())
      key.push_back(display_value(value));
  }
  key.push_back(protocol_label());
  return key;
}

std::vector<std::string> ResultLayout::results_row(const Cell& cell,
                                                   const std::vector<FoldOutcome>& folds) const {
  auto row = cell_key(cell);
  const MeanAndSpread accuracy = accuracy_mean_and_spread(folds);
  double seconds = 0.0;
  for (const auto& fold : folds) seconds += fold.fit_seconds;
  row.push_back(format_double(accuracy.mean));
  row.push_back(accuracy.spread);
  std::vector<double> values;
  for (const auto& fold : folds) values.push_back(fold.balanced_accuracy);
  row.push_back(format_double(order_free_mean(values)));
  for (size_t m = 0; m < spec_.metrics.size(); ++m) {
    values.clear();
    for (const auto& fold : folds) values.push_back(fold.metrics.at(m));
    const MeanAndSpread metric = with_spread(order_free_mean(values), values);
    row.push_back(format_double_or_empty(metric.mean));
    row.push_back(metric.spread);
  }
  row.push_back(std::to_string(folds.size()));
  row.push_back(
      std::to_string(std::min_element(folds.begin(), folds.end(), [](const auto& a, const auto& b) {
                       return a.n_features_used < b.n_features_used;
                     })->n_features_used));
  if (spec_.reduce) {
    double components = 0.0;
    for (const auto& fold : folds) components += static_cast<double>(fold.n_components);
    row.push_back(format_double(components / static_cast<double>(folds.size())));
  }
  if (reports_reconstruction())
    row.push_back(format_double_or_empty(mean_of(folds, &FoldOutcome::reconstruction_error)));
  if (reports_convergence()) row.push_back(std::to_string(non_converged_fits(folds)));
  row.push_back(format_double_or_empty(mean_of(folds, &FoldOutcome::zero_weight_fraction)));
  row.push_back(optional_seconds(seconds));
  return row;
}

std::vector<std::string> ResultLayout::folds_row(const Cell& cell, const FoldOutcome& fold) const {
  auto row = cell_key(cell);
  row.push_back(std::to_string(fold.repeat));
  row.push_back(std::to_string(fold.fold));
  row.push_back(std::to_string(fold.n_train));
  row.push_back(std::to_string(fold.n_test));
  row.push_back(std::to_string(fold.n_features_used));
  if (spec_.reduce) row.push_back(std::to_string(fold.n_components));
  if (reports_reconstruction()) row.push_back(format_double_or_empty(fold.reconstruction_error));
  if (reports_convergence()) row.push_back(fold.solver_converged ? "0" : "1");
  row.push_back(format_double(fold.accuracy));
  row.push_back(format_double(fold.balanced_accuracy));
  for (size_t m = 0; m < spec_.metrics.size(); ++m)
    row.push_back(format_double_or_empty(fold.metrics.at(m)));
  row.push_back(format_double_or_empty(fold.zero_weight_fraction));
  row.push_back(optional_seconds(fold.fit_seconds));
  return row;
}

FoldOutcome ResultLayout::fold_outcome(const std::vector<std::string>& folds_row) const {
  size_t at = key_header_.size();
  auto number = [&] {
    const std::string& field = folds_row.at(at++);
    return field.empty() ? std::nan("") : parse_double(field).value();
  };
  auto integer = [&] { return static_cast<long long>(number()); };
  FoldOutcome fold;
  fold.repeat = static_cast<int>(integer());
  fold.fold = static_cast<int>(integer());
  fold.n_train = integer();
  fold.n_test = integer();
  fold.n_features_used = integer();
  if (spec_.reduce) fold.n_components = integer();
  if (reports_reconstruction()) fold.reconstruction_error = number();
  if (reports_convergence()) fold.solver_converged = integer() == 0;
  fold.accuracy = number();
  fold.balanced_accuracy = number();
  for (size_t m = 0; m < spec_.metrics.size(); ++m) fold.metrics.push_back(number());
  fold.zero_weight_fraction = number();
  fold.fit_seconds = number();
  return fold;
}

std::vector<std::string> ResultLayout::cell_status_header() const {
  auto header = key_header();
  header.push_back("status");
  header.push_back("reason");
  return header;
}

std::vector<std::string> ResultLayout::score_unit_key(const ScoreUnit& unit) const {
  const auto& dataset = datasets_[static_cast<size_t>(unit.dataset)];
  std::vector<std::string> key = {dataset.data.name, distance_label(unit.distance)};
  auto selector = selector_fields(unit.selector, unit.params);
  key.insert(key.end(), selector.begin(), selector.end());
  std::string repeat, fold;
  if (unit.fold != kAllRows) {
    const auto& fold_spec = dataset.folds[static_cast<size_t>(unit.fold)];
    repeat = std::to_string(fold_spec.repeat);
    fold = std::to_string(fold_spec.index);
  }
  key.push_back(repeat);
  key.push_back(fold);
  return key;
}

std::vector<std::string> ResultLayout::work_group_key(const ScoreUnit& unit) const {
  std::vector<std::string> key = score_unit_key(unit);
  key.resize(key.size() - 2);  // without repeat and fold
  return key;
}

std::vector<std::vector<std::string>> ResultLayout::measure_rows(
    const ScoreUnit& unit, const std::vector<std::pair<std::string, double>>& measures) const {
  const std::vector<std::string> key = score_unit_key(unit);
  std::vector<std::vector<std::string>> rows;
  for (const auto& [measure, value] : measures) {
    auto row = key;
    row.push_back(measure);
    row.push_back(format_double_or_empty(value));
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<std::vector<std::string>> ResultLayout::score_rows(
    const ScoreUnit& unit, const Eigen::VectorXd& scores, const std::vector<int>& ranking,
    const Eigen::VectorXd& std_errors) const {
  const auto& dataset = datasets_[static_cast<size_t>(unit.dataset)];
  const std::vector<std::string> prefix = score_unit_key(unit);
  std::vector<int> rank_of(ranking.size());
  for (size_t position = 0; position < ranking.size(); ++position)
    rank_of[static_cast<size_t>(ranking[position])] = static_cast<int>(position);
  std::vector<std::vector<std::string>> rows;
  for (Eigen::Index column = 0; column < scores.size(); ++column) {
    auto row = prefix;
    row.push_back(std::to_string(column));
    row.push_back(dataset.features.names[static_cast<size_t>(column)]);
    row.push_back(format_double(scores(column)));
    if (score_std_errors_)
      row.push_back(std_errors.size() > 0 ? format_double_or_empty(std_errors(column)) : "");
    // No ranking: the selector's solver did not converge (score nan, rank empty, every column).
    row.push_back(ranking.empty() ? "" : std::to_string(rank_of[static_cast<size_t>(column)]));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace tsfs
