// Seconds per selector on a Wafer-sized problem: 7164 fit rows x 210 features (random features:
// two classes 10:90 like Wafer, each a few Gaussian clusters, so kNN graphs have structure) and
// the rows' Euclidean distance matrix (7164 x 7164, 410 MB). One thread (selectors are
// single-threaded; the runner parallelises over score units). The ones to watch: spec with
// phi3 (Lanczos eigenpairs of the normalised Laplacian of the kNN graph; n is above the dense
// limit), similarity_constraint (greedy forward selection, O(p^2 |P|)) and the model-based
// selectors at their default budgets: rfe (p - 1 liblinear fits at step 1), l1_path (20 L1
// logistic fits), permutation_importance (one fit, 5 shuffles per feature) and shapley (10
// feature orders x 210 fits with 1 .. 210 columns: 2100 liblinear fits). The information-
// theoretic greedy searches cost p^2 / 2 joint entropies over the rows, ReliefF n^2 p (every row
// against every row), the trace ratio's Laplacian style the n x n distances of its graph, and
// sequential forward selection cv x (k p - k (k - 1) / 2) fits of the classifier it wraps (here
// logistic regression, the classifier a spec would name).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "classify/classifier.hpp"
#include "select/selector.hpp"

namespace {

constexpr Eigen::Index kRows = 7164;
constexpr Eigen::Index kFeatures = 210;

struct Problem {
  Eigen::MatrixXd features;
  Eigen::VectorXi labels;
  Eigen::MatrixXd distances;
};

const Problem& problem() {
  static const Problem data = [] {
    Problem result;
    std::mt19937_64 generator(42);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    Eigen::MatrixXd centres(6, kFeatures);
    for (Eigen::Index c = 0; c < centres.rows(); ++c)
      for (Eigen::Index j = 0; j < kFeatures; ++j) centres(c, j) = 2.0 * normal(generator);
    result.features.resize(kRows, kFeatures);
    result.labels.resize(kRows);
    for (Eigen::Index row = 0; row < kRows; ++row) {
      const int label = uniform(generator) < 0.1 ? 0 : 1;
      const auto cluster = static_cast<Eigen::Index>(3 * label + (row % 3));
      result.labels[row] = label;
      for (Eigen::Index j = 0; j < kFeatures; ++j)
        result.features(row, j) = centres(cluster, j) + normal(generator);
    }
    const Eigen::VectorXd norms = result.features.rowwise().squaredNorm();
    result.distances = -2.0 * result.features * result.features.transpose();
    result.distances.colwise() += norms;
    result.distances.rowwise() += norms.transpose();
    result.distances = result.distances.cwiseMax(0.0).cwiseSqrt();
    result.distances.diagonal().setZero();
    return result;
  }();
  return data;
}

// Explicit values, then presets, then defaults (as the spec loader does).
tsfs::ParamSet params_for(const tsfs::ComponentInfo& info,
                          const std::vector<std::pair<std::string, tsfs::ParamValue>>& chosen) {
  tsfs::ParamSet given;
  for (const auto& [name, value] : chosen) given.set(name, value);
  if (info.apply_presets) info.apply_presets(given);
  tsfs::ParamSet complete;
  for (const auto& spec : info.params) {
    if (given.has(spec.name))
      complete.set(spec.name, given.at(spec.name));
    else if (spec.default_value)
      complete.set(spec.name, *spec.default_value);
  }
  return complete;
}

void run_selector(benchmark::State& state, const std::string& kind,
                  const std::vector<std::pair<std::string, tsfs::ParamValue>>& chosen) {
  const auto& registration = *tsfs::SelectorRegistry::instance().find(kind);
  const Problem& data = problem();
  const auto& logistic = *tsfs::ClassifierRegistry::instance().find("logistic");
  const auto classifier = registration.uses_classifier
                              ? tsfs::configure_classifier(logistic, params_for(logistic.info, {}))
                              : nullptr;
  const tsfs::SelectionProblem selection{
      data.features, registration.supervised ? &data.labels : nullptr, 2,
      registration.uses_distance ? &data.distances : nullptr, classifier.get()};
  const auto selector =
      tsfs::configure_selector(registration, params_for(registration.info, chosen));
  for (auto _ : state) {
    auto scores = selector->score(selection);
    benchmark::DoNotOptimize(scores.scores.data());
  }
}

using Chosen = std::vector<std::pair<std::string, tsfs::ParamValue>>;

void register_all() {
  const std::vector<std::pair<std::string, std::pair<std::string, Chosen>>> cases = {
      {"fisher", {"fisher", {}}},
      {"anova", {"anova", {}}},
      {"chi2/bins10", {"chi2", {}}},
      {"info_gain/bins10", {"info_gain", {}}},
      {"mutual_info", {"mutual_info", {}}},
      {"laplacian/k10", {"laplacian", {}}},
      {"spec/knn10/phi2", {"spec", {}}},
      {"spec/knn10/phi3_k4_lanczos", {"spec", {{"ranker", tsfs::ParamValue{std::string("phi3")}}}}},
      {"constraint_sc1", {"constraint_sc1", {}}},
      {"constraint_sc2", {"constraint_sc2", {}}},
      {"constraint_sc3/half_labelled",
       {"constraint_sc3", {{"labeled_fraction", tsfs::ParamValue{0.5}}}}},
      {"constraint_sc4", {"constraint_sc4", {}}},
      {"rfe/logistic_l2_step1", {"rfe", {}}},
      {"rfe/linear_svc_step1",
       {"rfe", {{"estimator", tsfs::ParamValue{std::string("linear_svc")}}}}},
      {"l1_path/20_steps", {"l1_path", {}}},
      {"permutation_importance/logistic_5_repeats", {"permutation_importance", {}}},
      {"shapley/logistic_10_permutations", {"shapley", {}}},
      {"similarity_constraint/supervised_200rows", {"similarity_constraint", {}}},
      {"mrmr/bins5", {"mrmr", {}}},
      {"jmi/bins5", {"jmi", {}}},
      {"cmim/bins5", {"cmim", {}}},
      {"disr/bins5", {"disr", {}}},
      {"fcbf/bins5", {"fcbf", {}}},
      {"relieff/k10", {"relieff", {}}},
      {"trace_ratio/all_features", {"trace_ratio", {}}},
      {"trace_ratio/subset_30", {"trace_ratio", {{"subset_size", tsfs::ParamValue{30LL}}}}},
      {"trace_ratio/laplacian_k5",
       {"trace_ratio", {{"style", tsfs::ParamValue{std::string("laplacian")}}}}},
      {"sequential/forward_2_cv3_logistic",
       {"sequential",
        {{"n_features_to_select", tsfs::ParamValue{2LL}}, {"cv", tsfs::ParamValue{3LL}}}}},
      {"similarity_constraint/semi_supervised_half",
       {"similarity_constraint",
        {{"variant", tsfs::ParamValue{std::string("semi_supervised")}},
         {"labeled_fraction", tsfs::ParamValue{0.5}}}}},
  };
  for (const auto& [name, what] : cases) {
    const auto kind = what.first;
    const auto chosen = what.second;
    benchmark::RegisterBenchmark(
        ("selector/" + name).c_str(),
        [kind, chosen](benchmark::State& state) { run_selector(state, kind, chosen); })
        ->Unit(benchmark::kSecond)
        ->Iterations(1)
        ->UseRealTime();
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
