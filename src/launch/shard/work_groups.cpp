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

// One score vector of `group` fitted on `rows` rows: the selector's own work and its inner fits.
double group_score_cost(const PreparedDataset& dataset, const WorkGroup& group, long long rows,
                        const InnerFitsOf& inner_fits) {
  const long long columns = dataset.features.values.cols();
  double cost = score_vector_cost(rows, columns, group.distance != kNoDistance);
  if (inner_fits) cost += inner_fits_cost(inner_fits(group.selector, group.params, rows, columns));
  return cost;
}

long long fit_rows(const PreparedDataset& dataset, int fold) {
  if (fold == kAllRows) return dataset.data.rows();
  return static_cast<long long>(dataset.folds[static_cast<size_t>(fold)].train_rows.size());
}

// `weight` per cell: the share of its outer fits that run (1, or 1 / candidates under
// tune.outer: chosen, see work_groups.hpp).
double group_fit_cost(const PreparedDataset& dataset, const Plan& plan, const WorkGroup& group,
                      const std::vector<double>& weight) {
  double cost = 0;
  for (size_t c = group.first_cell; c < group.first_cell + group.cells; ++c)
    for (const auto& fold : dataset.folds)
      cost += weight[c] * fit_cost(static_cast<long long>(fold.train_rows.size()),
                                   static_cast<long long>(fold.test_rows.size()),
                                   plan.cells[c].n_features);
  return cost;
}

// The nested CV of the group's cells among `candidate` ones: a score vector per inner fold (fitted
// on its training rows; for fit_on: all, whose grid units fit on every row, one per outer fold on
// the outer training rows), and each candidate cell's fit on every inner fold.
double group_tuning_cost(const PreparedDataset& dataset, const Plan& plan, const WorkGroup& group,
                         const std::vector<bool>& candidate, const InnerFitsOf& inner_fits) {
  bool tuned = false;
  double fits = 0;
  for (size_t c = group.first_cell; c < group.first_cell + group.cells; ++c) {
    if (!candidate[c]) continue;
    tuned = true;
    for (const auto& fold : dataset.inner_folds)
      fits += fit_cost(static_cast<long long>(fold.train_rows.size()),
                       static_cast<long long>(fold.test_rows.size()), plan.cells[c].n_features);
  }
  if (!tuned) return 0;
  // fit_on: all fits once per outer fold, on its training rows (make_inner_plan's units).
  const bool fit_on_all = plan.score_units[group.first_unit].fold == kAllRows;
  std::vector<const std::vector<int>*> fit_rows;
  if (fit_on_all)
    for (const auto& fold : dataset.folds) fit_rows.push_back(&fold.train_rows);
  else
    for (const auto& fold : dataset.inner_folds) fit_rows.push_back(&fold.train_rows);
  double scores = 0;
  for (const auto* rows : fit_rows)
    scores += group_score_cost(dataset, group, static_cast<long long>(rows->size()), inner_fits);
  return scores + fits;
}

// Every group of a tuned row joins the bundle of the row's first group (the smallest index, so a
// bundle is named by its first group in grid order); a group in two bundles merges them.
void bundle_tuned_groups(std::vector<WorkGroup>& groups, const std::vector<size_t>& group_of_cell,
                         const std::vector<TunedCell>& tuned) {
  for (size_t g = 0; g < groups.size(); ++g) groups[g].bundle = g;
  auto root = [&](size_t g) {
    while (groups[g].bundle != g) g = groups[g].bundle;
    return g;
  };
  for (const auto& row : tuned) {
    size_t first = root(group_of_cell[static_cast<size_t>(row.candidates.front())]);
    for (int c : row.candidates) {
      size_t other = root(group_of_cell[static_cast<size_t>(c)]);
      if (other == first) continue;
      if (other < first) std::swap(other, first);
      groups[other].bundle = first;
    }
    ++groups[group_of_cell[static_cast<size_t>(row.candidates.front())]].tuned_rows;
  }
  for (size_t g = 0; g < groups.size(); ++g) groups[g].bundle = root(g);
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

double linear_fit_cost(long long train_rows, long long test_rows, long long features) {
  return (kLinearPasses * static_cast<double>(train_rows) + static_cast<double>(test_rows)) *
         static_cast<double>(features + 1);
}

double inner_fits_cost(const std::vector<InnerFits>& fits) {
  double cost = 0;
  for (const InnerFits& kind : fits) {
    const double each = kind.model == InnerFits::Model::classifier
                            ? fit_cost(kind.train_rows, kind.test_rows, kind.features)
                            : linear_fit_cost(kind.train_rows, kind.test_rows, kind.features);
    cost += static_cast<double>(kind.count) * each;
  }
  return cost;
}

double distance_matrix_cost(long long rows, double pair_cost) {
  double n = static_cast<double>(rows);
  return n * (n - 1) / 2 * pair_cost;
}

std::vector<WorkGroup> work_groups(const std::vector<PreparedDataset>& datasets, const Plan& plan,
                                   const std::vector<TunedCell>& tuned, OuterEvaluation outer,
                                   const InnerFitsOf& inner_fits) {
  std::vector<bool> candidate(plan.cells.size(), false);
  std::vector<double> weight(plan.cells.size(), 1.0);
  for (const auto& row : tuned)
    for (int c : row.candidates) {
      candidate[static_cast<size_t>(c)] = true;
      if (outer == OuterEvaluation::chosen)
        weight[static_cast<size_t>(c)] = 1.0 / static_cast<double>(row.candidates.size());
    }
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
                      static_cast<size_t>(*high - *low + 1)});
  }
  for (auto& group : groups) {
    const auto& dataset = datasets[static_cast<size_t>(group.dataset)];
    for (size_t u = group.first_unit; u < group.first_unit + group.units; ++u)
      group.score_cost +=
          group_score_cost(dataset, group, fit_rows(dataset, plan.score_units[u].fold), inner_fits);
    group.fit_cost = group_fit_cost(dataset, plan, group, weight);
  }
  std::vector<size_t> group_of_cell(plan.cells.size());
  for (size_t g = 0; g < groups.size(); ++g)
    for (size_t c = groups[g].first_cell; c < groups[g].first_cell + groups[g].cells; ++c)
      group_of_cell[c] = g;
  for (auto& group : groups)
    group.tuning_cost = group_tuning_cost(datasets[static_cast<size_t>(group.dataset)], plan, group,
                                          candidate, inner_fits);
  bundle_tuned_groups(groups, group_of_cell, tuned);
  for (auto& group : groups) {
    for (size_t c = group.first_cell; c < group.first_cell + group.cells; ++c)
      if (outer != OuterEvaluation::chosen || !candidate[c]) ++group.reported_cells;
    // Under tune.outer: chosen a tuned row's outer folds fit once each (counted at its first
    // group); under outer: all they reuse the chosen candidate's fits.
    const size_t outer_rows =
        group.reported_cells + (outer == OuterEvaluation::chosen ? group.tuned_rows : 0);
    group.fits = static_cast<long long>(outer_rows *
                                        datasets[static_cast<size_t>(group.dataset)].folds.size());
  }
  return groups;
}

std::vector<WorkGroup> spec_work_groups(const Spec& spec,
                                        const std::vector<PreparedDataset>& datasets,
                                        const Plan& plan) {
  const InnerFitsOf inner_fits = [&spec](int selector, int params, long long rows,
                                         long long columns) {
    return spec.selectors[static_cast<size_t>(selector)]
        .selectors[static_cast<size_t>(params)]
        ->inner_fits(rows, columns);
  };
  return work_groups(datasets, plan, tuned_cells(spec, plan),
                     spec.tune ? spec.tune->outer : OuterEvaluation::every_candidate, inner_fits);
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
