#include "sweep/store/output_writer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/interrupt.hpp"
#include "common/text.hpp"
#include "sweep/store/keyed_records.hpp"
#include "sweep/store/run_folder.hpp"

namespace tsfs {

std::vector<std::string> with_key(const ResultRow& row, std::vector<std::string> fields) {
  std::copy(row.key.begin(), row.key.end(), fields.begin());
  return fields;
}

namespace {

// The fold of `folds` that a folds.csv row with these repeat and fold numbers is, or
// folds.size(). Rows are written in the plan's fold order, so the row's own position comes first.
size_t planned_fold(const std::vector<Fold>& folds, size_t position, double repeat, double index) {
  auto is = [&](size_t f) { return folds[f].repeat == repeat && folds[f].index == index; };
  if (position < folds.size() && is(position)) return position;
  for (size_t f = 0; f < folds.size(); ++f)
    if (is(f)) return f;
  return folds.size();
}

// A cell's folds.csv rows read back, with the line each starts on.
struct FoldRowsRead {
  const std::vector<std::vector<std::string>>& rows;
  const std::vector<size_t>& lines;
};

// Each fold row read back is one of `folds` (the plan's of the dataset, or a shard's of them):
// every fold once, with its training and test row counts, and no more features used than the cell
// asks for (a tuned row: than the dataset has). Compared as the doubles read_checked let through,
// before any cast to an integer.
void check_folds_are_planned(const std::filesystem::path& output, const ResultLayout& layout,
                             const Cell& cell, bool tuned_row, const FoldRowsRead& read,
                             const std::vector<Fold>& folds) {
  const auto& rows = read.rows;
  const auto& lines = read.lines;
  const PreparedDataset& dataset = layout.datasets()[static_cast<size_t>(cell.dataset)];
  const std::string where = fmt::format("{}:{}", (output / "folds.csv").string(), lines.front());
  const std::string remedy = "; the files were edited or mixed: rerun with --fresh";
  if (rows.size() != folds.size())
    throw InputError(where, fmt::format("the cell has {} fold rows, but the plan makes {} folds "
                                        "of {}",
                                        rows.size(), folds.size(), dataset.data.name) +
                                remedy);
  const auto features = static_cast<double>(dataset.features.values.cols());
  const double most_features =
      tuned_row ? features : std::min(static_cast<double>(cell.n_features), features);
  // folds_header: the key, then repeat, fold, n_train, n_test, n_features_used.
  const size_t at = layout.key_header().size();
  std::vector<size_t> line_of_fold(folds.size(), 0);
  for (size_t r = 0; r < rows.size(); ++r) {
    const auto& row = rows[r];
    auto number = [&](size_t offset) { return parse_double(row[at + offset]).value_or(-1.0); };
    const size_t f = planned_fold(folds, r, number(0), number(1));
    std::string problem;
    if (f == folds.size()) {
      problem = fmt::format("repeat {} fold {} is not a fold of the plan's protocol for {}",
                            printable_excerpt(row[at]), printable_excerpt(row[at + 1]),
                            dataset.data.name);
    } else if (line_of_fold[f] != 0) {
      problem =
          fmt::format("repeat {} fold {} is the fold of line {} again", printable_excerpt(row[at]),
                      printable_excerpt(row[at + 1]), line_of_fold[f]);
    } else if (number(2) != static_cast<double>(folds[f].train_rows.size()) ||
               number(3) != static_cast<double>(folds[f].test_rows.size())) {
      problem = fmt::format(
          "n_train {} and n_test {}, but repeat {} fold {} of {} has {} training and {} test rows",
          printable_excerpt(row[at + 2]), printable_excerpt(row[at + 3]), folds[f].repeat,
          folds[f].index, dataset.data.name, folds[f].train_rows.size(), folds[f].test_rows.size());
    } else if (number(4) > most_features) {
      problem = fmt::format("n_features_used {} is more than the {} features the cell can use",
                            printable_excerpt(row[at + 4]), most_features);
    }
    if (!problem.empty())
      throw InputError(fmt::format("{}:{}", (output / "folds.csv").string(), lines[r]),
                       problem + remedy);
    line_of_fold[f] = lines[r];
  }
}

}  // namespace

void check_row_agrees_with_folds(const std::filesystem::path& output, const ResultLayout& layout,
                                 const Plan& plan, const ResultRow& row,
                                 const PreviousResults& previous, const std::vector<Fold>* folds) {
  const std::string key =
      join_key(row.key.empty() ? layout.cell_key(plan.cells[row.cell]) : row.key);
  const auto stored = previous.results.find(key);
  const auto fold_rows = previous.folds.find(key);
  if (stored == previous.results.end() || fold_rows == previous.folds.end()) return;
  const Cell& cell = plan.cells[row.cell];
  if (const auto lines = previous.fold_lines.find(key); lines != previous.fold_lines.end())
    check_folds_are_planned(
        output, layout, cell, !row.key.empty(), {fold_rows->second, lines->second},
        folds ? *folds : layout.datasets()[static_cast<size_t>(cell.dataset)].folds);
  std::vector<FoldOutcome> outcomes;
  for (const auto& fold_row : fold_rows->second) outcomes.push_back(layout.fold_outcome(fold_row));
  const auto expected = with_key(row, layout.results_row(cell, outcomes));
  const auto header = layout.results_header();
  for (size_t column = 0; column < header.size(); ++column) {
    if (header[column] == "fit_seconds" || stored->second.at(column) == expected.at(column))
      continue;
    const auto line = previous.result_lines.find(key);
    const auto key_size = static_cast<long>(layout.key_header().size());
    throw InputError(
        line == previous.result_lines.end()
            ? (output / "results.csv").string()
            : fmt::format("{}:{}", (output / "results.csv").string(), line->second),
        fmt::format("the row of cell ({}) says {} = {}, but its {} folds.csv rows give {}: the "
                    "files were edited or mixed, or written by a tsfs before exact means "
                    "(2026-12: scripts/refresh_fold_means.py brings such a folder up to date); "
                    "otherwise rerun with --fresh to recompute",
                    fmt::join(expected.begin(), expected.begin() + key_size, ", "), header[column],
                    stored->second[column], fold_rows->second.size(), expected[column]));
  }
}

std::vector<ResultRow> result_rows(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const std::vector<TunedCell>& tuned,
                                   const std::vector<bool>& reported) {
  std::vector<ResultRow> rows;
  for (size_t c = 0; c < plan.cells.size(); ++c) rows.push_back({c, {}, {}, reported[c]});
  for (const auto& row : tuned)
    rows.push_back(
        {static_cast<size_t>(row.candidates.front()), tuned_key(spec, layout, plan, row), {}});
  return rows;
}

// <output>/<stem>.stale.csv, or .stale.1.csv, ... : the first name not taken, so that nothing
// an earlier run kept aside is overwritten.
std::filesystem::path stale_path(const std::filesystem::path& output, const std::string& stem) {
  auto path = output / (stem + ".stale.csv");
  for (int n = 1; std::filesystem::exists(path); ++n)
    path = output / fmt::format("{}.stale.{}.csv", stem, n);
  return path;
}

OutputWriter::OutputWriter(const std::filesystem::path& output, const ResultLayout& layout,
                           const Plan& plan, const std::vector<ResultRow>& rows,
                           PreviousResults previous, bool timings)
    : output_(output),
      layout_(layout),
      plan_(plan),
      rows_(rows),
      previous_(std::move(previous)),
      timings_(timings),
      outcomes_(rows.size()),
      results_lines_(rows.size()),
      folds_lines_(rows.size()),
      not_converged_(rows.size()) {
  for (const auto& row : rows)
    keys_.push_back(join_key(row.key.empty() ? layout.cell_key(plan.cells[row.cell]) : row.key));
  for (size_t r = 0; r < rows.size(); ++r) {
    if (!rows[r].reported) continue;
    const auto found = previous_.results.find(keys_[r]);
    if (found == previous_.results.end()) continue;
    results_lines_[r] = csv_row(found->second);
    check_row_agrees_with_folds(output_, layout_, plan_, rows[r], previous_);
    if (auto fold_rows = previous_.folds.find(keys_[r]); fold_rows != previous_.folds.end())
      for (const auto& fold_row : fold_rows->second) folds_lines_[r] += csv_row(fold_row);
  }
}

bool OutputWriter::done(size_t row) const {
  return !rows_[row].reported || outcomes_[row] || !not_converged_[row].empty() ||
         previous_.results.count(keys_[row]);
}

const std::optional<std::vector<FoldOutcome>>& OutputWriter::outcome(size_t row) const {
  return outcomes_[row];
}

void OutputWriter::record(size_t row, std::vector<FoldOutcome> folds) {
  if (!timings_)
    for (auto& fold : folds) fold.fit_seconds = std::nan("");
  for (size_t f = 0; f < folds.size(); ++f)
    if (const Cell& source = plan_.cells[static_cast<size_t>(rows_[row].source_cell(f))];
        !source.every_feature && folds[f].n_features_used < source.n_features) {
      ++cells_short_of_features_;
      break;
    }
  // Rendered once here: a checkpoint then only concatenates lines (re-rendering every
  // finished row at every checkpoint was a third of a large sweep's time).
  const ResultRow& result_row = rows_[row];
  const Cell& cell = plan_.cells[result_row.cell];
  results_lines_[row] = csv_row(with_key(result_row, layout_.results_row(cell, folds)));
  folds_lines_[row].clear();
  for (const auto& fold : folds)
    folds_lines_[row] += csv_row(with_key(result_row, layout_.folds_row(cell, fold)));
  outcomes_[row] = std::move(folds);
}

void OutputWriter::record_not_converged(size_t row, std::string reason) {
  not_converged_[row] = std::move(reason);
}

size_t OutputWriter::write_cell_status() const {
  CsvTable table{layout_.cell_status_header(), {}};
  for (size_t r = 0; r < rows_.size(); ++r) {
    if (not_converged_[r].empty()) continue;
    const ResultRow& row = rows_[r];
    auto fields = row.key.empty() ? layout_.cell_key(plan_.cells[row.cell]) : row.key;
    fields.push_back("not_converged");
    fields.push_back(not_converged_[r]);
    table.rows.push_back(std::move(fields));
  }
  const size_t written = tsfs::write_cell_status(output_, table);
  if (written > 0)
    spdlog::warn(
        "{} cells not evaluated: a selector's solver did not converge on their rows; listed "
        "with the reason in {}",
        written, (output_ / "cell_status.csv").string());
  return written;
}

bool OutputWriter::checkpoint_due() const {
  return std::chrono::steady_clock::now() - last_checkpoint_ >= checkpoint_interval_;
}

void OutputWriter::checkpoint() {
  std::string results = csv_row(layout_.results_header());
  std::string folds = csv_row(layout_.folds_header());
  for (size_t r = 0; r < rows_.size(); ++r) {
    results += results_lines_[r];
    folds += folds_lines_[r];
  }
  write_results_and_folds(output_, results, folds);
  last_checkpoint_ = std::chrono::steady_clock::now();
  ++checkpoints_;
}

CsvTable OutputWriter::results_table() const {
  CsvTable results{layout_.results_header(), {}};
  for (size_t r = 0; r < rows_.size(); ++r) {
    const ResultRow& row = rows_[r];
    if (outcomes_[r])
      results.rows.push_back(
          with_key(row, layout_.results_row(plan_.cells[row.cell], *outcomes_[r])));
    else if (auto found = previous_.results.find(keys_[r]); found != previous_.results.end())
      results.rows.push_back(found->second);
  }
  return results;
}

void OutputWriter::report_cells_short_of_features() const {
  if (cells_short_of_features_ > 0)
    spdlog::warn(
        "{} cells had fewer usable features than their n_features (NaN-padded or "
        "constant columns, or features their selector removed or did not keep: a variance "
        "threshold, FCBF, keep: m_hat, a sequential search's stop); results.csv records the "
        "number used in n_features_used",
        cells_short_of_features_);
}

void OutputWriter::keep_stale_rows() const {
  if (previous_.stale.rows.empty()) return;
  const auto path = stale_path(output_, "results");
  write_file_atomically(path, previous_.stale.str());
  spdlog::warn("{} rows of an earlier run {}; kept in {}", previous_.stale.rows.size(),
               previous_.stale_reason, path.string());
}

// The rows in [first, last) that are neither finished in this run nor resumed.
std::vector<size_t> pending_rows(const OutputWriter& writer, size_t first, size_t last) {
  std::vector<size_t> pending;
  for (size_t r = first; r < last; ++r)
    if (!writer.done(r)) pending.push_back(r);
  return pending;
}

void write_score_unit_table(const LoadedRun& loaded, const OutputTable& table,
                            const std::vector<ScoreResult>& scores) {
  AtomicFileWriter file(loaded.spec.output / (std::string(table.stem) + ".csv"));
  file.stream() << csv_row(table.header(loaded.spec, loaded.layout));
  for (size_t u = 0; u < loaded.plan.score_units.size(); ++u) {
    throw_if_interrupted();  // the temporary file is removed as `file` goes out of scope
    for (const auto& row : table.score_rows(loaded.layout, loaded.plan.score_units[u], scores[u]))
      file.stream() << csv_row(row);
  }
  file.commit();
}

bool score_unit_table_is_whole(const LoadedRun& loaded, const OutputTable& table) {
  std::vector<KeyRows> keys;
  for (const ScoreUnit& unit : loaded.plan.score_units) {
    const auto& features = loaded.datasets[static_cast<size_t>(unit.dataset)].features;
    const bool per_feature = table.merge == ShardMerge::per_score_feature;
    keys.push_back({key_prefix(loaded.layout.score_unit_key(unit)),
                    per_feature ? features.values.cols() : -1,
                    per_feature ? &features.names : nullptr});
  }
  return holds_rows_of(loaded.spec.output / (std::string(table.stem) + ".csv"),
                       table.header(loaded.spec, loaded.layout), keys);
}

}  // namespace tsfs
