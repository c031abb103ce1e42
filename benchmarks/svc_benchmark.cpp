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

#include <cmath>
#include <fstream>
#include <new>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "classify/classifier.hpp"
#include "classify/svc_libsvm.hpp"
#include "classify/svc_precomputed.hpp"
#include "numerics/exp_each.hpp"
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

// The direct path's training kernel alone (PrecomputedKernelRows::set_libsvm_rbf: libsvm's dot
// products of every pair of training rows over the first R columns, the exponentials, the nodes
// of both triangles), as multiply-add terms of the dot products per second.
void training_kernel(benchmark::State& state) {
  const Eigen::MatrixXd train = wafer_like_fold().train.leftCols(state.range(0));
  tsfs::PrecomputedKernelRows kernel(train.rows());
  for (auto _ : state) {
    kernel.set_libsvm_rbf(train, 0.01);
    benchmark::DoNotOptimize(kernel.row_pointers()[1][1].value);
  }
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

// Squared distances from 2,400 test rows to 900 support vectors over 100 columns (a resample of
// MelbournePedestrian at n = 100), each the sum of (x_k - y_k)^2 in column order, as predictions
// need them: squared_distances_to_rows (24 rows per vector block, the sums in registers) against
// the textbook loop, one pair at a time. Terms per second. The kernel's sums once lived on the
// stack (GCC 12 turned its loads into a copy loop): 1.8 G terms/s where they now reach 5.4.
template <bool kTextbook>
void prediction_distances(benchmark::State& state) {
  std::mt19937_64 generator(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::MatrixXd test(2400, 100), train(1200, 100);
  for (Eigen::Index i = 0; i < test.size(); ++i) test(i) = normal(generator);
  for (Eigen::Index i = 0; i < train.size(); ++i) train(i) = normal(generator);
  std::vector<Eigen::Index> support_vectors(900);
  std::iota(support_vectors.begin(), support_vectors.end(), Eigen::Index{0});
  for (auto _ : state) {
    if constexpr (kTextbook) {
      Eigen::MatrixXd squared = Eigen::MatrixXd::Zero(test.rows(), train.rows());
      for (const Eigen::Index row : support_vectors)
        for (Eigen::Index t = 0; t < test.rows(); ++t) {
          double sum = 0.0;
          for (Eigen::Index k = 0; k < test.cols(); ++k) {
            const double difference = test(t, k) - train(row, k);
            sum += difference * difference;
          }
          squared(t, row) = sum;
        }
      benchmark::DoNotOptimize(squared.data());
    } else {
      benchmark::DoNotOptimize(tsfs::squared_distances_to_rows(test, train, support_vectors));
    }
  }
  state.counters["terms_per_second"] = benchmark::Counter(
      static_cast<double>(test.size()) * static_cast<double>(support_vectors.size()) *
          static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

// The decision values of the fold's 200 test rows from their kernel values against a trained
// model's support vectors, the model a precomputed-kernel SVC on 30 columns with the fold's six
// clusters as classes (15 one-vs-one pairs, several hundred support vectors): LibsvmDecisions
// (predict_precomputed's path, 16 rows at once) against libsvm's svm_predict_values on the same
// values (one row at a time, each sum one chain of dependent additions, three mallocs and a
// Kernel::k_function call per support vector for every row). Rows per second.
struct TrainedClusters {
  explicit TrainedClusters(const Fold& fold)
      : train(fold.train.leftCols(30)), kernel(train.rows()), targets(train.rows()) {
    for (Eigen::Index row = 0; row < train.rows(); ++row)
      targets[static_cast<size_t>(row)] =
          3.0 * fold.train_labels(row) + static_cast<double>(row % 3);
    const double gamma = 1.0 / 30.0;
    kernel.set_libsvm_rbf(train, gamma);
    svm_problem problem{static_cast<int>(train.rows()), targets.data(), kernel.row_pointers()};
    model = tsfs::train_libsvm(problem, tsfs::libsvm_parameters({}, PRECOMPUTED, 0.0));
    std::vector<Eigen::Index> every_row(static_cast<size_t>(train.rows()));
    std::iota(every_row.begin(), every_row.end(), Eigen::Index{0});
    const Eigen::MatrixXd squared =
        tsfs::squared_distances_to_rows(fold.test.leftCols(30), train, every_row);
    const std::vector<Eigen::Index> vectors = tsfs::support_vector_rows(*model);
    for (Eigen::Index row = 0; row < squared.rows(); ++row) {
      std::vector<svm_node>& nodes = queries.emplace_back(1, svm_node{0, 0.0});
      for (Eigen::Index j = 0; j < squared.cols(); ++j)
        nodes.push_back({static_cast<int>(j) + 1, std::exp(-gamma * squared(row, j))});
      nodes.push_back({-1, 0.0});
    }
    // The same values at the support vectors, in blocks of kDecisionBlockRows rows.
    const Eigen::Index blocks =
        (squared.rows() + tsfs::kDecisionBlockRows - 1) / tsfs::kDecisionBlockRows;
    for (Eigen::Index block = 0; block < blocks; ++block) {
      std::vector<double>& values =
          support_vector_blocks.emplace_back(vectors.size() * tsfs::kDecisionBlockRows, 0.0);
      for (size_t v = 0; v < vectors.size(); ++v)
        for (Eigen::Index r = 0; r < tsfs::kDecisionBlockRows; ++r) {
          const size_t row = static_cast<size_t>(block * tsfs::kDecisionBlockRows + r);
          if (row < queries.size())
            values[v * tsfs::kDecisionBlockRows + static_cast<size_t>(r)] =
                queries[row][static_cast<size_t>(vectors[v]) + 1].value;
        }
    }
  }
  Eigen::MatrixXd train;
  tsfs::PrecomputedKernelRows kernel;  // the model's support vectors point into it
  std::vector<double> targets;
  tsfs::LibsvmModel model;
  std::vector<std::vector<svm_node>> queries;  // libsvm's precomputed queries
  std::vector<std::vector<double>> support_vector_blocks;
};

template <bool kLibsvm>
void predictions(benchmark::State& state) {
  static const TrainedClusters trained(wafer_like_fold());
  const svm_model& model = *trained.model;
  const size_t pairs = tsfs::one_vs_one_pairs(model);
  std::vector<double> decisions(pairs * tsfs::kDecisionBlockRows);
  tsfs::LibsvmDecisions decisions_of(model);
  std::vector<int> labels(tsfs::kDecisionBlockRows);
  for (auto _ : state) {
    if constexpr (kLibsvm) {
      for (const std::vector<svm_node>& query : trained.queries)
        benchmark::DoNotOptimize(svm_predict_values(&model, query.data(), decisions.data()));
    } else {
      for (size_t block = 0; block < trained.support_vector_blocks.size(); ++block) {
        const Eigen::Index first = static_cast<Eigen::Index>(block) * tsfs::kDecisionBlockRows;
        decisions_of.decide(trained.support_vector_blocks[block].data(),
                            std::min(tsfs::kDecisionBlockRows,
                                     static_cast<Eigen::Index>(trained.queries.size()) - first),
                            decisions.data(), labels.data());
        benchmark::DoNotOptimize(labels.data());
      }
    }
  }
  state.counters["rows_per_second"] =
      benchmark::Counter(static_cast<double>(trained.queries.size() * state.iterations()),
                         benchmark::Counter::kIsRate);
  state.counters["support_vectors"] = model.l;
}

}  // namespace

// Side by side: each (R, step) for the sparse path, the direct path, then the nested path.
void sweep_arguments(benchmark::internal::Benchmark* benchmark) {
  benchmark->Args({kFeatures, 1})->Args({150, 50})->Args({30, 10})->Args({150, 150});
  benchmark->Args({80, 80})->Args({30, 30})->Args({10, 10});
  benchmark->Unit(benchmark::kMillisecond);
}
// The RBF kernel's exponentials: 64 arguments (-gamma times a squared distance, a kernel tile's
// column, as PrecomputedKernelRows writes them) at a time through exp_each (the same doubles as
// std::exp) or exp_each_for_floats (the same floats, the training kernel's), against std::exp one
// value at a time.
enum class Exponentials { one_at_a_time, batched, for_floats };

template <Exponentials kHow>
void kernel_exponentials(benchmark::State& state) {
  std::mt19937_64 generator(11);
  std::uniform_real_distribution<double> argument(-10.0, 0.0);
  std::vector<double> arguments(1 << 16), values(arguments.size());
  for (double& value : arguments) value = argument(generator);
  for (auto _ : state) {
    values = arguments;
    for (size_t first = 0; first < values.size(); first += 64) {
      if constexpr (kHow == Exponentials::one_at_a_time) {
        for (size_t i = first; i < first + 64; ++i) values[i] = std::exp(values[i]);
      } else if constexpr (kHow == Exponentials::batched) {
        tsfs::exp_each(values.data() + first, 64);
      } else {
        tsfs::exp_each_for_floats(values.data() + first, 64);
      }
    }
    benchmark::DoNotOptimize(values.data());
  }
  state.counters["values_per_second"] = benchmark::Counter(
      static_cast<double>(values.size()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

BENCHMARK(sparse_fits)->Apply(sweep_arguments);
BENCHMARK(direct_fits)->Apply(sweep_arguments);
BENCHMARK(nested_fits)->Apply(sweep_arguments);
BENCHMARK(training_kernel)->Arg(30)->Arg(150)->Unit(benchmark::kMillisecond);
BENCHMARK(fresh_kernel_rows<KernelMemory::reused>)
    ->Name("fresh_kernel_rows/reused")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(fresh_kernel_rows<KernelMemory::huge_pages>)
    ->Name("fresh_kernel_rows/huge_pages")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(fresh_kernel_rows<KernelMemory::small_pages>)
    ->Name("fresh_kernel_rows/small_pages")
    ->Unit(benchmark::kMillisecond);

BENCHMARK(prediction_distances<false>)
    ->Name("prediction_distances/kernel")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(prediction_distances<true>)
    ->Name("prediction_distances/textbook")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(predictions<false>)->Name("predictions/decisions")->Unit(benchmark::kMicrosecond);
BENCHMARK(predictions<true>)->Name("predictions/libsvm")->Unit(benchmark::kMicrosecond);

BENCHMARK(kernel_exponentials<Exponentials::batched>)
    ->Name("kernel_exponentials/batched")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(kernel_exponentials<Exponentials::one_at_a_time>)
    ->Name("kernel_exponentials/one_at_a_time")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(kernel_exponentials<Exponentials::for_floats>)
    ->Name("kernel_exponentials/for_floats")
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
