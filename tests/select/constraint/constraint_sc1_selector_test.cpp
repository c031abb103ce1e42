#include <doctest/doctest.h>

#include "select/constraint/constraint_test_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

TEST_CASE("constraint_sc1 selector: registration and the hand-worked example") {
  const auto& registration = tsfs::testing::selector_registration("constraint_sc1");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  const auto selector = tsfs::testing::make_selector("constraint_sc1");
  CHECK(selector->order() == tsfs::ScoreOrder::ascending);
  // Only rows 0..3 (all labelled) of the example: sc1 = 10 / 74 for f, the same for g = 2 f.
  const auto example = tsfs::testing::constraint_example();
  const Eigen::MatrixXd features = example.features.topRows(4);
  const Eigen::VectorXi labels = example.labels.head(4);
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = selector->score(problem).scores;
  CHECK(scores[0] == doctest::Approx(10.0 / 74.0).epsilon(1e-14));
  CHECK(scores[1] == doctest::Approx(10.0 / 74.0).epsilon(1e-14));
}
