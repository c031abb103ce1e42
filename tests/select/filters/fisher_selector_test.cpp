#include <doctest/doctest.h>

#include <cmath>

#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

}  // namespace

TEST_CASE("fisher selector registration") {
  const auto& registration = tsfs::testing::selector_registration("fisher");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("fisher")->order() == ScoreOrder::descending);
}

// Classes {1, 2, 3} and {7, 8, 9}: SSB = 3 (2-5)^2 + 3 (8-5)^2 = 54, SSW = 2 + 2 = 4, so 13.5.
// Column 2 has equal class means (SSB = 0): 0. Column 3 has no within-class spread: +inf.
TEST_CASE("fisher score on a hand-checked example") {
  Eigen::MatrixXd features(6, 3);
  features << 1, 10, 0.1,  //
      2, 10, 0.1,          //
      3, 10.5, 0.1,        //
      7, 10, 0.7,          //
      8, 10.5, 0.7,        //
      9, 10, 0.7;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = make_selector("fisher")->score(problem).scores;
  CHECK(scores[0] == doctest::Approx(13.5).epsilon(1e-14));
  CHECK(std::abs(scores[1]) < 1e-14);
  CHECK(std::isinf(scores[2]));
}

TEST_CASE("fisher selector matches scikit-feature fisher_score") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("fisher");
    tsfs::testing::check_against(selector->score(problem).scores, prefix + "_fisher_score.csv",
                                 selector->order());
  }
}
