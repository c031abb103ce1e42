#include <doctest/doctest.h>

#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

}  // namespace

TEST_CASE("kolmogorov_smirnov selector registration") {
  const auto& registration = tsfs::testing::selector_registration("kolmogorov_smirnov");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("kolmogorov_smirnov")->order() == ScoreOrder::descending);
}

// Column 0: classes {1, 2, 3} and {2, 4, 5, 6}; at x = 3 the CDFs are 1 and 1/4: D = 3/4.
// Column 1: {5, 6, 7} and {5, 6, 7, 7}: the largest gap is at 6, 2/3 - 2/4 = 1/6. Three classes
// {0, 0}, {1, 1}, {0, 1}: the pair of the first two is separated, D = 1.
TEST_CASE("kolmogorov_smirnov on a hand-checked example") {
  Eigen::MatrixXd features(7, 2);
  features << 1, 5, 2, 6, 3, 7, 2, 5, 4, 6, 5, 7, 6, 7;
  Eigen::VectorXi labels(7);
  labels << 0, 0, 0, 1, 1, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  Eigen::VectorXd scores = make_selector("kolmogorov_smirnov")->score(problem).scores;
  CHECK(scores[0] == 0.75);
  CHECK(scores[1] == doctest::Approx(1.0 / 6.0).epsilon(1e-15));
  Eigen::MatrixXd three_classes(6, 1);
  three_classes << 0, 0, 1, 1, 0, 1;
  Eigen::VectorXi three_labels(6);
  three_labels << 0, 0, 1, 1, 2, 2;
  const SelectionProblem three{three_classes, &three_labels, 3, nullptr};
  CHECK(make_selector("kolmogorov_smirnov")->score(three).scores[0] == 1.0);
}

TEST_CASE("kolmogorov_smirnov selector equals scipy's ks_2samp statistic") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("kolmogorov_smirnov");
    CHECK(tsfs::testing::check_against(selector->score(problem).scores,
                                       prefix + "_kolmogorov_smirnov.csv", selector->order(),
                                       0.0) == 0.0);
  }
}
