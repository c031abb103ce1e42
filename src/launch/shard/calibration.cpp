#include "launch/shard/calibration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {
namespace {

// A group RUN measured whole: its value columns (the work it measured, same_work) and seconds.
struct MeasuredGroup {
  std::vector<std::string> values;
  MeasuredSeconds seconds;
};

// The groups RUN measured whole, by work_group_match_key.
std::map<std::string, MeasuredGroup> measured_groups(const std::filesystem::path& path) {
  const WorkSecondsFile file = read_work_seconds(path);
  const auto keys = static_cast<long>(file.key_columns());
  const std::vector<std::string> names(file.table.header.begin(), file.table.header.begin() + keys);
  std::map<std::string, MeasuredGroup> measured;
  for (const auto& row : file.table.rows) {
    std::vector<std::string> values(row.begin() + keys, row.end());
    if (values[kRowsResumed] != "0" || values[kScoreSeconds].empty()) continue;
    const MeasuredSeconds seconds{*parse_double(values[kScoreSeconds]),
                                  *parse_double(values[kFitSeconds]),
                                  *parse_double(values[kTuningSeconds])};
    measured.emplace(work_group_match_key(names, {row.begin(), row.begin() + keys}),
                     MeasuredGroup{std::move(values), seconds});
  }
  return measured;
}

// The value columns (up to the seconds) of each of the plan's groups, by work_group_match_key, as
// a run of this spec would write them.
std::map<std::string, std::vector<std::string>> planned_work(
    const Spec& spec, const std::vector<PreparedDataset>& datasets, const Plan& plan,
    const ResultLayout& layout, const std::vector<std::string>& names) {
  const auto tuned = tuned_cells(spec, plan);
  std::map<std::string, std::vector<std::string>> work;
  for (const WorkGroupRows& group : work_group_rows(plan, tuned, reported_cells(spec, plan, tuned)))
    work.emplace(
        work_group_match_key(names, layout.work_group_key(plan.score_units[group.first_unit])),
        work_values(spec, datasets, plan, group, 0));
  return work;
}

// Measured seconds over model cost, summed over some groups.
struct Ratio {
  double seconds = 0, model = 0;
  double value() const { return model > 0 ? seconds / model : 0; }
};

}  // namespace

Calibration calibrate_costs(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                            const Plan& plan, std::vector<WorkGroup>& groups,
                            const std::filesystem::path& run) {
  const auto path = run / "work_seconds.csv";
  if (!std::filesystem::exists(path))
    throw InputError(path.string(),
                     "missing: calibrate from a run folder that a run (or `runner merge`) of this "
                     "tsfs finished with timings");
  const auto measured = measured_groups(path);
  const ResultLayout layout(spec, datasets);
  const auto header = layout.work_seconds_header();
  const std::vector<std::string> names(header.begin(), header.end() - kWorkSecondsValues);
  Calibration calibration;
  Ratio all;
  std::map<std::string, Ratio> by_kind;
  const auto work = planned_work(spec, datasets, plan, layout, names);
  for (auto& group : groups) {
    const std::string key =
        work_group_match_key(names, layout.work_group_key(plan.score_units[group.first_unit]));
    const auto found = measured.find(key);
    // Measured whole, and the same work: RUN may have had another grid, folds, data or classifier.
    if (found == measured.end() || !same_work(found->second.values, work.at(key))) continue;
    const MeasuredSeconds& seconds = found->second.seconds;
    const double measured_total = seconds.scores + seconds.fits + seconds.tuning;
    for (Ratio* ratio :
         {&all, &by_kind[spec.selectors[static_cast<size_t>(group.selector)].kind]}) {
      ratio->seconds += measured_total;
      ratio->model += group.cost();
    }
    group.score_cost = seconds.scores;
    group.fit_cost = seconds.fits;
    group.tuning_cost = seconds.tuning;
    group.measured = true;
    ++calibration.measured;
    calibration.measured_seconds += measured_total;
  }
  if (calibration.measured == 0)
    throw InputError(path.string(),
                     "measures no work group of this spec whole (a row with a group's dataset, "
                     "distance, selector and parameters, its rows and score vectors, rows_resumed "
                     "0, not run with --no-timings)");
  if (all.value() <= 0)
    throw InputError(path.string(), "its measured groups took 0 seconds: nothing to calibrate by");
  calibration.seconds_per_unit = all.value();
  for (auto& group : groups) {
    if (group.measured) continue;
    const Ratio& kind = by_kind[spec.selectors[static_cast<size_t>(group.selector)].kind];
    const double scale = kind.value() > 0 ? kind.value() : all.value();
    group.score_cost *= scale;
    group.fit_cost *= scale;
    group.tuning_cost *= scale;
  }
  return calibration;
}

}  // namespace tsfs
