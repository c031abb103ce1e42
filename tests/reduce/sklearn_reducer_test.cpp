// Tests of the "sklearn" reducer, through the unit tests' Python host (support/), whose
// transformer centres the columns on the training rows and keeps the first `components`.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "reduce/reducer.hpp"
#include "support/test_python_host.hpp"

namespace {

using tsfs::testing::spec_error_text;
using tsfs::testing::test_host;

std::string spec_with(const std::string& reducer) {
  return "datasets: [{name: Coffee}]\nselectors: [{kind: anova}]\nreduce: " + reducer + "\n";
}

// Training rows 0-3 on two scales, test rows 4-5.
struct Rows {
  Eigen::MatrixXd train{{0, 100, 1}, {1, 110, 2}, {4, 300, 3}, {5, 310, 4}};
  Eigen::VectorXi labels{{0, 0, 1, 1}};
  Eigen::MatrixXd test{{0.5, 105, 5}, {4.5, 305, 6}};
};

tsfs::Reduction reduce(const tsfs::Spec& spec, size_t point, const Rows& rows) {
  return spec.reduce->reducers.at(point)->fit_transform(rows.train, rows.labels, 2, rows.test);
}

}  // namespace

TEST_CASE("an sklearn reducer hands its parameters to the transformer, fitted per fold") {
  const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(spec_with(
      "{kind: sklearn, estimator: \"own:Centre\", components: [1, 2], standardize: false}")));
  REQUIRE(spec.reduce->grid.size() == 2);
  CHECK(spec.reduce->grid.front().text("version") == "test:own:Centre");
  const Rows rows;
  const tsfs::Reduction reduced = reduce(spec, 1, rows);
  REQUIRE(reduced.train.cols() == 2);
  CHECK(reduced.train.col(1) == Eigen::Vector4d(-105, -95, 95, 105));
  CHECK(reduced.test == Eigen::Matrix2d{{-2, -100}, {2, 100}});
  CHECK(std::isnan(reduced.reconstruction_error));
  std::vector<std::string> names;
  for (const auto& [name, value] : test_host().last_params) names.push_back(name);
  CHECK(names == std::vector<std::string>{"components"});  // tsfs keeps its own keys
  // A seed of the fit's own: the same rows, the same seed; other rows, another.
  const long long state = test_host().last_random_state;
  CHECK(state >= 0);
  reduce(spec, 0, rows);
  CHECK(test_host().last_random_state == state);
  Rows other = rows;
  other.train(0, 0) = 0.25;
  reduce(spec, 0, other);
  CHECK(test_host().last_random_state != state);
}

TEST_CASE("an sklearn reducer standardises the training rows first unless told not to") {
  const tsfs::Spec spec = tsfs::load_spec(
      tsfs::testing::write_spec(spec_with("{kind: sklearn, estimator: \"own:Centre\"}")));
  (void)reduce(spec, 0, Rows{});
  const Eigen::MatrixXd& seen = test_host().last_train;
  CHECK(seen.colwise().mean().norm() < 1e-12);
  CHECK((seen.colwise().squaredNorm() / 4.0).isApproxToConstant(1.0, 1e-12));
}

TEST_CASE("an sklearn reducer's faults are spec errors") {
  SUBCASE("a class that does not import, at the estimator's line") {
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: \"missing:Centre\"}")) ==
          doctest::Contains("spec.yaml:3:36: reduce 'sklearn': importing missing:Centre raised "
                            "ModuleNotFoundError"));
  }
  SUBCASE("a classifier is not a transformer") {
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: \"own:PredictOnly\"}")) ==
          doctest::Contains("no transform method"));
  }
  SUBCASE("a misspelt parameter") {
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: \"own:Centre\", unknown: 1}")) ==
          doctest::Contains("unexpected 'unknown'"));
  }
  SUBCASE("a failing fit comes without a place, for the run to add the reduce line") {
    const tsfs::Spec spec = tsfs::load_spec(
        tsfs::testing::write_spec(spec_with("{kind: sklearn, estimator: \"fails:Centre\"}")));
    try {
      (void)reduce(spec, 0, Rows{});
      FAIL("no error");
    } catch (const tsfs::InputError& error) {
      CHECK(error.where().empty());
      CHECK(error.message() == "fitting fails:Centre raised");
    }
  }
}
