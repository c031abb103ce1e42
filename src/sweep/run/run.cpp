#include "sweep/run/run.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <set>

#include "cache/artefacts.hpp"
#include "classify/ordered_column_sums.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/interrupt.hpp"
#include "common/logging.hpp"
#include "common/progress.hpp"
#include "common/version.hpp"
#include "plot/plot.hpp"
#include "report/html_report.hpp"
#include "report/manifest.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/run/curves.hpp"
#include "sweep/run/distance_store.hpp"
#include "sweep/run/evaluations.hpp"
#include "sweep/run/load.hpp"
#include "sweep/run/nearest_blocks.hpp"
#include "sweep/run/scores.hpp"
#include "sweep/run/stage_inputs.hpp"
#include "sweep/run/tuning.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/output_tables.hpp"
#include "sweep/store/output_writer.hpp"
#include "sweep/store/previous_results.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/run_folder.hpp"
#include "sweep/store/skipped.hpp"
#include "sweep/store/work_seconds.hpp"

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
  // Terms the ordered column sums added during this run (column_terms_computed()): the SVC
  // kernels, nested-subset distances, k-NN distances and a sequential selector's inner fits of
  // this session (a resumed run counts its own work only).
  unsigned long long kernel_column_terms = 0;
  std::optional<TuningCounts> tuning;  // with tune: only
};

// What the evaluation and tuning stages share: the run as planned, the settings, the distance
// blocks and score vectors computed for it, the evaluations done so far (a cache shared by the
// grid cells, the inner folds of tuning and the tuned rows), the output and the work counts.
struct RunContext {
  const LoadedRun& loaded;
  const StageInputs& inputs;  // the settings and the distance blocks
  const std::vector<ScoreResult>& scores;
  const PlannedSubsets& planned;
  OutputWriter& writer;
  Counts& counts;
  EvaluationCache& evaluations;
  WorkSeconds& work_seconds;  // work_seconds.csv
};

// The rows of an earlier run in the output folder that this run resumes.
struct ResumedRows {
  PreviousResults results;
  PreviousTunedRows tuned;
  std::map<std::string, std::vector<std::string>> work_seconds;  // earlier_work_seconds
};

// Every block of the plan computed or verified once (DistanceStore::prepare), the nearest-only
// ones by their own search.
void compute_distances(const Plan& plan, const StageInputs& inputs, Counts& counts) {
  DistanceStore& matrices = inputs.matrices;
  DistanceBlocks searched;
  add_nearest_neighbour_blocks(inputs.spec, inputs.datasets, plan, inputs.settings.threads,
                               searched);
  for (auto [d, m] : plan.distance_matrices) {
    auto found = searched.find({d, m});
    if (found != searched.end())
      matrices.hold({d, m}, std::move(found->second));
    else if (matrices.prepare({d, m}))
      ++counts.distance_matrices_cached;
  }
  counts.distance_matrices = plan.distance_matrices.size();
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

// The fold fits whose classifier's solver stopped at its iteration cap, over the cells evaluated:
// one warning for the run, pointing to the non_converged_fits column of each cell.
struct NonConvergence {
  size_t cells = 0;
  size_t cells_with_capped_fits = 0;
  long long fits = 0;
  long long capped_fits = 0;

  void add(const std::vector<FoldOutcome>& folds) {
    const long long capped = non_converged_fits(folds);
    ++cells;
    cells_with_capped_fits += capped > 0 ? 1 : 0;
    fits += static_cast<long long>(folds.size());
    capped_fits += capped;
  }
  void warn(const Spec& spec) const {
    if (capped_fits == 0) return;
    spdlog::warn(
        "{}: {} of {} fold fits ({} of {} cells) stopped at the solver's iteration cap before "
        "converging; their accuracy is that of an unfinished model (column non_converged_fits of "
        "results.csv and folds.csv). Lower C, raise tol or select fewer features; see "
        "docs/methods.md#linear-models-that-stop-at-the-iteration-cap",
        spec.classifier.kind, capped_fits, fits, cells_with_capped_fits, cells);
  }
};

// Evaluates the pending rows in batches, saving results after a batch when a checkpoint is due;
// identical (dataset, fold, classifier, feature subset) evaluations run once (`evaluations` is
// shared by the grid cells, the inner folds of tuning and the tuned rows).
void evaluate_rows(const RunContext& context, const std::vector<ResultRow>& rows,
                   const std::vector<size_t>& pending) {
  const Spec& spec = context.loaded.spec;
  const Plan& plan = context.loaded.plan;
  const std::vector<ScoreResult>& scores = context.scores;
  OutputWriter& writer = context.writer;
  EvaluationCache& evaluations = context.evaluations;
  Progress progress("cells", pending.size(), !context.inputs.settings.show_progress);
  NonConvergence non_convergence;
  size_t batch_size = std::max<size_t>(16, pending.size() / 50);
  for (size_t begin = 0; begin < pending.size() && !interrupt_requested(); begin += batch_size) {
    size_t end = std::min(pending.size(), begin + batch_size);
    // Keys each row of the batch needs, one per fold, with the score unit behind each.
    std::vector<std::vector<EvaluationKey>> row_keys;
    std::vector<std::vector<int>> row_units;
    std::vector<std::vector<long long>> row_used;  // the selected columns' count per fold
    std::vector<EvaluationRequest> requests;
    for (size_t i = begin; i < end; ++i) {
      const ResultRow& row = rows[pending[i]];
      std::vector<EvaluationKey> keys;
      std::vector<int> units;
      std::vector<long long> used;
      if (auto reason = not_converged_reason(plan, row, scores); !reason.empty()) {
        writer.record_not_converged(pending[i], std::move(reason));
        row_keys.emplace_back();  // no fold is evaluated
        row_units.emplace_back();
        row_used.emplace_back();
        continue;
      }
      for (size_t f = 0; f < plan.cells[row.cell].score_units.size(); ++f) {
        const auto& cell = plan.cells[static_cast<size_t>(row.source_cell(f))];
        const auto& score = scores[static_cast<size_t>(cell.score_units[f])];
        std::vector<int> selected = selected_features(score, cell.n_features);
        used.push_back(static_cast<long long>(selected.size()));
        EvaluationKey key = evaluation_key(spec, cell, static_cast<int>(f), std::move(selected));
        if (!evaluations.count(key) &&
            std::none_of(requests.begin(), requests.end(),
                         [&key](const EvaluationRequest& request) { return request.key == key; }))
          requests.push_back({key, cell.score_units[f],
                              context.planned.at({cell.score_units[f], cell.classifier_params})});
        keys.push_back(std::move(key));
        units.push_back(cell.score_units[f]);
      }
      row_keys.push_back(std::move(keys));
      row_units.push_back(std::move(units));
      row_used.push_back(std::move(used));
    }
    std::vector<EvaluationResult> results = evaluate_requests(context.inputs, scores, requests);
    for (size_t k = 0; k < requests.size(); ++k) {
      evaluations.emplace(requests[k].key, results[k]);
      context.work_seconds.add_fit(plan.score_units[static_cast<size_t>(requests[k].score_unit)],
                                   results[k].seconds, false);
    }
    context.counts.distinct_fits += requests.size();
    for (size_t i = begin; i < end; ++i) {
      if (row_keys[i - begin].empty()) continue;  // not converged
      const auto& dataset =
          context.loaded.datasets[static_cast<size_t>(plan.cells[rows[pending[i]].cell].dataset)];
      std::vector<FoldOutcome> folds;
      for (size_t f = 0; f < row_keys[i - begin].size(); ++f) {
        const auto& fold = dataset.folds[f];
        const auto& evaluation = evaluations.at(row_keys[i - begin][f]);
        const auto& score = scores[static_cast<size_t>(row_units[i - begin][f])];
        folds.push_back({fold.repeat, fold.index, static_cast<long long>(fold.train_rows.size()),
                         static_cast<long long>(fold.test_rows.size()), evaluation.accuracy,
                         evaluation.balanced_accuracy, score.zero_weight_fraction,
                         evaluation.seconds, row_used[i - begin][f], evaluation.metrics,
                         evaluation.n_components, evaluation.solver_converged,
                         evaluation.reconstruction_error});
      }
      context.counts.fold_evaluations += folds.size();
      non_convergence.add(folds);
      writer.record(pending[i], std::move(folds));
    }
    if (writer.checkpoint_due()) writer.checkpoint();
    progress.advance(end - begin);
  }
  progress.finish();
  non_convergence.warn(spec);
}

void print_dry_run(const LoadedRun& loaded, size_t resumed) {
  const Spec& spec = loaded.spec;
  const Plan& plan = loaded.plan;
  const std::vector<TunedCell>& tuned_rows = loaded.tuned;
  const std::vector<bool>& reported = loaded.reported;
  size_t fold_evaluations = 0, cells = 0;
  for (size_t c = 0; c < plan.cells.size(); ++c)
    if (reported[c]) {
      ++cells;
      fold_evaluations += plan.cells[c].score_units.size();
    }
  std::string tuned =
      tuned_rows.empty() ? "" : fmt::format(" and {} tuned rows (nested CV)", tuned_rows.size());
  if (cells < plan.cells.size())
    tuned += fmt::format(", {} candidates evaluated on the inner folds only (tune.outer: chosen)",
                         plan.cells.size() - cells);
  fmt::print("spec {}: {} grid cells{} ({} already in {}/results.csv)\n", spec.name, cells, tuned,
             resumed, spec.output.string());
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
  // An earlier run's page describes results this run extends or replaces: an interrupted or
  // failed run leaves no page rather than a stale one, and a finished run writes its own.
  std::filesystem::remove(output / "report.html");
  spdlog::set_default_logger(make_logger(output / "run.log", options.quiet));
  spdlog::info("tsfs {} ({}), spec {}, {} threads", kTsfsVersion, kTsfsGitCommit,
               spec.file.string(), options.threads);
  write_run_inputs(output, spec, datasets, skipped);
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
      {"kernel_column_terms", static_cast<size_t>(counts.kernel_column_terms)},
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
void write_tuned(const LoadedRun& loaded, const std::vector<ResultRow>& rows,
                 const OutputWriter& writer,
                 const std::map<size_t, std::vector<TunedChoice>>& choices,
                 const PreviousTunedRows& previous) {
  const Spec& spec = loaded.spec;
  const Plan& plan = loaded.plan;
  const ResultLayout& layout = loaded.layout;
  const std::vector<TunedCell>& tuned = loaded.tuned;
  CsvTable table{tuned_header(spec, layout), {}};
  const size_t first = plan.cells.size();
  for (size_t t = 0; t < tuned.size(); ++t) {
    const auto& outcome = writer.outcome(first + t);
    const auto& key = rows[first + t].key;
    if (outcome) {
      for (size_t f = 0; f < outcome->size(); ++f)
        table.rows.push_back(tuned_row({spec, layout, plan}, tuned[t], key,
                                       choices.at(first + t)[f], (*outcome)[f]));
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

// The tuned rows to tune, by dataset: every tuned row of a dataset with a pending one is tuned
// again, so that the inner folds' nested-subset fits see each ranking at all its sizes, as in a run
// that tunes the dataset whole, and a choice does not depend on which rows an earlier run finished
// (evaluations.hpp).
std::map<int, std::vector<size_t>> rows_by_dataset(const LoadedRun& loaded, size_t row_count,
                                                   const std::set<size_t>& pending) {
  const size_t first = loaded.plan.cells.size();
  std::map<int, std::vector<size_t>> by_dataset;
  for (size_t r = first; r < row_count; ++r) {
    const auto candidate = loaded.tuned[r - first].candidates.front();
    by_dataset[loaded.plan.cells[static_cast<size_t>(candidate)].dataset].push_back(r);
  }
  std::erase_if(by_dataset, [&](const auto& entry) {
    return std::none_of(entry.second.begin(), entry.second.end(),
                        [&](size_t r) { return pending.count(r) > 0; });
  });
  return by_dataset;
}

// What the tuning of one dataset after another reads and adds to.
struct TuningState {
  std::vector<ResultRow>& rows;
  const std::set<size_t>& pending;                      // the tuned rows not finished earlier
  std::map<size_t, std::vector<TunedChoice>>& choices;  // of the rows tuned in this run
  const PreviousTunedRows& previous;                    // tuned.csv of an earlier run
  TuningCounts& counts;
};

// One dataset's tuned rows: candidates chosen on the inner folds, then the pending rows' chosen
// outer evaluations (usually already in `evaluations` from the grid cells), then a checkpoint
// when due; the finished rows' choices stand as they are.
void tune_dataset(const RunContext& context, TuningState& state,
                  const std::vector<size_t>& dataset_rows) {
  const LoadedRun& loaded = context.loaded;
  OutputWriter& writer = context.writer;
  const size_t first = loaded.plan.cells.size();
  std::vector<TunedCell> all_cells;
  for (size_t r : dataset_rows) all_cells.push_back(loaded.tuned[r - first]);
  auto all_chosen = choose_candidates(context.inputs, loaded.plan, all_cells, context.evaluations,
                                      state.counts, context.work_seconds);
  std::vector<size_t> to_evaluate;
  std::vector<std::vector<TunedChoice>> chosen;
  for (size_t i = 0; i < dataset_rows.size(); ++i)
    if (state.pending.count(dataset_rows[i])) chosen.push_back(all_chosen[i]);
  warn_undefined_choices(loaded.spec, chosen);
  for (size_t i = 0; i < dataset_rows.size(); ++i) {
    const size_t row = dataset_rows[i];
    if (!state.pending.count(row)) continue;
    auto unscored = std::find_if(all_chosen[i].begin(), all_chosen[i].end(),
                                 [](const TunedChoice& choice) { return choice.candidate < 0; });
    if (unscored != all_chosen[i].end()) {
      writer.record_not_converged(row, unscored->not_converged);
      continue;
    }
    for (const auto& choice : all_chosen[i])
      state.rows[row].fold_cells.push_back(
          all_cells[i].candidates[static_cast<size_t>(choice.candidate)]);
    state.choices[row] = std::move(all_chosen[i]);
    to_evaluate.push_back(row);
  }
  const size_t checkpoints = writer.checkpoints();
  evaluate_rows(context, state.rows, to_evaluate);
  if (writer.checkpoint_due()) writer.checkpoint();
  // tuned.csv follows every checkpoint that wrote tuned rows (a row without it is recomputed).
  if (writer.checkpoints() != checkpoints)
    write_tuned(loaded, state.rows, writer, state.choices, state.previous);
}

// The least evaluation key of a dataset.
EvaluationKey first_key_of(int dataset) {
  EvaluationKey key;
  key.dataset = dataset;
  key.fold = std::numeric_limits<int>::min();
  return key;
}

// The tuned rows not yet done, one dataset after another (tune_dataset). An archive study's
// nested CV takes hours; an interrupt saves every finished dataset's tuned rows, a crash
// (SIGKILL) loses the last kTuningCheckpoint at most. A checkpoint rewrites results.csv, folds.csv
// (an archive study's reach 90 MB) and tuned.csv whole, which after every dataset cost a sizeable
// share of the tuning.
constexpr std::chrono::seconds kTuningCheckpoint{10};

void run_tuning(const RunContext& context, std::vector<ResultRow>& rows,
                const PreviousTunedRows& previous) {
  OutputWriter& writer = context.writer;
  const size_t first = context.loaded.plan.cells.size();
  const auto pending_list = pending_rows(writer, first, rows.size());
  context.counts.cells_resumed += rows.size() - first - pending_list.size();
  const std::set<size_t> pending(pending_list.begin(), pending_list.end());
  const auto by_dataset = rows_by_dataset(context.loaded, rows.size(), pending);
  std::map<size_t, std::vector<TunedChoice>> choices;
  TuningState state{rows, pending, choices, previous, context.counts.tuning.emplace()};
  writer.set_checkpoint_interval(kTuningCheckpoint);
  size_t rows_to_tune = 0;
  for (const auto& entry : by_dataset) rows_to_tune += entry.second.size();
  Progress progress("tuned rows", rows_to_tune, !context.inputs.settings.show_progress);
  // An interrupt keeps the tuned rows finished so far: results.csv and folds.csv first, then
  // their choices in tuned.csv (a row without them is recomputed).
  try {
    for (const auto& entry : by_dataset) {
      const auto started = std::chrono::steady_clock::now();
      tune_dataset(context, state, entry.second);
      // Nothing after a dataset's tuning reads its evaluations, and its inner folds' are many
      // (the archive's are 607,000 of a million). Keys order by dataset first.
      context.evaluations.erase(context.evaluations.lower_bound(first_key_of(entry.first)),
                                context.evaluations.lower_bound(first_key_of(entry.first + 1)));
      // The per-dataset cost of nested CV (experiments/archive-full/archive_full_numbers.py).
      spdlog::info(
          "tuned {}: {} rows in {:.1f} s",
          context.loaded.datasets[static_cast<size_t>(entry.first)].data.name, entry.second.size(),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      progress.advance(entry.second.size());
      throw_if_interrupted();
    }
    progress.finish();
  } catch (const Interrupted&) {
    writer.checkpoint();
    write_tuned(context.loaded, rows, writer, choices, previous);
    throw;
  }
  writer.checkpoint();
  write_tuned(context.loaded, rows, writer, choices, previous);
}

// `row` (in `header`'s columns) added to the stale rows, by column name (an earlier file's stale
// rows keep its own header; columns it lacks stay empty).
void keep_as_stale(const std::vector<std::string>& header, const std::vector<std::string>& row,
                   PreviousResults& previous) {
  if (previous.stale.header.empty()) previous.stale.header = header;
  std::vector<std::string> stale(previous.stale.header.size());
  for (size_t c = 0; c < header.size(); ++c)
    if (const auto column = previous.stale.column(header[c])) stale[*column] = row[c];
  previous.stale.rows.push_back(std::move(stale));
  previous.stale_reason = "are not in this grid, or were tuned over other candidates";
}

// A tuned row in results.csv whose tuned.csv rows are missing or incomplete (a run killed between
// the two writes, a deleted line) is recomputed; rows that contradict folds.csv are refused.
void forget_tuned_rows_without_choices(const LoadedRun& loaded,
                                       const PreviousTunedRows& previous_tuned,
                                       PreviousResults& previous) {
  const Spec& spec = loaded.spec;
  const Plan& plan = loaded.plan;
  const ResultLayout& layout = loaded.layout;
  const std::vector<TunedCell>& tuned = loaded.tuned;
  for (const auto& row : tuned) {
    auto key = tuned_key(spec, layout, plan, row);
    const auto joined = join_key(key);
    const auto tuned_rows = previous_tuned.find(key);
    const auto fold_rows = previous.folds.find(joined);
    if (tuned_rows == previous_tuned.end() || fold_rows == previous.folds.end() ||
        !previous_tuned_rows_agree({spec, layout, plan}, row, tuned_rows->second, fold_rows->second,
                                   previous.folds, spec.output / "tuned.csv")) {
      // A complete earlier tuned row now out of date (its candidates changed) is kept in
      // results.stale.csv, as every replaced row is; an incomplete one is only recomputed.
      if (const auto earlier = previous.results.find(joined);
          earlier != previous.results.end() && tuned_rows != previous_tuned.end())
        keep_as_stale(layout.results_header(), earlier->second, previous);
      previous.results.erase(joined);
      previous.folds.erase(joined);
      previous.fold_lines.erase(joined);
    }
  }
}

// curves.csv's cells, the digest of the file the finished run before this one left (from its
// manifest), and the digest of the file this run leaves (curves_digest: written or kept).
struct CurveOutput {
  std::vector<size_t> cells;
  std::optional<std::string> previous_digest;
  std::string digest;
};

// What a run writes from the score vectors: every score-vector table the spec asks for (for a
// finished run run again, those not already whole in the folder) and curves.csv's cells (none for
// a finished run run again whose curves.csv has the digest its manifest recorded).
struct ScoreOutputs {
  std::vector<const OutputTable*> score_tables;
  std::vector<size_t> curve_cells;
  bool empty() const { return score_tables.empty() && curve_cells.empty(); }
};

ScoreOutputs score_outputs(const LoadedRun& loaded, const std::vector<size_t>& curve_cell_list,
                           bool finished) {
  ScoreOutputs outputs;
  for (const OutputTable& table : output_tables())
    if (table.score_rows && table.written(loaded.spec, loaded.layout) &&
        !(finished && score_unit_table_is_whole(loaded, table)))
      outputs.score_tables.push_back(&table);
  outputs.curve_cells = curve_cell_list;
  return outputs;
}

// The distance blocks and score vectors, and the tables made of the scores. A finished run run
// again needs no distance, score vector or fit (`needed` false) unless an output made from the
// score vectors is not whole in the folder: an archive study then resumes in seconds, not in the
// minutes its matrices and score vectors take.
std::vector<ScoreResult> compute_stage(const LoadedRun& loaded, const ScoreOutputs& outputs,
                                       bool needed, const StageInputs& inputs, StageClock& clock,
                                       Counts& counts) {
  const Plan& plan = loaded.plan;
  std::vector<ScoreResult> scores;
  if (needed) {
    compute_distances(plan, inputs, counts);
    clock.stop("distances");
    scores = compute_all_scores(
        inputs, plan, outputs.score_tables.empty() ? ScoreParts::ranking : ScoreParts::everything);
  } else {
    spdlog::info(
        "every cell is in results.csv and the tables made of score vectors are whole: no "
        "distance or score vector is computed");
    counts.distance_matrices = plan.distance_matrices.size();
    clock.stop("distances");
  }
  for (const OutputTable* table : outputs.score_tables)
    write_score_unit_table(loaded, *table, scores);
  // Needed where the tables above were written; the stages after read no more.
  for (ScoreResult& result : scores) keep_ranking_only(result);
  clock.stop("scores");
  return scores;
}

// The grid cells' evaluations, then the tuned rows'. Every way out (an interrupt inside a batch,
// between batches, in the inner folds) saves what is finished: the last periodic checkpoint may
// be a second old.
void evaluation_stage(const RunContext& context, std::vector<ResultRow>& rows,
                      const std::vector<size_t>& pending, const PreviousTunedRows& previous_tuned,
                      StageClock& clock) {
  try {
    evaluate_rows(context, rows, pending);
    if (!context.loaded.tuned.empty() && !interrupt_requested()) {
      clock.stop("evaluations");
      run_tuning(context, rows, previous_tuned);
      clock.stop("tuning");
    }
  } catch (const Interrupted&) {
    context.writer.checkpoint();
    throw;
  } catch (...) {
    // Bad input found mid-run (a band no pair fits): the cells finished before it are kept too,
    // unless the save itself fails (a full disk), whose error is not the one to report.
    try {
      context.writer.checkpoint();
    } catch (...) {
    }
    throw;
  }
}

// results.csv and folds.csv saved for the last time, then what is made from them: cell_status.csv,
// curves.csv (its digest in `curves`), the summaries and plots.
void output_stage(const RunContext& context, const std::vector<size_t>& curve_cell_list,
                  CurveOutput& curves, StageClock& clock) {
  const LoadedRun& loaded = context.loaded;
  const Spec& spec = loaded.spec;
  OutputWriter& writer = context.writer;
  writer.checkpoint();
  const CsvTable results = writer.results_table();
  writer.report_cells_short_of_features();
  if (loaded.tuned.empty()) clock.stop("evaluations");
  throw_if_interrupted();
  context.counts.cells_not_converged = writer.write_cell_status();
  if (!curve_cell_list.empty())
    curves.digest =
        write_curves(loaded, context.scores, curve_cell_list, context.inputs.settings.threads);
  write_summaries(spec.output, results, spec);  // after curves.csv, which curve plots read
  clock.stop("outputs");
}

// Distances, scores, evaluations and outputs. Throws Interrupted (between or inside stages) with
// every finished cell already saved by the last checkpoint.
void run_stages(const LoadedRun& loaded, CurveOutput& curves, ResumedRows resumed,
                const RunOptions& options, StageClock& clock, Counts& counts) {
  const StageSettings settings{.threads = options.threads,
                               .show_progress = options.show_progress(),
                               .direct_fits = options.direct_fits};
  const Plan& plan = loaded.plan;
  const auto reported_count =
      static_cast<size_t>(std::count(loaded.reported.begin(), loaded.reported.end(), true));
  counts.cells = reported_count + loaded.tuned.size();
  counts.score_vectors = plan.score_units.size();
  std::vector<ResultRow> rows =
      result_rows(loaded.spec, loaded.layout, plan, loaded.tuned, loaded.reported);
  OutputWriter writer(loaded.spec.output, loaded.layout, plan, rows, std::move(resumed.results),
                      options.timings);
  writer.keep_stale_rows();
  const auto pending = pending_rows(writer, 0, plan.cells.size());
  counts.cells_resumed = reported_count - pending.size();
  std::vector<bool> resumed_rows(rows.size());
  for (size_t r = 0; r < rows.size(); ++r) resumed_rows[r] = writer.done(r);
  if (counts.cells_resumed > 0)
    spdlog::info("resuming: {} of {} cells already in results.csv", counts.cells_resumed,
                 reported_count);
  const bool finished =
      pending.empty() && pending_rows(writer, plan.cells.size(), rows.size()).empty();
  const bool curves_kept = finished && !curves.cells.empty() && curves.previous_digest &&
                           *curves.previous_digest == curves_digest(loaded, curves.cells);
  if (curves_kept) {
    spdlog::info("curves.csv has the digest the finished run recorded: kept");
    curves.digest = *curves.previous_digest;
  }
  const ScoreOutputs outputs =
      score_outputs(loaded, curves_kept ? std::vector<size_t>{} : curves.cells, finished);
  DistanceStore matrices(loaded.spec, loaded.datasets, settings.threads);
  const StageInputs inputs{loaded.spec, loaded.datasets, matrices, settings};
  const std::vector<ScoreResult> scores =
      compute_stage(loaded, outputs, !finished || !outputs.empty(), inputs, clock, counts);
  EvaluationCache evaluations;
  WorkSeconds work_seconds;
  if (scores.size() == plan.score_units.size()) work_seconds.add_scores(plan, scores, false);
  const PlannedSubsets planned = finished ? PlannedSubsets{} : planned_subset_counts(plan, scores);
  const RunContext context{loaded, inputs, scores,      planned,
                           writer, counts, evaluations, work_seconds};
  evaluation_stage(context, rows, pending, resumed.tuned, clock);
  output_stage(context, outputs.curve_cells, curves, clock);
  write_file_atomically(loaded.spec.output / "work_seconds.csv",
                        work_seconds_table(loaded, {resumed_rows, work_seconds,
                                                    resumed.work_seconds, options.timings})
                            .str());
}

// The rows of an earlier run in the output folder that belong to this plan's grid (the others
// go to results.stale.csv), and its tuned rows that still have their choices.
ResumedRows read_resumed_rows(const LoadedRun& loaded) {
  const Spec& spec = loaded.spec;
  const Plan& plan = loaded.plan;
  const ResultLayout& layout = loaded.layout;
  const std::vector<TunedCell>& tuned = loaded.tuned;
  const std::vector<bool>& reported = loaded.reported;
  std::set<std::string> grid_keys;
  for (size_t c = 0; c < plan.cells.size(); ++c)
    if (reported[c]) grid_keys.insert(join_key(layout.cell_key(plan.cells[c])));
  for (const auto& row : tuned) grid_keys.insert(join_key(tuned_key(spec, layout, plan, row)));
  ResumedRows resumed{read_previous_results(spec.output, layout, grid_keys),
                      read_previous_tuned(spec.output, spec, layout),
                      earlier_work_seconds(spec.output)};
  // (A merge reading a shard's files names each such row instead: merge_parts.hpp's missing_rows.)
  if (const size_t incomplete = resumed.results.incomplete.size(); incomplete > 0)
    spdlog::warn(
        "{}: {} of results.csv's rows {} another number of fold rows than {} n_folds; "
        "recomputing {}",
        (spec.output / "folds.csv").string(), incomplete, incomplete == 1 ? "has" : "have",
        incomplete == 1 ? "its" : "their", incomplete == 1 ? "it" : "them");
  forget_tuned_rows_without_choices(loaded, resumed.tuned, resumed.results);
  return resumed;
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

int run_sweep(const Spec& spec, const RunOptions& options) {
  StageClock clock;
  auto started = std::chrono::system_clock::now();
  spdlog::set_default_logger(make_logger({}, options.quiet));

  std::vector<SkippedDataset> skipped;
  auto datasets = prepare_usable_datasets(spec, spec.cache, options.threads, skipped);
  if (options.select_folds) options.select_folds(datasets);
  Plan plan = make_plan(spec, datasets);
  if (options.select_cells) plan = options.select_cells(plan, datasets);
  ResultLayout layout(spec, datasets);
  check_plot_columns(
      spec, [&](const std::string& table) { return output_table(table).header(spec, layout); });
  for (const auto& dataset : datasets)
    check_plot_dataset(spec, dataset.data.name, dataset.data.rows());
  std::string fingerprint = inputs_fingerprint(spec, datasets, layout.protocol_label());
  if (!options.fresh) check_resumable(spec.output, fingerprint, options.rebuild_manifest);
  const std::vector<TunedCell> tuned = tuned_cells(spec, plan);
  const std::vector<bool> reported = reported_cells(spec, plan, tuned);
  const LoadedRun loaded{spec, datasets, plan, layout, tuned, reported};
  ResumedRows resumed;
  if (!options.fresh) resumed = read_resumed_rows(loaded);
  // Checked when the run is planned: a `curves.where` matching no cell is a spec error. Shards
  // leave curves.csv out (their cells are a part of the grid; the merge writes it).
  CurveOutput curves;
  if (spec.curves && !options.select_cells) {
    curves.cells = curve_cells(spec, layout, plan, reported);
    if (!options.fresh && std::filesystem::exists(spec.output / "manifest.json"))
      curves.previous_digest =
          manifest_curves_digest(read_text_file(spec.output / "manifest.json"));
  }
  if (options.dry_run) {
    print_dry_run(loaded, resumed.results.results.size());
    return 0;
  }
  clock.stop("load");

  ManifestInfo manifest{spec, options.threads, fingerprint, started, {}, {}, "running"};
  start_output(spec, options, manifest, datasets, skipped);
  set_aside_unwritten_tables(spec.output, spec, layout);
  Counts counts;
  bool interrupted = false;
  const unsigned long long terms_before = column_terms_computed();
  try {
    run_stages(loaded, curves, std::move(resumed), options, clock, counts);
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
  counts.kernel_column_terms = column_terms_computed() - terms_before;
  if (!interrupted) manifest.curves_digest = curves.digest;
  const int status = finish_run(spec.output, clock, counts, interrupted, manifest);
  // A shard's folder holds part of the grid: the merge writes the run's page.
  if (status == 0 && !options.select_cells) write_run_report(spec.output, folder_name(spec.output));
  return status;
}

}  // namespace tsfs
