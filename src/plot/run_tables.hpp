#pragma once
// Reading a run's CSVs for plotting: which file, which rows ("column=value" filters), numbers.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "report/csv_table.hpp"

namespace tsfs {

// `source` is results, folds, scores, tuned or curves: <run_folder>/<source>.csv, its values
// checked as a resumed run checks them (check_table) where tsfs has rules for them.
CsvTable read_run_table(const std::filesystem::path& run_folder, const std::string& source);

// Rows matching every "column=value" filter (a value list "column=a|b" matches any of them).
// Throws InputError naming the plot for a malformed filter or an unknown column.
std::vector<size_t> filter_rows(const CsvTable& table, const std::vector<std::string>& filters,
                                const std::string& plot_name);

// Index of `column`, or InputError naming the plot and the available columns.
size_t require_column(const CsvTable& table, const std::string& column,
                      const std::string& plot_name);

// The entry of `key` in an insertion-ordered list of (key, entry) pairs, appended when missing
// (panels and lines of a figure keep the order of their first rows).
template <typename Entry>
Entry& find_or_add(std::vector<std::pair<std::string, Entry>>& entries, const std::string& key) {
  for (auto& entry : entries)
    if (entry.first == key) return entry.second;
  entries.emplace_back(key, Entry{});
  return entries.back().second;
}

// Values of several columns joined as "a=1, b=2" (the label of a series or facet).
std::string key_label(const CsvTable& table, size_t row, const std::vector<size_t>& columns);

}  // namespace tsfs
