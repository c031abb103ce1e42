#include "sweep/store/previous_results.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "common/error.hpp"
#include "common/text.hpp"
#include "report/checked_table.hpp"

namespace tsfs {
namespace {

std::string where(const std::filesystem::path& path, size_t line) {
  return fmt::format("{}:{}", path.string(), line);
}

// Maps an earlier table's rows onto the current header. A missing key column reads as the
// default of a parameter added to the row's selector since (ResultLayout::absent_key_field), else
// empty. A key column the current header no longer has (`reduce:` removed, a selector dropped)
// that holds a value in a row makes that row another cell than any of this grid: its dataset
// field carries the value, so the row is stale (kept in results.stale.csv, recomputed) and never
// taken for, or counted twice as, a current cell. Returns nullopt when a required column (a
// metric) is missing.
std::optional<std::vector<std::vector<std::string>>> remap(const CsvTable& table,
                                                           const std::vector<std::string>& header,
                                                           const ResultLayout& layout) {
  const std::vector<std::string>& optional = layout.key_header();
  const auto selector_column = table.column("selector");
  std::vector<size_t> dropped_keys;  // key columns (up to `protocol`) the current header lacks
  if (const auto protocol = table.column("protocol"))
    for (size_t c = 0; c <= *protocol; ++c)
      if (std::find(header.begin(), header.end(), table.header[c]) == header.end())
        dropped_keys.push_back(c);
  std::vector<std::optional<size_t>> source;
  for (const auto& name : header) {
    auto column = table.column(name);
    bool may_be_missing = std::find(optional.begin(), optional.end(), name) != optional.end();
    if (!column && !may_be_missing) return std::nullopt;
    source.push_back(column);
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : table.rows) {
    std::vector<std::string> mapped;
    for (size_t c = 0; c < source.size(); ++c)
      mapped.push_back(source[c]         ? row[*source[c]]
                       : selector_column ? layout.absent_key_field(row[*selector_column], header[c])
                                         : std::string());
    for (const size_t c : dropped_keys)
      if (!row[c].empty()) mapped.front() += fmt::format("\x1e{}={}", table.header[c], row[c]);
    rows.push_back(std::move(mapped));
  }
  return rows;
}

std::string key_of(const std::vector<std::string>& row, size_t key_size) {
  return join_key({row.begin(), row.begin() + static_cast<long>(key_size)});
}

// Fold rows of the resumed cells. A cell whose folds.csv rows are not exactly its n_folds
// distinct folds is recomputed (a run killed between the two files' renames by an older version
// left such cells); a fold listed twice is damage and refused.
void read_folds(const std::filesystem::path& path, const ResultLayout& layout,
                PreviousResults& previous) {
  size_t key_size = layout.key_header().size();
  // cell -> (repeat, fold) -> its line
  std::map<std::string, std::map<std::pair<std::string, std::string>, size_t>> seen;
  if (std::filesystem::exists(path)) {
    std::vector<size_t> lines;
    CsvTable table = read_checked(path, &lines);
    auto rows = remap(table, layout.folds_header(), layout);
    size_t repeat = key_size, fold = key_size + 1;  // folds_header: key, repeat, fold, ...
    for (size_t r = 0; rows && r < rows->size(); ++r) {
      auto& row = (*rows)[r];
      std::string key = key_of(row, key_size);
      if (!previous.results.count(key)) continue;
      auto [found, inserted] = seen[key].try_emplace({row[repeat], row[fold]}, lines[r]);
      if (!inserted)
        throw InputError(where(path, lines[r]),
                         fmt::format("repeat {} fold {} of this cell is already on line {}; the "
                                     "file is damaged: delete one of them, or rerun with --fresh",
                                     row[repeat], row[fold], found->second));
      previous.folds[key].push_back(std::move(row));
      previous.fold_lines[key].push_back(lines[r]);
    }
  }
  const auto header = layout.results_header();
  const auto n_folds =
      static_cast<size_t>(std::find(header.begin(), header.end(), "n_folds") - header.begin());
  for (auto cell = previous.results.begin(); cell != previous.results.end();) {
    const size_t expected = std::stoul(cell->second[n_folds]);
    if (previous.folds[cell->first].size() == expected) {
      ++cell;
      continue;
    }
    previous.incomplete[cell->first] = {previous.folds[cell->first].size(), expected};
    previous.folds.erase(cell->first);
    previous.fold_lines.erase(cell->first);
    cell = previous.results.erase(cell);
  }
}

}  // namespace

std::string join_key(const std::vector<std::string>& fields) {
  std::string key;
  for (const auto& field : fields) {
    key += field;
    key += '\x1f';
  }
  return key;
}

PreviousResults read_previous_results(const std::filesystem::path& output,
                                      const ResultLayout& layout,
                                      const std::set<std::string>& grid_keys) {
  PreviousResults previous;
  auto results_path = output / "results.csv";
  if (!std::filesystem::exists(results_path)) return previous;
  // Key columns absent from an earlier header (a selector added since) read as empty.
  size_t key_size = layout.key_header().size();
  std::vector<size_t> lines;  // of each row in the file
  CsvTable results = read_checked(results_path, &lines);
  auto rows = remap(results, layout.results_header(), layout);
  if (!rows) {
    previous.stale = std::move(results);
    previous.stale_reason =
        "were written with other value columns than this spec's (metrics: or reduce: changed), "
        "so they are recomputed";
    return previous;
  }
  previous.stale_reason = "are not in this grid";
  std::map<std::string, size_t> line_of_key;  // cell -> its line
  for (size_t r = 0; r < rows->size(); ++r) {
    auto& row = (*rows)[r];
    std::string key = key_of(row, key_size);
    if (auto [found, inserted] = line_of_key.try_emplace(key, lines[r]); !inserted)
      throw InputError(where(results_path, lines[r]),
                       fmt::format("the same cell is already on line {}; the file is damaged: "
                                   "delete one of the rows, or rerun with --fresh",
                                   found->second));
    if (grid_keys.count(key)) {
      previous.result_lines[key] = lines[r];
      previous.results[key] = std::move(row);
    } else {
      if (previous.stale.header.empty()) previous.stale.header = results.header;
      previous.stale.rows.push_back(results.rows[r]);
    }
  }
  read_folds(output / "folds.csv", layout, previous);
  return previous;
}

}  // namespace tsfs
