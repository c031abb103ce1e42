#pragma once
// Results of an earlier run in the same output folder, so an interrupted sweep resumes: cells
// already in results.csv are not recomputed and their rows are carried over verbatim.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "report/checked_table.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {

std::string join_key(const std::vector<std::string>& fields);

struct PreviousResults {
  std::map<std::string, std::vector<std::string>> results;             // key -> full row
  std::map<std::string, std::vector<std::vector<std::string>>> folds;  // key -> full rows
  std::map<std::string, size_t> result_lines;  // key -> its results.csv line (error messages)
  std::map<std::string, std::vector<size_t>> fold_lines;  // key -> its folds.csv rows' lines
  // key -> (fold rows found, n_folds) of a results.csv row left out because its fold rows are not
  // exactly its n_folds
  std::map<std::string, std::pair<size_t, size_t>> incomplete;
  CsvTable stale;            // earlier rows whose cell is not in this grid (kept, never dropped)
  std::string stale_reason;  // why they are stale, for the log
};

// Reads <output>/results.csv and folds.csv (if present), re-expressed in the current layout's
// columns. `grid_keys` are the joined keys of this run's cells.
PreviousResults read_previous_results(const std::filesystem::path& output,
                                      const ResultLayout& layout,
                                      const std::set<std::string>& grid_keys);

}  // namespace tsfs
