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

CsvTable groups_table(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                      const std::vector<WorkGroup>& groups, const std::vector<int>& assignment) {
  CsvTable table{{"group", "dataset", "distance", "selector", "params", "cells", "score_vectors",
                  "fits", "tuned_rows", "bundle", "score_cost", "fit_cost", "tuning_cost", "cost",
                  "shard", "reported_cells", "cost_source"},
                 {}};
  for (size_t g = 0; g < groups.size(); ++g) {
    const WorkGroup& group = groups[g];
    table.rows.push_back({std::to_string(g), datasets[static_cast<size_t>(group.dataset)].data.name,
                          component_label(spec, group.distance),
                          spec.selectors[static_cast<size_t>(group.selector)].kind,
                          std::to_string(group.params), std::to_string(group.cells),
                          std::to_string(group.units), std::to_string(group.fits),
                          std::to_string(group.tuned_rows), std::to_string(group.bundle),
                          format_double(group.score_cost), format_double(group.fit_cost),
                          format_double(group.tuning_cost), format_double(group.cost()),
                          std::to_string(assignment[g] + 1), std::to_string(group.reported_cells),
                          group.measured ? "measured" : "model"});
  }
  return table;
}

CsvTable shards_table(const std::vector<WorkGroup>& groups, const std::vector<int>& assignment,
                      int shards) {
  CsvTable table{
      {"shard", "groups", "cells", "tuned_rows", "score_vectors", "fits", "cost", "cost_share"},
      {}};
  const auto loads = shard_loads(groups, assignment, shards);
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
                         const Plan& plan) {
  CsvTable table{{"dataset", "distance", "rows", "cells"}, {}};
  auto costs = distance_matrix_costs(spec, datasets, plan);
  for (size_t i = 0; i < plan.distance_matrices.size(); ++i) {
    auto [d, m] = plan.distance_matrices[i];
    const auto& data = datasets[static_cast<size_t>(d)].data;
    table.rows.push_back({data.name, component_label(spec, m), std::to_string(data.rows()),
                          format_double(costs[i])});
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
  const auto path = plan_folder(spec.output) / "groups.csv";
  if (!std::filesystem::exists(path))
    throw InputError(path.string(),
                     "missing: run `runner plan` again (the shards and the merge "
                     "take each group's shard from it)");
  std::vector<size_t> lines;  // a quoted field may hold line breaks
  const CsvTable table = read_csv_table(path, &lines);
  const char* const identity[] = {"dataset", "distance", "selector", "params"};
  std::vector<size_t> columns;
  for (const char* name : {"dataset", "distance", "selector", "params", "shard"}) {
    const auto column = table.column(name);
    if (!column)
      throw InputError(path.string() + ":1",
                       fmt::format("no '{}' column: not a plan tsfs wrote", name));
    if (std::count(table.header.begin(), table.header.end(), name) > 1)
      throw InputError(path.string() + ":1",
                       fmt::format("column '{}' appears twice: not a plan tsfs wrote", name));
    columns.push_back(*column);
  }
  if (table.rows.size() != groups.size())
    throw InputError(path.string(), fmt::format("{} work groups planned, the spec now makes {} "
                                                "(changed data or spec?): run `runner plan` again",
                                                table.rows.size(), groups.size()));
  std::vector<int> assignment;
  for (size_t g = 0; g < groups.size(); ++g) {
    const auto& row = table.rows[g];
    const std::string where = fmt::format("{}:{}", path.string(), lines[g]);
    const auto expected = group_identity(spec, datasets, groups[g]);
    for (size_t i = 0; i < expected.size(); ++i)
      if (row.at(columns[i]) != expected[i])
        throw InputError(where, fmt::format("{} '{}' where the spec now makes '{}' (changed data "
                                            "or spec?): run `runner plan` again",
                                            identity[i], row.at(columns[i]), expected[i]));
    const auto shard = parse_double(row.at(columns.back()));
    if (!shard || *shard != std::floor(*shard) || *shard < 1 || *shard > shards)
      throw InputError(
          where, fmt::format("shard '{}' is not one of 1 to {}", row.at(columns.back()), shards));
    assignment.push_back(static_cast<int>(*shard) - 1);
    const size_t bundle = groups[g].bundle;
    if (assignment[g] != assignment[bundle])
      throw InputError(where, fmt::format("shard {} for a group of the bundle of group {}, which "
                                          "is in shard {}: a bundle's groups share one shard",
                                          assignment[g] + 1, bundle, assignment[bundle] + 1));
  }
  return assignment;
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

std::string shard_record_json(const ShardRecord& record) {
  return fmt::format(
      "{{\n  \"spec_hash\": \"{}\",\n  \"name\": \"{}\",\n  \"shard\": {},\n  \"shards\": {},\n"
      "  \"cells\": {},\n  \"predicted_cost\": {}\n}}\n",
      record.spec_hash, record.name, record.shard, record.shards, record.cells,
      format_double(record.predicted_cost));
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
  return {field("spec_hash"),
          field("name"),
          static_cast<int>(number("shard")),
          static_cast<int>(number("shards")),
          static_cast<size_t>(number("cells")),
          number("predicted_cost")};
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
  write_file_atomically(folder / "shards.csv", shards_table(groups, assignment, shards).str());
  write_file_atomically(folder / "artefacts.csv", artefacts_table(spec, datasets, plan).str());
  write_file_atomically(
      folder / "plan.json",
      shard_record_json({spec_hash(spec), spec.name, 0, shards, plan.cells.size(), total}));
}

}  // namespace tsfs
