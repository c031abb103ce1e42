#include <doctest/doctest.h>

#include "select/constraint/constraint_test_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

// sc4 = the laplacian selector's he2005 score (same k, sigma_ratio) x sc1.
TEST_CASE("constraint_sc4 selector is the Laplacian score times sc1") {
  const auto& registration = tsfs::testing::selector_registration("constraint_sc4");
  CHECK(registration.supervised);
  CHECK(registration.uses_distance);
  tsfs::ParamSet params;
  params.set("k", tsfs::ParamValue{2LL});
  const auto selector = tsfs::testing::make_selector("constraint_sc4", params);
  CHECK(selector->order() == tsfs::ScoreOrder::ascending);

  auto example = tsfs::testing::constraint_example();
  example.features(4, 1) = 7.0;  // make the second column differ from a multiple of the first
  const tsfs::SelectionProblem problem{example.features, &example.labels, 2, &example.distances};
  tsfs::ParamSet laplacian_params;
  laplacian_params.set("k", tsfs::ParamValue{2LL});
  laplacian_params.set("variant", tsfs::ParamValue{std::string("he2005")});
  const tsfs::SelectionProblem unsupervised{example.features, nullptr, 0, &example.distances};
  const Eigen::VectorXd laplacian =
      tsfs::testing::make_selector("laplacian", laplacian_params)->score(unsupervised).scores;
  const Eigen::VectorXd sc1 = tsfs::testing::make_selector("constraint_sc1")->score(problem).scores;
  const Eigen::VectorXd scores = selector->score(problem).scores;
  for (Eigen::Index j = 0; j < 2; ++j)
    CHECK(scores[j] == doctest::Approx(laplacian[j] * sc1[j]).epsilon(1e-14));
}
