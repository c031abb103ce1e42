#include <doctest/doctest.h>

#include <cmath>

#include "common/error.hpp"
#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

}  // namespace

TEST_CASE("t_score selector registration") {
  const auto& registration = tsfs::testing::selector_registration("t_score");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("t_score")->order() == ScoreOrder::descending);
}

// Classes {1, 2, 3} and {7, 8, 9, 8}: means 2 and 8, population variances 2/3 and 1/2, so
// t = 6 / sqrt(2/9 + 1/8). Column 2 has equal class means: 0.
TEST_CASE("t_score on a hand-checked example, and only for two classes") {
  Eigen::MatrixXd features(7, 2);
  features << 1, 5, 2, 4, 3, 6, 7, 5, 8, 4, 9, 6, 8, 5;
  Eigen::VectorXi labels(7);
  labels << 0, 0, 0, 1, 1, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = make_selector("t_score")->score(problem).scores;
  CHECK(scores[0] == doctest::Approx(6.0 / std::sqrt(2.0 / 9.0 + 1.0 / 8.0)).epsilon(1e-14));
  CHECK(std::abs(scores[1]) < 1e-14);
  labels << 0, 0, 1, 1, 2, 2, 2;
  const SelectionProblem three{features, &labels, 3, nullptr};
  CHECK_THROWS_WITH_AS(make_selector("t_score")->score(three),
                       doctest::Contains("t_score compares two classes"), tsfs::InputError);
}

TEST_CASE("t_score selector matches scikit-feature t_score") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("t_score");
    tsfs::testing::check_against(selector->score(problem).scores, prefix + "_t_score.csv",
                                 selector->order(), 1e-12);
  }
}
