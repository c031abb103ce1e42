// DP-cell throughput of the elastic distances (src/distance/elastic/) next to the "dtw" distance:
//   200 Wafer TRAIN series of length 152 (equal lengths: SIMD batches), no band and window 0.1;
//   100 GestureMidAirD1 TRAIN series of lengths 56 to 360 (unequal: mostly one pair at a time);
// dtw is tsfs's own (dtw-python) DTW kernel with symmetric1 and squared cost, which is aeon's dtw
// without a band, and with window w for equal lengths n (band int(w n) on both); aeon_dtw is the
// same recursion run by the elastic engine. Each rate is for one thread.
// Counters: cells = sum over pairs of the band's cells; cells_per_cpu_s = cells per second of
// process CPU time (the per-core rate, robust on a shared machine); cells_per_s = wall-clock.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "distance/dtw.hpp"
#include "distance/elastic/matrix.hpp"
#include "distance/elastic/registration.hpp"

namespace {

const std::vector<std::string> kDistances = {"dtw",   "aeon_dtw", "ddtw", "wdtw",
                                             "wddtw", "lcss",     "edr",  "erp",
                                             "msm",   "twe",      "adtw", "shape_dtw"};

tsfs::Dataset first_rows(const std::string& name, long long rows) {
  return tsfs::load_ucr_dataset(
      {name, TSFS_SOURCE_DIR "/third_party/ucr/" + name, tsfs::Split::train, rows});
}

const tsfs::Dataset& wafer() {
  static const tsfs::Dataset dataset = first_rows("Wafer", 200);
  return dataset;
}

const tsfs::Dataset& gesture() {
  static const tsfs::Dataset dataset = first_rows("GestureMidAirD1", 100);
  return dataset;
}

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

void run(benchmark::State& state, const tsfs::Dataset& dataset, double window, int threads) {
  const std::string& name = kDistances[static_cast<size_t>(state.range(0))];
  tsfs::elastic::Params params;
  params.window = window;
  params.g = name == "erp" ? 0.0 : 0.05;
  if (name == "lcss") params.epsilon = 1.0;
  double cells = 0.0;
  tsfs::DtwOptions dtw;
  dtw.step_pattern = tsfs::dtw::StepPattern::symmetric1;
  dtw.local = tsfs::dtw::LocalCost::squared;
  const tsfs::elastic::Distance* distance = nullptr;
  if (name == "dtw") {
    const bool equal = dataset.lengths.minCoeff() == dataset.lengths.maxCoeff();
    if (window != 1.0 && !equal) {
      state.SkipWithError("dtw-python's band equals aeon's for equal lengths only");
      return;
    }
    if (window != 1.0)
      dtw.window = static_cast<long long>(window * static_cast<double>(dataset.lengths(0)));
    cells = tsfs::elastic::elastic_matrix_cells(dataset, *tsfs::elastic::find_distance("aeon_dtw"),
                                                params);
  } else {
    distance = tsfs::elastic::find_distance(name);
    cells = tsfs::elastic::elastic_matrix_cells(dataset, *distance, params);
  }
  double cpu_seconds = 0.0;
  for (auto _ : state) {
    const double start = process_cpu_seconds();
    Eigen::MatrixXd matrix =
        distance ? tsfs::elastic::elastic_matrix(dataset, *distance, params, threads,
                                                 tsfs::elastic::best_simd(), false)
                 : tsfs::dtw_matrix(dataset, dtw, threads, tsfs::dtw::best_isa(), false);
    benchmark::DoNotOptimize(matrix.data());
    cpu_seconds += process_cpu_seconds() - start;
  }
  state.counters["cells"] = cells;
  state.counters["cells_per_s"] =
      benchmark::Counter(cells, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["cells_per_cpu_s"] =
      cells * static_cast<double>(state.iterations()) / std::max(cpu_seconds, 1e-9);
  state.SetLabel(name +
                 (distance ? std::string(" ") + tsfs::elastic::simd_name(tsfs::elastic::best_simd())
                           : std::string(" ") + tsfs::dtw::isa_name(tsfs::dtw::best_isa())));
}

void BM_ElasticWafer200(benchmark::State& state) {
  run(state, wafer(), 1.0, 1);
}
void BM_ElasticWafer200Window01(benchmark::State& state) {
  run(state, wafer(), 0.1, 1);
}
void BM_ElasticGesture100(benchmark::State& state) {
  run(state, gesture(), 1.0, 1);
}

void all_distances(benchmark::internal::Benchmark* benchmark) {
  for (size_t k = 0; k < kDistances.size(); ++k) benchmark->Arg(static_cast<int>(k));
}

// Three repetitions each: on a shared machine the median is the figure to read.
BENCHMARK(BM_ElasticWafer200)
    ->Apply(all_distances)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ElasticWafer200Window01)
    ->Apply(all_distances)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ElasticGesture100)
    ->Apply(all_distances)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
