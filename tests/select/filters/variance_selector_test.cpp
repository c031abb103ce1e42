#include <doctest/doctest.h>

#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;
using tsfs::testing::selector_registration;

}  // namespace

TEST_CASE("variance selector registration") {
  const auto& registration = selector_registration("variance");
  CHECK_FALSE(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(registration.info.params.empty());
  CHECK(make_selector("variance")->order() == ScoreOrder::descending);
}

// Column 1: 2, 4, 4, 4, 5, 5, 7, 9 -> mean 5, squared deviations sum 32, population variance
// 32 / 8 = 4 (the sample variance would be 32 / 7). Column 2 = column 1 + 1e8: same variance,
// which the one-pass formula sum x^2 / n - mean^2 would get wrong by whole units.
TEST_CASE("variance selector computes the population variance") {
  Eigen::MatrixXd features(8, 3);
  features.col(0) << 2, 4, 4, 4, 5, 5, 7, 9;
  features.col(1) = features.col(0).array() + 1e8;
  features.col(2) = 0.5 * features.col(0);
  const SelectionProblem problem{features, nullptr, 0, nullptr};
  const auto result = make_selector("variance")->score(problem);
  CHECK(result.scores[0] == doctest::Approx(4.0).epsilon(1e-15));
  CHECK(result.scores[1] == doctest::Approx(4.0).epsilon(1e-12));
  CHECK(result.scores[2] == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(std::isnan(result.zero_weight_fraction));
  CHECK(tsfs::rank_by_score(result.scores, ScoreOrder::descending) == std::vector<int>{0, 1, 2});
}
