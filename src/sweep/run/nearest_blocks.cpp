#include "sweep/run/nearest_blocks.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "distance/distance.hpp"
#include "distance/window_search.hpp"

namespace tsfs {
namespace {

bool one_nearest_neighbour(const Spec& spec) {
  if (!classifier_uses_distances(spec) || spec.classifier.kind != "nearest_neighbour") return false;
  return std::all_of(spec.classifier.grid.begin(), spec.classifier.grid.end(),
                     [](const ParamSet& params) { return params.integer("k") == 1; });
}

// Whether every fold tests each of its test rows on all of `columns` but that row.
bool tested_on_columns_but_self(const PreparedDataset& dataset, const std::vector<int>& columns) {
  for (const auto* folds : {&dataset.folds, &dataset.inner_folds})
    for (const Fold& fold : *folds)
      for (int row : fold.test_rows) {
        const bool self = std::binary_search(columns.begin(), columns.end(), row);
        if (fold.train_rows.size() + (self ? 1 : 0) != columns.size()) return false;
      }
  return true;
}

}  // namespace

void add_nearest_neighbour_blocks(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                                  const Plan& plan, int threads, DistanceBlocks& blocks) {
  if (!one_nearest_neighbour(spec)) return;
  std::map<int, std::vector<std::pair<int, long long>>> bands;  // dataset -> (distance, band)
  for (auto [d, m] : plan.distance_matrices) {
    const auto& distance = spec.distances[static_cast<size_t>(m)];
    if (auto band = distance.measure->archive_dtw_band(datasets[static_cast<size_t>(d)].data))
      bands[d].emplace_back(m, *band);
  }
  for (const auto& [d, family] : bands) {
    const PreparedDataset& dataset = datasets[static_cast<size_t>(d)];
    const BlockRows needed = distance_block_rows(spec, dataset);
    if (family.size() < 2 || !tested_on_columns_but_self(dataset, needed.columns)) continue;
    std::vector<long long> family_bands;
    for (const auto& member : family) family_bands.push_back(member.second);
    const auto start = std::chrono::steady_clock::now();
    NeighbourTable table = nearest_neighbours_by_band(dataset.data, needed.rows, needed.columns,
                                                      family_bands, true, threads);
    for (size_t k = 0; k < family.size(); ++k) {
      DistanceBlock block;
      block.rows = needed.rows;
      block.columns = needed.columns;
      block.nearest = std::move(table.neighbour[k]);
      block.nearest_distance = std::move(table.distance[k]);
      blocks[{d, family[k].first}] = std::move(block);
    }
    spdlog::info(
        "distances {}: nearest neighbours of {} rows among {} under {} DTW bands in {:.2f} s "
        "(pruned window search: {:.1f}% of the comparisons without DTW, {:.3g} of {:.3g} cells)",
        dataset.data.name, needed.rows.size(), needed.columns.size(), family.size(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
        100.0 * table.stats.pruning_rate(), static_cast<double>(table.stats.cells),
        static_cast<double>(table.stats.brute_cells));
  }
}

}  // namespace tsfs
