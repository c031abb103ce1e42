// Throughput of the "tsfel" extractor (TSFEL 0.1.5 features):
//   - series per second for each domain alone (spectral, statistical, temporal) and for all
//     three, one thread, on 256 random-walk series of length 152, 512 and 900;
//   - wall time of all three domains on 7164 series of length 152 (the 1000 Wafer TRAIN series
//     repeated cyclically, the size of Wafer TRAIN+TEST), 2 threads. Target: under 0.5 s.
// Counter series_per_s is a wall-clock rate.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "features/feature_extractor.hpp"

namespace {

const std::vector<std::string> kDomainSets[] = {
    {"spectral"}, {"statistical"}, {"temporal"}, {"spectral", "statistical", "temporal"}};
const char* const kDomainLabels[] = {"spectral", "statistical", "temporal", "all"};

std::shared_ptr<const tsfs::FeatureExtractor> make_extractor(
    const std::vector<std::string>& domains) {
  tsfs::ParamSet params;
  params.set("domains", domains);
  params.set("fs", 100.0);
  params.set("exclude", std::vector<std::string>{});
  return tsfs::ExtractorRegistry::instance().find("tsfel")->configure(params).component();
}

tsfs::Dataset with_rows(const Eigen::MatrixXd& values, const std::string& name) {
  tsfs::Dataset dataset;
  dataset.name = name;
  dataset.class_names = {"0", "1"};
  dataset.values = values;
  dataset.lengths = Eigen::VectorXi::Constant(values.rows(), static_cast<int>(values.cols()));
  dataset.labels = Eigen::VectorXi::Zero(values.rows());
  dataset.train_rows = values.rows();
  dataset.merged_rows = values.rows();
  return dataset;
}

// `count` Gaussian random walks of length `length` (fixed seed).
tsfs::Dataset random_walks(long long count, int length) {
  std::mt19937_64 generator(42);
  std::normal_distribution<double> step(0.0, 1.0);
  Eigen::MatrixXd values(count, length);
  for (long long row = 0; row < count; ++row) {
    double level = 0.0;
    for (int t = 0; t < length; ++t) values(row, t) = level += step(generator);
  }
  return with_rows(values, "walks" + std::to_string(length));
}

// Wafer TRAIN (1000 series of length 152) repeated cyclically to `count` rows.
tsfs::Dataset wafer_repeated(long long count) {
  const tsfs::Dataset train = tsfs::load_ucr_dataset(
      {"Wafer", TSFS_SOURCE_DIR "/third_party/ucr/Wafer", tsfs::Split::train, {}});
  Eigen::MatrixXd values(count, train.values.cols());
  for (long long row = 0; row < count; ++row)
    values.row(row) = train.values.row(row % train.rows());
  return with_rows(values, "Wafer x" + std::to_string(count));
}

// Args: {length, domain set index}.
void BM_TsfelSeriesPerSecond(benchmark::State& state) {
  const auto length = static_cast<int>(state.range(0));
  const auto domains = static_cast<size_t>(state.range(1));
  const tsfs::Dataset dataset = random_walks(256, length);
  const auto extractor = make_extractor(kDomainSets[domains]);
  for (auto _ : state) benchmark::DoNotOptimize(extractor->extract(dataset, 1));
  state.SetLabel(std::string(kDomainLabels[domains]) + ", length " + std::to_string(length));
  state.counters["series_per_s"] = benchmark::Counter(
      static_cast<double>(dataset.rows()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TsfelSeriesPerSecond)
    ->ArgsProduct({{152, 512, 900}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_TsfelWafer7164AllDomains2Threads(benchmark::State& state) {
  const tsfs::Dataset dataset = wafer_repeated(7164);
  const auto extractor = make_extractor(kDomainSets[3]);
  for (auto _ : state) benchmark::DoNotOptimize(extractor->extract(dataset, 2));
  state.counters["series_per_s"] = benchmark::Counter(
      static_cast<double>(dataset.rows()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TsfelWafer7164AllDomains2Threads)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
