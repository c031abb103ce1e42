// The UCR archive's learned DTW window (leave-one-out 1-NN over 0..100% of the length) on the
// official TRAIN split of every vendored dataset, 2 threads:
//   BM_WindowSearch/<dataset>: the pruned search (distance/window_search.hpp);
//   BM_WindowSearchAll: all 16 datasets one after the other (the "under 1 minute");
//   BM_BruteForce/<dataset>: the kernel's full leave-one-out matrix (dtw_matrix) for every distinct
//     band, the first nearest neighbour of each row (about 10 minutes for all 16; filter with
//     --benchmark_filter=BruteForce).
//   BM_Warp/<isa>: ucr::warp (the search's DTW with the path's deviation, along anti-diagonals in
//     SIMD lanes) on pairs of PigAirwayPressure series (length 2,000), the whole band, one
//     thread; BM_WarpTextbook: the same distances and deviations by the textbook recursion, one
//     cell after the other along the rows (as the search computed them before; floors.csv).
// Counters: percent (the chosen window), pruning_rate (share of the band x query x reference
// comparisons answered without a DTW computation), cells (DTW cells computed), brute_cells (the
// cells of the brute-force search), cells_per_s (computed cells per wall-clock second).
#include <benchmark/benchmark.h>

#include <chrono>
#include <map>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "data/dataset.hpp"
#include "distance/dtw.hpp"
#include "distance/ucr_dtw.hpp"
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

// Pairs of PigAirwayPressure TRAIN series (length 2,000): row i against row i + 1.
constexpr int kWarpPairs = 4;

tsfs::ucr::SeriesView warp_series(int row) {
  const tsfs::Dataset& data = train_split("PigAirwayPressure");
  static std::vector<std::vector<double>> series;
  if (series.empty())
    for (int r = 0; r <= kWarpPairs; ++r) {
      series.emplace_back(static_cast<size_t>(data.lengths(r)));
      for (int a = 0; a < data.lengths(r); ++a)
        series.back()[static_cast<size_t>(a)] = data.values(r, a);
    }
  const std::vector<double>& values = series[static_cast<size_t>(row)];
  return {values.data(), static_cast<int>(values.size())};
}

void report_cells(benchmark::State& state, double cells) {
  state.counters["cells_per_s"] =
      benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Warp(benchmark::State& state) {
  const auto isa = static_cast<tsfs::Isa>(state.range(0));
  if (!tsfs::isa_supported(isa)) {
    state.SkipWithError("ISA not supported on this CPU");
    return;
  }
  tsfs::ucr::WarpScratch scratch;
  warp_series(0);  // loads the series outside the timed loop
  double cells = 0.0;
  for (auto _ : state) {
    cells = 0.0;
    for (int pair = 0; pair < kWarpPairs; ++pair) {
      const auto x = warp_series(pair), y = warp_series(pair + 1);
      const tsfs::ucr::Warp warp =
          tsfs::ucr::warp(x, y, x.length, tsfs::ucr::kInfinity, scratch, isa);
      benchmark::DoNotOptimize(warp.deviation);
      cells += static_cast<double>(warp.cells);
    }
  }
  report_cells(state, cells);
  state.SetLabel(tsfs::isa_name(isa));
}

// The textbook recursion: row by row, each cell the cheapest predecessor by cost, then by the
// smaller deviation of its path.
void BM_WarpTextbook(benchmark::State& state) {
  std::vector<double> cost[2];
  std::vector<long long> deviation[2];
  warp_series(0);  // loads the series outside the timed loop
  double cells = 0.0;
  for (auto _ : state) {
    cells = 0.0;
    for (int pair = 0; pair < kWarpPairs; ++pair) {
      const auto x = warp_series(pair), y = warp_series(pair + 1);
      const long long n = x.length, m = y.length;
      for (int r = 0; r < 2; ++r) {
        cost[r].assign(static_cast<size_t>(m) + 1, tsfs::ucr::kInfinity);
        deviation[r].assign(static_cast<size_t>(m) + 1, 0);
      }
      for (long long a = 0; a < n; ++a) {
        const auto now = static_cast<size_t>(a % 2), before = 1 - now;
        double left = a == 0 ? 0.0 : tsfs::ucr::kInfinity;
        long long left_deviation = 0;
        for (long long b = 0; b < m; ++b) {
          std::pair<double, long long> best{cost[before][b], deviation[before][b]};
          best = std::min(best, {cost[before][b + 1], deviation[before][b + 1]});
          best = std::min(best, {left, left_deviation});
          const double difference = x.values[a] - y.values[b];
          left = best.first + difference * difference;
          left_deviation = std::max(best.second, a > b ? a - b : b - a);
          cost[now][b + 1] = left;
          deviation[now][b + 1] = left_deviation;
        }
      }
      benchmark::DoNotOptimize(deviation[(n - 1) % 2][m]);
      cells += static_cast<double>(n * m);
    }
  }
  report_cells(state, cells);
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

BENCHMARK(BM_Warp)
    ->Arg(static_cast<int>(tsfs::Isa::sse2))
    ->Arg(static_cast<int>(tsfs::Isa::avx2))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime();
BENCHMARK(BM_WarpTextbook)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
