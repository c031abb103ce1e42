// Throughput of the "catch22" extractor on 7164 series of length 152 (the 1000 Wafer TRAIN series
// repeated cyclically, the size of Wafer TRAIN+TEST, as in tsfel_benchmark.cpp):
//   - each of the 22 features alone, one thread, on the z-scored series (z-scoring excluded;
//     a feature that needs the autocorrelation pays for it, as it would alone);
//   - the whole extractor (z-scoring and the shared autocorrelation included), 1 and 2 threads;
//   - the "tsfel" extractor (all domains) on the same rows, 1 and 2 threads, for the comparison
//     per value (counter ns_per_value = wall time / (series x columns)).
// The one-thread runs are measured in CPU time (the figures stay meaningful on a shared, loaded
// machine), the two-thread runs in wall time; counters series_per_s and ns_per_value follow the
// same clock.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "features/catch22/catch22.hpp"
#include "features/feature_extractor.hpp"

namespace {

constexpr long long kRows = 7164;

tsfs::Dataset wafer_repeated(long long count) {
  const tsfs::Dataset train = tsfs::load_ucr_dataset(
      {"Wafer", TSFS_SOURCE_DIR "/third_party/ucr/Wafer", tsfs::Split::train, {}});
  tsfs::Dataset dataset;
  dataset.name = "Wafer x" + std::to_string(count);
  dataset.class_names = {"0", "1"};
  dataset.values.resize(count, train.values.cols());
  for (long long row = 0; row < count; ++row)
    dataset.values.row(row) = train.values.row(row % train.rows());
  dataset.lengths = Eigen::VectorXi::Constant(count, static_cast<int>(train.values.cols()));
  dataset.labels = Eigen::VectorXi::Zero(count);
  dataset.train_rows = count;
  dataset.merged_rows = count;
  return dataset;
}

const tsfs::Dataset& wafer() {
  static const tsfs::Dataset dataset = wafer_repeated(kRows);
  return dataset;
}

// The z-scored rows, row-major, for the per-feature runs.
const std::vector<std::vector<double>>& wafer_zscored() {
  static const std::vector<std::vector<double>> rows = [] {
    std::vector<std::vector<double>> all;
    for (long long row = 0; row < wafer().rows(); ++row) {
      const Eigen::VectorXd values = wafer().series(row);
      std::vector<double> z(static_cast<size_t>(values.size()));
      tsfs::catch22::zscore({values.data(), z.size()}, z);
      all.push_back(std::move(z));
    }
    return all;
  }();
  return rows;
}

void set_counters(benchmark::State& state, long long series, long long values_per_series) {
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["series_per_s"] =
      benchmark::Counter(static_cast<double>(series) * iterations, benchmark::Counter::kIsRate);
  // Inverted rate: seconds per value, shown in ns.
  state.counters["ns_per_value"] =
      benchmark::Counter(static_cast<double>(series * values_per_series) * iterations * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// Arg: feature index in the canonical order.
void BM_Catch22Feature(benchmark::State& state) {
  const auto& feature = tsfs::catch22::catch22_features()[static_cast<size_t>(state.range(0))];
  const auto& rows = wafer_zscored();
  for (auto _ : state) {
    double sum = 0.0;
    for (const std::vector<double>& z : rows) {
      const tsfs::catch22::Catch22Series series(z);
      sum += feature.compute(series);
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetLabel(std::string(feature.name));
  set_counters(state, static_cast<long long>(rows.size()), 1);
}
BENCHMARK(BM_Catch22Feature)->DenseRange(0, 21)->Unit(benchmark::kMillisecond);

// Args: {extractor (0 catch22, 1 tsfel), threads}.
void BM_Wafer7164(benchmark::State& state) {
  const bool tsfel = state.range(0) == 1;
  const auto threads = static_cast<int>(state.range(1));
  tsfs::ParamSet params;
  const auto* registration = tsfs::ExtractorRegistry::instance().find(tsfel ? "tsfel" : "catch22");
  for (const auto& declaration : registration->info.params)
    params.set(declaration.name, *declaration.default_value);
  const auto extractor = registration->configure(params).component();
  long long columns = 0;
  for (auto _ : state) {
    const tsfs::FeatureMatrix features = extractor->extract(wafer(), threads);
    columns = features.values.cols();
    benchmark::DoNotOptimize(features.values.data());
  }
  state.SetLabel(std::string(tsfel ? "tsfel" : "catch22") + ", " + std::to_string(columns) +
                 " columns, " + std::to_string(threads) + " thread(s)");
  set_counters(state, wafer().rows(), columns);
}
BENCHMARK(BM_Wafer7164)->ArgsProduct({{0, 1}, {1}})->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_Wafer7164)
    ->ArgsProduct({{0, 1}, {2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
