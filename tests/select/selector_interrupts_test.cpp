// Selectors whose one score can take seconds on a large matrix (an RFE of 7164 x 210: 16 s) check
// for a pending interrupt inside their loop, so Ctrl-C is honoured within about one step's time
// rather than after the whole score (issue 13: interrupts within 1 second in every stage).
#include <doctest/doctest.h>

#include <random>

#include "common/interrupt.hpp"
#include "select/selector_test_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE(
    "rfe, l1_path, permutation_importance, mutual_info and similarity_constraint stop on an "
    "interrupt") {
  std::mt19937_64 generator(7);
  const Eigen::MatrixXd features = clustered_features(60, 8, generator);
  Eigen::VectorXi labels(60);
  for (int row = 0; row < 60; ++row) labels(row) = row % 3 == 0 ? 1 : 0;
  const Eigen::MatrixXd distances = euclidean_distances(features);
  const tsfs::SelectionProblem problem{features, &labels, 2, &distances};
  for (const char* name : {"rfe", "l1_path", "permutation_importance", "mutual_info",
                           "similarity_constraint", "shapley"}) {
    CAPTURE(name);
    const auto selector = make_selector(name);
    CHECK_NOTHROW(selector->score(problem));
    tsfs::request_interrupt();
    CHECK_THROWS_AS(selector->score(problem), tsfs::Interrupted);
    tsfs::clear_interrupt();
  }
}
