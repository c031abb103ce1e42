#pragma once
// What the compute stages of a run (scores, evaluations, tuning) read besides the grid they work
// on: the run options unpacked once by run_sweep, and the inputs every stage shares.
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/run/distance_store.hpp"

namespace tsfs {

// The part of RunOptions (run.hpp) the stages read.
struct StageSettings {
  int threads = 1;
  bool show_progress = true;  // RunOptions::show_progress()
  // Every fit through Classifier::fit_predict, none through the nested-subset fits
  // (evaluations.hpp).
  bool direct_fits = false;
};

// References to values their owner keeps alive for the whole stage; never stored beyond it. The
// grid is not one of them: tuning scores the inner folds' units with a plan of their own while it
// evaluates the outer plan's cells, so each function takes the Plan it works on.
struct StageInputs {
  const Spec& spec;
  const std::vector<PreparedDataset>& datasets;
  DistanceStore& matrices;  // the distance stage's blocks, read back and let go by the stages
  const StageSettings& settings;
};

}  // namespace tsfs
