// The Bayesian signed-rank test's Monte Carlo (statistics/bayesian_signed_rank.hpp) on one pair of
// methods over 300 datasets (accuracy differences on a grid of 1/200, as a benchmark's test sets
// give), 50,000 draws as runner compare draws per pair:
//   BM_BayesianSignedRank: the test (eight draws in SIMD lanes, statistics/bayesian_lanes.hpp);
//   BM_BayesianMersenneLog: the sampler it replaced on the same masses: std::mt19937_64, Exp(1) as
//     -log U, each draw's weights normalised, then the probabilities of those draws.
// Counter: items_per_second = draws per second.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "statistics/bayesian_signed_rank.hpp"

namespace {

constexpr int kDatasets = 300;
constexpr int kDraws = 50000;
constexpr double kRope = 0.01;

Eigen::VectorXd accuracy_differences() {
  std::mt19937_64 engine(11);
  std::normal_distribution<double> noise(0.005, 0.03);
  Eigen::VectorXd differences(kDatasets);
  for (double& difference : differences) difference = std::round(noise(engine) * 200) / 200;
  return differences;
}

void BM_BayesianSignedRank(benchmark::State& state) {
  const Eigen::VectorXd differences = accuracy_differences();
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(kDatasets);
  for (auto _ : state)
    benchmark::DoNotOptimize(
        tsfs::statistics::bayesian_signed_rank(differences, zero, kRope, kDraws, 7));
  state.SetItemsProcessed(state.iterations() * kDraws);
}
BENCHMARK(BM_BayesianSignedRank)->Unit(benchmark::kMillisecond);

void BM_BayesianMersenneLog(benchmark::State& state) {
  const Eigen::VectorXd differences = accuracy_differences();
  constexpr int kBlock = 1000;  // draws per call, to keep the weights in cache
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  Eigen::MatrixXd weights(kBlock, kDatasets + 1);
  for (auto _ : state) {
    std::mt19937_64 engine(7);
    auto open_uniform = [&] { return (static_cast<double>(engine() >> 11) + 0.5) * 0x1.0p-53; };
    for (int first = 0; first < kDraws; first += kBlock) {
      for (int draw = 0; draw < kBlock; ++draw) {
        const double u1 = open_uniform(), c = std::cos(kTwoPi * open_uniform());
        weights(draw, 0) = -std::log(u1) * c * c;
        for (int i = 1; i <= kDatasets; ++i) weights(draw, i) = -std::log(open_uniform());
        weights.row(draw) /= weights.row(draw).sum();
      }
      benchmark::DoNotOptimize(
          tsfs::statistics::bayesian_signed_rank_from_weights(differences, weights, kRope));
    }
  }
  state.SetItemsProcessed(state.iterations() * kDraws);
}
BENCHMARK(BM_BayesianMersenneLog)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
