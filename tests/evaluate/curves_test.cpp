// ROC and precision-recall curves against scikit-learn 1.2.1's roc_curve and
// precision_recall_curve on hand-checkable cases (the values below are theirs). Real classifier
// scores are pinned end to end in tests/integration/metrics_test.cpp.
#include "evaluate/curves.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace {

void check_curve(const std::vector<tsfs::CurvePoint>& curve, const std::vector<double>& thresholds,
                 const std::vector<double>& xs, const std::vector<double>& ys) {
  REQUIRE(curve.size() == xs.size());
  for (size_t i = 0; i < curve.size(); ++i) {
    CAPTURE(i);
    if (std::isnan(thresholds[i]))
      CHECK(std::isnan(curve[i].threshold));
    else
      CHECK(curve[i].threshold == doctest::Approx(thresholds[i]).epsilon(1e-15));
    CHECK(curve[i].x == doctest::Approx(xs[i]).epsilon(1e-15));
    CHECK(curve[i].y == doctest::Approx(ys[i]).epsilon(1e-15));
  }
}

}  // namespace

TEST_CASE("curves: tied scores enter at one threshold, as scikit-learn's") {
  // y = [1, 0, 1, 1, 0, 0, 1], scores = [0.9, 0.8, 0.8, 0.5, 0.3, 0.3, 0.1].
  const std::vector<bool> positive = {true, false, true, true, false, false, true};
  const Eigen::VectorXd scores =
      (Eigen::VectorXd(7) << 0.9, 0.8, 0.8, 0.5, 0.3, 0.3, 0.1).finished();
  check_curve(tsfs::roc_curve(positive, scores), {1.9, 0.9, 0.8, 0.5, 0.3, 0.1},
              {0, 0, 1.0 / 3, 1.0 / 3, 1, 1}, {0, 0.25, 0.5, 0.75, 0.75, 1});
  const double none = std::nan("");
  check_curve(tsfs::precision_recall_curve(positive, scores), {0.1, 0.3, 0.5, 0.8, 0.9, none},
              {1, 0.75, 0.75, 0.5, 0.25, 0}, {4.0 / 7, 0.5, 0.75, 2.0 / 3, 1, 1});
}

TEST_CASE("curves: ROC points on a straight segment are dropped (drop_intermediate)") {
  const std::vector<bool> positive = {true, true, true, false, false, false};
  const Eigen::VectorXd scores = (Eigen::VectorXd(6) << 6, 5, 4, 3, 2, 1).finished();
  check_curve(tsfs::roc_curve(positive, scores), {7, 6, 4, 1}, {0, 0, 0, 1}, {0, 1.0 / 3, 1, 1});
}

TEST_CASE("curves: one class only") {
  const std::vector<bool> negatives = {false, false};
  const Eigen::VectorXd scores = (Eigen::VectorXd(2) << 0.2, 0.7).finished();
  const auto roc = tsfs::roc_curve(negatives, scores);
  REQUIRE(roc.size() == 3);
  CHECK(std::isnan(roc[1].y));  // no positive row: the true positive rate is undefined
  CHECK(roc[2].x == 1.0);
  const auto pr = tsfs::precision_recall_curve(negatives, scores);
  REQUIRE(pr.size() == 3);
  CHECK(pr[0].x == 1.0);  // scikit-learn sets recall to 1 without positive rows
  CHECK(pr[0].y == 0.0);
  CHECK(tsfs::roc_curve({}, Eigen::VectorXd(0)).empty());
}
