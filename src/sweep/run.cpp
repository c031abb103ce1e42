#include "sweep/run.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <map>
#include <set>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/hash.hpp"
#include "common/interrupt.hpp"
#include "common/progress.hpp"
#include "common/version.hpp"
#include "plot/plot.hpp"
#include "report/manifest.hpp"
#include "report/tables.hpp"
#include "sweep/artefacts.hpp"
#include "sweep/curves_output.hpp"
#include "sweep/evaluations.hpp"
#include "sweep/logging.hpp"
#include "sweep/previous_results.hpp"
#include "sweep/result_layout.hpp"
#include "sweep/scores.hpp"
#include "sweep/skipped.hpp"
#include "sweep/tuning.hpp"
#include "sweep/work_units.hpp"

namespace tsfs {
namespace {

class StageClock {
 public:
  void stop(const std::string& stage) {
    auto now = std::chrono::steady_clock::now();
    stages_.emplace_back(stage, std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }
  const std::vector<std::pair<std::string, double>>& stages() const { return stages_; }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  std::vector<std::pair<std::string, double>> stages_;
};

// A folder's results are resumed only when its manifest records the same inputs. A manifest that
// is missing or corrupt while results exist cannot tell: the user decides, with --fresh (start
// over) or --rebuild-manifest (trust results.csv and folds.csv, which are validated row by row as
// they are read, to come from this spec's inputs; a new manifest is written).
void check_resumable(const std::filesystem::path& output, const std::string& fingerprint,
                     bool rebuild_manifest) {
  auto manifest = output / "manifest.json";
  if (!std::filesystem::exists(output / "results.csv")) return;
  bool present = std::filesystem::exists(manifest);
  auto recorded = present ? manifest_fingerprint(read_text_file(manifest)) : std::nullopt;
  if (!recorded && rebuild_manifest) {
    spdlog::warn("{}: {}; rebuilding it from this run, keeping the validated rows of results.csv",
                 manifest.string(), present ? "corrupt" : "missing");
    return;
  }
  if (!recorded)
    throw InputError(manifest.string(),
                     fmt::format("{}, so the results in this folder cannot be matched to their "
                                 "inputs; rerun with --rebuild-manifest to keep results.csv and "
                                 "folds.csv (their rows are validated; they must come from this "
                                 "spec's data, features, distances and protocol), or with --fresh "
                                 "to start over",
                                 present ? "corrupt (truncated or edited: not the layout tsfs "
                                           "writes)"
                                         : "missing while results.csv exists"));
  if (*recorded != fingerprint)
    throw InputError(manifest.string(),
                     "this output folder holds results computed from other datasets, features, "
                     "distances or protocol; rerun with --fresh or choose another output");
}

struct Counts {
  size_t cells = 0, cells_resumed = 0, fold_evaluations = 0, distinct_fits = 0;
  size_t score_vectors = 0, distance_matrices = 0, distance_matrices_cached = 0;
  size_t cells_not_converged = 0;
  std::optional<TuningCounts> tuning;  // with tune: only
};

using DistanceMatrices = std::map<std::pair<int, int>, Eigen::MatrixXd>;

DistanceMatrices compute_distances(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                   const Plan& plan, const std::filesystem::path& cache_folder,
                                   const RunOptions& options, Counts& counts) {
  DistanceMatrices matrices;
  for (auto [d, m] : plan.distance_matrices) {
    bool cached = false;
    matrices[{d, m}] = distance_matrix(datasets[static_cast<size_t>(d)].data,
                                       spec.distances[static_cast<size_t>(m)], cache_folder,
                                       options.threads, &cached);
    if (cached) ++counts.distance_matrices_cached;
  }
  counts.distance_matrices = plan.distance_matrices.size();
  return matrices;
}

// One row of results.csv: a grid cell, or a tuned row (tune:) whose folds are the outer
// evaluations of the candidates chosen on each fold's inner folds.
struct ResultRow {
  size_t cell = 0;               // the grid cell (a tuned row: its first candidate)
  std::vector<std::string> key;  // tuned rows: the key with "tuned" columns; empty: the cell's
  std::vector<int> fold_cells;   // tuned rows: the cell chosen for each fold, once chosen

  int source_cell(size_t fold) const {
    return fold_cells.empty() ? static_cast<int>(cell) : fold_cells[fold];
  }
};

std::vector<ResultRow> result_rows(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                   const std::vector<TunedCell>& tuned) {
  std::vector<ResultRow> rows;
  for (size_t c = 0; c < plan.cells.size(); ++c) rows.push_back({c, {}, {}});
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

// An earlier run's <stem>.csv from a spec section this one does not have (curves:, tune:) would
// describe rows this run did not write: kept aside, never deleted.
void set_aside_unused(const std::filesystem::path& output, const std::string& stem) {
  const auto path = output / (stem + ".csv");
  if (!std::filesystem::exists(path)) return;
  const auto stale = stale_path(output, stem);
  std::filesystem::rename(path, stale);
  spdlog::warn("{} is from an earlier run whose spec had `{}:`; moved to {}", path.string(),
               stem == "tuned" ? "tune" : stem, stale.string());
}

class OutputWriter {
 public:
  OutputWriter(const std::filesystem::path& output, const ResultLayout& layout, const Plan& plan,
               const std::vector<ResultRow>& rows, PreviousResults previous, bool timings)
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
      const auto found = previous_.results.find(keys_[r]);
      if (found == previous_.results.end()) continue;
      results_lines_[r] = csv_row(found->second);
      if (auto fold_rows = previous_.folds.find(keys_[r]); fold_rows != previous_.folds.end()) {
        check_agrees_with_folds(r, found->second, fold_rows->second);
        for (const auto& fold_row : fold_rows->second) folds_lines_[r] += csv_row(fold_row);
      }
    }
  }

  // A resumed results.csv row must be what its folds.csv rows give (means, spreads, counts): an
  // edited accuracy would otherwise reach every table and comparison of later runs. fit_seconds
  // is left out (folds.csv rounds each fold's seconds).
  void check_agrees_with_folds(size_t r, const std::vector<std::string>& stored,
                               const std::vector<std::vector<std::string>>& fold_rows) const {
    std::vector<FoldOutcome> folds;
    for (const auto& fold_row : fold_rows) folds.push_back(layout_.fold_outcome(fold_row));
    const auto expected =
        with_key(rows_[r], layout_.results_row(plan_.cells[rows_[r].cell], folds));
    const auto header = layout_.results_header();
    for (size_t column = 0; column < header.size(); ++column)
      if (header[column] != "fit_seconds" && stored.at(column) != expected.at(column))
        throw InputError(
            (output_ / "results.csv").string(),
            fmt::format("the row of cell {} says {} = {}, but its {} folds.csv rows give {}: "
                        "the files were edited or mixed; rerun with --fresh to recompute",
                        keys_[r], header[column], stored[column], fold_rows.size(),
                        expected[column]));
  }

  bool done(size_t row) const {
    return outcomes_[row] || !not_converged_[row].empty() || previous_.results.count(keys_[row]);
  }
  const std::optional<std::vector<FoldOutcome>>& outcome(size_t row) const {
    return outcomes_[row];
  }
  void record(size_t row, std::vector<FoldOutcome> folds) {
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

  // A row whose selector did not converge on some fold: no results.csv line, a cell_status.csv
  // one. Not read back: a resumed run tries it again (and, deterministic, records it again).
  void record_not_converged(size_t row, std::string reason) {
    not_converged_[row] = std::move(reason);
  }

  // <output>/cell_status.csv: the rows recorded as not converged, with their reason; no file
  // when there are none (an earlier run's is removed).
  size_t write_cell_status() const {
    CsvTable table{layout_.cell_status_header(), {}};
    for (size_t r = 0; r < rows_.size(); ++r) {
      if (not_converged_[r].empty()) continue;
      const ResultRow& row = rows_[r];
      auto fields = row.key.empty() ? layout_.cell_key(plan_.cells[row.cell]) : row.key;
      fields.push_back("not_converged");
      fields.push_back(not_converged_[r]);
      table.rows.push_back(std::move(fields));
    }
    const auto path = output_ / "cell_status.csv";
    if (table.rows.empty()) {
      std::filesystem::remove(path);
      return 0;
    }
    write_file_atomically(path, table.str());
    spdlog::warn(
        "{} cells not evaluated: a selector's solver did not converge on their rows; listed "
        "with the reason in {}",
        table.rows.size(), path.string());
    return table.rows.size();
  }

  // At most one checkpoint per second during a sweep: a large sweep's files reach megabytes,
  // and a run killed with SIGKILL then loses at most about a second of fits (SIGINT and SIGTERM
  // lose none: the run saves before it stops).
  bool checkpoint_due() const {
    return std::chrono::steady_clock::now() - last_checkpoint_ >= std::chrono::seconds(1);
  }

  // Writes results.csv and folds.csv with every finished row, in grid order (tuned rows last).
  void checkpoint() {
    std::string results = csv_row(layout_.results_header());
    std::string folds = csv_row(layout_.folds_header());
    for (size_t r = 0; r < rows_.size(); ++r) {
      results += results_lines_[r];
      folds += folds_lines_[r];
    }
    // folds.csv first: every cell in results.csv then has its fold rows, even if the process is
    // killed between the two renames.
    write_file_atomically(output_ / "folds.csv", folds);
    write_file_atomically(output_ / "results.csv", results);
    last_checkpoint_ = std::chrono::steady_clock::now();
  }

  // The rows of the last checkpoint's results.csv, as fields.
  CsvTable results_table() const {
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

  // Never a silent substitution: the n_features_used column says it per row, the log in sum.
  void report_cells_short_of_features() const {
    if (cells_short_of_features_ > 0)
      spdlog::warn(
          "{} cells had fewer usable features than their n_features (NaN-padded or "
          "constant columns); results.csv records the number used in n_features_used",
          cells_short_of_features_);
  }

  void keep_stale_rows() const {
    if (previous_.stale.rows.empty()) return;
    const auto path = stale_path(output_, "results");
    write_file_atomically(path, previous_.stale.str());
    spdlog::warn("{} rows of an earlier run {}; kept in {}", previous_.stale.rows.size(),
                 previous_.stale_reason, path.string());
  }

 private:
  // A tuned row's fields carry its own key (with "tuned" columns) instead of its first cell's.
  static std::vector<std::string> with_key(const ResultRow& row, std::vector<std::string> fields) {
    std::copy(row.key.begin(), row.key.end(), fields.begin());
    return fields;
  }

  const std::filesystem::path& output_;
  const ResultLayout& layout_;
  const Plan& plan_;
  const std::vector<ResultRow>& rows_;
  PreviousResults previous_;
  bool timings_;
  std::vector<std::optional<std::vector<FoldOutcome>>> outcomes_;
  std::vector<std::string> keys_;
  std::vector<std::string> results_lines_;  // per row: its results.csv line, empty until done
  std::vector<std::string> folds_lines_;    // per row: its folds.csv lines
  std::vector<std::string> not_converged_;  // per row: why it was not evaluated, or empty
  size_t cells_short_of_features_ = 0;
  std::chrono::steady_clock::time_point last_checkpoint_;  // the epoch: the first one is due
};

// The rows in [first, last) that are neither finished in this run nor resumed.
std::vector<size_t> pending_rows(const OutputWriter& writer, size_t first, size_t last) {
  std::vector<size_t> pending;
  for (size_t r = first; r < last; ++r)
    if (!writer.done(r)) pending.push_back(r);
  return pending;
}

// The reason a row cannot be evaluated: the first of its folds' score vectors whose solver did
// not converge (empty: every fold has its scores).
std::string not_converged_reason(const Plan& plan, const ResultRow& row,
                                 const std::vector<ScoreResult>& scores) {
  for (size_t f = 0; f < plan.cells[row.cell].score_units.size(); ++f) {
    const auto& cell = plan.cells[static_cast<size_t>(row.source_cell(f))];
    const auto& score = scores[static_cast<size_t>(cell.score_units[f])];
    if (!score.not_converged.empty()) return score.not_converged;
  }
  return {};
}

// Evaluates the pending rows in batches, saving results after a batch when a checkpoint is due;
// identical (dataset, fold, classifier, feature subset) evaluations run once (`evaluations` is
// shared by the grid cells, the inner folds of tuning and the tuned rows).
void evaluate_rows(const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
                   const std::vector<ResultRow>& rows, const std::vector<size_t>& pending,
                   const std::vector<ScoreResult>& scores, OutputWriter& writer,
                   const RunOptions& options, Counts& counts,
                   std::map<EvaluationKey, EvaluationResult>& evaluations) {
  Progress progress("cells", pending.size(), options.quiet);
  size_t batch_size = std::max<size_t>(16, pending.size() / 50);
  for (size_t begin = 0; begin < pending.size() && !interrupt_requested(); begin += batch_size) {
    size_t end = std::min(pending.size(), begin + batch_size);
    // Keys each row of the batch needs, one per fold, with the score unit behind each.
    std::vector<std::vector<EvaluationKey>> row_keys;
    std::vector<std::vector<int>> row_units;
    std::vector<EvaluationRequest> requests;
    for (size_t i = begin; i < end; ++i) {
      const ResultRow& row = rows[pending[i]];
      std::vector<EvaluationKey> keys;
      std::vector<int> units;
      if (auto reason = not_converged_reason(plan, row, scores); !reason.empty()) {
        writer.record_not_converged(pending[i], std::move(reason));
        row_keys.emplace_back();  // no fold is evaluated
        row_units.emplace_back();
        continue;
      }
      for (size_t f = 0; f < plan.cells[row.cell].score_units.size(); ++f) {
        const auto& cell = plan.cells[static_cast<size_t>(row.source_cell(f))];
        const auto& score = scores[static_cast<size_t>(cell.score_units[f])];
        EvaluationKey key{cell.dataset, static_cast<int>(f), cell.classifier_params,
                          selected_features(score, cell.n_features)};
        if (!evaluations.count(key) &&
            std::none_of(requests.begin(), requests.end(),
                         [&key](const EvaluationRequest& request) { return request.key == key; }))
          requests.push_back({key, cell.score_units[f]});
        keys.push_back(std::move(key));
        units.push_back(cell.score_units[f]);
      }
      row_keys.push_back(std::move(keys));
      row_units.push_back(std::move(units));
    }
    std::vector<EvaluationResult> results =
        evaluate_requests(spec, datasets, scores, requests, options.threads, options.direct_fits);
    for (size_t k = 0; k < requests.size(); ++k) evaluations.emplace(requests[k].key, results[k]);
    counts.distinct_fits += requests.size();
    for (size_t i = begin; i < end; ++i) {
      if (row_keys[i - begin].empty()) continue;  // not converged
      const auto& dataset =
          datasets[static_cast<size_t>(plan.cells[rows[pending[i]].cell].dataset)];
      std::vector<FoldOutcome> folds;
      for (size_t f = 0; f < row_keys[i - begin].size(); ++f) {
        const auto& fold = dataset.folds[f];
        const auto& evaluation = evaluations.at(row_keys[i - begin][f]);
        const auto& score = scores[static_cast<size_t>(row_units[i - begin][f])];
        folds.push_back({fold.repeat, fold.index, static_cast<long long>(fold.train_rows.size()),
                         static_cast<long long>(fold.test_rows.size()), evaluation.accuracy,
                         evaluation.balanced_accuracy, score.zero_weight_fraction,
                         evaluation.seconds});
        folds.back().n_features_used =
            static_cast<long long>(row_keys[i - begin][f].features.size());
        folds.back().metrics = evaluation.metrics;
        folds.back().n_components = evaluation.n_components;
      }
      counts.fold_evaluations += folds.size();
      writer.record(pending[i], std::move(folds));
    }
    if (writer.checkpoint_due()) writer.checkpoint();
    progress.advance(end - begin);
  }
  progress.finish();
}

// Streamed: a sweep's score vectors can reach millions of rows.
void write_scores(const std::filesystem::path& output, const ResultLayout& layout, const Plan& plan,
                  const std::vector<ScoreResult>& scores) {
  AtomicFileWriter file(output / "scores.csv");
  file.stream() << csv_row(layout.scores_header());
  for (size_t u = 0; u < plan.score_units.size(); ++u) {
    throw_if_interrupted();  // the temporary file is removed as `file` goes out of scope
    for (const auto& row : layout.score_rows(plan.score_units[u], scores[u].scores,
                                             scores[u].ranking, scores[u].std_errors))
      file.stream() << csv_row(row);
  }
  file.commit();
}

void print_dry_run(const Spec& spec, const Plan& plan, size_t tuned_rows, size_t resumed) {
  size_t fold_evaluations = 0;
  for (const auto& cell : plan.cells) fold_evaluations += cell.score_units.size();
  const std::string tuned =
      tuned_rows == 0 ? "" : fmt::format(" and {} tuned rows (nested CV)", tuned_rows);
  fmt::print("spec {}: {} grid cells{} ({} already in {}/results.csv)\n", spec.name,
             plan.cells.size(), tuned, resumed, spec.output.string());
  fmt::print("  distance matrices: {}\n", plan.distance_matrices.size());
  fmt::print("  score vectors:     {}\n", plan.score_units.size());
  fmt::print(
      "  classifier fits:   at most {} (cells x folds); identical feature subsets are "
      "fitted once, so the exact count is known after scoring\n",
      fold_evaluations);
}

// Writes what a run that stops now must leave: spec copies and the manifest (status "running",
// so a run killed without a chance to clean up still resumes safely) and the features.
void start_output(const Spec& spec, const RunOptions& options, const ManifestInfo& manifest,
                  const std::vector<PreparedDataset>& datasets,
                  const std::vector<SkippedDataset>& skipped) {
  const auto& output = spec.output;
  std::filesystem::create_directories(output);
  spdlog::set_default_logger(make_logger(output / "run.log", options.quiet));
  spdlog::info("tsfs {} ({}), spec {}, {} threads", kTsfsVersion, kTsfsGitCommit,
               spec.file.string(), options.threads);
  write_file_atomically(output / "spec.yaml", spec.input_yaml);
  write_file_atomically(output / "spec.resolved.yaml", spec.resolved_yaml);
  write_file_atomically(output / "duplicates.csv", duplicates_table(spec, datasets));
  write_skipped(output, skipped);
  write_file_atomically(output / "manifest.json", manifest_json(manifest));
  for (const auto& dataset : datasets)
    if (!dataset.feature_cache_key.empty() && !dataset.features_from_cache)
      save_cached_features(spec.cache, dataset.feature_cache_key, dataset.features);
}

std::vector<std::pair<std::string, size_t>> count_fields(const Counts& counts) {
  std::vector<std::pair<std::string, size_t>> fields = {
      {"grid_cells", counts.cells},
      {"cells_resumed", counts.cells_resumed},
      {"fold_evaluations", counts.fold_evaluations},
      {"distinct_fits", counts.distinct_fits},
      {"score_vectors", counts.score_vectors},
      {"distance_matrices", counts.distance_matrices},
      {"distance_matrices_cached", counts.distance_matrices_cached}};
  if (counts.cells_not_converged > 0)
    fields.emplace_back("cells_not_converged", counts.cells_not_converged);
  if (counts.tuning) {
    fields.emplace_back("inner_score_vectors", counts.tuning->inner_score_vectors);
    fields.emplace_back("inner_fits", counts.tuning->inner_fits);
  }
  return fields;
}

// After a failure to write (a full disk), the manifest may not be writable either; the original
// error is the one to report.
void write_manifest_if_possible(const std::filesystem::path& output, const ManifestInfo& manifest) {
  try {
    write_file_atomically(output / "manifest.json", manifest_json(manifest));
  } catch (const InputError&) {
  }
}

// tuned.csv: the rows of the tuned rows finished in this run, and the earlier rows of resumed ones.
void write_tuned(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                 const std::vector<TunedCell>& tuned, const std::vector<ResultRow>& rows,
                 const OutputWriter& writer,
                 const std::map<size_t, std::vector<TunedChoice>>& choices,
                 const PreviousTunedRows& previous) {
  CsvTable table{tuned_header(spec, layout), {}};
  const size_t first = plan.cells.size();
  for (size_t t = 0; t < tuned.size(); ++t) {
    const auto& outcome = writer.outcome(first + t);
    const auto& key = rows[first + t].key;
    if (outcome) {
      for (size_t f = 0; f < outcome->size(); ++f)
        table.rows.push_back(
            tuned_row(spec, layout, plan, tuned[t], key, choices.at(first + t)[f], (*outcome)[f]));
    } else if (auto found = previous.find(key); found != previous.end()) {
      for (const auto& earlier : found->second) table.rows.push_back(earlier.fields);
    }
  }
  write_file_atomically(spec.output / "tuned.csv", table.str());
}

// A metric undefined on every inner fold of every candidate (roc_auc where inner test folds hold
// one class) leaves nothing to choose by: the first candidate stands in, which must be said.
void warn_undefined_choices(const Spec& spec, const std::vector<std::vector<TunedChoice>>& chosen) {
  size_t undefined = 0, total = 0;
  for (const auto& row : chosen)
    for (const auto& choice : row) {
      ++total;
      if (choice.candidate >= 0 && std::isnan(choice.inner_score)) ++undefined;
    }
  if (undefined > 0)
    spdlog::warn(
        "{} of {} tuned choices had no defined inner {} for any candidate (inner test folds too "
        "small or of one class?): the first candidate was taken; tuned.csv leaves their inner "
        "score empty",
        undefined, total, tune_metric_name(*spec.tune));
}

// The tuned rows not yet done: candidates chosen on the inner folds, then the chosen outer
// evaluations (usually already in `evaluations` from the grid cells).
void run_tuning(const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
                const ResultLayout& layout, const std::vector<TunedCell>& tuned,
                std::vector<ResultRow>& rows, const DistanceMatrices& matrices,
                const std::vector<ScoreResult>& scores, OutputWriter& writer,
                const PreviousTunedRows& previous, const RunOptions& options, Counts& counts,
                std::map<EvaluationKey, EvaluationResult>& evaluations) {
  const size_t first = plan.cells.size();
  const auto pending = pending_rows(writer, first, rows.size());
  counts.cells_resumed += rows.size() - first - pending.size();
  std::vector<TunedCell> to_tune;
  for (size_t r : pending) to_tune.push_back(tuned[r - first]);
  auto chosen =
      choose_candidates(spec, datasets, plan, to_tune, matrices, options.threads,
                        options.direct_fits, options.quiet, evaluations, counts.tuning.emplace());
  warn_undefined_choices(spec, chosen);
  std::map<size_t, std::vector<TunedChoice>> choices;
  std::vector<size_t> to_evaluate;
  for (size_t i = 0; i < pending.size(); ++i) {
    auto unscored = std::find_if(chosen[i].begin(), chosen[i].end(),
                                 [](const TunedChoice& choice) { return choice.candidate < 0; });
    if (unscored != chosen[i].end()) {
      writer.record_not_converged(pending[i], unscored->not_converged);
      continue;
    }
    for (const auto& choice : chosen[i])
      rows[pending[i]].fold_cells.push_back(
          to_tune[i].candidates[static_cast<size_t>(choice.candidate)]);
    choices[pending[i]] = std::move(chosen[i]);
    to_evaluate.push_back(pending[i]);
  }
  evaluate_rows(spec, datasets, plan, rows, to_evaluate, scores, writer, options, counts,
                evaluations);
  writer.checkpoint();
  write_tuned(spec, layout, plan, tuned, rows, writer, choices, previous);
}

// A tuned row in results.csv whose tuned.csv rows are missing or incomplete (a run killed between
// the two writes, a deleted line) is recomputed; rows that contradict folds.csv are refused.
void forget_tuned_rows_without_choices(const Spec& spec, const ResultLayout& layout,
                                       const Plan& plan, const std::vector<TunedCell>& tuned,
                                       const PreviousTunedRows& previous_tuned,
                                       PreviousResults& previous) {
  for (const auto& row : tuned) {
    auto key = tuned_key(spec, layout, plan, row);
    const auto joined = join_key(key);
    const auto tuned_rows = previous_tuned.find(key);
    const auto fold_rows = previous.folds.find(joined);
    if (tuned_rows == previous_tuned.end() || fold_rows == previous.folds.end() ||
        !previous_tuned_rows_agree(spec, layout, plan, row, tuned_rows->second, fold_rows->second,
                                   spec.output / "tuned.csv")) {
      previous.results.erase(joined);
      previous.folds.erase(joined);
    }
  }
}

// Distances, scores, evaluations and outputs. Throws Interrupted (between or inside stages) with
// every finished cell already saved by the last checkpoint.
void run_stages(const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
                const ResultLayout& layout, const std::vector<TunedCell>& tuned,
                const std::vector<size_t>& curve_cell_list, PreviousResults previous,
                const PreviousTunedRows& previous_tuned, const RunOptions& options,
                StageClock& clock, Counts& counts) {
  const auto& output = spec.output;
  counts.cells = plan.cells.size() + tuned.size();
  counts.score_vectors = plan.score_units.size();
  auto matrices = compute_distances(spec, datasets, plan, spec.cache, options, counts);
  clock.stop("distances");
  auto scores = compute_all_scores(spec, datasets, plan, matrices, options.threads, options.quiet);
  if (spec.save_scores) write_scores(output, layout, plan, scores);
  clock.stop("scores");

  std::vector<ResultRow> rows = result_rows(spec, layout, plan, tuned);
  OutputWriter writer(output, layout, plan, rows, std::move(previous), options.timings);
  writer.keep_stale_rows();
  const auto pending = pending_rows(writer, 0, plan.cells.size());
  counts.cells_resumed = plan.cells.size() - pending.size();
  if (counts.cells_resumed > 0)
    spdlog::info("resuming: {} of {} cells already in results.csv", counts.cells_resumed,
                 plan.cells.size());
  std::map<EvaluationKey, EvaluationResult> evaluations;
  evaluate_rows(spec, datasets, plan, rows, pending, scores, writer, options, counts, evaluations);
  if (!tuned.empty() && !interrupt_requested()) {
    clock.stop("evaluations");
    run_tuning(spec, datasets, plan, layout, tuned, rows, matrices, scores, writer, previous_tuned,
               options, counts, evaluations);
    clock.stop("tuning");
  }
  writer.checkpoint();
  const CsvTable results = writer.results_table();
  writer.report_cells_short_of_features();
  if (tuned.empty()) clock.stop("evaluations");
  throw_if_interrupted();
  counts.cells_not_converged = writer.write_cell_status();
  write_tables(output, results, spec);
  if (!curve_cell_list.empty())
    write_curves(spec, datasets, plan, layout, scores, curve_cell_list, options.threads, output);
  else if (!spec.curves)
    set_aside_unused(output, "curves");
  if (!spec.tune) set_aside_unused(output, "tuned");
  render_plots(spec, output);
  clock.stop("outputs");
}

// The rows of an earlier run in the output folder that belong to this plan's grid (the others
// go to results.stale.csv), and its tuned rows that still have their choices.
void read_resumed_rows(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                       const std::vector<TunedCell>& tuned, PreviousResults& previous,
                       PreviousTunedRows& previous_tuned) {
  std::set<std::string> grid_keys;
  for (const auto& cell : plan.cells) grid_keys.insert(join_key(layout.cell_key(cell)));
  for (const auto& row : tuned) grid_keys.insert(join_key(tuned_key(spec, layout, plan, row)));
  previous = read_previous_results(spec.output, layout, grid_keys);
  previous_tuned = read_previous_tuned(spec.output, spec, layout);
  forget_tuned_rows_without_choices(spec, layout, plan, tuned, previous_tuned, previous);
}

// Records the stages' seconds and work counts in the manifest and says how the run ended:
// 130 after an interrupt (finished cells saved, rerun to resume), 0 when finished.
int finish_run(const std::filesystem::path& output, const StageClock& clock, const Counts& counts,
               bool interrupted, ManifestInfo& manifest) {
  manifest.stage_seconds = clock.stages();
  manifest.counts = count_fields(counts);
  manifest.status = interrupted ? "interrupted" : "finished";
  write_file_atomically(output / "manifest.json", manifest_json(manifest));
  if (interrupted) {
    spdlog::warn("interrupted: finished cells are saved in {}; rerun the same command to resume",
                 output.string());
    return 130;
  }
  spdlog::info("{} cells ({} resumed), {} fold evaluations, {} distinct fits; results in {}",
               counts.cells, counts.cells_resumed, counts.fold_evaluations, counts.distinct_fits,
               output.string());
  return 0;
}

}  // namespace

std::string inputs_fingerprint(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                               const std::string& protocol_label) {
  Hasher hasher;
  for (const auto& dataset : datasets)
    hasher.text(dataset.data.name)
        .matrix(dataset.data.values)
        .vector(dataset.data.labels)
        .matrix(dataset.features.values);
  hasher.text(spec.features.kind).text(spec.features.params.canonical());
  for (const auto& distance : spec.distances)
    hasher.text(distance.kind).text(distance.params.canonical());
  return hasher.text(protocol_label).hex();
}

void write_tables(const std::filesystem::path& output, const CsvTable& results, const Spec& spec) {
  std::vector<std::string> parameter_columns;
  for (const auto& name : results.header) {
    bool is_selector_param = false;
    for (const auto& selector : spec.selectors)
      if (!selector.grid.empty() && selector.grid.front().has(name)) is_selector_param = true;
    if (is_selector_param || name.rfind("classifier_", 0) == 0) parameter_columns.push_back(name);
  }
  for (const auto& [file, text] : accuracy_tables(results, parameter_columns))
    write_file_atomically(output / "tables" / file, text);
}

int run_sweep(const Spec& spec, const RunOptions& options) {
  StageClock clock;
  auto started = std::chrono::system_clock::now();
  spdlog::set_default_logger(make_logger({}, options.quiet));

  std::vector<SkippedDataset> skipped;
  auto datasets = prepare_usable_datasets(spec, spec.cache, options.threads, skipped);
  Plan plan = make_plan(spec, datasets);
  if (options.select_cells) plan = options.select_cells(plan, datasets);
  ResultLayout layout(spec, datasets);
  check_plot_columns(spec, [&](const std::string& table) {
    if (table == "folds") return layout.folds_header();
    if (table == "scores") return layout.scores_header();
    if (table == "curves") return curves_header(layout);
    return layout.results_header();
  });
  std::string fingerprint = inputs_fingerprint(spec, datasets, layout.protocol_label());
  if (!options.fresh) check_resumable(spec.output, fingerprint, options.rebuild_manifest);
  const std::vector<TunedCell> tuned = tuned_cells(spec, plan);
  PreviousResults previous;
  PreviousTunedRows previous_tuned;
  if (!options.fresh) read_resumed_rows(spec, layout, plan, tuned, previous, previous_tuned);
  // Checked when the run is planned: a `curves.where` matching no cell is a spec error. Shards
  // leave curves.csv out (their cells are a part of the grid; the merge writes it).
  std::vector<size_t> curve_cell_list;
  if (spec.curves && !options.select_cells) curve_cell_list = curve_cells(spec, layout, plan);
  if (options.dry_run) {
    print_dry_run(spec, plan, tuned.size(), previous.results.size());
    return 0;
  }
  clock.stop("load");

  ManifestInfo manifest{spec, options.threads, fingerprint, started, {}, {}, "running"};
  start_output(spec, options, manifest, datasets, skipped);
  Counts counts;
  bool interrupted = false;
  try {
    run_stages(spec, datasets, plan, layout, tuned, curve_cell_list, std::move(previous),
               previous_tuned, options, clock, counts);
  } catch (const Interrupted&) {
    interrupted = true;
  } catch (const InputError& error) {
    // Bad input found mid-run (a DTW band no pair fits, a missing precomputed file): the folder
    // says so, rather than a manifest stuck at "running".
    spdlog::info("failed: {}", error.what());
    manifest.status = "failed";
    write_manifest_if_possible(spec.output, manifest);
    throw;
  }
  return finish_run(spec.output, clock, counts, interrupted, manifest);
}

}  // namespace tsfs
