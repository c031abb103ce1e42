// Batch scoring (SelectorRegistration::score_batch) against one score() per parameter set, for
// every selector that registers a batch hook: the same scores to 1e-12 relative, identical
// rankings and zero-weight fractions.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "select/selector.hpp"
#include "selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::SelectionProblem;
using tsfs::testing::complete_params;
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
  data.features.resize(rows, columns);
  for (int row = 0; row < rows; ++row)
    for (int column = 0; column < columns; ++column)
      data.features(row, column) = 3.0 * (row % 3) + normal(generator) * (1.0 + column);
  for (int row = 0; row < rows; ++row) data.features(row, 0) = 0.999 + 1e-9 * normal(generator);
  for (int row = rows - 4; row < rows; ++row) data.features.row(row) = data.features.row(row - 7);
  data.distances.resize(rows, rows);
  for (int row = 0; row < rows; ++row)
    for (int other = 0; other < rows; ++other)
      data.distances(row, other) = (data.features.rightCols(columns - 1).row(row) -
                                    data.features.rightCols(columns - 1).row(other))
                                       .norm();
  return data;
}

ParamSet params_of(std::initializer_list<std::pair<const char*, ParamValue>> values) {
  ParamSet params;
  for (const auto& [name, value] : values) params.set(name, value);
  return params;
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
      std::vector<const ParamSet*> pointers;
      for (const auto& params : batch) pointers.push_back(&params);
      const auto batched = registration.score_batch(problem, pointers);
      REQUIRE(batched.size() == batch.size());
      for (size_t i = 0; i < batch.size(); ++i) {
        CAPTURE(batch[i].canonical());
        const auto selector = registration.make(batch[i]);
        const auto single = selector->score(problem);
        CHECK(batched[i].zero_weight_fraction == single.zero_weight_fraction);
        bool all_close = true;
        for (Eigen::Index r = 0; r < single.scores.size(); ++r)
          all_close = all_close && close(batched[i].scores[r], single.scores[r]);
        CHECK(all_close);
        if (batch[i].has("arithmetic") && batch[i].text("arithmetic") == "literal")
          CHECK(batched[i].scores == single.scores);  // same terms in the same order
        CHECK(tsfs::rank_by_score(batched[i].scores, selector->order()) ==
              tsfs::rank_by_score(single.scores, selector->order()));
      }
    }
  }
  // Every registered selector with a batch hook is covered above.
  int registered_with_batches = 0;
  for (const auto& name : tsfs::SelectorRegistry::instance().names())
    if (selector_registration(name).score_batch) ++registered_with_batches;
  CHECK(registered_with_batches == selectors_with_batches);
}
