#include "sweep/store/work_seconds.hpp"

#include <fmt/format.h>

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
    const auto value = parse_double(row[first + i]);
    if (!value || *value < 0 || *value != std::floor(*value) || *value > 1e15)
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
  const WorkSecondsFile file = read_work_seconds(path);
  if (file.table.header != layout.work_seconds_header()) return earlier;
  for (const auto& row : file.table.rows) {
    const std::vector<std::string> key(row.begin(),
                                       row.begin() + static_cast<long>(file.key_columns()));
    earlier.emplace(join_key(key), row);
  }
  return earlier;
}

CsvTable work_seconds_table(const LoadedRun& loaded, const WorkSecondsInputs& inputs) {
  const Plan& plan = loaded.plan;
  // Groups of score units, in the plan's order: a classifier of distances has cells of several
  // distances ranked by one score vector of a selector that reads none.
  struct Group {
    size_t unit = 0;  // its first score unit
    size_t rows = 0, resumed = 0, units = 0;
  };
  std::vector<Group> groups;
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
  const size_t first_tuned = plan.cells.size();
  for (size_t r = 0; r < inputs.rows.size(); ++r) {
    std::set<size_t> needed;
    if (r < first_tuned && inputs.rows[r].reported) needed.insert(group_of_cell(r));
    if (r >= first_tuned)
      for (int candidate : loaded.tuned[r - first_tuned].candidates)
        needed.insert(group_of_cell(static_cast<size_t>(candidate)));
    for (size_t g : needed) {
      ++groups[g].rows;
      if (inputs.resumed[r]) ++groups[g].resumed;
    }
  }
  CsvTable table{loaded.layout.work_seconds_header(), {}};
  for (const Group& group : groups) {
    const ScoreUnit& unit = plan.score_units[group.unit];
    std::vector<std::string> row = loaded.layout.work_group_key(unit);
    if (group.rows > 0 && group.resumed == group.rows)
      if (const auto found = inputs.earlier.find(join_key(row)); found != inputs.earlier.end()) {
        table.rows.push_back(found->second);
        continue;
      }
    for (size_t count : {group.rows, group.resumed, group.units})
      row.push_back(std::to_string(count));
    const MeasuredSeconds seconds = inputs.measured.of(unit);
    for (double value : {seconds.scores, seconds.fits, seconds.tuning})
      row.push_back(inputs.timings ? fmt::format("{:.6f}", value) : "");
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace tsfs
