#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "config/spec_test_support.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"
#include "select/wrappers/wrapper_reference.hpp"

namespace {

using tsfs::InnerFits;
using tsfs::ParamValue;
using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;
using tsfs::testing::params_of;

}  // namespace

TEST_CASE("l1_path selector registration") {
  tsfs::testing::check_model_selector_registration("l1_path", ScoreOrder::ascending);
}

// scikit-learn 1.2.1's LogisticRegression(solver="liblinear", penalty="l1") over the same
// numpy.logspace grid of C (tests/reference/wrappers/make_reference.py): every feature's entry
// step, hence its entry C, and the same order (ties by |w| at C_max).
TEST_CASE("l1_path equals scikit-learn's L1 logistic path: entry steps and order") {
  const tsfs::CsvTable table = tsfs::testing::wrapper_reference("l1_path.csv");
  const auto groups = tsfs::testing::rows_by_id(table);
  CHECK(groups.size() == 2);
  for (const auto& group : groups) {
    const auto& id = std::get<0>(group);
    const auto& rows = std::get<1>(group);
    using tsfs::testing::reference_number;
    const size_t first = rows.front();
    const auto data =
        tsfs::testing::reference_rows(tsfs::testing::reference_text(table, first, "dataset"));
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const double c_min = reference_number(table, first, "C_min");
    const double c_max = reference_number(table, first, "C_max");
    const auto steps = static_cast<long long>(reference_number(table, first, "steps"));
    const auto selector = make_selector(
        "l1_path", params_of({{"C_min", ParamValue{c_min}},
                              {"C_max", ParamValue{c_max}},
                              {"steps", ParamValue{steps}},
                              {"tol", ParamValue{reference_number(table, first, "tol")}}}));
    const tsfs::SelectorScores scored = selector->score(problem);
    CAPTURE(id);
    REQUIRE(scored.scores.size() == static_cast<Eigen::Index>(rows.size()));
    const double ratio = std::log10(c_max / c_min) / static_cast<double>(steps - 1);
    for (const size_t row : rows) {
      const auto feature = static_cast<Eigen::Index>(reference_number(table, row, "feature"));
      const double entry = reference_number(table, row, "entry_step");
      CAPTURE(feature);
      if (entry == static_cast<double>(steps))
        CHECK(std::isinf(scored.scores[feature]));
      else
        CHECK(scored.scores[feature] ==
              doctest::Approx(c_min * std::pow(10.0, entry * ratio)).epsilon(1e-13));
    }
    CHECK(scored.ranking == tsfs::testing::reference_order(table, rows));
  }
}

// Column 0 separates the classes perfectly, column 1 weakly, column 2 is noise: the strong
// column enters first, at C_min already; a C_max too small for the others leaves them at +inf,
// ordered by column (both |w| = 0 at the end).
TEST_CASE("l1_path: features that never enter score +inf and follow in column order") {
  Eigen::MatrixXd features(8, 3);
  features << -2, 0.3, 0.5,  //
      -1.5, -0.2, -0.4,      //
      -1.8, 0.1, 0.2,        //
      -1.2, 0.0, -0.3,       //
      1.1, 0.4, 0.3,         //
      1.9, 0.2, -0.5,        //
      1.4, -0.1, 0.4,        //
      1.6, 0.5, -0.2;
  Eigen::VectorXi labels(8);
  labels << 0, 0, 0, 0, 1, 1, 1, 1;
  const SelectionProblem problem{features, &labels, 2, nullptr};
  const auto scored = make_selector("l1_path", params_of({{"C_min", ParamValue{0.5}},
                                                          {"C_max", ParamValue{0.6}},
                                                          {"steps", ParamValue{2LL}}}))
                          ->score(problem);
  CHECK(scored.scores[0] == 0.5);
  CHECK(std::isinf(scored.scores[1]));
  CHECK(std::isinf(scored.scores[2]));
  CHECK(scored.ranking == std::vector<int>{0, 1, 2});
}

TEST_CASE("l1_path parameters are checked when the spec is loaded, with file:line:col") {
  using tsfs::testing::spec_error;
  CHECK(
      spec_error(tsfs::testing::spec_with_selector("{kind: l1_path, C_min: 1, C_max: 0.1}"))
          .find("spec.yaml:4:38: selector 'l1_path': C_max = 0.1 must be larger than C_min = 1") !=
      std::string::npos);
  CHECK(spec_error(tsfs::testing::spec_with_selector("{kind: l1_path, steps: 1}"))
            .find("4:28: 'steps' must be between") != std::string::npos);
  CHECK(spec_error(tsfs::testing::spec_with_selector("{kind: l1_path, C_min: 0}"))
            .find("4:28: 'C_min' must be > 0") != std::string::npos);
  CHECK(spec_error(tsfs::testing::spec_with_selector("{kind: l1_path, C: 1}"))
            .find("4:21: unknown key 'C'") != std::string::npos);
}

TEST_CASE("l1_path's inner fits: one per grid C, on every fit row and column") {
  const auto fits =
      make_selector("l1_path", params_of({{"steps", ParamValue{7LL}}}))->inner_fits(30, 12);
  REQUIRE(fits.size() == 1);
  CHECK(fits[0].model == InnerFits::Model::linear);
  CHECK(fits[0].count == 7);
  CHECK(fits[0].train_rows == 30);
  CHECK(fits[0].features == 12);
}
