#include "launch/shard/merge_parts.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/store/previous_results.hpp"

namespace tsfs {

void MergeProblems::throw_if_any(const std::filesystem::path& run_folder) const {
  if (problems_.empty()) return;
  throw InputError(run_folder.string(),
                   fmt::format("cannot merge:\n  {}\nrerun or resubmit the unfinished shards "
                               "(runner submit resubmits only those), remove folders that do "
                               "not belong to this plan, then merge again",
                               fmt::join(problems_, "\n  ")));
}

void ShardCellStatus::refuse_rows_outside(const std::set<std::string>& keys) const {
  for (const auto& [key, row] : rows)
    if (!keys.count(key))
      throw InputError(fmt::format("{}:{}", path.string(), row.line),
                       "a row of a cell this shard does not compute; the file is damaged: rerun "
                       "the shard");
}

ShardCellStatus read_cell_status(const std::filesystem::path& folder, const ResultLayout& layout,
                                 const CsvTable& expected) {
  ShardCellStatus status{folder / "cell_status.csv", {}, *expected.column("reason")};
  if (!std::filesystem::exists(status.path)) return status;
  std::vector<size_t> lines;
  CsvTable table = read_csv_table(status.path, &lines);
  if (table.header != expected.header)
    throw InputError(status.path.string() + ":1",
                     "not the header tsfs writes for this spec's cell_status.csv");
  const auto key_size = static_cast<long>(layout.key_header().size());
  const size_t status_column = *table.column("status");
  for (size_t r = 0; r < table.rows.size(); ++r) {
    auto& row = table.rows[r];
    if (row[status_column] != "not_converged")
      throw InputError(fmt::format("{}:{}", status.path.string(), lines[r]),
                       fmt::format("status '{}' is not not_converged; the file is damaged: rerun "
                                   "the shard",
                                   printable_excerpt(row[status_column])));
    // The key first: the row is moved into its entry.
    std::string key = join_key({row.begin(), row.begin() + key_size});
    status.rows[std::move(key)] = {std::move(row), lines[r]};
  }
  return status;
}

std::vector<PreviousTunedRows> read_shard_tuned(
    const LoadedRun& loaded, const std::vector<std::filesystem::path>& shard_folders) {
  std::vector<PreviousTunedRows> rows;
  for (const auto& folder : shard_folders)
    rows.push_back(std::filesystem::exists(folder / "tuned.csv")
                       ? read_tuned_lines(folder / "tuned.csv", loaded.spec, loaded.layout)
                       : PreviousTunedRows{});
  return rows;
}

void check_shard_tuned_rows(const LoadedRun& loaded, const TunedCell& tuned,
                            const std::vector<std::string>& key, const std::vector<TunedLine>& rows,
                            const PreviousFoldRows& shard_folds,
                            const std::filesystem::path& path) {
  const auto fold_rows = shard_folds.find(join_key(key));
  if (fold_rows == shard_folds.end() ||
      !previous_tuned_rows_agree({loaded.spec, loaded.layout, loaded.plan}, tuned, rows,
                                 fold_rows->second, shard_folds, path))
    throw InputError(
        fmt::format("{}:{}", path.string(), rows.front().line),
        fmt::format("the rows of the tuned row ({}) are not one per fold of its folds.csv rows, "
                    "each choosing one of its candidates; the file is damaged: rerun the shard",
                    fmt::join(key, ", ")));
}

void refuse_foreign_tuned_rows(const std::vector<PreviousTunedRows>& rows_of_shard,
                               const std::vector<std::filesystem::path>& paths) {
  for (size_t s = 0; s < rows_of_shard.size(); ++s)
    if (!rows_of_shard[s].empty())
      throw InputError(paths[s].string(),
                       fmt::format("rows of {} tuned rows that are not this shard's in the plan",
                                   rows_of_shard[s].size()));
}

ScoreRowsMerge::ScoreRowsMerge(const OutputTable& declared, const LoadedRun& loaded,
                               const std::vector<std::filesystem::path>& shard_folders)
    : declared_(declared),
      loaded_(loaded),
      check_(declared.header(loaded.spec, loaded.layout)),
      output_(loaded.spec.output / (std::string(declared.stem) + ".csv")) {
  const std::string header = csv_row(declared.header(loaded.spec, loaded.layout));
  for (const auto& folder : shard_folders)
    inputs_.emplace_back(folder / (std::string(declared.stem) + ".csv"), header);
  output_.stream() << header;
  if (declared.merge == ShardMerge::per_score_feature)
    vector_.emplace(declared.header(loaded.spec, loaded.layout));
}

std::string ScoreRowsMerge::take(size_t shard, const ScoreUnit& unit) {
  KeyedRecords& input = inputs_[shard];
  const auto& features = loaded_.datasets[static_cast<size_t>(unit.dataset)].features;
  const long long columns = features.values.cols();
  const std::string prefix = key_prefix(loaded_.layout.score_unit_key(unit));
  if (vector_) vector_->start(features.names);
  std::string rows;
  long long count = 0;
  for (; input.next_starts_with(prefix); input.advance(), ++count) {
    auto problem = check_.problem(input.next(), columns);
    if (problem.empty() && vector_) problem = vector_->row_problem(check_.fields());
    if (!problem.empty())
      throw InputError(fmt::format("{}:{}", input.path().string(), input.next_line()),
                       problem + "; rerun the shard");
    rows += input.next();
  }
  if (vector_ && count != columns)
    throw InputError(input.path().string(),
                     fmt::format("{} rows for the score vector ({}), not one per feature ({})",
                                 count, prefix.substr(0, prefix.size() - 1), columns));
  return rows;
}

void ScoreRowsMerge::check_all_taken() const {
  for (const KeyedRecords& input : inputs_)
    if (!input.exhausted())
      throw InputError(fmt::format("{}:{}", input.path().string(), input.next_line()),
                       fmt::format("a row of no score vector of the shard's, or out of the plan's "
                                   "order: {}",
                                   input.next().substr(0, input.next().size() - 1)));
}

std::optional<ShardWorkSeconds> ShardWorkSeconds::read(
    const LoadedRun& loaded, const std::vector<std::filesystem::path>& shard_folders,
    bool whole_groups) {
  ShardWorkSeconds files;
  files.header_ = loaded.layout.work_seconds_header();
  files.whole_groups_ = whole_groups;
  for (const auto& folder : shard_folders) {
    files.paths_.push_back(folder / "work_seconds.csv");
    if (!std::filesystem::exists(files.paths_.back())) {
      spdlog::warn(
          "{} is missing (a shard run by an older tsfs?): the merge writes no "
          "work_seconds.csv",
          files.paths_.back().string());
      return std::nullopt;
    }
  }
  for (const auto& path : files.paths_) {
    files.files_.push_back(read_work_seconds(path));
    if (files.files_.back().table.header != files.header_)
      throw InputError(path.string() + ":1", "not the header this spec's work_seconds.csv has");
  }
  files.next_.assign(files.files_.size(), 0);
  for (const WorkGroupRows& group : work_group_rows(loaded.plan, loaded.tuned, loaded.reported))
    files.planned_[loaded.layout.work_group_key(loaded.plan.score_units[group.first_unit])] =
        work_values(loaded.spec, loaded.datasets, loaded.plan, group, 0);
  return files;
}

const std::vector<std::string>& ShardWorkSeconds::take(size_t shard,
                                                       const std::vector<std::string>& key) {
  const auto& rows = files_[shard].table.rows;
  size_t& next = next_[shard];
  const bool found =
      next < rows.size() && std::equal(key.begin(), key.end(), rows[next].begin(),
                                       rows[next].begin() + static_cast<long>(key_columns()));
  if (!found)
    throw InputError(next < rows.size()
                         ? fmt::format("{}:{}", paths_[shard].string(), files_[shard].lines[next])
                         : paths_[shard].string(),
                     fmt::format("no row for the work group ({}) {}", fmt::join(key, ","),
                                 next < rows.size() ? "here, where the plan's order puts it"
                                                    : "after the shard's last row"));
  const std::vector<std::string>& planned = planned_.at(key);
  for (const size_t value : kWorkDescription) {
    const std::string& field = rows[next][key_columns() + value];
    if (field == planned[value] || (value == kScoreVectors && !whole_groups_)) continue;
    throw InputError(fmt::format("{}:{}", paths_[shard].string(), files_[shard].lines[next]),
                     fmt::format("{} '{}' for the work group ({}), where the plan has '{}': the "
                                 "file was damaged or edited; rerun the shard",
                                 header_[key_columns() + value], printable_excerpt(field),
                                 fmt::join(key, ","), planned[value]));
  }
  return rows[next++];
}

void ShardWorkSeconds::check_all_taken() const {
  for (size_t s = 0; s < files_.size(); ++s)
    if (next_[s] < files_[s].table.rows.size())
      throw InputError(fmt::format("{}:{}", paths_[s].string(), files_[s].lines[next_[s]]),
                       "a row of no work group of the shard's");
}

std::string MergedResultRow::what() const {
  return tuned ? fmt::format("tuned row {}", *tuned + 1)
               : fmt::format("cell {} of the grid", row.cell + 1);
}

std::string missing_rows(const std::filesystem::path& folder, const PreviousResults& part,
                         const MergedResultRow& row, size_t folds) {
  auto fold_rows_off = [&](size_t present, size_t expected) {
    return fmt::format("{}: {} has {} fold rows, not its {}", (folder / "folds.csv").string(),
                       row.what(), present, expected);
  };
  // Read back as a resume reads them, a results.csv row whose fold rows are not exactly its
  // n_folds is left out (and recorded as incomplete).
  if (const auto dropped = part.incomplete.find(row.key); dropped != part.incomplete.end()) {
    const auto [present, n_folds] = dropped->second;
    // As many fold rows as the shard computed: results.csv's n_folds is the edited field.
    if (present == folds)
      return fmt::format("{}: {} says n_folds {}, not the {} the shard computed",
                         (folder / "results.csv").string(), row.what(), n_folds, folds);
    return fold_rows_off(present, n_folds);
  }
  if (!part.results.count(row.key))
    return fmt::format("{}: no row of {}", (folder / "results.csv").string(), row.what());
  const auto found = part.folds.find(row.key);
  const size_t present = found == part.folds.end() ? 0 : found->second.size();
  return present < folds ? fold_rows_off(present, folds) : std::string();
}

std::vector<MergedResultRow> merged_result_rows(const LoadedRun& loaded) {
  std::vector<MergedResultRow> rows;
  const size_t first_tuned = loaded.plan.cells.size();
  const auto all =
      result_rows(loaded.spec, loaded.layout, loaded.plan, loaded.tuned, loaded.reported);
  for (size_t r = 0; r < all.size(); ++r) {
    if (!all[r].reported) continue;
    const auto& key =
        all[r].key.empty() ? loaded.layout.cell_key(loaded.plan.cells[all[r].cell]) : all[r].key;
    rows.push_back({join_key(key), all[r],
                    r < first_tuned ? std::nullopt : std::optional<size_t>(r - first_tuned)});
  }
  return rows;
}

MergedRows no_merged_rows(const LoadedRun& loaded, const std::vector<MergedResultRow>& rows) {
  const ResultLayout& layout = loaded.layout;
  MergedRows merged{{layout.results_header(), {}},
                    {layout.folds_header(), {}},
                    {layout.cell_status_header(), {}},
                    std::vector<bool>(loaded.tuned.size(), false),
                    std::vector<std::vector<std::string>>(loaded.tuned.size()),
                    {}};
  for (const MergedResultRow& row : rows)
    if (row.tuned) merged.tuned_keys[*row.tuned] = row.row.key;
  return merged;
}

}  // namespace tsfs
