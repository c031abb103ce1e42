#include "launch/shard/work_groups.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>

#include "distance/distance.hpp"

namespace tsfs {
namespace {

bool same_group(const Cell& a, const Cell& b) {
  return a.dataset == b.dataset && a.distance == b.distance && a.selector == b.selector &&
         a.params == b.params;
}

long long fit_rows(const PreparedDataset& dataset, int fold) {
  if (fold == kAllRows) return dataset.data.rows();
  return static_cast<long long>(dataset.folds[static_cast<size_t>(fold)].train_rows.size());
}

double group_fit_cost(const PreparedDataset& dataset, const Plan& plan, const WorkGroup& group) {
  double cost = 0;
  for (size_t c = group.first_cell; c < group.first_cell + group.cells; ++c)
    for (const auto& fold : dataset.folds)
      cost += fit_cost(static_cast<long long>(fold.train_rows.size()),
                       static_cast<long long>(fold.test_rows.size()), plan.cells[c].n_features);
  return cost;
}

}  // namespace

double score_vector_cost(long long rows, long long features, bool uses_distance) {
  double n = static_cast<double>(rows);
  return n * static_cast<double>(features) + (uses_distance ? n * n : 0.0);
}

double fit_cost(long long train_rows, long long test_rows, long long features) {
  double train = static_cast<double>(train_rows), columns = static_cast<double>(features);
  return train * train * (columns + kSolverColumns) +
         static_cast<double>(test_rows) * train * columns;
}

double distance_matrix_cost(long long rows, double pair_cost) {
  double n = static_cast<double>(rows);
  return n * (n - 1) / 2 * pair_cost;
}

std::vector<WorkGroup> work_groups(const std::vector<PreparedDataset>& datasets, const Plan& plan) {
  std::vector<WorkGroup> groups;
  for (size_t c = 0; c < plan.cells.size(); ++c) {
    const Cell& cell = plan.cells[c];
    if (!groups.empty() && same_group(plan.cells[groups.back().first_cell], cell)) {
      if (cell.score_units != plan.cells[groups.back().first_cell].score_units)
        throw std::logic_error("work_groups: cells of one group with other score vectors");
      ++groups.back().cells;
      continue;
    }
    auto [low, high] = std::minmax_element(cell.score_units.begin(), cell.score_units.end());
    size_t first_unit = groups.empty() ? 0 : groups.back().first_unit + groups.back().units;
    if (cell.score_units.empty() || static_cast<size_t>(*low) != first_unit)
      throw std::logic_error("work_groups: score units out of grid order");
    groups.push_back({cell.dataset, cell.distance, cell.selector, cell.params, c, 1, first_unit,
                      static_cast<size_t>(*high - *low + 1), 0, 0, 0});
  }
  for (auto& group : groups) {
    const auto& dataset = datasets[static_cast<size_t>(group.dataset)];
    bool uses_distance = group.distance != kNoDistance;
    for (size_t u = group.first_unit; u < group.first_unit + group.units; ++u)
      group.score_cost += score_vector_cost(fit_rows(dataset, plan.score_units[u].fold),
                                            dataset.features.values.cols(), uses_distance);
    group.fits = static_cast<long long>(group.cells * dataset.folds.size());
    group.fit_cost = group_fit_cost(dataset, plan, group);
  }
  return groups;
}

std::vector<double> distance_matrix_costs(const Spec& spec,
                                          const std::vector<PreparedDataset>& datasets,
                                          const Plan& plan) {
  std::vector<double> costs;
  for (auto [d, m] : plan.distance_matrices) {
    const auto& data = datasets[static_cast<size_t>(d)].data;
    long long length = data.values.cols();
    costs.push_back(distance_matrix_cost(
        data.rows(), spec.distances[static_cast<size_t>(m)].measure->pair_cost(length)));
  }
  return costs;
}

}  // namespace tsfs
