#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/python_host.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "select/selector.hpp"
#include "support/test_python_host.hpp"

namespace {

using tsfs::ParamValue;
using tsfs::testing::spec_error_text;

std::string spec_with(const std::string& selector_line) {
  return "datasets: [{name: Coffee}]\nselectors:\n  - " + selector_line + "\n";
}

using tsfs::testing::HostSwapped;
using tsfs::testing::test_host;
using tsfs::testing::test_host_installed;

}  // namespace

TEST_CASE("without Python in the program, a python selector is refused at its function's line") {
  REQUIRE(test_host_installed);
  HostSwapped none(nullptr);
  CHECK(spec_error_text(spec_with("{kind: python, function: \"my.scores:f\"}")) ==
        doctest::Contains("spec.yaml:3:30: selector 'python': this runner was built without "
                          "Python"));
}

TEST_CASE("a python selector's own parameters are typed by their values and swept") {
  const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(spec_with(
      "{kind: python, function: \"own:scores\", times: [1, 3], ratio: [0.5, 2], flag: true, "
      "label: kept}")));
  const tsfs::SelectorSpec& selector = spec.selectors.at(0);
  REQUIRE(selector.grid.size() == 4);
  const tsfs::ParamSet& first = selector.grid.front();
  CHECK(first.text("version") == "test:own:scores");  // the host's version of the function
  CHECK(std::holds_alternative<long long>(first.at("times")));
  CHECK(std::holds_alternative<double>(first.at("ratio")));
  CHECK(first.boolean("flag"));
  CHECK(first.text("label") == "kept");
  CHECK(selector.grid.back().integer("times") == 3);
  CHECK(selector.grid.back().real("ratio") == 2.0);

  Eigen::MatrixXd features(2, 2);
  features << 1, 2, 3, 4;
  const Eigen::VectorXi labels = Eigen::VectorXi::Zero(2);
  const tsfs::SelectionProblem problem{.features = features, .labels = &labels, .classes = 1};
  const tsfs::SelectorScores scores = selector.selectors.back()->score(problem);
  CHECK(scores.scores == Eigen::Vector2d(3, 3));  // variance 1 per column, times 3
  CHECK(selector.selectors.back()->order() == tsfs::ScoreOrder::descending);
  // The function gets its own parameters only, by name; tsfs keeps function, order and version.
  std::vector<std::string> names;
  for (const auto& [name, value] : test_host().last_params) names.push_back(name);
  CHECK(names == std::vector<std::string>{"times", "ratio", "flag", "label"});
}

TEST_CASE("a python selector's faults are spec errors") {
  SUBCASE("a function that does not import, at its line") {
    CHECK(spec_error_text(spec_with("{kind: python, function: \"missing:f\", times: 1}")) ==
          doctest::Contains("spec.yaml:3:30: selector 'python': importing missing:f raised "
                            "ModuleNotFoundError"));
  }
  SUBCASE("a function without its module") {
    CHECK(spec_error_text(spec_with("{kind: python, function: scores, times: 1}")) ==
          doctest::Contains("'function' is 'scores'; write it as 'package.module:name'"));
  }
  SUBCASE("a given version is used, and the function's failure comes without a place") {
    const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(
        spec_with("{kind: python, function: \"fails:scores\", version: v2, times: 1}")));
    CHECK(spec.selectors.at(0).grid.front().text("version") == "v2");
    Eigen::MatrixXd features = Eigen::MatrixXd::Ones(2, 2);
    const Eigen::VectorXi labels = Eigen::VectorXi::Zero(2);
    const tsfs::SelectionProblem problem{.features = features, .labels = &labels, .classes = 1};
    try {
      (void)spec.selectors.at(0).selectors.front()->score(problem);
      FAIL("no error");
    } catch (const tsfs::InputError& error) {
      CHECK(error.where().empty());  // the run adds the entry's line, dataset and fold
      CHECK(error.message() == "selector 'python' (fails:scores): calling fails:scores raised");
    }
  }
}

TEST_CASE("a python selector's own parameter named like a table's column is refused at its key") {
  CHECK(spec_error_text(spec_with("{kind: python, function: \"own:scores\", fold: 1}")) ==
        doctest::Contains("spec.yaml:3:44: selector 'python': its own parameter 'fold' would be "
                          "named like a column of the run's tables"));
}

TEST_CASE("a python selector whose function takes distances gets them and sweeps the distances") {
  const std::string selector = "{kind: python, function: \"own:with_distances\", times: 2}";
  SUBCASE("the entry uses the spec's distances; a function without the parameter does not") {
    const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(
        spec_with(selector + "\n  - {kind: python, function: \"own:scores\"}") +
        "distances: [{kind: euclidean}, {kind: dtw}]\n"));
    CHECK(spec.selectors.at(0).uses_distance);
    CHECK_FALSE(spec.selectors.at(1).uses_distance);
    Eigen::MatrixXd features(3, 1);
    features << 0, 1, 3;
    const Eigen::VectorXi labels = Eigen::VectorXi::Zero(3);
    const Eigen::MatrixXd distances = Eigen::Matrix3d{{0, 1, 2}, {1, 0, 1}, {2, 1, 0}};
    const tsfs::SelectionProblem problem{
        .features = features, .labels = &labels, .classes = 1, .distances = &distances};
    // sum_ik D_ik (x_i - x_k)^2 / 3^2 = 2 (1 x 1 + 2 x 9 + 1 x 4) / 9, times 2.
    CHECK(spec.selectors.at(0).selectors.front()->score(problem).scores(0) ==
          doctest::Approx(4.0 * 23.0 / 9.0));
    CHECK(tsfs::testing::test_host().last_distances == distances);
    (void)spec.selectors.at(1).selectors.front()->score(problem);  // variance: no distances
  }
  SUBCASE("without a distances list, refused at the entry's line") {
    CHECK(spec_error_text(spec_with(selector)) ==
          doctest::Contains("spec.yaml:3:5: selector 'python' needs a distance: add a "
                            "'distances' list to the spec"));
  }
}

TEST_CASE("a python selector whose function takes distances cannot be given a `distances` key") {
  CHECK(
      spec_error_text(spec_with("{kind: python, function: \"own:with_distances\", distances: 1}") +
                      "distances: [{kind: euclidean}]\n") ==
      doctest::Contains("selector 'python': the function takes the distance matrix as "
                        "`distances`: the spec cannot give a parameter of that name"));
}

TEST_CASE("a python selector's keyword its function does not take is refused at that key") {
  // The test host's "strict" functions take `times` alone (PythonHost::call_problem).
  CHECK(
      spec_error_text(spec_with("{kind: python, function: \"own:strict\", times: 1, beta: 2}")) ==
      doctest::Contains("spec.yaml:3:60: selector 'python': own:strict takes no parameter 'beta'"));
  CHECK_NOTHROW(tsfs::load_spec(
      tsfs::testing::write_spec(spec_with("{kind: python, function: \"own:strict\", times: 1}"))));
}
