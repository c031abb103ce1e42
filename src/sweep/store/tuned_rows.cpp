#include "sweep/store/tuned_rows.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/store/output_writer.hpp"
#include "sweep/store/previous_results.hpp"

namespace tsfs {
namespace {

// Positions of tuned.csv's columns (tuned_header's order): the key, then these.
struct TunedPositions {
  size_t repeat, fold, candidates, inner_protocol, ties, chosen, inner_score, tied, results;
};

// tuned.csv's chosen_* columns, by results.csv column: one per tuned parameter, but one
// `distance` for every tuned distance parameter (the chosen distance's label holds their values).
std::vector<std::string> chosen_columns(const Spec& spec) {
  std::vector<std::string> columns;
  for (const auto& parameter : spec.tune->parameters) {
    std::string column = tuned_column(parameter);
    if (std::find(columns.begin(), columns.end(), column) == columns.end())
      columns.push_back(std::move(column));
  }
  return columns;
}

TunedPositions tuned_positions(const Spec& spec, const ResultLayout& layout) {
  const size_t k = layout.key_header().size();
  const size_t inner_score = k + 5 + chosen_columns(spec).size();
  return {k, k + 1, k + 2, k + 3, k + 4, k + 5, inner_score, inner_score + 1, inner_score + 2};
}

std::vector<size_t> key_columns(const Spec& spec, const ResultLayout& layout,
                                const SelectorSpec& selector) {
  std::vector<size_t> columns;
  const auto& header = layout.key_header();
  for (const auto& parameter : spec.tune->parameters) {
    if (!tuned_parameter_applies(parameter, selector)) continue;
    auto found = std::find(header.begin(), header.end(), tuned_column(parameter));
    const auto column = static_cast<size_t>(found - header.begin());
    if (found != header.end() && std::find(columns.begin(), columns.end(), column) == columns.end())
      columns.push_back(column);
  }
  return columns;
}

// The chosen_* fields of tuned.csv when `candidate` (a plan cell) is chosen.
std::vector<std::string> chosen_fields(const Spec& spec, const ResultLayout& layout,
                                       const Cell& candidate) {
  const auto& selector = spec.selectors[static_cast<size_t>(candidate.selector)];
  const auto candidate_key = layout.cell_key(candidate);
  const auto& header = layout.key_header();
  std::vector<std::string> fields;
  for (const std::string& column : chosen_columns(spec)) {
    auto found = std::find(header.begin(), header.end(), column);
    const bool applies = std::any_of(
        spec.tune->parameters.begin(), spec.tune->parameters.end(), [&](const TunedParameter& p) {
          return tuned_column(p) == column && tuned_parameter_applies(p, selector);
        });
    fields.push_back(applies && found != header.end()
                         ? candidate_key[static_cast<size_t>(found - header.begin())]
                         : "");
  }
  return fields;
}

}  // namespace

std::vector<std::string> tuned_key(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const TunedCell& tuned) {
  const Cell& first = plan.cells[static_cast<size_t>(tuned.candidates.front())];
  auto key = layout.cell_key(first);
  const auto& header = layout.key_header();
  for (size_t column :
       key_columns(spec, layout, spec.selectors[static_cast<size_t>(first.selector)]))
    key[column] =
        header[column] == "distance" ? tuned_distance_field(spec, first.distance) : "tuned";
  return key;
}

std::vector<std::string> tuned_header(const Spec& spec, const ResultLayout& layout) {
  auto header = layout.key_header();
  for (const char* name : {"repeat", "fold", "candidates", "inner_protocol", "ties"})
    header.push_back(name);
  for (const std::string& column : chosen_columns(spec)) header.push_back("chosen_" + column);
  header.push_back("inner_" + tune_metric_name(*spec.tune));
  header.push_back("tied_candidates");
  for (const char* name : {"accuracy", "balanced_accuracy"}) header.push_back(name);
  for (const ChosenMetric metric : spec.metrics) header.push_back(chosen_metric_name(metric));
  return unique_columns(std::move(header), "tuned.csv");
}

std::vector<std::string> tuned_row(const TunedGrid& grid, const TunedCell& tuned,
                                   const std::vector<std::string>& key, const TunedChoice& choice,
                                   const FoldOutcome& outcome) {
  const Spec& spec = grid.spec;
  const Plan& plan = grid.plan;
  const Cell& chosen =
      plan.cells[static_cast<size_t>(tuned.candidates[static_cast<size_t>(choice.candidate)])];
  auto row = key;
  row.push_back(std::to_string(outcome.repeat));
  row.push_back(std::to_string(outcome.fold));
  row.push_back(std::to_string(tuned.candidates.size()));
  row.push_back(protocol_label(spec.tune->inner));
  row.push_back(tie_break_name(spec.tune->ties));
  for (auto& field : chosen_fields(spec, grid.layout, chosen)) row.push_back(std::move(field));
  row.push_back(format_double_or_empty(choice.inner_score));
  row.push_back(choice.tied > 0 ? std::to_string(choice.tied) : "");
  row.push_back(format_double(outcome.accuracy));
  row.push_back(format_double(outcome.balanced_accuracy));
  for (const double value : outcome.metrics) row.push_back(format_double_or_empty(value));
  return row;
}

namespace {

// The rows of a tuned.csv with this spec's header, by tuned row key.
PreviousTunedRows tuned_lines(CsvTable& table, const std::vector<size_t>& lines,
                              const std::filesystem::path& path, const Spec& spec,
                              const ResultLayout& layout) {
  PreviousTunedRows previous;
  const size_t key_size = layout.key_header().size();
  const TunedPositions at = tuned_positions(spec, layout);
  const std::string inner = protocol_label(spec.tune->inner);
  const std::string ties = tie_break_name(spec.tune->ties);
  std::map<std::vector<std::string>, size_t> first_line;  // key, repeat, fold -> its line
  for (size_t r = 0; r < table.rows.size(); ++r) {
    auto& row = table.rows[r];
    std::vector<std::string> fold_key(row.begin(), row.begin() + static_cast<long>(key_size + 2));
    if (auto [found, inserted] = first_line.try_emplace(fold_key, lines[r]); !inserted)
      throw InputError(fmt::format("{}:{}", path.string(), lines[r]),
                       fmt::format("repeat {} fold {} of this tuned row is already on line {}; the "
                                   "file is damaged: delete one of them, or rerun with --fresh",
                                   row[key_size], row[key_size + 1], found->second));
    if (row[at.ties] != "first" && row[at.ties] != "last")
      throw InputError(fmt::format("{}:{}", path.string(), lines[r]),
                       fmt::format("ties '{}' is neither first nor last; the file is damaged: "
                                   "repair or delete the row, or rerun with --fresh",
                                   row[at.ties]));
    // Another inner protocol or tie rule chose otherwise: recomputed.
    if (row[at.inner_protocol] != inner || row[at.ties] != ties) continue;
    std::vector<std::string> key(row.begin(), row.begin() + static_cast<long>(key_size));
    previous[key].push_back({std::move(row), lines[r]});
  }
  return previous;
}

}  // namespace

PreviousTunedRows read_previous_tuned(const std::filesystem::path& output, const Spec& spec,
                                      const ResultLayout& layout) {
  const auto path = output / "tuned.csv";
  if (!spec.tune || !std::filesystem::exists(path)) return {};
  std::vector<size_t> lines;  // of each row in the file
  CsvTable table = read_checked(path, &lines);
  if (table.header != tuned_header(spec, layout)) {
    // Written by another version or tune section: kept aside (never lost), its rows recomputed.
    const auto stale = stale_path(output, "tuned");
    std::filesystem::rename(path, stale);
    spdlog::warn(
        "{}: other columns than this spec's tune section writes; moved to {}, its rows "
        "are recomputed",
        path.string(), stale.string());
    return {};
  }
  return tuned_lines(table, lines, path, spec, layout);
}

PreviousTunedRows read_tuned_lines(const std::filesystem::path& path, const Spec& spec,
                                   const ResultLayout& layout) {
  std::vector<size_t> lines;
  CsvTable table = read_checked(path, &lines);
  if (table.header != tuned_header(spec, layout))
    throw InputError(path.string() + ":1", "not the header this spec's run writes");
  return tuned_lines(table, lines, path, spec, layout);
}

namespace {

using FoldOutcomes = std::map<std::pair<std::string, std::string>, FoldOutcome>;

FoldOutcomes outcomes_by_fold(const ResultLayout& layout,
                              const std::vector<std::vector<std::string>>& fold_rows) {
  FoldOutcomes outcomes;
  for (const auto& fold_row : fold_rows) {
    FoldOutcome outcome = layout.fold_outcome(fold_row);
    outcomes[{std::to_string(outcome.repeat), std::to_string(outcome.fold)}] = outcome;
  }
  return outcomes;
}

// The outer result of a fold as tuned.csv writes it: accuracy, balanced accuracy, the metrics.
std::vector<std::string> result_fields(const FoldOutcome& outcome) {
  std::vector<std::string> fields{format_double(outcome.accuracy),
                                  format_double(outcome.balanced_accuracy)};
  for (const double value : outcome.metrics) fields.push_back(format_double_or_empty(value));
  return fields;
}

// The first column that differs, as "name stored disagrees with <source> (expected)", or empty.
std::string first_difference(const std::vector<std::string>& names,
                             const std::vector<std::string>& stored,
                             const std::vector<std::string>& expected, const std::string& source) {
  for (size_t i = 0; i < stored.size() && i < expected.size(); ++i)
    if (stored[i] != expected[i])
      return fmt::format("{} {} disagrees with {} ({})", names[i], stored[i], source, expected[i]);
  return {};
}

}  // namespace

bool previous_tuned_rows_agree(const TunedGrid& grid, const TunedCell& tuned,
                               const std::vector<TunedLine>& tuned_rows,
                               const std::vector<std::vector<std::string>>& fold_rows,
                               const PreviousFoldRows& all_fold_rows,
                               const std::filesystem::path& path) {
  const Spec& spec = grid.spec;
  const ResultLayout& layout = grid.layout;
  const Plan& plan = grid.plan;
  if (tuned_rows.size() != fold_rows.size()) return false;
  // A candidate the earlier run did not evaluate (the tuned grid changed: components [1, 2, 4]
  // became [1, 2, 8]) was not among its choices: the rows are stale and recomputed. Under
  // tune.outer: chosen no candidate has rows; the count and the choices below are all there is.
  if (spec.tune->outer == OuterEvaluation::every_candidate)
    for (int candidate : tuned.candidates)
      if (all_fold_rows.find(join_key(
              layout.cell_key(plan.cells[static_cast<size_t>(candidate)]))) == all_fold_rows.end())
        return false;
  const FoldOutcomes outcomes = outcomes_by_fold(layout, fold_rows);
  std::map<std::vector<std::string>, int> choices;  // chosen fields -> candidate cell
  for (int candidate : tuned.candidates)
    choices.try_emplace(chosen_fields(spec, layout, plan.cells[static_cast<size_t>(candidate)]),
                        candidate);
  const TunedPositions at = tuned_positions(spec, layout);
  const auto header = tuned_header(spec, layout);
  const std::vector<std::string> result_names(header.begin() + static_cast<long>(at.results),
                                              header.end());
  for (const auto& [row, line] : tuned_rows) {
    auto found = outcomes.find({row[at.repeat], row[at.fold]});
    if (found == outcomes.end()) return false;  // other folds: recomputed
    const std::string where = fmt::format("{}:{}", path.string(), line);
    const std::vector<std::string> chosen(row.begin() + static_cast<long>(at.chosen),
                                          row.begin() + static_cast<long>(at.inner_score));
    const auto choice = choices.find(chosen);
    // Fewer candidates now, or a choice no longer among them: the grid changed; recomputed.
    if (row[at.candidates] != std::to_string(tuned.candidates.size()) || choice == choices.end())
      return false;
    // tied_candidates: empty exactly when the inner score is, and at most the candidates.
    const std::string& tied = row[at.tied];
    if (tied.empty() != row[at.inner_score].empty() ||
        (!tied.empty() && std::stod(tied) > static_cast<double>(tuned.candidates.size())))
      throw InputError(where, fmt::format("tied_candidates '{}' does not fit inner score '{}' and "
                                          "{} candidates: the file was edited; rerun with --fresh",
                                          tied, row[at.inner_score], tuned.candidates.size()));
    const std::vector<std::string> stored(row.begin() + static_cast<long>(at.results), row.end());
    if (auto difference =
            first_difference(result_names, stored, result_fields(found->second), "folds.csv");
        !difference.empty())
      throw InputError(where, difference + ": the files were edited or mixed; rerun with --fresh");
    // The outer result of a tuned fold is its chosen candidate's own evaluation of that fold:
    // where folds.csv holds the candidate's grid row, the two must be the same.
    const Cell& candidate = plan.cells[static_cast<size_t>(choice->second)];
    const auto candidate_rows = all_fold_rows.find(join_key(layout.cell_key(candidate)));
    if (candidate_rows == all_fold_rows.end()) continue;
    const FoldOutcomes candidate_outcomes = outcomes_by_fold(layout, candidate_rows->second);
    const auto candidate_fold = candidate_outcomes.find({row[at.repeat], row[at.fold]});
    if (candidate_fold == candidate_outcomes.end()) continue;
    const std::string source =
        fmt::format("the chosen candidate's own folds.csv row of repeat {} fold {} (cell {})",
                    row[at.repeat], row[at.fold], join_key(layout.cell_key(candidate)));
    if (auto difference =
            first_difference(result_names, stored, result_fields(candidate_fold->second), source);
        !difference.empty())
      throw InputError(where, difference +
                                  ": the tuned fold is that candidate's evaluation; the files "
                                  "were edited or mixed; rerun with --fresh");
  }
  return true;
}

}  // namespace tsfs
