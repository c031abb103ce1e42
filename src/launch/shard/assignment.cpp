#include "launch/shard/assignment.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"

namespace tsfs {
namespace {

// A positive integer of at most 6 digits (100,000 shards is beyond any array limit).
std::optional<int> parse_count(const std::string& text) {
  if (text.empty() || text.size() > 6 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  int value = std::stoi(text);
  return value >= 1 ? std::optional<int>(value) : std::nullopt;
}

}  // namespace

std::string ShardId::folder_name() const {
  return fmt::format("{}-of-{}", index, count);
}
std::string ShardId::text() const {
  return fmt::format("{}/{}", index, count);
}

ShardId parse_shard_id(const std::string& text) {
  auto slash = text.find('/');
  std::optional<int> index, count;
  if (slash != std::string::npos) {
    index = parse_count(text.substr(0, slash));
    count = parse_count(text.substr(slash + 1));
  }
  if (!index || !count || *index > *count)
    throw InputError("command line",
                     fmt::format("--shard needs I/N with 1 <= I <= N (e.g. 2/4), got '{}'", text));
  return {*index, *count};
}

std::vector<int> longest_first(const std::vector<double>& costs, int bins) {
  std::vector<size_t> order(costs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return costs[a] > costs[b]; });
  std::vector<double> load(static_cast<size_t>(bins), 0.0);
  std::vector<int> bin(costs.size(), 0);
  for (size_t i : order) {
    auto lightest = std::min_element(load.begin(), load.end());
    bin[i] = static_cast<int>(lightest - load.begin());
    *lightest += costs[i];
  }
  return bin;
}

std::vector<int> assign_shards(const std::vector<WorkGroup>& groups, int shards) {
  // Bundles (a group alone without tune:) in grid order of their first group, with their costs.
  std::vector<size_t> bundles;
  std::vector<size_t> bundle_of_first(groups.size(), 0);  // group -> index into bundles
  for (size_t g = 0; g < groups.size(); ++g)
    if (groups[g].bundle == g) {
      bundle_of_first[g] = bundles.size();
      bundles.push_back(g);
    }
  std::vector<double> bundle_cost(bundles.size(), 0.0);
  for (const WorkGroup& group : groups) bundle_cost[bundle_of_first[group.bundle]] += group.cost();
  const std::vector<int> bundle_shard = longest_first(bundle_cost, shards);
  std::vector<int> assignment(groups.size(), 0);
  for (size_t g = 0; g < groups.size(); ++g)
    assignment[g] = bundle_shard[bundle_of_first[groups[g].bundle]];
  return assignment;
}

int artefact_tasks(size_t matrices, int shards) {
  return static_cast<int>(std::max<size_t>(1, std::min(matrices, static_cast<size_t>(shards))));
}

Plan shard_plan(const Plan& plan, const std::vector<WorkGroup>& groups,
                const std::vector<int>& assignment, int shard) {
  Plan part;
  std::map<int, int> unit_index;  // plan's score unit -> the part's
  for (size_t g = 0; g < groups.size(); ++g) {
    if (assignment[g] != shard) continue;
    const WorkGroup& group = groups[g];
    for (size_t u = group.first_unit; u < group.first_unit + group.units; ++u) {
      unit_index[static_cast<int>(u)] = static_cast<int>(part.score_units.size());
      part.score_units.push_back(plan.score_units[u]);
    }
    for (size_t c = group.first_cell; c < group.first_cell + group.cells; ++c) {
      Cell cell = plan.cells[c];
      for (int& unit : cell.score_units) unit = unit_index.at(unit);
      part.cells.push_back(std::move(cell));
    }
  }
  for (const auto& matrix : plan.distance_matrices)
    if (std::any_of(part.score_units.begin(), part.score_units.end(), [&](const ScoreUnit& unit) {
          return unit.dataset == matrix.first && unit.distance == matrix.second;
        }))
      part.distance_matrices.push_back(matrix);
  return part;
}

std::vector<ShardLoad> shard_loads(const std::vector<WorkGroup>& groups,
                                   const std::vector<int>& assignment, int shards) {
  std::vector<ShardLoad> loads(static_cast<size_t>(shards));
  for (size_t g = 0; g < groups.size(); ++g) {
    if (assignment[g] < 0) continue;  // a group of no shard (fold_split.cpp)
    ShardLoad& load = loads[static_cast<size_t>(assignment[g])];
    ++load.groups;
    load.cells += groups[g].reported_cells;
    load.tuned_rows += groups[g].tuned_rows;
    load.score_vectors += groups[g].units;
    load.fits += groups[g].fits;
    load.cost += groups[g].cost();
  }
  return loads;
}

}  // namespace tsfs
