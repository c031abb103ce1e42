#include <doctest/doctest.h>

#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

}  // namespace

TEST_CASE("gini_index selector registration") {
  const auto& registration = tsfs::testing::selector_registration("gini_index");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("gini_index")->order() == ScoreOrder::ascending);
}

// Classes 0, 0, 1, 1, 1. Column 0 separates them at 2: both sides pure, index 0. Column 1 swaps a
// row of each class: its best split (<= 3) leaves {0, 1, 0} | {1, 1}, 3 (1 - 4/9 - 1/9) / 5 =
// 4/15. Column 2 cannot split (one value): the whole set, 1 - 4/25 - 9/25 = 12/25 (below 0.5).
TEST_CASE("gini_index on a hand-checked example") {
  Eigen::MatrixXd features(5, 3);
  features << 1, 1, 7, 2, 3, 7, 3, 2, 7, 4, 4, 7, 5, 5, 7;
  Eigen::VectorXi labels(5);
  labels << 0, 0, 1, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = make_selector("gini_index")->score(problem).scores;
  CHECK(scores[0] == 0.0);
  CHECK(scores[2] == doctest::Approx(12.0 / 25.0).epsilon(1e-15));
  CHECK(scores[1] == doctest::Approx(4.0 / 15.0).epsilon(1e-15));
}

TEST_CASE("gini_index selector matches scikit-feature gini_index") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("gini_index");
    tsfs::testing::check_against(selector->score(problem).scores, prefix + "_gini_index.csv",
                                 selector->order(), 1e-15);
  }
}
