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

// The row's value fields checked (see read_work_seconds); `where` names its line.
void check_values(const std::vector<std::string>& row, size_t first, const std::string& where,
                  const std::vector<std::string>& header) {
  double counts[3];
  for (size_t i = 0; i < 3; ++i) {
    // Digits alone, as tsfs writes a count (so that equal counts are equal texts).
    const std::string& text = row[first + i];
    const auto value = parse_double(text);
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || !value ||
        *value > 1e15)
      throw InputError(where, fmt::format("{} '{}' is not a count", header[first + i],
                                          printable_excerpt(row[first + i])));
    counts[i] = *value;
  }
  if (counts[1] > counts[0])
    throw InputError(
        where, fmt::format("rows_resumed {} is more than rows {}", row[first + 1], row[first]));
  size_t empty = 0;
  for (size_t i = 3; i < kWorkSecondsValues; ++i) {
    if (row[first + i].empty()) {
      ++empty;
      continue;
    }
    const auto value = parse_double(row[first + i]);
    if (!value || !std::isfinite(*value) || *value < 0)
      throw InputError(where, fmt::format("{} '{}' is not a number of seconds", header[first + i],
                                          printable_excerpt(row[first + i])));
  }
  if (empty != 0 && empty != 3)
    throw InputError(where,
                     "some seconds given and some empty (--no-timings leaves all three "
                     "empty): not a row tsfs wrote");
}

}  // namespace

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
  const std::vector<std::string> values = {"rows",          "rows_resumed", "score_vectors",
                                           "score_seconds", "fit_seconds",  "tuning_seconds"};
  if (header.size() <= values.size() ||
      !std::equal(values.begin(), values.end(), header.end() - static_cast<long>(values.size())))
    throw InputError(path.string() + ":1",
                     fmt::format("the header does not end with {}: not a file tsfs wrote",
                                 fmt::join(values, ",")));
  for (size_t r = 0; r < file.table.rows.size(); ++r)
    check_values(file.table.rows[r], file.key_columns(),
                 fmt::format("{}:{}", path.string(), file.lines[r]), header);
  return file;
}

std::map<std::string, std::vector<std::string>> earlier_work_seconds(
    const std::filesystem::path& output, const ResultLayout& layout) {
  std::map<std::string, std::vector<std::string>> earlier;
  const auto path = output / "work_seconds.csv";
  if (!std::filesystem::exists(path)) return earlier;
  const auto hint = [](const InputError& error) {
    return InputError(error.where(), error.message() +
                                         "; it holds timings only: remove it and "
                                         "rerun (this run then measures anew)");
  };
  WorkSecondsFile file;
  try {
    file = read_work_seconds(path);
  } catch (const InputError& error) {
    throw hint(error);
  }
  if (file.table.header != layout.work_seconds_header()) return earlier;
  for (size_t r = 0; r < file.table.rows.size(); ++r) {
    const auto& row = file.table.rows[r];
    const std::vector<std::string> key(row.begin(),
                                       row.begin() + static_cast<long>(file.key_columns()));
    if (!earlier.emplace(join_key(key), row).second)
      throw hint(InputError(fmt::format("{}:{}", path.string(), file.lines[r]),
                            "a work group listed twice: not a file tsfs wrote"));
  }
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

CsvTable work_seconds_table(const LoadedRun& loaded, const WorkSecondsInputs& inputs) {
  const Plan& plan = loaded.plan;
  const size_t values = kWorkSecondsValues;
  CsvTable table{loaded.layout.work_seconds_header(), {}};
  for (const WorkGroupRows& group : work_group_rows(plan, loaded.tuned, loaded.reported)) {
    const ScoreUnit& unit = plan.score_units[group.first_unit];
    std::vector<std::string> row = loaded.layout.work_group_key(unit);
    const size_t resumed = static_cast<size_t>(std::count_if(
        group.rows.begin(), group.rows.end(), [&](size_t r) { return inputs.resumed[r]; }));
    const std::string rows = std::to_string(group.rows.size()), units = std::to_string(group.units);
    // An earlier row of this group's work (its rows and score vectors) stands for a run that
    // computed only part of the group: when this run computed none of it, or measured part of what
    // the earlier row measured whole.
    if (const auto found = inputs.earlier.find(join_key(row));
        resumed > 0 && found != inputs.earlier.end()) {
      const std::vector<std::string>& earlier = found->second;
      const size_t first = earlier.size() - values;
      if (earlier[first] == rows && earlier[first + 2] == units &&
          (resumed == group.rows.size() || earlier[first + 1] == "0")) {
        table.rows.push_back(earlier);
        continue;
      }
    }
    for (const std::string& count : {rows, std::to_string(resumed), units}) row.push_back(count);
    const MeasuredSeconds seconds = inputs.measured.of(unit);
    for (double value : {seconds.scores, seconds.fits, seconds.tuning})
      row.push_back(inputs.timings ? fmt::format("{:.6f}", value) : "");
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace tsfs
