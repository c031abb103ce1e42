#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "select/reference_csv.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;
using tsfs::testing::selector_registration;

Eigen::VectorXd anova_scores(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                             int classes) {
  const SelectionProblem problem{features, &labels, classes, nullptr};
  return make_selector("anova")->score(problem).scores;
}

}  // namespace

TEST_CASE("anova selector registration") {
  const auto& registration = selector_registration("anova");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(registration.info.params.empty());
  CHECK(make_selector("anova")->order() == ScoreOrder::descending);
}

// Classes {1, 2, 3} and {7, 8, 9}: means 2 and 8, grand mean 5.
// SSB = 3 (2-5)^2 + 3 (8-5)^2 = 54, SSW = 2 + 2 = 4, K = 2, n = 6:
// F = (54 / 1) / (4 / 4) = 54.
// Three classes {0, 2}, {4, 6}, {5, 7} (column 2): means 1, 5, 6, grand mean 4;
// SSB = 2 (9 + 1 + 4) = 28, SSW = 2 + 2 + 2 = 6, F = (28 / 2) / (6 / 3) = 7.
TEST_CASE("anova F statistic on hand-checked examples") {
  Eigen::MatrixXd two_class(6, 2);
  two_class << 1, 10,  //
      2, 10,           //
      3, 10.5,         //
      7, 10,           //
      8, 10.5,         //
      9, 10;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  const Eigen::VectorXd scores = anova_scores(two_class, labels, 2);
  CHECK(scores[0] == doctest::Approx(54.0).epsilon(1e-14));
  // Column 2: class means 10 1/6 and 10 1/6 -> SSB = 0 -> F = 0.
  CHECK(scores[1] == doctest::Approx(0.0));

  Eigen::MatrixXd three_class(6, 1);
  three_class << 0, 2, 4, 6, 5, 7;
  Eigen::VectorXi three_labels(6);
  three_labels << 0, 0, 1, 1, 2, 2;
  CHECK(anova_scores(three_class, three_labels, 3)[0] == doctest::Approx(7.0).epsilon(1e-14));
}

TEST_CASE("anova gives +inf for zero within-class spread and NaN for a constant column") {
  Eigen::MatrixXd features(6, 2);
  features << 0.1, 0.3,  //
      0.1, 0.3,          //
      0.1, 0.3,          // 0.1 + 0.1 + 0.1 != 0.3 in doubles; the shifted mean stays exact
      0.7, 0.3,          //
      0.7, 0.3,          //
      0.7, 0.3;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  const Eigen::VectorXd scores = anova_scores(features, labels, 2);
  CHECK(std::isinf(scores[0]));
  CHECK(scores[0] > 0.0);
  CHECK(std::isnan(scores[1]));
}

TEST_CASE("anova counts only the classes present among the fit rows") {
  // classes = 4 but only 0 and 2 occur: K = 2, as f_classif (np.unique(y)) would count.
  Eigen::MatrixXd features(6, 1);
  features << 1, 2, 3, 7, 8, 9;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 2, 2, 2;
  CHECK(anova_scores(features, labels, 4)[0] == doctest::Approx(54.0).epsilon(1e-14));

  // One class only: undefined, NaN for every feature.
  Eigen::VectorXi single(6);
  single.setZero();
  CHECK(std::isnan(anova_scores(features, single, 2)[0]));
}

TEST_CASE("anova is unaffected by a large common offset") {
  Eigen::MatrixXd features(6, 1);
  features << 1, 2, 3, 7, 8, 9;
  features.array() += 1e9;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  CHECK(anova_scores(features, labels, 2)[0] == doctest::Approx(54.0).epsilon(1e-12));
}

TEST_CASE("anova rejects missing or out-of-range labels") {
  const Eigen::MatrixXd features = Eigen::MatrixXd::Random(4, 2);
  const SelectionProblem unlabelled{features, nullptr, 2, nullptr};
  CHECK_THROWS_AS(make_selector("anova")->score(unlabelled), std::invalid_argument);
  Eigen::VectorXi bad(4);
  bad << 0, 1, 2, 0;
  CHECK_THROWS_AS(anova_scores(features, bad, 2), std::invalid_argument);
  Eigen::VectorXi short_labels(3);
  short_labels << 0, 1, 0;
  CHECK_THROWS_AS(anova_scores(features, short_labels, 2), std::invalid_argument);
}

// A near-constant column (0.999 + 1e-9 noise, like TSFEL's Earthquakes columns 367-373) and the
// same noise around 0, against F computed in exact rational arithmetic from the same doubles
// (tests/reference/selectors/anova_exact/make_reference.py). Taking the class means back to 0.999
// before differencing them lost about 3e-6 relative on the first column.
TEST_CASE("anova F statistic of a near-constant column agrees with exact arithmetic") {
  const Eigen::MatrixXd data =
      tsfs::testing::read_reference_matrix("selectors/anova_exact/data.csv", true);
  const Eigen::MatrixXd expected =
      tsfs::testing::read_reference_matrix("selectors/anova_exact/f_exact.csv", true);
  const Eigen::VectorXi labels = data.col(0).cast<int>();
  const Eigen::MatrixXd features = data.rightCols(2);
  const Eigen::VectorXd scores = anova_scores(features, labels, 3);
  for (Eigen::Index column = 0; column < features.cols(); ++column) {
    CAPTURE(column);
    CHECK(std::abs(scores[column] - expected(column, 1)) <= 1e-12 * expected(column, 1));
  }
}
