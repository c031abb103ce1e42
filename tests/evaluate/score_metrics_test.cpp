// Metrics from scores and macro F1 against scikit-learn 1.2.1
// (tests/reference/metrics/make_reference.py), plus hand-checked cases.
#include "evaluate/score_metrics.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "evaluate/metrics.hpp"
#include "report/csv_table.hpp"

namespace tsfs {
namespace {

struct MetricCase {
  std::vector<int> truth, predicted;
  std::vector<std::vector<double>> scores;  // rows of score columns
};

CsvTable metrics_reference(const std::string& name) {
  return read_csv_table(std::string(TSFS_REFERENCE_DIR) + "/metrics/" + name);
}

std::map<int, MetricCase> reference_cases() {
  const CsvTable table = metrics_reference("scores.csv");
  std::map<int, MetricCase> cases;
  for (const auto& row : table.rows) {
    MetricCase& metric_case = cases[std::stoi(row[0])];
    const auto index = static_cast<size_t>(std::stoi(row[1]));
    if (metric_case.truth.size() <= index) {
      metric_case.truth.push_back(std::stoi(row[2]));
      metric_case.predicted.push_back(std::stoi(row[3]));
      metric_case.scores.emplace_back();
    }
    metric_case.scores[index].push_back(std::stod(row[5]));
  }
  return cases;
}

Eigen::VectorXi score_metrics_labels(const std::vector<int>& values) {
  return Eigen::Map<const Eigen::VectorXi>(values.data(), static_cast<Eigen::Index>(values.size()));
}

Eigen::MatrixXd score_matrix(const std::vector<std::vector<double>>& rows) {
  Eigen::MatrixXd scores(static_cast<Eigen::Index>(rows.size()),
                         static_cast<Eigen::Index>(rows.front().size()));
  for (size_t row = 0; row < rows.size(); ++row)
    for (size_t column = 0; column < rows[row].size(); ++column)
      scores(static_cast<Eigen::Index>(row), static_cast<Eigen::Index>(column)) = rows[row][column];
  return scores;
}

}  // namespace

TEST_CASE("macro F1, ROC AUC and average precision equal scikit-learn's to 1e-12") {
  const std::map<int, MetricCase> cases = reference_cases();
  const CsvTable expected = metrics_reference("expected.csv");
  REQUIRE(expected.rows.size() == cases.size());
  for (const auto& row : expected.rows) {
    const MetricCase& metric_case = cases.at(std::stoi(row[0]));
    CAPTURE(row[0]);
    const int classes = std::stoi(row[1]);
    const Eigen::VectorXi truth = score_metrics_labels(metric_case.truth);
    const Eigen::MatrixXd scores = score_matrix(metric_case.scores);
    CHECK(macro_f1(truth, score_metrics_labels(metric_case.predicted), classes) ==
          doctest::Approx(std::stod(row[2])).epsilon(1e-12));
    CHECK(roc_auc(truth, scores) == doctest::Approx(std::stod(row[3])).epsilon(1e-12));
    CHECK(average_precision(truth, scores) == doctest::Approx(std::stod(row[4])).epsilon(1e-12));
  }
}

// The lab's PR-AUC, auc(recall, precision) after precision_recall_curve, on the same cases
// (tests/reference/metrics/make_pr_auc.py).
TEST_CASE("pr_auc equals scikit-learn's auc(recall, precision) to 1e-12") {
  const std::map<int, MetricCase> cases = reference_cases();
  const CsvTable expected = metrics_reference("pr_auc.csv");
  REQUIRE(expected.rows.size() == cases.size());
  double largest_difference = 0.0;
  for (const auto& row : expected.rows) {
    const MetricCase& metric_case = cases.at(std::stoi(row[0]));
    CAPTURE(row[0]);
    const double value =
        pr_auc(score_metrics_labels(metric_case.truth), score_matrix(metric_case.scores));
    CHECK(value == doctest::Approx(std::stod(row[2])).epsilon(1e-12));
    largest_difference = std::max(largest_difference, std::abs(value - std::stod(row[2])));
  }
  MESSAGE("pr_auc: largest absolute difference to scikit-learn ", largest_difference);
}

TEST_CASE("score metrics on hand-checked rankings") {
  const Eigen::VectorXi truth = (Eigen::VectorXi(4) << 0, 1, 0, 1).finished();
  // Positives score 0.8 and 0.4, negatives 0.5 and 0.1: of the 4 pairs, 3 are ordered rightly.
  const Eigen::MatrixXd scores = (Eigen::MatrixXd(4, 1) << 0.5, 0.8, 0.1, 0.4).finished();
  CHECK(roc_auc(truth, scores) == doctest::Approx(0.75));
  // Thresholds 0.8 (precision 1, recall 1/2), 0.5 (no new positive: adds 0), 0.4 (precision 2/3,
  // recall 1).
  CHECK(average_precision(truth, scores) == doctest::Approx(0.5 * 1.0 + 0.5 * (2.0 / 3.0)));
  // PR-AUC's trapezoids: (0, 1) to (1/2, 1), then (1/2, 1/2) at 0.5 (recall unchanged: no
  // area), then (1, 2/3) at 0.4, full recall, the last point.
  CHECK(pr_auc(truth, scores) == doctest::Approx(0.5 * 1.0 + 0.5 * (0.5 + 2.0 / 3.0) / 2.0));
  // All scores tied: every pair counts one half; one threshold with precision 1/2.
  const Eigen::MatrixXd tied = Eigen::MatrixXd::Constant(4, 1, 0.3);
  CHECK(roc_auc(truth, tied) == doctest::Approx(0.5));
  CHECK(average_precision(truth, tied) == doctest::Approx(0.5));
  CHECK(pr_auc(truth, tied) == doctest::Approx((1.0 + 0.5) / 2.0));  // (0, 1) to (1, 1/2)
  // Macro F1: class 0 F1 = 2/3 (1 TP, 1 FN, 0 FP), class 1 F1 = 4/5 (2 TP, 1 FP).
  const Eigen::VectorXi predicted = (Eigen::VectorXi(4) << 0, 1, 1, 1).finished();
  CHECK(macro_f1(truth, predicted, 2) == doctest::Approx((2.0 / 3.0 + 0.8) / 2));
}

// Nine positives ranked first, each alone: every precision is 1, and a sum of nine ninths
// (scikit-learn's recall steps) rounds to 1.0000000000000002, outside the [0, 1] a resumed run
// checks results.csv against.
TEST_CASE("average_precision of a perfect ranking is 1 exactly, never above") {
  Eigen::VectorXi truth(12);
  truth << 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0;
  Eigen::MatrixXd scores(12, 1);
  for (int row = 0; row < 12; ++row) scores(row, 0) = 12.0 - row;
  CHECK(average_precision(truth, scores) == 1.0);
  double ninths = 0.0;
  for (int step = 0; step < 9; ++step) ninths += 1.0 / 9.0;
  CHECK(ninths > 1.0);  // the rounding the one division at the end avoids
  // A perfect ranking of 1 to 40 positives above as many negatives.
  for (int positives = 1; positives <= 40; ++positives) {
    Eigen::VectorXi mixed(2 * positives);
    Eigen::MatrixXd ranked(2 * positives, 1);
    for (int row = 0; row < 2 * positives; ++row) {
      mixed[row] = row < positives ? 1 : 0;
      ranked(row, 0) = -row;
    }
    CHECK(average_precision(mixed, ranked) == 1.0);
  }
}

TEST_CASE("score metrics are NaN when undefined and refuse mismatched inputs") {
  const Eigen::VectorXi one_class = Eigen::VectorXi::Zero(3);
  const Eigen::MatrixXd scores = Eigen::MatrixXd::Ones(3, 1);
  CHECK(std::isnan(roc_auc(one_class, scores)));
  CHECK(std::isnan(average_precision(one_class, scores)));
  CHECK(std::isnan(pr_auc(one_class, scores)));
  CHECK(std::isnan(roc_auc(Eigen::VectorXi(0), Eigen::MatrixXd(0, 1))));
  CHECK(std::isnan(macro_f1(Eigen::VectorXi(0), Eigen::VectorXi(0), 2)));
  CHECK_THROWS_AS(roc_auc(one_class, Eigen::MatrixXd::Ones(2, 1)), std::invalid_argument);
  CHECK_THROWS_AS(roc_auc(one_class, Eigen::MatrixXd::Ones(3, 2)), std::invalid_argument);
  CHECK_THROWS_AS(
      average_precision((Eigen::VectorXi(3) << 0, 1, 3).finished(), Eigen::MatrixXd::Ones(3, 3)),
      std::invalid_argument);
  CHECK_THROWS_AS(macro_f1(one_class, (Eigen::VectorXi(3) << 0, 2, 0).finished(), 2),
                  std::invalid_argument);
}

}  // namespace tsfs
