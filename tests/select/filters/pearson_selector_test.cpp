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

TEST_CASE("pearson selector registration") {
  const auto& registration = tsfs::testing::selector_registration("pearson");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("pearson")->order() == ScoreOrder::descending);
}

// Column 0 is the class itself (r = 1), column 1 its negation plus a constant (|r| = 1), column 2
// uncorrelated with it (centred products cancel: r = 0).
TEST_CASE("pearson on a hand-checked example, and only for two classes") {
  Eigen::MatrixXd features(4, 3);
  features << 0, 5, 1, 0, 5, -1, 1, 4, 1, 1, 4, -1;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = make_selector("pearson")->score(problem).scores;
  CHECK(scores[0] == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(scores[1] == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(std::abs(scores[2]) < 1e-15);
  labels << 0, 1, 2, 2;
  const SelectionProblem three{features, &labels, 3, nullptr};
  CHECK_THROWS_WITH_AS(make_selector("pearson")->score(three),
                       doctest::Contains("pearson correlates with a class of two values"),
                       tsfs::InputError);
}

TEST_CASE("pearson selector matches scikit-learn's r_regression") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("pearson");
    tsfs::testing::check_against(selector->score(problem).scores, prefix + "_pearson.csv",
                                 selector->order(), 1e-12);
  }
}
