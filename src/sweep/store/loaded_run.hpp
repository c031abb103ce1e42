#pragma once
// The run as planned, immutable from planning to the end of the run: what every stage of a run
// reads besides its own inputs, passed as one value instead of six arguments.
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {

// References to values its owner (run_sweep) keeps alive for the whole run; never stored beyond.
struct LoadedRun {
  const Spec& spec;
  const std::vector<PreparedDataset>& datasets;  // sweep/plan/plan.hpp
  const Plan& plan;                              // a shard's part under `run --shard`
  const ResultLayout& layout;
  const std::vector<TunedCell>& tuned;  // tuned_cells(spec, plan)
  const std::vector<bool>& reported;    // reported_cells(spec, plan, tuned)
};

}  // namespace tsfs
