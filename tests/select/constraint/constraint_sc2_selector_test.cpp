#include <doctest/doctest.h>

#include "select/constraint/constraint_test_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

TEST_CASE("constraint_sc2 selector: registration and the hand-worked example") {
  const auto& registration = tsfs::testing::selector_registration("constraint_sc2");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  tsfs::ParamSet params;
  params.set("lambda", tsfs::ParamValue{2.0});
  const auto selector = tsfs::testing::make_selector("constraint_sc2", params);
  CHECK(selector->order() == tsfs::ScoreOrder::ascending);
  // Rows 0..3 of the example: sc2 = 10 - 2 x 74 = -138 for f, 40 - 2 x 296 = -552 for g = 2 f.
  const auto example = tsfs::testing::constraint_example();
  const Eigen::MatrixXd features = example.features.topRows(4);
  const Eigen::VectorXi labels = example.labels.head(4);
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = selector->score(problem).scores;
  CHECK(scores[0] == doctest::Approx(-138.0).epsilon(1e-14));
  CHECK(scores[1] == doctest::Approx(-552.0).epsilon(1e-14));
}
