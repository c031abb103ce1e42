// The UCR archive's learned DTW window (leave-one-out 1-NN over 0..100% of the length) on the
// official TRAIN split of every vendored dataset, 2 threads:
//   BM_WindowSearch/<dataset>: the pruned search (distance/window_search.hpp);
//   BM_WindowSearchAll: all 16 datasets one after the other (the "under 1 minute");
//   BM_BruteForce/<dataset>: the kernel's full leave-one-out matrix (dtw_matrix) for every distinct
//     band, the first nearest neighbour of each row (about 10 minutes for all 16; filter with
//     --benchmark_filter=BruteForce).
// Counters: percent (the chosen window), pruning_rate (share of the band x query x reference
// comparisons answered without a DTW computation), cells (DTW cells computed), brute_cells (the
// cells of the brute-force search), cells_per_s (computed cells per wall-clock second).
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "distance/dtw.hpp"
#include "distance/window_search.hpp"

namespace {

constexpr int kThreads = 2;

const std::vector<std::string>& dataset_names() {
  static const std::vector<std::string> names = {"ArrowHead",
                                                 "BeetleFly",
                                                 "Coffee",
                                                 "DiatomSizeReduction",
                                                 "ECG200",
                                                 "Earthquakes",
                                                 "GestureMidAirD1",
                                                 "GunPoint",
                                                 "ItalyPowerDemand",
                                                 "MoteStrain",
                                                 "PigAirwayPressure",
                                                 "SmallKitchenAppliances",
                                                 "SonyAIBORobotSurface1",
                                                 "TwoLeadECG",
                                                 "Wafer",
                                                 "WormsTwoClass"};
  return names;
}

const tsfs::Dataset& train_split(const std::string& name) {
  static std::map<std::string, tsfs::Dataset> loaded;
  auto found = loaded.find(name);
  if (found == loaded.end())
    found = loaded
                .emplace(
                    name,
                    tsfs::load_ucr_dataset(
                        {name, TSFS_SOURCE_DIR "/third_party/ucr/" + name, tsfs::Split::train, {}}))
                .first;
  return found->second;
}

std::vector<int> every_row(const tsfs::Dataset& data) {
  std::vector<int> rows(static_cast<size_t>(data.rows()));
  std::iota(rows.begin(), rows.end(), 0);
  return rows;
}

void report(benchmark::State& state, const tsfs::WindowSearchStats& stats, double seconds,
            int percent) {
  state.counters["percent"] = percent;
  state.counters["pruning_rate"] = stats.pruning_rate();
  state.counters["cells"] = static_cast<double>(stats.cells);
  state.counters["brute_cells"] = static_cast<double>(stats.brute_cells);
  state.counters["cells_per_s"] = static_cast<double>(stats.cells) / seconds;
}

// One learned-window search; adds its seconds and statistics.
tsfs::WindowChoice timed_search(const std::string& name, double& seconds,
                                tsfs::WindowSearchStats& stats) {
  const tsfs::Dataset& data = train_split(name);
  const auto start = std::chrono::steady_clock::now();
  tsfs::WindowChoice choice = tsfs::learn_window(data, every_row(data), kThreads);
  seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats += choice.stats;
  return choice;
}

void BM_WindowSearch(benchmark::State& state, const std::string& name) {
  double seconds = 0.0;
  tsfs::WindowSearchStats stats;
  int percent = 0;
  for (auto _ : state) percent = timed_search(name, seconds, stats).percent;
  report(state, stats, seconds, percent);
}

void BM_WindowSearchAll(benchmark::State& state) {
  double seconds = 0.0;
  tsfs::WindowSearchStats stats;
  for (auto _ : state)
    for (const std::string& name : dataset_names()) timed_search(name, seconds, stats);
  report(state, stats, seconds, 0);
}

// Leave-one-out nearest neighbours from the kernel's full matrix at every distinct band.
void BM_BruteForce(benchmark::State& state, const std::string& name) {
  const tsfs::Dataset& data = train_split(name);
  const std::vector<long long> bands = tsfs::percent_bands(data.lengths.maxCoeff());
  double cells = 0.0;
  for (auto _ : state) {
    long long previous = -1;
    for (long long band : bands) {
      if (band == previous || data.lengths.maxCoeff() - data.lengths.minCoeff() > band) continue;
      previous = band;
      tsfs::DtwOptions options;
      options.step_pattern = tsfs::dtw::StepPattern::symmetric1;
      options.local = tsfs::dtw::LocalCost::squared;
      options.window = band;
      const Eigen::MatrixXd distances =
          tsfs::dtw_matrix(data, options, kThreads, tsfs::dtw::best_isa(), false);
      Eigen::Index errors = 0;
      for (Eigen::Index q = 0; q < data.rows(); ++q) {
        Eigen::Index best = q == 0 ? 1 : 0;
        for (Eigen::Index r = 0; r < data.rows(); ++r)
          if (r != q && distances(q, r) < distances(q, best)) best = r;
        errors += data.labels(best) != data.labels(q);
      }
      benchmark::DoNotOptimize(errors);
      cells += static_cast<double>(data.rows()) * static_cast<double>(data.rows() - 1) / 2.0 *
               static_cast<double>(
                   tsfs::dtw_cells(data.lengths.maxCoeff(), data.lengths.maxCoeff(), band));
    }
  }
  state.counters["cells"] = cells;
  state.counters["cells_per_s"] = benchmark::Counter(cells, benchmark::Counter::kIsRate);
}

const bool kRegistered = [] {
  for (const std::string& name : dataset_names())
    benchmark::RegisterBenchmark(("BM_WindowSearch/" + name).c_str(), BM_WindowSearch, name)
        ->Unit(benchmark::kSecond)
        ->Iterations(1)
        ->UseRealTime();
  benchmark::RegisterBenchmark("BM_WindowSearchAll", BM_WindowSearchAll)
      ->Unit(benchmark::kSecond)
      ->Iterations(1)
      ->UseRealTime();
  for (const std::string& name : dataset_names())
    benchmark::RegisterBenchmark(("BM_BruteForce/" + name).c_str(), BM_BruteForce, name)
        ->Unit(benchmark::kSecond)
        ->Iterations(1)
        ->UseRealTime();
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
