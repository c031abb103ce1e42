#include "launch/shard/calibration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {
namespace {

// The key a group is matched by: its key columns' non-empty "name=value" pairs, sorted.
std::string match_key(const std::vector<std::string>& names,
                      const std::vector<std::string>& values) {
  std::vector<std::string> pairs;
  for (size_t i = 0; i < names.size(); ++i)
    if (!values[i].empty()) pairs.push_back(names[i] + '=' + values[i]);
  std::sort(pairs.begin(), pairs.end());
  std::string key;
  for (const auto& pair : pairs) key += pair + '\n';
  return key;
}

// The measured seconds of the groups RUN measured whole, by match_key.
std::map<std::string, MeasuredSeconds> measured_groups(const std::filesystem::path& path) {
  const WorkSecondsFile file = read_work_seconds(path);
  const size_t keys = file.key_columns();
  const std::vector<std::string> names(file.table.header.begin(),
                                       file.table.header.begin() + static_cast<long>(keys));
  std::map<std::string, MeasuredSeconds> measured;
  for (const auto& row : file.table.rows) {
    // rows_resumed (keys + 1) must be 0; the seconds (keys + 3 ...) given.
    if (row[keys + 1] != "0" || row[keys + 3].empty()) continue;
    const std::vector<std::string> key(row.begin(), row.begin() + static_cast<long>(keys));
    measured.emplace(match_key(names, key),
                     MeasuredSeconds{*parse_double(row[keys + 3]), *parse_double(row[keys + 4]),
                                     *parse_double(row[keys + 5])});
  }
  return measured;
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
  for (auto& group : groups) {
    const ScoreUnit& unit = plan.score_units[group.first_unit];
    const auto found = measured.find(match_key(names, layout.work_group_key(unit)));
    if (found == measured.end()) continue;
    const MeasuredSeconds& seconds = found->second;
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
                     "distance, selector and parameters, rows_resumed 0, not run with "
                     "--no-timings)");
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
