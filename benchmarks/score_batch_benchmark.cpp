// Score vectors per second of a Laplacian sigma sweep on a WormsTwoClass-sized fold (206 fit rows
// x 389 TSFEL-sized features, random clustered rows, Euclidean distances), k = 10, 100 sigma
// values (logspace -7 .. 3, as fig3_sigma_kfold): the unbatched path as it was (per sigma: kNN
// graph, weights, scalar edge-sum score) against one score_batch() for the whole grid, for both
// variants' graphs (batched he2005: exact arithmetic; batched report2023: literal arithmetic).
// items_per_second = score vectors per second. One thread.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "graph/knn_graph.hpp"
#include "graph/laplacian_score.hpp"
#include "select/selector.hpp"

namespace {

constexpr Eigen::Index kRows = 206;
constexpr Eigen::Index kFeatures = 389;
constexpr int kSigmas = 100;

struct Problem {
  Eigen::MatrixXd features;
  Eigen::MatrixXd distances;
};

const Problem& problem() {
  static const Problem data = [] {
    Problem result;
    std::mt19937_64 generator(7);
    std::normal_distribution<double> normal(0.0, 1.0);
    Eigen::MatrixXd centres(4, kFeatures);
    for (Eigen::Index c = 0; c < centres.rows(); ++c)
      for (Eigen::Index j = 0; j < kFeatures; ++j) centres(c, j) = 2.0 * normal(generator);
    result.features.resize(kRows, kFeatures);
    for (Eigen::Index row = 0; row < kRows; ++row)
      for (Eigen::Index j = 0; j < kFeatures; ++j)
        result.features(row, j) = centres(row % 4, j) + normal(generator) * (1.0 + 0.01 * j);
    result.distances.resize(kRows, kRows);
    for (Eigen::Index row = 0; row < kRows; ++row)
      for (Eigen::Index other = 0; other < kRows; ++other)
        result.distances(row, other) =
            (result.features.row(row) - result.features.row(other)).norm();
    return result;
  }();
  return data;
}

// The spec loader's completion: explicit values, then presets, then defaults.
std::vector<tsfs::ParamSet> sigma_grid(const std::string& variant) {
  const auto& info = tsfs::SelectorRegistry::instance().find("laplacian")->info;
  std::vector<tsfs::ParamSet> grid;
  for (int step = 0; step < kSigmas; ++step) {
    tsfs::ParamSet given;
    given.set("variant", variant);
    given.set("k", 10LL);
    given.set("sigma_ratio", std::pow(10.0, -7.0 + 10.0 * step / (kSigmas - 1)));
    info.apply_presets(given);
    tsfs::ParamSet complete;
    for (const auto& spec : info.params)
      complete.set(spec.name, given.has(spec.name) ? given.at(spec.name) : *spec.default_value);
    grid.push_back(complete);
  }
  return grid;
}

// The path before batching, per sigma: kNN graph, heat-kernel weights, and the one-kernel
// edge-sum score of graph/laplacian_score.hpp (what every variant computed then).
void unbatched(benchmark::State& state, const std::string& variant) {
  const Problem& data = problem();
  const auto grid = sigma_grid(variant);
  const double mean_distance = data.distances.mean();
  for (auto _ : state)
    for (const auto& params : grid) {
      const auto graph =
          tsfs::knn_graph(data.distances, 10, *tsfs::parse_symmetrize(params.text("symmetrize")));
      const auto weights =
          tsfs::heat_kernel_weights(graph, params.real("sigma_ratio") * mean_distance,
                                    params.real("kernel_scale"), params.boolean("stable_weights"));
      benchmark::DoNotOptimize(tsfs::laplacian_scores(data.features, weights.weights));
    }
  state.SetItemsProcessed(state.iterations() * kSigmas);
}

void batched(benchmark::State& state, const std::string& variant) {
  const auto& registration = *tsfs::SelectorRegistry::instance().find("laplacian");
  const tsfs::SelectionProblem selection{problem().features, nullptr, 0, &problem().distances};
  const auto grid = sigma_grid(variant);
  std::vector<std::shared_ptr<const tsfs::Selector>> selectors;
  std::vector<const tsfs::Selector*> pointers;
  for (const auto& params : grid) {
    selectors.push_back(tsfs::configure_selector(registration, params));
    pointers.push_back(selectors.back().get());
  }
  for (auto _ : state) benchmark::DoNotOptimize(registration.score_batch(selection, pointers));
  state.SetItemsProcessed(state.iterations() * kSigmas);
}

}  // namespace

BENCHMARK_CAPTURE(unbatched, he2005_exact, std::string("he2005"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(batched, he2005_exact, std::string("he2005"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(unbatched, report2023_literal, std::string("report2023"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(batched, report2023_literal, std::string("report2023"))
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
