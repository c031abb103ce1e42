#include "launch/shard/plan_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/hash.hpp"
#include "common/text.hpp"
#include "report/csv_table.hpp"

namespace tsfs {
namespace {

std::string component_label(const Spec& spec, int distance) {
  if (distance == kNoDistance) return "";
  const auto& component = spec.distances[static_cast<size_t>(distance)];
  std::string params = component.params.canonical();
  return params.empty() ? component.kind : component.kind + " " + params;
}

// `assignment` empty: a plan split by folds, whose groups have no shard of their own.
CsvTable groups_table(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                      const std::vector<WorkGroup>& groups, const std::vector<int>& assignment) {
  // A plan split by folds assigns no group: its groups.csv has no shard column.
  const bool assigned = !assignment.empty();
  CsvTable table{{"group", "dataset", "distance", "selector", "params", "cells", "score_vectors",
                  "fits", "tuned_rows", "bundle", "score_cost", "fit_cost", "tuning_cost", "cost"},
                 {}};
  if (assigned) table.header.push_back("shard");
  table.header.insert(table.header.end(), {"reported_cells", "cost_source"});
  for (size_t g = 0; g < groups.size(); ++g) {
    const WorkGroup& group = groups[g];
    std::vector<std::string> row = {std::to_string(g),
                                    datasets[static_cast<size_t>(group.dataset)].data.name,
                                    component_label(spec, group.distance),
                                    spec.selectors[static_cast<size_t>(group.selector)].kind,
                                    std::to_string(group.params),
                                    std::to_string(group.cells),
                                    std::to_string(group.units),
                                    std::to_string(group.fits),
                                    std::to_string(group.tuned_rows),
                                    std::to_string(group.bundle),
                                    format_double(group.score_cost),
                                    format_double(group.fit_cost),
                                    format_double(group.tuning_cost),
                                    format_double(group.cost())};
    if (assigned) row.push_back(std::to_string(assignment[g] + 1));
    row.insert(row.end(),
               {std::to_string(group.reported_cells), group.measured ? "measured" : "model"});
    table.rows.push_back(std::move(row));
  }
  return table;
}

CsvTable shards_table(const std::vector<ShardLoad>& loads) {
  CsvTable table{
      {"shard", "groups", "cells", "tuned_rows", "score_vectors", "fits", "cost", "cost_share"},
      {}};
  double total = 0;
  for (const ShardLoad& load : loads) total += load.cost;
  for (size_t s = 0; s < loads.size(); ++s) {
    const ShardLoad& load = loads[s];
    table.rows.push_back({std::to_string(s + 1), std::to_string(load.groups),
                          std::to_string(load.cells), std::to_string(load.tuned_rows),
                          std::to_string(load.score_vectors), std::to_string(load.fits),
                          format_double(load.cost),
                          fmt::format("{:.4f}", total > 0 ? load.cost / total : 0.0)});
  }
  return table;
}

CsvTable artefacts_table(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                         const Plan& plan, int shards) {
  CsvTable table{{"dataset", "distance", "rows", "cells", "task"}, {}};
  auto costs = distance_matrix_costs(spec, datasets, plan);
  const auto task = longest_first(costs, artefact_tasks(costs.size(), shards));
  for (size_t i = 0; i < plan.distance_matrices.size(); ++i) {
    const auto& data = datasets[static_cast<size_t>(plan.distance_matrices[i].first)].data;
    table.rows.push_back({data.name, component_label(spec, plan.distance_matrices[i].second),
                          std::to_string(data.rows()), format_double(costs[i]),
                          std::to_string(task[i] + 1)});
  }
  return table;
}

// A plan file read back: its rows, the line each starts on, and the columns `names` (each once),
// with as many rows as `expected` (what the spec now makes of them, `what`).
struct PlannedTable {
  std::filesystem::path path;
  CsvTable table;
  std::vector<size_t> lines;
  std::vector<size_t> columns;  // of `names`, in order
  std::string where(size_t row) const { return fmt::format("{}:{}", path.string(), lines[row]); }
};
PlannedTable read_planned_table(const std::filesystem::path& path,
                                const std::vector<const char*>& names, size_t expected,
                                const std::string& what) {
  if (!std::filesystem::exists(path))
    throw InputError(path.string(),
                     "missing: run `runner plan` again (the shards, their artefacts and the "
                     "merge follow it)");
  PlannedTable planned{path, {}, {}, {}};
  planned.table = read_csv_table(path, &planned.lines);  // a quoted field may hold line breaks
  const CsvTable& table = planned.table;
  for (const char* name : names) {
    const auto column = table.column(name);
    if (!column)
      throw InputError(path.string() + ":1",
                       fmt::format("no '{}' column: not a plan tsfs wrote", name));
    if (std::count(table.header.begin(), table.header.end(), name) > 1)
      throw InputError(path.string() + ":1",
                       fmt::format("column '{}' appears twice: not a plan tsfs wrote", name));
    planned.columns.push_back(*column);
  }
  if (table.rows.size() != expected)
    throw InputError(path.string(), fmt::format("{} {} planned, the spec now makes {} "
                                                "(changed data or spec?): run `runner plan` again",
                                                table.rows.size(), what, expected));
  return planned;
}

// Row `row`'s fields of the columns before the last must read `expected` (its identity); its last
// column is a number from 1 to `count`, returned.
int planned_index(const PlannedTable& planned, size_t row, const std::vector<const char*>& names,
                  const std::vector<std::string>& expected, int count) {
  const auto& fields = planned.table.rows[row];
  for (size_t i = 0; i < expected.size(); ++i)
    if (fields.at(planned.columns[i]) != expected[i])
      throw InputError(planned.where(row),
                       fmt::format("{} '{}' where the spec now makes '{}' (changed data "
                                   "or spec?): run `runner plan` again",
                                   names[i], fields.at(planned.columns[i]), expected[i]));
  const std::string& text = fields.at(planned.columns.back());
  const auto index = parse_double(text);
  if (!index || *index != std::floor(*index) || *index < 1 || *index > count)
    throw InputError(planned.where(row),
                     fmt::format("{} '{}' is not one of 1 to {}", names.back(), text, count));
  return static_cast<int>(*index);
}

CsvTable fold_units_table(const std::vector<PreparedDataset>& datasets,
                          const std::vector<FoldUnit>& units, const FoldShards& fold_shards) {
  CsvTable table{{"dataset", "repeat", "fold", "cost", "shard"}, {}};
  for (const FoldUnit& unit : units) {
    const auto& dataset = datasets[static_cast<size_t>(unit.dataset)];
    const Fold& fold = dataset.folds[static_cast<size_t>(unit.fold)];
    const int shard =
        fold_shards[static_cast<size_t>(unit.dataset)][static_cast<size_t>(unit.fold)];
    table.rows.push_back({dataset.data.name, std::to_string(fold.repeat),
                          std::to_string(fold.index), format_double(unit.cost),
                          std::to_string(shard + 1)});
  }
  return table;
}

// The value of `"name": value` on a line of its own, without the comma and quotes around it
// (shard_record_json writes one field per line and no escapes: names hold no control characters).
std::optional<std::string> json_field(const std::string& text, const std::string& name) {
  std::string prefix = "\n  \"" + name + "\": ";
  auto start = text.find(prefix);
  if (start == std::string::npos) return std::nullopt;
  start += prefix.size();
  std::string value = text.substr(start, text.find('\n', start) - start);
  if (!value.empty() && value.back() == ',') value.pop_back();
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
    value = value.substr(1, value.size() - 2);
  return value;
}

// The text of each group's fields that identify it in groups.csv (dataset, distance, selector,
// params), as groups_table writes them.
std::vector<std::string> group_identity(const Spec& spec,
                                        const std::vector<PreparedDataset>& datasets,
                                        const WorkGroup& group) {
  return {datasets[static_cast<size_t>(group.dataset)].data.name,
          component_label(spec, group.distance),
          spec.selectors[static_cast<size_t>(group.selector)].kind, std::to_string(group.params)};
}

}  // namespace

std::vector<int> read_planned_assignment(const Spec& spec,
                                         const std::vector<PreparedDataset>& datasets,
                                         const std::vector<WorkGroup>& groups, int shards) {
  const std::vector<const char*> names = {"dataset", "distance", "selector", "params", "shard"};
  const PlannedTable planned = read_planned_table(plan_folder(spec.output) / "groups.csv", names,
                                                  groups.size(), "work groups");
  std::vector<int> assignment;
  for (size_t g = 0; g < groups.size(); ++g) {
    assignment.push_back(
        planned_index(planned, g, names, group_identity(spec, datasets, groups[g]), shards) - 1);
    const size_t bundle = groups[g].bundle;
    if (assignment[g] != assignment[bundle])
      throw InputError(planned.where(g),
                       fmt::format("shard {} for a group of the bundle of group {}, which "
                                   "is in shard {}: a bundle's groups share one shard",
                                   assignment[g] + 1, bundle, assignment[bundle] + 1));
  }
  return assignment;
}

FoldShards read_planned_fold_shards(const std::vector<PreparedDataset>& datasets,
                                    const std::vector<FoldUnit>& units,
                                    const std::filesystem::path& output, int shards) {
  const std::vector<const char*> names = {"dataset", "repeat", "fold", "shard"};
  const PlannedTable planned =
      read_planned_table(plan_folder(output) / "folds.csv", names, units.size(), "folds");
  FoldShards fold_shards(datasets.size());
  for (size_t u = 0; u < units.size(); ++u) {
    const auto& dataset = datasets[static_cast<size_t>(units[u].dataset)];
    const Fold& fold = dataset.folds[static_cast<size_t>(units[u].fold)];
    auto& shard_of = fold_shards[static_cast<size_t>(units[u].dataset)];
    shard_of.resize(dataset.folds.size(), -1);
    const std::vector<std::string> identity = {dataset.data.name, std::to_string(fold.repeat),
                                               std::to_string(fold.index)};
    shard_of[static_cast<size_t>(units[u].fold)] =
        planned_index(planned, u, names, identity, shards) - 1;
  }
  return fold_shards;
}

std::vector<int> read_artefact_tasks(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                     const Plan& plan, int tasks) {
  const std::vector<const char*> names = {"dataset", "distance", "task"};
  const PlannedTable planned =
      read_planned_table(plan_folder(spec.output) / "artefacts.csv", names,
                         plan.distance_matrices.size(), "distance matrices");
  std::vector<int> task;
  for (size_t i = 0; i < plan.distance_matrices.size(); ++i) {
    const auto [d, m] = plan.distance_matrices[i];
    task.push_back(planned_index(
        planned, i, names, {datasets[static_cast<size_t>(d)].data.name, component_label(spec, m)},
        tasks));
  }
  return task;
}

int planned_artefact_tasks(const std::filesystem::path& output) {
  const auto path = plan_folder(output) / "artefacts.csv";
  const CsvTable table = read_csv_table(path);
  const auto column = table.column("task");
  int tasks = 1;  // a plan of an older tsfs: one job computes every matrix
  if (column)
    for (const auto& row : table.rows)
      if (const auto task = parse_double(row.at(*column)); task && *task > tasks)
        tasks = static_cast<int>(*task);
  return tasks;
}

std::string spec_hash(const Spec& spec) {
  return Hasher().text(spec.input_yaml).text(spec.name).hex();
}

std::filesystem::path plan_folder(const std::filesystem::path& output) {
  return output / "plan";
}
std::filesystem::path shards_folder(const std::filesystem::path& output) {
  return output / "shards";
}
std::filesystem::path shard_folder(const std::filesystem::path& output, const ShardId& shard) {
  return shards_folder(output) / shard.folder_name();
}

std::vector<std::filesystem::path> shard_folders(const std::filesystem::path& output, int shards) {
  std::vector<std::filesystem::path> folders;
  for (int s = 1; s <= shards; ++s) folders.push_back(shard_folder(output, {s, shards}));
  return folders;
}

std::string shard_record_json(const ShardRecord& record) {
  return fmt::format(
      "{{\n  \"spec_hash\": \"{}\",\n  \"name\": \"{}\",\n  \"shard\": {},\n  \"shards\": {},\n"
      "  \"cells\": {},\n  \"predicted_cost\": {}{}\n}}\n",
      record.spec_hash, record.name, record.shard, record.shards, record.cells,
      format_double(record.predicted_cost),
      record.split == ShardSplit::folds ? ",\n  \"split\": \"folds\"" : "");
}

ShardRecord read_shard_record(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) throw InputError(path.string(), "missing");
  std::string text = "\n" + read_text_file(path);
  auto field = [&](const char* name) {
    auto value = json_field(text, name);
    if (!value)
      throw InputError(path.string(), fmt::format("no \"{}\" field: not a file tsfs wrote", name));
    return *value;
  };
  auto number = [&](const char* name) {
    auto value = parse_double(field(name));
    if (!value || *value < 0)
      throw InputError(path.string(), fmt::format("\"{}\" is not a count", name));
    return *value;
  };
  const auto split = json_field(text, "split");
  if (split && *split != "folds" && *split != "groups")
    throw InputError(path.string(),
                     "\"split\" is neither \"folds\" nor \"groups\": not a "
                     "file tsfs wrote");
  return {field("spec_hash"),
          field("name"),
          static_cast<int>(number("shard")),
          static_cast<int>(number("shards")),
          static_cast<size_t>(number("cells")),
          number("predicted_cost"),
          split == "folds" ? ShardSplit::folds : ShardSplit::groups};
}

void write_plan_folder(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                       const Plan& plan, const std::vector<WorkGroup>& groups,
                       const std::vector<int>& assignment, int shards) {
  auto folder = plan_folder(spec.output);
  double total = 0;
  for (const auto& group : groups) total += group.cost();
  write_file_atomically(folder / "spec.yaml", spec.input_yaml);
  write_file_atomically(folder / "groups.csv",
                        groups_table(spec, datasets, groups, assignment).str());
  write_file_atomically(folder / "shards.csv",
                        shards_table(shard_loads(groups, assignment, shards)).str());
  write_file_atomically(folder / "artefacts.csv",
                        artefacts_table(spec, datasets, plan, shards).str());
  std::filesystem::remove(folder / "folds.csv");  // of an earlier plan split by folds
  write_file_atomically(
      folder / "plan.json",
      shard_record_json({spec_hash(spec), spec.name, 0, shards, plan.cells.size(), total}));
}

void write_fold_plan_folder(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                            const Plan& plan, const std::vector<WorkGroup>& groups,
                            const FoldPlan& folds, int shards) {
  const auto& [units, fold_shards] = folds;
  auto folder = plan_folder(spec.output);
  double total = 0;
  for (const auto& unit : units) total += unit.cost;
  write_file_atomically(folder / "spec.yaml", spec.input_yaml);
  write_file_atomically(folder / "groups.csv", groups_table(spec, datasets, groups, {}).str());
  write_file_atomically(
      folder / "shards.csv",
      shards_table(fold_shard_loads(datasets, groups, units, fold_shards, shards)).str());
  write_file_atomically(folder / "folds.csv", fold_units_table(datasets, units, fold_shards).str());
  write_file_atomically(folder / "artefacts.csv",
                        artefacts_table(spec, datasets, plan, shards).str());
  write_file_atomically(folder / "plan.json",
                        shard_record_json({spec_hash(spec), spec.name, 0, shards, plan.cells.size(),
                                           total, ShardSplit::folds}));
}

}  // namespace tsfs
