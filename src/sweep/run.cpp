#include "sweep/run.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <map>
#include <set>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/hash.hpp"
#include "common/version.hpp"
#include "plot/plot.hpp"
#include "report/manifest.hpp"
#include "report/result_layout.hpp"
#include "report/tables.hpp"
#include "sweep/artefacts.hpp"
#include "sweep/logging.hpp"
#include "sweep/previous_results.hpp"
#include "sweep/progress.hpp"
#include "sweep/skipped.hpp"
#include "sweep/work_units.hpp"

namespace tsfs {
namespace {

std::atomic<bool> interrupted{false};
extern "C" void request_stop(int) {
  interrupted = true;
}

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

// Identifies what a run's results depend on besides the grid: the data, features, distances
// and protocol. Resuming into a folder whose results came from other inputs is refused.
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

void check_resumable(const std::filesystem::path& output, const std::string& fingerprint) {
  auto manifest = output / "manifest.json";
  if (!std::filesystem::exists(output / "results.csv") || !std::filesystem::exists(manifest))
    return;
  if (read_text_file(manifest).find(fmt::format("\"fingerprint\": \"{}\"", fingerprint)) ==
      std::string::npos)
    throw InputError(manifest.string(),
                     "this output folder holds results computed from other datasets, features, "
                     "distances or protocol; rerun with --fresh or choose another output");
}

struct Counts {
  size_t cells = 0, cells_resumed = 0, fold_evaluations = 0, distinct_fits = 0;
  size_t score_vectors = 0, distance_matrices = 0, distance_matrices_cached = 0;
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

std::vector<ScoreResult> compute_all_scores(const Spec& spec,
                                            const std::vector<PreparedDataset>& datasets,
                                            const Plan& plan, const DistanceMatrices& matrices,
                                            const RunOptions& options) {
  std::vector<ScoreResult> scores(plan.score_units.size());
  Progress progress("scores", scores.size(), options.quiet);
  parallel_for(scores.size(), options.threads, [&](size_t u) {
    const auto& unit = plan.score_units[u];
    const Eigen::MatrixXd* distances = nullptr;
    if (unit.distance != kNoDistance) distances = &matrices.at({unit.dataset, unit.distance});
    scores[u] = compute_scores(spec, datasets[static_cast<size_t>(unit.dataset)], unit, distances);
    progress.advance();
  });
  progress.finish();
  return scores;
}

class OutputWriter {
 public:
  OutputWriter(const std::filesystem::path& output, const ResultLayout& layout, const Plan& plan,
               PreviousResults previous, bool timings)
      : output_(output),
        layout_(layout),
        plan_(plan),
        previous_(std::move(previous)),
        timings_(timings),
        outcomes_(plan.cells.size()) {
    for (const auto& cell : plan.cells) keys_.push_back(join_key(layout.cell_key(cell)));
  }

  bool done(size_t cell) const { return outcomes_[cell] || previous_.results.count(keys_[cell]); }
  void record(size_t cell, std::vector<FoldOutcome> folds) {
    if (!timings_)
      for (auto& fold : folds) fold.fit_seconds = std::nan("");
    outcomes_[cell] = std::move(folds);
  }

  // Writes results.csv and folds.csv with every finished cell, in grid order.
  CsvTable checkpoint() const {
    CsvTable results{layout_.results_header(), {}};
    CsvTable folds{layout_.folds_header(), {}};
    for (size_t c = 0; c < plan_.cells.size(); ++c) {
      if (outcomes_[c]) {
        results.rows.push_back(layout_.results_row(plan_.cells[c], *outcomes_[c]));
        for (const auto& fold : *outcomes_[c])
          folds.rows.push_back(layout_.folds_row(plan_.cells[c], fold));
      } else if (auto found = previous_.results.find(keys_[c]); found != previous_.results.end()) {
        results.rows.push_back(found->second);
        if (auto fold_rows = previous_.folds.find(keys_[c]); fold_rows != previous_.folds.end())
          for (const auto& row : fold_rows->second) folds.rows.push_back(row);
      }
    }
    write_file_atomically(output_ / "results.csv", results.str());
    write_file_atomically(output_ / "folds.csv", folds.str());
    return results;
  }

  void keep_stale_rows() const {
    if (previous_.stale.rows.empty()) return;
    auto path = output_ / "results.stale.csv";
    for (int n = 1; std::filesystem::exists(path); ++n)
      path = output_ / fmt::format("results.stale.{}.csv", n);
    write_file_atomically(path, previous_.stale.str());
    spdlog::warn("{} rows of an earlier run are not in this grid; kept in {}",
                 previous_.stale.rows.size(), path.string());
  }

 private:
  const std::filesystem::path& output_;
  const ResultLayout& layout_;
  const Plan& plan_;
  PreviousResults previous_;
  bool timings_;
  std::vector<std::optional<std::vector<FoldOutcome>>> outcomes_;
  std::vector<std::string> keys_;
};

// Evaluates the unfinished cells in batches, saving results after each batch; identical
// (dataset, fold, classifier, feature subset) evaluations run once.
void evaluate_cells(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                    const Plan& plan, const std::vector<ScoreResult>& scores, OutputWriter& writer,
                    const RunOptions& options, Counts& counts) {
  std::vector<size_t> pending;
  for (size_t c = 0; c < plan.cells.size(); ++c)
    if (!writer.done(c)) pending.push_back(c);
  counts.cells_resumed = plan.cells.size() - pending.size();
  if (counts.cells_resumed > 0)
    spdlog::info("resuming: {} of {} cells already in results.csv", counts.cells_resumed,
                 plan.cells.size());
  std::map<EvaluationKey, EvaluationResult> evaluations;
  Progress progress("cells", pending.size(), options.quiet);
  size_t batch_size = std::max<size_t>(16, pending.size() / 50);
  for (size_t begin = 0; begin < pending.size() && !interrupted; begin += batch_size) {
    size_t end = std::min(pending.size(), begin + batch_size);
    // Keys each cell of the batch needs, one per fold.
    std::vector<std::vector<EvaluationKey>> cell_keys;
    std::vector<EvaluationKey> new_keys;
    for (size_t i = begin; i < end; ++i) {
      const auto& cell = plan.cells[pending[i]];
      std::vector<EvaluationKey> keys;
      for (size_t f = 0; f < cell.score_units.size(); ++f) {
        const auto& score = scores[static_cast<size_t>(cell.score_units[f])];
        EvaluationKey key{cell.dataset, static_cast<int>(f), cell.classifier_params,
                          selected_features(score, cell.n_features)};
        if (!evaluations.count(key) &&
            std::find(new_keys.begin(), new_keys.end(), key) == new_keys.end())
          new_keys.push_back(key);
        keys.push_back(std::move(key));
      }
      cell_keys.push_back(std::move(keys));
    }
    std::vector<EvaluationResult> results(new_keys.size());
    parallel_for(new_keys.size(), options.threads, [&](size_t k) {
      results[k] = evaluate(spec, datasets[static_cast<size_t>(new_keys[k].dataset)], new_keys[k]);
    });
    for (size_t k = 0; k < new_keys.size(); ++k) evaluations.emplace(new_keys[k], results[k]);
    counts.distinct_fits += new_keys.size();
    for (size_t i = begin; i < end; ++i) {
      const auto& cell = plan.cells[pending[i]];
      const auto& dataset = datasets[static_cast<size_t>(cell.dataset)];
      std::vector<FoldOutcome> folds;
      for (size_t f = 0; f < cell.score_units.size(); ++f) {
        const auto& fold = dataset.folds[f];
        const auto& evaluation = evaluations.at(cell_keys[i - begin][f]);
        const auto& score = scores[static_cast<size_t>(cell.score_units[f])];
        folds.push_back({fold.repeat, fold.index, static_cast<long long>(fold.train_rows.size()),
                         static_cast<long long>(fold.test_rows.size()), evaluation.accuracy,
                         evaluation.balanced_accuracy, score.zero_weight_fraction,
                         evaluation.seconds});
      }
      counts.fold_evaluations += folds.size();
      writer.record(pending[i], std::move(folds));
    }
    writer.checkpoint();
    progress.advance(end - begin);
  }
  progress.finish();
}

// Streamed: a sweep's score vectors can reach millions of rows.
void write_scores(const std::filesystem::path& output, const ResultLayout& layout, const Plan& plan,
                  const std::vector<ScoreResult>& scores) {
  AtomicFileWriter file(output / "scores.csv");
  file.stream() << csv_row(layout.scores_header());
  for (size_t u = 0; u < plan.score_units.size(); ++u)
    for (const auto& row :
         layout.score_rows(plan.score_units[u], scores[u].scores, scores[u].ranking))
      file.stream() << csv_row(row);
  file.commit();
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

void print_dry_run(const Spec& spec, const Plan& plan, size_t resumed) {
  size_t fold_evaluations = 0;
  for (const auto& cell : plan.cells) fold_evaluations += cell.score_units.size();
  fmt::print("spec {}: {} grid cells ({} already in {}/results.csv)\n", spec.name,
             plan.cells.size(), resumed, spec.output.string());
  fmt::print("  distance matrices: {}\n", plan.distance_matrices.size());
  fmt::print("  score vectors:     {}\n", plan.score_units.size());
  fmt::print(
      "  classifier fits:   at most {} (cells x folds); identical feature subsets are "
      "fitted once, so the exact count is known after scoring\n",
      fold_evaluations);
}

}  // namespace

int run_sweep(const Spec& spec, const RunOptions& options) {
  StageClock clock;
  auto started = std::chrono::system_clock::now();
  const auto& output = spec.output;
  auto cache_folder = output / "cache";
  spdlog::set_default_logger(make_logger({}, options.quiet));

  std::vector<SkippedDataset> skipped;
  auto datasets = prepare_usable_datasets(spec, cache_folder, options.threads, skipped);
  Plan plan = make_plan(spec, datasets);
  ResultLayout layout(spec, datasets);
  std::string fingerprint = inputs_fingerprint(spec, datasets, layout.protocol_label());
  if (!options.fresh) check_resumable(output, fingerprint);
  std::set<std::string> grid_keys;
  for (const auto& cell : plan.cells) grid_keys.insert(join_key(layout.cell_key(cell)));
  PreviousResults previous;
  if (!options.fresh) previous = read_previous_results(output, layout, grid_keys);
  if (options.dry_run) {
    print_dry_run(spec, plan, previous.results.size());
    return 0;
  }
  clock.stop("load");

  std::filesystem::create_directories(output);
  spdlog::set_default_logger(make_logger(output / "run.log", options.quiet));
  spdlog::info("tsfs {} ({}), spec {}, {} threads", kTsfsVersion, kTsfsGitCommit,
               spec.file.string(), options.threads);
  write_file_atomically(output / "spec.yaml", spec.input_yaml);
  write_file_atomically(output / "spec.resolved.yaml", spec.resolved_yaml);
  write_skipped(output, skipped);
  // Written now too, so a run killed without a chance to clean up still resumes safely.
  write_file_atomically(
      output / "manifest.json",
      manifest_json({spec, options.threads, fingerprint, started, {}, {}, "running"}));
  for (const auto& dataset : datasets)
    if (!dataset.feature_cache_key.empty() && !dataset.features_from_cache)
      save_cached_features(cache_folder, dataset.feature_cache_key, dataset.features);

  interrupted = false;
  auto previous_sigint = std::signal(SIGINT, request_stop);
  auto previous_sigterm = std::signal(SIGTERM, request_stop);
  Counts counts;
  counts.cells = plan.cells.size();
  counts.score_vectors = plan.score_units.size();
  auto matrices = compute_distances(spec, datasets, plan, cache_folder, options, counts);
  clock.stop("distances");
  auto scores = compute_all_scores(spec, datasets, plan, matrices, options);
  if (spec.save_scores) write_scores(output, layout, plan, scores);
  clock.stop("scores");

  OutputWriter writer(output, layout, plan, std::move(previous), options.timings);
  writer.keep_stale_rows();
  evaluate_cells(spec, datasets, plan, scores, writer, options, counts);
  CsvTable results = writer.checkpoint();
  clock.stop("evaluations");
  write_tables(output, results, spec);
  render_plots(spec, output);
  clock.stop("outputs");
  std::signal(SIGINT, previous_sigint);
  std::signal(SIGTERM, previous_sigterm);

  ManifestInfo manifest{spec,
                        options.threads,
                        fingerprint,
                        started,
                        clock.stages(),
                        {},
                        interrupted ? "interrupted" : "finished"};
  manifest.counts = {{"grid_cells", counts.cells},
                     {"cells_resumed", counts.cells_resumed},
                     {"fold_evaluations", counts.fold_evaluations},
                     {"distinct_fits", counts.distinct_fits},
                     {"score_vectors", counts.score_vectors},
                     {"distance_matrices", counts.distance_matrices},
                     {"distance_matrices_cached", counts.distance_matrices_cached}};
  write_file_atomically(output / "manifest.json", manifest_json(manifest));
  if (interrupted) {
    spdlog::warn("interrupted: {} finished cells saved in {}; rerun the same command to resume",
                 results.rows.size(), output.string());
    return 130;
  }
  spdlog::info("{} cells ({} resumed), {} fold evaluations, {} distinct fits; results in {}",
               counts.cells, counts.cells_resumed, counts.fold_evaluations, counts.distinct_fits,
               output.string());
  return 0;
}

}  // namespace tsfs
