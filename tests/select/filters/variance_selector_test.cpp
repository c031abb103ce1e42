#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"
#include "report/csv_table.hpp"

#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ParamValue;
using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;
using tsfs::testing::params_of;
using tsfs::testing::selector_registration;

tsfs::CsvTable reference(const std::string& path) {
  return tsfs::read_csv_table(std::string(TSFS_REFERENCE_DIR) + "/" + path);
}

Eigen::MatrixXd reference_matrix(const std::string& path) {
  const tsfs::CsvTable table = reference(path);
  Eigen::MatrixXd values(static_cast<Eigen::Index>(table.rows.size()),
                         static_cast<Eigen::Index>(table.header.size()));
  for (Eigen::Index row = 0; row < values.rows(); ++row)
    for (Eigen::Index column = 0; column < values.cols(); ++column)
      values(row, column) =
          tsfs::parse_double(table.rows[static_cast<size_t>(row)][static_cast<size_t>(column)])
              .value();
  return values;
}

}  // namespace

TEST_CASE("variance selector registration") {
  const auto& registration = selector_registration("variance");
  CHECK_FALSE(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  REQUIRE(registration.info.params.size() == 1);
  CHECK(registration.info.params.front().name == "threshold");
  CHECK(make_selector("variance")->order() == ScoreOrder::descending);
}

// Column 1: 2, 4, 4, 4, 5, 5, 7, 9 -> mean 5, squared deviations sum 32, population variance
// 32 / 8 = 4 (the sample variance would be 32 / 7). Column 2 = column 1 + 1e8: same variance,
// which the one-pass formula sum x^2 / n - mean^2 would get wrong by whole units.
TEST_CASE("variance selector computes the population variance") {
  Eigen::MatrixXd features(8, 3);
  features.col(0) << 2, 4, 4, 4, 5, 5, 7, 9;
  features.col(1) = features.col(0).array() + 1e8;
  features.col(2) = 0.5 * features.col(0);
  const SelectionProblem problem{features, nullptr, 0, nullptr};
  const auto result = make_selector("variance")->score(problem);
  CHECK(result.scores[0] == doctest::Approx(4.0).epsilon(1e-15));
  CHECK(result.scores[1] == doctest::Approx(4.0).epsilon(1e-12));
  CHECK(result.scores[2] == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(std::isnan(result.zero_weight_fraction));
  CHECK(tsfs::rank_by_score(result.scores, ScoreOrder::descending) == std::vector<int>{0, 1, 2});
}

// scikit-learn 1.2.1's VarianceThreshold on the selector reference inputs at four thresholds, one
// of them a column's own variance (tests/reference/variance_threshold/make_reference.py): the
// same variances_, and the kept columns (get_support, variance > threshold) are the ranking's
// first ones, the removed ones (SelectorScores::removed) last.
TEST_CASE("variance with threshold keeps the columns scikit-learn's VarianceThreshold keeps") {
  const tsfs::CsvTable table = reference("variance_threshold/variance_threshold.csv");
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> cases;
  for (size_t row = 0; row < table.rows.size(); ++row)
    cases[{table.rows[row][0], table.rows[row][1]}].push_back(row);
  REQUIRE(cases.size() == 8);
  double largest_relative = 0.0;
  for (const auto& [key, rows] : cases) {
    const auto& prefix = std::get<0>(key);
    const auto& threshold = std::get<1>(key);
    CAPTURE(prefix);
    CAPTURE(threshold);
    const Eigen::MatrixXd features = reference_matrix("selectors/" + prefix + "_X.csv");
    const SelectionProblem problem{features, nullptr, 0, nullptr};
    const auto selector = make_selector(
        "variance", params_of({{"threshold", ParamValue{tsfs::parse_double(threshold).value()}}}));
    const auto result = selector->score(problem);
    REQUIRE(result.scores.size() == static_cast<Eigen::Index>(rows.size()));
    // A threshold equal to a column's variance (numpy's, to the last bit) leaves that column on
    // the boundary: tsfs's two-pass sum and numpy's pairwise sum differ in the last bits, so it
    // may fall on either side. It is checked to be within a few ulps and left out of the count.
    const double cut = tsfs::parse_double(threshold).value();
    std::vector<int> kept;
    long long on_boundary = 0;
    for (const size_t row : rows) {
      const auto feature = std::stoi(table.rows[row][2]);
      const double expected = tsfs::parse_double(table.rows[row][3]).value();
      CHECK(result.scores[feature] == doctest::Approx(expected).epsilon(1e-12));
      largest_relative =
          std::max(largest_relative, std::abs(result.scores[feature] - expected) / expected);
      if (expected == cut) {
        ++on_boundary;
        CHECK(std::abs(result.scores[feature] - cut) <= 1e-14 * cut);
      } else if (table.rows[row][4] == "1") {
        kept.push_back(feature);
      }
    }
    const auto removed = static_cast<long long>(rows.size() - kept.size());
    CHECK(result.removed >= removed - on_boundary);
    CHECK(result.removed <= removed);
    std::vector<int> first = tsfs::rank_by_score(result.scores, ScoreOrder::descending);
    first.resize(kept.size());
    std::sort(first.begin(), first.end());
    CHECK(first == kept);
  }
  MESSAGE("variance: largest relative difference to VarianceThreshold.variances_ ",
          largest_relative);
}

TEST_CASE("variance refuses a threshold that no column's variance exceeds") {
  Eigen::MatrixXd features(4, 2);
  features << 0, 1, 1, 1, 0, 2, 1, 2;  // variances 0.25 and 0.25
  const SelectionProblem problem{features, nullptr, 0, nullptr};
  CHECK(make_selector("variance", params_of({{"threshold", ParamValue{0.2}}}))
            ->score(problem)
            .removed == 0);
  CHECK_THROWS_AS(
      make_selector("variance", params_of({{"threshold", ParamValue{0.25}}}))->score(problem),
      tsfs::InputError);
}
