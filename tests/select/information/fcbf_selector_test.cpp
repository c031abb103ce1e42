#include <doctest/doctest.h>

#include <cmath>

#include "common/error.hpp"
#include "select/information/information_reference.hpp"

TEST_CASE("fcbf keeps the predominant features scikit-feature keeps") {
  for (const std::string prefix : tsfs::testing::information_prefixes) {
    CAPTURE(prefix);
    const tsfs::SelectorScores result = tsfs::testing::check_information_reference("fcbf", prefix);
    const Eigen::MatrixXd reference =
        tsfs::testing::read_reference_matrix("selectors/" + prefix + "_fcbf.csv", true);
    const auto kept = static_cast<long long>(reference.col(3).sum());
    CHECK(result.removed == reference.rows() - kept);
  }
}

// Column 1 repeats column 0 (predicted by it as well as it predicts the class: redundant);
// column 2 carries nothing about the class (SU = 0, not above delta 0).
TEST_CASE("fcbf removes a redundant copy and an irrelevant column") {
  Eigen::MatrixXd features(8, 3);
  features.col(0) << 0, 0, 0, 1, 1, 1, 1, 0;
  features.col(1) = features.col(0);
  features.col(2) << 0, 1, 0, 1, 0, 1, 0, 1;
  Eigen::VectorXi labels(8);
  labels << 0, 0, 0, 0, 1, 1, 1, 1;
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const tsfs::SelectorScores result = tsfs::testing::make_selector("fcbf")->score(problem);
  CHECK(result.ranking == std::vector<int>{0, 1, 2});
  CHECK(result.removed == 2);
  CHECK(std::abs(result.scores[2]) < 1e-15);
  CHECK(result.scores[0] == result.scores[1]);
}

// delta 1: no feature can be above it (SU <= 1), so FCBF would keep nothing; that is bad input
// (an InputError naming delta), not an internal error. One-class rows: SU 0, not 0 / 0.
TEST_CASE("fcbf refuses to keep no feature, and scores single-symbol columns 0") {
  Eigen::MatrixXd features(6, 2);
  features.col(0) << 0, 0, 0, 1, 1, 1;
  features.col(1) << 0, 1, 0, 1, 0, 1;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const auto strict = tsfs::testing::make_selector(
      "fcbf", tsfs::testing::params_of({{"delta", tsfs::ParamValue{1.0}}}));
  CHECK_THROWS_WITH_AS(strict->score(problem), doctest::Contains("lower delta"), tsfs::InputError);

  Eigen::MatrixXd collapsed(6, 1);
  collapsed.col(0) << 1, 1, 1, 1, 1, 2;
  const Eigen::VectorXi one_class = Eigen::VectorXi::Zero(6);
  const tsfs::SelectionProblem degenerate{collapsed, &one_class, 1, nullptr};
  const auto quantile = tsfs::testing::make_selector(
      "fcbf", tsfs::testing::params_of({{"binning", std::string("quantile")}}));
  // SU 0 whatever delta: the message says why (one class), not "lower delta".
  CHECK_THROWS_WITH_AS(quantile->score(degenerate),
                       doctest::Contains("fcbf: the 6 fit rows hold one class"), tsfs::InputError);
}
