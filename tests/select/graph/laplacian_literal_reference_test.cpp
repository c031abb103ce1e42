// The laplacian selector's variant report2023 (arithmetic: literal) against the study's own
// arithmetic on a graph with duplicate rows (tests/reference/selectors/report2023_literal, see its
// README.md): where the heat-kernel weights span hundreds of orders of magnitude the study's dense
// quadratic form cancels to exactly 0, and so must ours.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "select/reference_csv.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::testing::read_reference_matrix;

const std::string folder = "selectors/report2023_literal/";

// sigma_ratio of case i = numpy.logspace(-4, 0, 9)[i], as meta.json lists them.
const double sigma_ratios[] = {9.999999999999999e-05,
                               0.00031622776601683794,
                               0.001,
                               0.0031622776601683794,
                               0.01,
                               0.03162277660168379,
                               0.09999999999999999,
                               0.31622776601683794,
                               1.0};

struct Case {
  Eigen::VectorXd scores;
  std::vector<int> ranking;
};

Case run_case(int index, const std::string& arithmetic) {
  static const Eigen::MatrixXd features = read_reference_matrix(folder + "X.csv", true);
  static const Eigen::MatrixXd distances = read_reference_matrix(folder + "distances.csv", false);
  ParamSet params;
  params.set("variant", std::string("report2023"));
  params.set("k", 5LL);
  params.set("sigma_ratio", sigma_ratios[index]);
  params.set("arithmetic", arithmetic);
  const auto selector = tsfs::testing::make_selector("laplacian", params);
  const tsfs::SelectionProblem problem{features, nullptr, 0, &distances};
  Case result;
  result.scores = selector->score(problem).scores;
  result.ranking = tsfs::rank_by_score(result.scores, selector->order());
  return result;
}

// Reference rank column -> feature indices, best first.
std::vector<int> reference_ranking(const Eigen::MatrixXd& reference) {
  std::vector<int> ranking(static_cast<size_t>(reference.rows()));
  for (Eigen::Index feature = 0; feature < reference.rows(); ++feature)
    ranking[static_cast<size_t>(reference(feature, 4))] = static_cast<int>(feature);
  return ranking;
}

Eigen::MatrixXd reference_case(int index) {
  return read_reference_matrix(folder + "scores_" + std::to_string(index) + ".csv", true);
}

}  // namespace

TEST_CASE("laplacian report2023 literal: cases 0-4 give exactly 0 for every feature") {
  for (int index = 0; index <= 4; ++index) {
    CAPTURE(index);
    const Eigen::MatrixXd reference = reference_case(index);
    const Case computed = run_case(index, "literal");
    REQUIRE(computed.scores.size() == reference.rows());
    // Denominators are positive, so a zero score is a zero numerator.
    CHECK((reference.col(1).array() == 0.0).all());
    CHECK((computed.scores.array() == 0.0).all());
    CHECK(computed.ranking == reference_ranking(reference));
  }
}

TEST_CASE("laplacian report2023 literal: cases 5-8 agree to 1e-9 relative with the same ranks") {
  for (int index = 5; index <= 8; ++index) {
    CAPTURE(index);
    const Eigen::MatrixXd reference = reference_case(index);
    const Case computed = run_case(index, "literal");
    REQUIRE(computed.scores.size() == reference.rows());
    double worst = 0.0;
    for (Eigen::Index feature = 0; feature < reference.rows(); ++feature)
      worst = std::max(worst, std::abs(computed.scores[feature] - reference(feature, 3)) /
                                  std::abs(reference(feature, 3)));
    CAPTURE(worst);
    CHECK(worst <= 1e-9);
    CHECK(computed.ranking == reference_ranking(reference));
  }
}

TEST_CASE("laplacian report2023 with exact arithmetic departs from the study in cases 3-4 only") {
  for (int index : {3, 4}) {
    CAPTURE(index);
    const Case exact = run_case(index, "exact");
    CHECK((exact.scores.array() > 0.0).all());  // tiny but positive edge sums
    CHECK(exact.ranking != reference_ranking(reference_case(index)));
  }
  const Case exact = run_case(8, "exact");
  CHECK(exact.ranking == reference_ranking(reference_case(8)));
}
