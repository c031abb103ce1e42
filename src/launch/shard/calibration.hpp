#pragma once
// `runner plan SPEC --shards N --calibrate RUN`: the work groups costed by the seconds a finished
// run measured for them (RUN/work_seconds.csv, sweep/store/work_seconds.hpp) instead of by the cost
// model alone (work_groups.hpp), so that a second submission balances on measured cost.
//
// A group RUN measured whole (a row with the group's dataset, distance, selector and parameters,
// describing the same work (same_work: as many results.csv rows and score vectors, the dataset's
// rows and features, the classifier entry), rows_resumed 0 and its seconds given) costs its
// measured score, fit and tuning seconds. Any other group (a dataset, distance or parameter set
// RUN did not run, or ran with another grid, protocol, data or classifier; one RUN resumed, or ran
// with --no-timings) costs the model's estimate in seconds: times the ratio of measured seconds to
// model cost over the measured groups of its selector kind, or over all measured groups when its
// kind has none. The costs are then seconds throughout.
//
// Rows are matched by their key columns' names and values (a parameter column empty or absent
// alike), so RUN may come from an earlier version of the spec: another grid, other datasets,
// selectors with other parameter columns. What the row cannot tell (the same work on another
// machine) is the user's to keep alike. A fit two groups share is measured once,
// charged to the first (work_seconds.csv): placed in different shards, both make it.
#include <filesystem>
#include <vector>

#include "config/spec.hpp"
#include "launch/shard/work_groups.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

struct Calibration {
  size_t measured = 0;          // groups costed by their measured seconds
  double measured_seconds = 0;  // those groups' seconds
  double seconds_per_unit = 0;  // measured seconds per model unit, over every measured group
};

// Sets the cost of every group (WorkGroup::measured says which were measured). Throws InputError
// naming RUN's file (and line) when it is missing or damaged, or measured no group of the plan.
Calibration calibrate_costs(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                            const Plan& plan, std::vector<WorkGroup>& groups,
                            const std::filesystem::path& run);

}  // namespace tsfs
