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

// A group RUN measured whole: the work it measured (rows, score vectors) and its seconds.
struct MeasuredGroup {
  std::string rows, score_vectors;
  MeasuredSeconds seconds;
};

// The groups RUN measured whole, by work_group_match_key.
std::map<std::string, MeasuredGroup> measured_groups(const std::filesystem::path& path) {
  const WorkSecondsFile file = read_work_seconds(path);
  const size_t keys = file.key_columns();
  const std::vector<std::string> names(file.table.header.begin(),
                                       file.table.header.begin() + static_cast<long>(keys));
  std::map<std::string, MeasuredGroup> measured;
  for (const auto& row : file.table.rows) {
    // Values after the key: rows, rows_resumed (0: whole), score_vectors, then the seconds.
    if (row[keys + 1] != "0" || row[keys + 3].empty()) continue;
    const std::vector<std::string> key(row.begin(), row.begin() + static_cast<long>(keys));
    measured.emplace(work_group_match_key(names, key),
                     MeasuredGroup{row[keys],
                                   row[keys + 2],
                                   {*parse_double(row[keys + 3]), *parse_double(row[keys + 4]),
                                    *parse_double(row[keys + 5])}});
  }
  return measured;
}

// The work (rows, score vectors) of each of the plan's groups, by work_group_match_key, as
// work_seconds.csv counts it.
std::map<std::string, std::pair<std::string, std::string>> planned_work(
    const Spec& spec, const Plan& plan, const ResultLayout& layout,
    const std::vector<std::string>& names) {
  const auto tuned = tuned_cells(spec, plan);
  std::map<std::string, std::pair<std::string, std::string>> work;
  for (const WorkGroupRows& group : work_group_rows(plan, tuned, reported_cells(spec, plan, tuned)))
    work.emplace(
        work_group_match_key(names, layout.work_group_key(plan.score_units[group.first_unit])),
        std::pair{std::to_string(group.rows.size()), std::to_string(group.units)});
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
  const auto work = planned_work(spec, plan, layout, names);
  for (auto& group : groups) {
    const std::string key =
        work_group_match_key(names, layout.work_group_key(plan.score_units[group.first_unit]));
    const auto found = measured.find(key);
    // Measured whole, and the same work: RUN's grid may have had other n_features or folds.
    if (found == measured.end() ||
        std::pair{found->second.rows, found->second.score_vectors} != work.at(key))
      continue;
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
