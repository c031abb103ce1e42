#include "sweep/store/work_seconds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/store/previous_results.hpp"

namespace tsfs {
namespace {

std::array<int, 4> group_of(const ScoreUnit& unit) {
  return {unit.dataset, unit.distance, unit.selector, unit.params};
}

// The longest a group's part may take: a value beyond it is no measurement (and sums of such
// values would overflow a plan's costs).
constexpr double kMaxSeconds = 1e9;

// The row's value fields checked (see read_work_seconds); `where` names its line.
void check_values(const std::vector<std::string>& row, size_t first, const std::string& where,
                  const std::vector<std::string>& header) {
  for (size_t i : {kRows, kRowsResumed, kScoreVectors, kDatasetRows, kDatasetFeatures}) {
    // Digits alone without a leading zero, as tsfs writes a count (equal counts, equal texts).
    const std::string& text = row[first + i];
    if (text.empty() || text.size() > 15 ||
        text.find_first_not_of("0123456789") != std::string::npos ||
        (text.size() > 1 && text[0] == '0'))
      throw InputError(
          where, fmt::format("{} '{}' is not a count", header[first + i], printable_excerpt(text)));
  }
  if (std::stoll(row[first + kRowsResumed]) > std::stoll(row[first + kRows]))
    throw InputError(where, fmt::format("rows_resumed {} is more than rows {}",
                                        row[first + kRowsResumed], row[first + kRows]));
  if (row[first + kClassifier].empty()) throw InputError(where, "no classifier");
  size_t empty = 0;
  for (size_t i : {kScoreSeconds, kFitSeconds, kTuningSeconds}) {
    if (row[first + i].empty()) {
      ++empty;
      continue;
    }
    const auto value = parse_double(row[first + i]);
    if (!value || !std::isfinite(*value) || *value < 0 || *value > kMaxSeconds)
      throw InputError(
          where, fmt::format("{} '{}' is not a number of seconds (0 to {:g})", header[first + i],
                             printable_excerpt(row[first + i]), kMaxSeconds));
  }
  if (empty != 0 && empty != 3)
    throw InputError(where,
                     "some seconds given and some empty (--no-timings leaves all three "
                     "empty): not a row tsfs wrote");
}

// The spec's classifier entry as work_seconds.csv names it: its kind and every grid point.
std::string classifier_text(const Spec& spec) {
  std::vector<std::string> points;
  for (const ParamSet& params : spec.classifier.grid) points.push_back(params.canonical());
  return fmt::format("{} {}", spec.classifier.kind, fmt::join(points, " | "));
}

}  // namespace

std::string seconds_text(double seconds) {
  return fmt::format("{:.6f}", seconds == 0 ? 0.0 : seconds);
}

void WorkSeconds::add_scores(const Plan& units, const std::vector<ScoreResult>& scores,
                             bool tuning) {
  for (size_t u = 0; u < units.score_units.size(); ++u) {
    MeasuredSeconds& group = groups_[group_of(units.score_units[u])];
    (tuning ? group.tuning : group.scores) += scores[u].seconds;
  }
}

void WorkSeconds::add_fit(const ScoreUnit& unit, double seconds, bool tuning) {
  MeasuredSeconds& group = groups_[group_of(unit)];
  (tuning ? group.tuning : group.fits) += seconds;
}

MeasuredSeconds WorkSeconds::of(const ScoreUnit& unit) const {
  const auto found = groups_.find(group_of(unit));
  return found == groups_.end() ? MeasuredSeconds{} : found->second;
}

WorkSecondsFile read_work_seconds(const std::filesystem::path& path) {
  if (!std::filesystem::is_regular_file(path)) throw InputError(path.string(), "missing");
  WorkSecondsFile file;
  file.table = read_csv_table(path, &file.lines);
  const auto& header = file.table.header;
  const std::vector<std::string> values = {"rows",          "rows_resumed",     "score_vectors",
                                           "dataset_rows",  "dataset_features", "classifier",
                                           "score_seconds", "fit_seconds",      "tuning_seconds"};
  if (header.size() <= values.size() ||
      !std::equal(values.begin(), values.end(), header.end() - static_cast<long>(values.size())))
    throw InputError(path.string() + ":1",
                     fmt::format("the header does not end with {}: not a file tsfs wrote",
                                 fmt::join(values, ",")));
  std::set<std::vector<std::string>> keys;
  for (size_t r = 0; r < file.table.rows.size(); ++r) {
    const auto& row = file.table.rows[r];
    const std::string where = fmt::format("{}:{}", path.string(), file.lines[r]);
    check_values(row, file.key_columns(), where, header);
    if (!keys.emplace(row.begin(), row.begin() + static_cast<long>(file.key_columns())).second)
      throw InputError(where, "a work group listed twice: not a file tsfs wrote");
  }
  return file;
}

std::string work_group_match_key(const std::vector<std::string>& names,
                                 const std::vector<std::string>& values) {
  std::vector<std::string> pairs;
  for (size_t i = 0; i < names.size(); ++i)
    if (!values[i].empty()) pairs.push_back(names[i] + '=' + values[i]);
  std::sort(pairs.begin(), pairs.end());
  std::string key;
  for (const auto& pair : pairs) key += pair + '\n';
  return key;
}

std::map<std::string, std::vector<std::string>> earlier_work_seconds(
    const std::filesystem::path& output) {
  std::map<std::string, std::vector<std::string>> earlier;
  const auto path = output / "work_seconds.csv";
  if (!std::filesystem::exists(path)) return earlier;
  WorkSecondsFile file;
  try {
    file = read_work_seconds(path);
  } catch (const InputError& error) {
    throw InputError(error.where(), error.message() +
                                        "; it holds timings only: remove it and "
                                        "rerun (this run then measures anew)");
  }
  const auto keys = static_cast<long>(file.key_columns());
  const std::vector<std::string> names(file.table.header.begin(), file.table.header.begin() + keys);
  for (const auto& row : file.table.rows)
    earlier.emplace(work_group_match_key(names, {row.begin(), row.begin() + keys}),
                    std::vector<std::string>(row.begin() + keys, row.end()));
  return earlier;
}

std::vector<WorkGroupRows> work_group_rows(const Plan& plan, const std::vector<TunedCell>& tuned,
                                           const std::vector<bool>& reported) {
  std::vector<WorkGroupRows> groups;
  std::map<std::array<int, 4>, size_t> index;
  for (size_t u = 0; u < plan.score_units.size(); ++u) {
    const auto [found, added] = index.emplace(group_of(plan.score_units[u]), groups.size());
    if (added) groups.push_back({u});
    ++groups[found->second].units;
  }
  const auto group_of_cell = [&](size_t cell) {
    return index.at(
        group_of(plan.score_units[static_cast<size_t>(plan.cells[cell].score_units.front())]));
  };
  // A grid row needs its cell's group; a tuned row every group holding one of its candidates.
  for (size_t c = 0; c < plan.cells.size(); ++c)
    if (reported[c]) groups[group_of_cell(c)].rows.push_back(c);
  for (size_t t = 0; t < tuned.size(); ++t) {
    std::set<size_t> needed;
    for (int candidate : tuned[t].candidates)
      needed.insert(group_of_cell(static_cast<size_t>(candidate)));
    for (size_t g : needed) groups[g].rows.push_back(plan.cells.size() + t);
  }
  return groups;
}

std::vector<std::string> work_values(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                     const Plan& plan, const WorkGroupRows& group, size_t resumed) {
  const PreparedDataset& dataset =
      datasets[static_cast<size_t>(plan.score_units[group.first_unit].dataset)];
  return {std::to_string(group.rows.size()),
          std::to_string(resumed),
          std::to_string(group.units),
          std::to_string(dataset.data.rows()),
          std::to_string(dataset.features.values.cols()),
          classifier_text(spec)};
}

bool same_work(const std::vector<std::string>& values, const std::vector<std::string>& other) {
  for (size_t i : kWorkDescription)
    if (values[i] != other[i]) return false;
  return true;
}

CsvTable work_seconds_table(const LoadedRun& loaded, const WorkSecondsInputs& inputs) {
  const Plan& plan = loaded.plan;
  CsvTable table{loaded.layout.work_seconds_header(), {}};
  const std::vector<std::string> names(table.header.begin(),
                                       table.header.end() - kWorkSecondsValues);
  for (const WorkGroupRows& group : work_group_rows(plan, loaded.tuned, loaded.reported)) {
    const ScoreUnit& unit = plan.score_units[group.first_unit];
    std::vector<std::string> row = loaded.layout.work_group_key(unit);
    const size_t resumed = static_cast<size_t>(std::count_if(
        group.rows.begin(), group.rows.end(), [&](size_t r) { return inputs.resumed[r]; }));
    std::vector<std::string> values =
        work_values(loaded.spec, loaded.datasets, plan, group, resumed);
    MeasuredSeconds seconds = inputs.measured.of(unit);
    bool timed = inputs.timings;
    // An earlier row of this group's work (same_work) stands for a run that computed only part of
    // the group: when this run computed none of it, or measured part of what the earlier row
    // measured whole. Matched by column names, so a spec that gained parameter columns keeps its
    // rows; its values are written again as tsfs writes them.
    if (const auto found = inputs.earlier.find(work_group_match_key(names, row));
        resumed > 0 && found != inputs.earlier.end()) {
      const std::vector<std::string>& earlier = found->second;  // the value columns
      if (same_work(earlier, values) &&
          (resumed == group.rows.size() || earlier[kRowsResumed] == "0")) {
        values[kRowsResumed] = earlier[kRowsResumed];
        timed = timed && !earlier[kScoreSeconds].empty();
        if (timed)
          seconds = {*parse_double(earlier[kScoreSeconds]), *parse_double(earlier[kFitSeconds]),
                     *parse_double(earlier[kTuningSeconds])};
      }
    }
    row.insert(row.end(), values.begin(), values.end());
    for (double value : {seconds.scores, seconds.fits, seconds.tuning})
      row.push_back(timed ? seconds_text(value) : "");
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace tsfs
