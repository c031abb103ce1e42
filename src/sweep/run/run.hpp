#pragma once
// Runs a spec end to end: spec -> plan -> cached artefacts (features, distances) -> score
// vectors -> deduplicated evaluations -> results.csv, folds.csv, scores.csv, tables/,
// spec.resolved.yaml, manifest.json, run.log in the spec's output folder.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/parallel.hpp"
#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

struct RunOptions {
  int threads = default_threads();
  bool dry_run = false;   // print the grid and its work units, compute and write nothing
  bool fresh = false;     // ignore results of an earlier run in the output folder
  bool quiet = false;     // no progress or info lines on stderr (run.log keeps them)
  bool progress = false;  // with quiet: the progress lines (done/total, rate, time left) still show
  bool timings = true;    // false: leave fit_seconds empty, so every CSV is byte-reproducible
  // Every fit through Classifier::fit_predict, none through the nested-subset fits (whose kernel
  // sums over columns round differently, see classify/classifier.hpp).
  bool direct_fits = false;
  bool wait = false;  // another runner holds the output folder: wait for it instead of failing
  // manifest.json is missing or corrupt: rebuild it, trusting the (validated) results.csv rows
  bool rebuild_manifest = false;
  // When set, the run computes only the cells of the plan this returns (a shard's part, in grid
  // order, with the score units and distance matrices they need).
  std::function<Plan(const Plan&, const std::vector<PreparedDataset>&)> select_cells;
  // When set, called on the datasets before the plan is made: a shard of a plan split by folds
  // keeps its own outer folds of each dataset (launch/shard/fold_split.hpp).
  std::function<void(std::vector<PreparedDataset>&)> select_folds;

  bool show_progress() const { return !quiet || progress; }
};

// Returns the exit code: 0 when the sweep finished, 130 when interrupted (SIGINT/SIGTERM) after
// saving every finished cell. Throws InputError for bad input (exit 2).
int run_sweep(const Spec& spec, const RunOptions& options);

}  // namespace tsfs
