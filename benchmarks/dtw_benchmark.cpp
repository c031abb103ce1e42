// Wall time and DP-cell throughput of the "dtw" distance matrix, 2 threads:
//   WormsTwoClass TRAIN+TEST (258 series of length 900), Sakoe-Chiba band 100;
//   2000 and 7164 series of length 152 (the 1000 Wafer TRAIN series repeated), no band;
// plus one thread per SIMD kernel on 600 Wafer series, and the textbook recursion (one pair at a
// time, scalar, the same step pattern and local cost) on 200 of them: the kernels' floors in
// benchmarks/floors.csv are ratios against it, which a compiler that builds the kernels badly
// (Clang 14 once ran them 40-60% slower than GCC) cannot hide. Counters: cells = sum over pairs of
// the cost-matrix cells inside the window; cells_per_s and cells_per_s_per_thread are wall-clock
// rates, cells_per_cpu_s the rate per busy core (process CPU time).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <limits>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "distance/dtw.hpp"

namespace {

constexpr int kThreads = 2;

const tsfs::Dataset& wafer_train() {
  static const tsfs::Dataset dataset = tsfs::load_ucr_dataset(
      {"Wafer", TSFS_SOURCE_DIR "/third_party/ucr/Wafer", tsfs::Split::train, {}});
  return dataset;
}

const tsfs::Dataset& worms() {
  static const tsfs::Dataset dataset = tsfs::load_ucr_dataset(
      {"WormsTwoClass", TSFS_SOURCE_DIR "/third_party/ucr/WormsTwoClass", tsfs::Split::merged, {}});
  return dataset;
}

// The first `count` rows of the source repeated cyclically (Wafer has 1000 TRAIN series).
tsfs::Dataset repeated(const tsfs::Dataset& source, long long count) {
  tsfs::Dataset result;
  result.name = source.name + "x" + std::to_string(count);
  result.class_names = source.class_names;
  result.values.resize(count, source.values.cols());
  result.lengths.resize(count);
  result.labels.resize(count);
  for (long long row = 0; row < count; ++row) {
    long long from = row % source.rows();
    result.values.row(row) = source.values.row(from);
    result.lengths(row) = source.lengths(from);
    result.labels(row) = source.labels(from);
  }
  result.train_rows = count;
  result.merged_rows = count;
  return result;
}

double total_cells(const tsfs::Dataset& dataset, const tsfs::DtwOptions& options) {
  double cells = 0.0;
  auto band = tsfs::dtw_band(options, dataset.lengths.maxCoeff());
  for (long long i = 0; i < dataset.rows(); ++i)
    for (long long j = i + 1; j < dataset.rows(); ++j)
      cells += static_cast<double>(tsfs::dtw_cells(dataset.lengths(i), dataset.lengths(j), band));
  return cells;
}

// CPU seconds of the whole process (all threads): on a shared machine, cells per CPU second is
// the per-core rate even when other processes take turns on the cores.
double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

void run(benchmark::State& state, const tsfs::Dataset& dataset, const tsfs::DtwOptions& options,
         int threads, tsfs::dtw::Isa isa) {
  const double cells = total_cells(dataset, options);
  double cpu_seconds = 0.0;
  for (auto _ : state) {
    double start = process_cpu_seconds();
    Eigen::MatrixXd distances = tsfs::dtw_matrix(dataset, options, threads, isa, false);
    benchmark::DoNotOptimize(distances.data());
    cpu_seconds += process_cpu_seconds() - start;
  }
  state.counters["series"] = static_cast<double>(dataset.rows());
  state.counters["cells"] = cells;
  state.counters["cells_per_s"] =
      benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["cells_per_s_per_thread"] =
      benchmark::Counter(cells / threads, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["cells_per_cpu_s"] =
      cells * static_cast<double>(state.iterations()) / std::max(cpu_seconds, 1e-9);
  state.SetLabel(tsfs::dtw::isa_name(isa));
}

void BM_DtwWormsBand100(benchmark::State& state) {
  tsfs::DtwOptions options;
  options.window = 100;
  run(state, worms(), options, kThreads, tsfs::dtw::best_isa());
}

void BM_DtwWafer2000(benchmark::State& state) {
  static const tsfs::Dataset dataset = repeated(wafer_train(), 2000);
  run(state, dataset, tsfs::DtwOptions{}, kThreads, tsfs::dtw::best_isa());
}

void BM_DtwWafer7164(benchmark::State& state) {
  static const tsfs::Dataset dataset = repeated(wafer_train(), 7164);
  run(state, dataset, tsfs::DtwOptions{}, kThreads, tsfs::dtw::best_isa());
}

// One thread per kernel: the per-core rate of each ISA (skipped where the CPU lacks it).
void BM_DtwKernelOneThread(benchmark::State& state) {
  auto isa = static_cast<tsfs::dtw::Isa>(state.range(0));
  if (!tsfs::dtw::isa_supported(isa)) {
    state.SkipWithError("ISA not supported on this CPU");
    return;
  }
  static const tsfs::Dataset dataset = repeated(wafer_train(), 600);
  run(state, dataset, tsfs::DtwOptions{}, 1, isa);
}

// Symmetric2 DTW with |x - y| costs as in dtw-python's recursion (Giorgino 2009, eq. 5): one row
// of the cost matrix at a time, no band, no batching, no explicit SIMD.
double textbook_dtw(const double* x, long long n, const double* y, long long m,
                    std::vector<double>& previous, std::vector<double>& current) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  std::fill(previous.begin(), previous.begin() + m, kInf);
  for (long long i = 0; i < n; ++i) {
    for (long long j = 0; j < m; ++j) {
      const double cost = std::abs(x[i] - y[j]);
      double best = i == 0 && j == 0 ? 0.0 : kInf;
      if (j > 0) best = std::min(best, current[static_cast<size_t>(j - 1)] + cost);
      if (i > 0) best = std::min(best, previous[static_cast<size_t>(j)] + cost);
      if (i > 0 && j > 0) best = std::min(best, previous[static_cast<size_t>(j - 1)] + 2.0 * cost);
      current[static_cast<size_t>(j)] = i == 0 && j == 0 ? cost : best;
    }
    std::swap(previous, current);
  }
  return previous[static_cast<size_t>(m - 1)];
}

void BM_DtwTextbookOneThread(benchmark::State& state) {
  static const tsfs::Dataset dataset = repeated(wafer_train(), 200);
  const double cells = total_cells(dataset, tsfs::DtwOptions{});
  const auto columns = static_cast<size_t>(dataset.values.cols());
  std::vector<double> previous(columns), current(columns), row(columns), other(columns);
  for (auto _ : state) {
    double sum = 0.0;
    for (long long i = 0; i < dataset.rows(); ++i) {
      for (size_t t = 0; t < columns; ++t) row[t] = dataset.values(i, static_cast<long long>(t));
      for (long long j = i + 1; j < dataset.rows(); ++j) {
        for (size_t t = 0; t < columns; ++t)
          other[t] = dataset.values(j, static_cast<long long>(t));
        sum += textbook_dtw(row.data(), dataset.lengths(i), other.data(), dataset.lengths(j),
                            previous, current);
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  state.counters["cells_per_s"] =
      benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK(BM_DtwWormsBand100)->Unit(benchmark::kSecond)->Iterations(3)->UseRealTime();
BENCHMARK(BM_DtwWafer2000)->Unit(benchmark::kSecond)->Iterations(3)->UseRealTime();
BENCHMARK(BM_DtwWafer7164)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_DtwKernelOneThread)
    ->Arg(static_cast<int>(tsfs::dtw::Isa::sse2))
    ->Arg(static_cast<int>(tsfs::dtw::Isa::avx2))
    ->Arg(static_cast<int>(tsfs::dtw::Isa::avx512))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime();

}  // namespace

BENCHMARK(BM_DtwTextbookOneThread)->Unit(benchmark::kSecond)->Iterations(3)->UseRealTime();

BENCHMARK_MAIN();
