#include "evaluate/chosen_metrics.hpp"

#include <doctest/doctest.h>

#include <cmath>

#include "evaluate/metrics.hpp"
#include "evaluate/score_metrics.hpp"

TEST_CASE("chosen metrics: names round-trip and each dispatches to its definition") {
  for (const std::string& name : tsfs::chosen_metric_names()) {
    const auto metric = tsfs::chosen_metric_from_name(name);
    REQUIRE(metric);
    CHECK(tsfs::chosen_metric_name(*metric) == name);
  }
  CHECK_FALSE(tsfs::chosen_metric_from_name("accuracy"));
  CHECK_FALSE(tsfs::chosen_metric_from_name("ROC_AUC"));

  const Eigen::VectorXi truth = (Eigen::VectorXi(6) << 0, 0, 1, 1, 1, 0).finished();
  const Eigen::VectorXi predicted = (Eigen::VectorXi(6) << 0, 1, 1, 1, 0, 0).finished();
  const Eigen::MatrixXd scores =
      (Eigen::MatrixXd(6, 1) << -1.0, 0.5, 2.0, 0.5, -0.2, -3.0).finished();
  // Hand-checked: 9 positive-negative pairs, 7.5 ordered correctly (one tie at 0.5).
  CHECK(tsfs::chosen_metric_value(tsfs::ChosenMetric::roc_auc, truth, predicted, scores, 2) ==
        doctest::Approx(7.5 / 9.0).epsilon(1e-15));
  CHECK(tsfs::chosen_metric_value(tsfs::ChosenMetric::average_precision, truth, predicted, scores,
                                  2) == tsfs::average_precision(truth, scores));
  // F1 of class 0 = 4/6 and of class 1 = 4/6.
  CHECK(tsfs::chosen_metric_value(tsfs::ChosenMetric::macro_f1, truth, predicted, scores, 2) ==
        doctest::Approx(2.0 / 3.0).epsilon(1e-15));
  // No positive test row: undefined.
  const Eigen::VectorXi negatives = Eigen::VectorXi::Zero(6);
  CHECK(std::isnan(
      tsfs::chosen_metric_value(tsfs::ChosenMetric::roc_auc, negatives, predicted, scores, 2)));
}
