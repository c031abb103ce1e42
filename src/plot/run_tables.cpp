#include "plot/run_tables.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "common/text.hpp"
#include "report/checked_table.hpp"

namespace tsfs {

CsvTable read_run_table(const std::filesystem::path& run_folder, const std::string& source) {
  auto path = run_folder / (source + ".csv");
  if (!std::filesystem::exists(path))
    throw InputError(path.string(), "not found: plots need a finished (or resumed) run folder");
  std::vector<size_t> lines;
  CsvTable table = read_csv_table(path, &lines);
  if (const auto kind = checked_table_kind(source))
    check_table(*kind, table, path, lines, DamageRemedy::rerun);
  return table;
}

size_t require_column(const CsvTable& table, const std::string& column,
                      const std::string& plot_name) {
  if (auto index = table.column(column)) return *index;
  std::string message = fmt::format("plot '{}': no column '{}'", plot_name, column);
  if (auto suggestion = closest_match(column, table.header))
    message += fmt::format(" (did you mean '{}'?)", *suggestion);
  throw InputError("", message + fmt::format("; columns: {}", fmt::join(table.header, ", ")));
}

std::vector<size_t> filter_rows(const CsvTable& table, const std::vector<std::string>& filters,
                                const std::string& plot_name) {
  std::vector<std::pair<size_t, std::vector<std::string>>> conditions;
  for (const auto& filter : filters) {
    size_t equals = filter.find('=');
    if (equals == std::string::npos)
      throw InputError(
          "", fmt::format("plot '{}': filter '{}' is not column=value", plot_name, filter));
    std::vector<std::string> values;
    for (auto value : split(std::string_view(filter).substr(equals + 1), '|'))
      values.emplace_back(value);
    conditions.emplace_back(require_column(table, filter.substr(0, equals), plot_name), values);
  }
  std::vector<size_t> rows;
  for (size_t r = 0; r < table.rows.size(); ++r) {
    bool keep = true;
    for (const auto& [column, values] : conditions)
      keep = keep && std::find(values.begin(), values.end(), table.rows[r][column]) != values.end();
    if (keep) rows.push_back(r);
  }
  return rows;
}

std::string key_label(const CsvTable& table, size_t row, const std::vector<size_t>& columns) {
  std::string label;
  for (size_t column : columns) {
    if (table.rows[row][column].empty()) continue;  // e.g. no distance for ANOVA
    if (!label.empty()) label += ", ";
    // Numbers shortened to 6 significant digits: labels are for reading, the CSV keeps all 17.
    const std::string& value = table.rows[row][column];
    auto number = parse_double(value);
    label += table.header[column] + "=" + (number ? fmt::format("{:.6g}", *number) : value);
  }
  return label;
}

}  // namespace tsfs
