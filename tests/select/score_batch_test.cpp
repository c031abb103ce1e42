// Batch scoring (SelectorRegistration::score_batch) against one score() per parameter set, for
// every selector that registers a batch hook: identical scores, rankings and zero-weight
// fractions; and the Laplacian batch against the one-kernel reference functions.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "graph/knn_graph.hpp"
#include "graph/laplacian_score.hpp"
#include "select/selector.hpp"
#include "selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::SelectionProblem;
using tsfs::testing::clustered_features;
using tsfs::testing::complete_params;
using tsfs::testing::euclidean_distances;
using tsfs::testing::params_of;
using tsfs::testing::selector_registration;

// Loose clusters of random rows with exact duplicates (weight-1 edges next to underflowing ones,
// where the literal arithmetic cancels) and a near-constant column (0.999 + 1e-9 noise).
struct BatchData {
  Eigen::MatrixXd features;
  Eigen::MatrixXd distances;
};

BatchData batch_data(int rows, int columns, unsigned seed) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  BatchData data;
  data.features = clustered_features(rows, columns, generator);
  for (int row = 0; row < rows; ++row) data.features(row, 0) = 0.999 + 1e-9 * normal(generator);
  for (int row = rows - 4; row < rows; ++row) data.features.row(row) = data.features.row(row - 7);
  // Distances leave the near-constant column out.
  data.distances = euclidean_distances(data.features.rightCols(columns - 1));
  return data;
}

// One batch per kNN graph: every variant, arithmetic and weight mode over a sigma grid from
// all-underflow (1e-7) to flat (1e3).
std::vector<std::vector<ParamSet>> laplacian_batches() {
  const auto& info = selector_registration("laplacian").info;
  std::vector<std::vector<ParamSet>> batches;
  for (const char* symmetrize : {"or", "and", "none"})
    for (long long k : {3LL, 7LL}) {
      std::vector<ParamSet> batch;
      for (const char* variant : {"he2005", "report2023"})
        for (const char* arithmetic : {"exact", "literal"})
          for (bool stable : {false, true})
            for (int step = 0; step <= 20; ++step)
              batch.push_back(complete_params(
                  info, params_of({{"variant", std::string(variant)},
                                   {"symmetrize", std::string(symmetrize)},
                                   {"k", k},
                                   {"arithmetic", std::string(arithmetic)},
                                   {"stable_weights", ParamValue{std::in_place_type<bool>, stable}},
                                   {"sigma_ratio", std::pow(10.0, -7.0 + 0.5 * step)}})));
      batches.push_back(std::move(batch));
    }
  return batches;
}

// SPEC on its kNN graph: sigma and the ranker vary inside a batch.
std::vector<std::vector<ParamSet>> spec_batches() {
  const auto& info = selector_registration("spec").info;
  std::vector<ParamSet> batch;
  for (const char* ranker : {"phi1", "phi2"})
    for (int step = 0; step <= 8; ++step)
      batch.push_back(
          complete_params(info, params_of({{"graph", std::string("knn")},
                                           {"k", 5LL},
                                           {"ranker", std::string(ranker)},
                                           {"sigma_ratio", std::pow(10.0, -2.0 + 0.5 * step)}})));
  return {batch};
}

// |a - b| <= 1e-12 |b|, or both exactly equal (zeros, infinities).
bool close(double actual, double expected) {
  return actual == expected || std::abs(actual - expected) <= 1e-12 * std::abs(expected);
}

// The Laplacian batch against the one-kernel reference functions (graph/laplacian_score.hpp):
// exact to 1e-12 relative (same non-negative terms, other grouping), literal bit for bit.
void check_against_reference(const BatchData& data, const ParamSet& params,
                             const tsfs::SelectorScores& batched) {
  const double sigma = params.real("sigma_ratio") * data.distances.mean();
  const auto graph = tsfs::knn_graph(data.distances, static_cast<int>(params.integer("k")),
                                     *tsfs::parse_symmetrize(params.text("symmetrize")));
  const auto weights = tsfs::heat_kernel_weights(graph, sigma, params.real("kernel_scale"),
                                                 params.boolean("stable_weights"));
  CHECK(batched.zero_weight_fraction == weights.zero_weight_fraction);
  if (params.text("arithmetic") == "literal") {
    CHECK(batched.scores == tsfs::laplacian_scores_literal(data.features, weights.weights));
    return;
  }
  const Eigen::VectorXd expected = tsfs::laplacian_scores(data.features, weights.weights);
  bool all_close = true;
  for (Eigen::Index r = 0; r < expected.size(); ++r)
    all_close = all_close && close(batched.scores[r], expected[r]);
  CHECK(all_close);
}

}  // namespace

TEST_CASE("batched score vectors equal one score() per parameter set") {
  const BatchData data = batch_data(40, 9, 5);
  const SelectionProblem problem{data.features, nullptr, 0, &data.distances};
  int selectors_with_batches = 0;
  for (const auto& [name, batches] :
       std::vector<std::pair<std::string, std::vector<std::vector<ParamSet>>>>{
           {"laplacian", laplacian_batches()}, {"spec", spec_batches()}}) {
    const auto& registration = selector_registration(name);
    REQUIRE(registration.score_batch);
    ++selectors_with_batches;
    for (const auto& batch : batches) {
      std::vector<std::shared_ptr<const tsfs::Selector>> selectors;
      std::vector<const tsfs::Selector*> pointers;
      for (const auto& params : batch) {
        selectors.push_back(tsfs::configure_selector(registration, params));
        pointers.push_back(selectors.back().get());
        // The runner batches by the key: sets differing only in batch_varying_params share it.
        CHECK(selectors.back()->batch_key() == selectors.front()->batch_key());
      }
      const auto batched = registration.score_batch(problem, pointers);
      REQUIRE(batched.size() == batch.size());
      for (size_t i = 0; i < batch.size(); ++i) {
        CAPTURE(batch[i].canonical());
        const auto& selector = selectors[i];
        const auto single = selector->score(problem);
        // A unit scored alone goes through the same arithmetic: the very same doubles, so the
        // same ranking even where scores tie mathematically (one surviving edge: all equal 2).
        CHECK(batched[i].zero_weight_fraction == single.zero_weight_fraction);
        CHECK(batched[i].scores == single.scores);
        CHECK(tsfs::rank_by_score(batched[i].scores, selector->order()) ==
              tsfs::rank_by_score(single.scores, selector->order()));
        if (name == "laplacian") check_against_reference(data, batch[i], batched[i]);
      }
    }
  }
  // Every registered selector with a batch hook is covered above (test-only selectors, registered
  // by other tests with a "test_" prefix, aside).
  int registered_with_batches = 0;
  for (const auto& name : tsfs::SelectorRegistry::instance().names())
    if (name.rfind("test_", 0) != 0 && selector_registration(name).score_batch)
      ++registered_with_batches;
  CHECK(registered_with_batches == selectors_with_batches);
}

TEST_CASE("batch keys part the parameter sets that share no graph") {
  using tsfs::testing::make_selector;
  const auto key = [](const char* name, ParamSet params) {
    return make_selector(name, std::move(params))->batch_key();
  };
  CHECK(key("laplacian", params_of({{"k", 5LL}})) != key("laplacian", params_of({{"k", 6LL}})));
  CHECK(key("laplacian", params_of({{"symmetrize", std::string("and")}})) !=
        key("laplacian", params_of({{"symmetrize", std::string("or")}})));
  CHECK(key("spec", params_of({{"graph", std::string("knn")}})) !=
        key("spec", params_of({{"graph", std::string("rbf")}})));
}
