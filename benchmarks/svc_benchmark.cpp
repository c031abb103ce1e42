// Fits per second of an accuracy-vs-n_features sweep on one Wafer-like fold: 800 training and
// 200 test rows, two classes 10:90, features ranked 0 .. R-1, the SVC (scikit-learn defaults)
// fitted on the first n = 1 .. R of them. "sparse" fits every subset from scratch on libsvm's
// sparse rows (libsvm computes the kernel itself: the direct path before precomputed kernels);
// "direct" fits every subset from scratch on the same kernel values computed up front
// (Classifier::fit_predict, what `runner --direct-fits` does); "nested" grows the RBF kernel one
// column at a time and trains libsvm on the precomputed kernel (NestedSubsetClassifier). One
// thread (the runner parallelises over work items); times are CPU times, as the machine is shared.
// Args: R and the step between subset sizes (sizes step, 2 step, .., R): step 1 is a full sweep,
// R/3 three subsets of one ranking, as fig3's n_features: [30, 80, 150], where the nested path must
// not lose.
#include <benchmark/benchmark.h>

#include <sys/mman.h>

#include <fstream>
#include <new>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "classify/classifier.hpp"
#include "classify/svc_libsvm.hpp"
#include "classify/svc_precomputed.hpp"
#include "numerics/huge_page_buffer.hpp"

namespace {

constexpr Eigen::Index kTrainRows = 800;
constexpr Eigen::Index kTestRows = 200;
constexpr Eigen::Index kFeatures = 200;

struct Fold {
  Eigen::MatrixXd train;
  Eigen::VectorXi train_labels;
  Eigen::MatrixXd test;
};

// Each class is three Gaussian clusters; column j's cluster centres shrink with j, so the first
// columns separate the classes best, as the top of a ranking would.
const Fold& wafer_like_fold() {
  static const Fold fold = [] {
    std::mt19937_64 generator(42);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    Eigen::MatrixXd centres(6, kFeatures);
    for (Eigen::Index c = 0; c < centres.rows(); ++c)
      for (Eigen::Index j = 0; j < kFeatures; ++j)
        centres(c, j) = 2.0 * normal(generator) / (1.0 + 0.05 * static_cast<double>(j));
    auto draw = [&](Eigen::Index rows, Eigen::VectorXi& labels) {
      Eigen::MatrixXd features(rows, kFeatures);
      labels.resize(rows);
      for (Eigen::Index row = 0; row < rows; ++row) {
        labels(row) = uniform(generator) < 0.1 ? 0 : 1;
        const Eigen::Index cluster = 3 * labels(row) + row % 3;
        for (Eigen::Index j = 0; j < kFeatures; ++j)
          features(row, j) = centres(cluster, j) + normal(generator);
      }
      return features;
    };
    Fold result;
    Eigen::VectorXi test_labels;
    result.train = draw(kTrainRows, result.train_labels);
    result.test = draw(kTestRows, test_labels);
    return result;
  }();
  return fold;
}

tsfs::ParamSet svc_defaults() {
  tsfs::ParamSet params;
  for (const auto& spec : tsfs::ClassifierRegistry::instance().find("svc")->info.params)
    params.set(spec.name, *spec.default_value);
  return params;
}

std::vector<Eigen::Index> subset_sizes(const benchmark::State& state) {
  std::vector<Eigen::Index> sizes;
  for (auto size = static_cast<Eigen::Index>(state.range(1)); size <= state.range(0);
       size += state.range(1))
    sizes.push_back(size);
  return sizes;
}

void count_fits(benchmark::State& state, size_t fits) {
  state.counters["fits_per_second"] = benchmark::Counter(
      static_cast<double>(fits * state.iterations()), benchmark::Counter::kIsRate);
}

void fit_each_subset(benchmark::State& state, const tsfs::Classifier& classifier) {
  const Fold& fold = wafer_like_fold();
  const std::vector<Eigen::Index> sizes = subset_sizes(state);
  for (auto _ : state)
    for (const Eigen::Index n : sizes)
      benchmark::DoNotOptimize(classifier.fit_predict(fold.train.leftCols(n), fold.train_labels, 2,
                                                      fold.test.leftCols(n)));
  count_fits(state, sizes.size());
}

void sparse_fits(benchmark::State& state) {
  tsfs::SvcOptions options;
  options.precomputed_max_rows = 0;
  fit_each_subset(state, *tsfs::make_svc_classifier(options));
}

void direct_fits(benchmark::State& state) {
  fit_each_subset(state, *tsfs::configure_classifier(
                             *tsfs::ClassifierRegistry::instance().find("svc"), svc_defaults()));
}

void nested_fits(benchmark::State& state) {
  const Fold& fold = wafer_like_fold();
  const std::vector<Eigen::Index> sizes = subset_sizes(state);
  const auto configured =
      tsfs::configure_classifier(*tsfs::ClassifierRegistry::instance().find("svc"), svc_defaults());
  const tsfs::NestedSubsetClassifier* classifier = configured->nested();
  const Eigen::Index largest = sizes.back();
  for (auto _ : state)
    classifier->fit_predict_nested(fold.train.leftCols(largest), fold.train_labels, 2,
                                   fold.test.leftCols(largest), sizes,
                                   [](size_t, const tsfs::Predictions& predicted) {
                                     benchmark::DoNotOptimize(predicted.labels);
                                   });
  count_fits(state, sizes.size());
}

// The direct path's main kernel alone: libsvm's dot products of every pair of training rows
// (lower_gram_in_column_order) over the first R columns, as multiply-add terms per second.
void training_gram(benchmark::State& state) {
  const Eigen::MatrixXd train = wafer_like_fold().train.leftCols(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(tsfs::lower_gram_in_column_order(train));
  const double terms = static_cast<double>(kTrainRows) * static_cast<double>(kTrainRows + 1) / 2 *
                       static_cast<double>(state.range(0));
  state.counters["terms_per_second"] = benchmark::Counter(
      terms * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// A precomputed kernel's node rows for 1,200 training rows (23 MB, one per fit: a resample of
// MelbournePedestrian), each node written once as set_libsvm_rbf writes them, then freed, fit
// after fit: in a ReusedBuffer (PrecomputedKernelRows' memory: the thread's last buffer again), in
// a new HugePageBuffer (2 MiB pages), and in fresh memory of 4 KiB pages, each a page fault on its
// first write, as operator new's memory mostly was in archive-full's run (glibc gave a freed block
// of megabytes back to the kernel, or dropped its pages, before the next fit asked for one). Nodes
// per second, the faults' kernel time included (thread CPU time). The huge pages are skipped where
// the kernel offers none.
bool transparent_huge_pages() {
  std::ifstream file("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(file, modes);
  return !modes.empty() && modes.find("[never]") == std::string::npos;
}

enum class KernelMemory { reused, huge_pages, small_pages };

template <KernelMemory kMemory>
void fresh_kernel_rows(benchmark::State& state) {
  if (kMemory != KernelMemory::small_pages && !transparent_huge_pages()) {
    state.SkipWithError("no transparent huge pages on this machine");
    return;
  }
  constexpr size_t kRows = 1200, kNodes = kRows * (kRows + 2), kBytes = kNodes * sizeof(svm_node);
  auto write = [](void* memory) {
    auto* nodes = static_cast<svm_node*>(memory);
    for (size_t i = 0; i < kNodes; ++i) nodes[i] = svm_node{static_cast<int>(i), 0.5};
    benchmark::DoNotOptimize(nodes[kNodes / 2]);
  };
  for (auto _ : state) {
    if constexpr (kMemory == KernelMemory::reused) {
      const tsfs::ReusedBuffer buffer = tsfs::reused_buffer(kBytes);
      write(buffer->data());
    } else if constexpr (kMemory == KernelMemory::huge_pages) {
      tsfs::HugePageBuffer buffer(kBytes);
      write(buffer.data());
    } else {
      void* pages =
          ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (pages == MAP_FAILED) throw std::bad_alloc();
      write(pages);
      ::munmap(pages, kBytes);
    }
  }
  state.counters["nodes_per_second"] = benchmark::Counter(
      static_cast<double>(kNodes * state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

// Side by side: each (R, step) for the sparse path, the direct path, then the nested path.
void sweep_arguments(benchmark::internal::Benchmark* benchmark) {
  benchmark->Args({kFeatures, 1})->Args({150, 50})->Args({30, 10})->Args({150, 150});
  benchmark->Args({80, 80})->Args({30, 30})->Args({10, 10});
  benchmark->Unit(benchmark::kMillisecond);
}
BENCHMARK(sparse_fits)->Apply(sweep_arguments);
BENCHMARK(direct_fits)->Apply(sweep_arguments);
BENCHMARK(nested_fits)->Apply(sweep_arguments);
BENCHMARK(training_gram)->Arg(30)->Arg(150)->Unit(benchmark::kMillisecond);
BENCHMARK(fresh_kernel_rows<KernelMemory::reused>)
    ->Name("fresh_kernel_rows/reused")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(fresh_kernel_rows<KernelMemory::huge_pages>)
    ->Name("fresh_kernel_rows/huge_pages")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(fresh_kernel_rows<KernelMemory::small_pages>)
    ->Name("fresh_kernel_rows/small_pages")
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
