#include <doctest/doctest.h>

#include <string>
#include <variant>
#include <vector>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "support/test_python_host.hpp"

namespace {

using tsfs::testing::HostSwapped;
using tsfs::testing::spec_error_text;
using tsfs::testing::test_host;

std::string spec_with(const std::string& classifier) {
  return "datasets: [{name: Coffee}]\nselectors: [{kind: anova}]\nclassifier: " + classifier + "\n";
}

// Two classes, two columns on different scales: training rows 0-3, test rows 4-5.
struct Rows {
  Eigen::MatrixXd train{{0, 100}, {1, 110}, {4, 300}, {5, 310}};
  Eigen::VectorXi labels{{0, 0, 1, 1}};
  Eigen::MatrixXd test{{0.5, 105}, {4.5, 305}};
};

tsfs::Predictions fit(const tsfs::ClassifierSpec& classifier, size_t point, const Rows& rows) {
  return classifier.classifiers.at(point)->fit_predict_scores(rows.train, rows.labels, 2,
                                                              rows.test);
}

}  // namespace

TEST_CASE("an sklearn classifier's parameters are typed by their values, none and mixed kinds") {
  const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(spec_with(
      "{kind: sklearn, estimator: my.forest.Forest, n_estimators: 10, max_depth: [null, 3], "
      "max_features: [sqrt, 0.5], class_weight: [none, \"1\"]}")));
  const tsfs::ClassifierSpec& classifier = spec.classifier;
  REQUIRE(classifier.grid.size() == 8);
  const tsfs::ParamSet& first = classifier.grid.front();
  CHECK(first.text("version") == "test:my.forest.Forest");
  CHECK(first.boolean("standardize"));
  CHECK(first.integer("n_estimators") == 10);
  CHECK(std::holds_alternative<std::monostate>(first.at("max_depth")));
  CHECK(classifier.grid.back().optional_integer("max_depth") == 3);
  CHECK(first.text("max_features") == "sqrt");
  CHECK(std::get<double>(classifier.grid.back().at("max_features")) == 0.5);
  CHECK(std::holds_alternative<std::monostate>(first.at("class_weight")));
  // A quoted scalar stays a string.
  CHECK(classifier.grid.back().text("class_weight") == "1");

  fit(classifier, 7, Rows{});
  std::vector<std::string> names;
  for (const auto& [name, value] : test_host().last_params) names.push_back(name);
  // The estimator gets its own parameters only; tsfs keeps estimator, standardize and version.
  CHECK(names ==
        std::vector<std::string>{"n_estimators", "max_depth", "max_features", "class_weight"});
}

TEST_CASE("an sklearn classifier fits on standardised rows with a random_state of the fit's own") {
  const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(
      spec_with("{kind: sklearn, estimator: \"own:Centroid\", standardize: [true, false]}")));
  const Rows rows;
  const tsfs::Predictions predictions = fit(spec.classifier, 0, rows);
  CHECK(predictions.labels == Eigen::Vector2i(0, 1));
  CHECK(predictions.scores.cols() == 1);
  CHECK(predictions.scores(0, 0) < 0);
  CHECK(test_host().last_train.colwise().mean().norm() < 1e-12);
  const long long state = test_host().last_random_state;
  CHECK(state >= 0);
  CHECK(state < (1LL << 32));
  fit(spec.classifier, 0, rows);
  CHECK(test_host().last_random_state == state);  // the same training data, the same seed
  Rows other = rows;
  other.train(0, 0) = 0.25;
  fit(spec.classifier, 0, other);
  CHECK(test_host().last_random_state != state);

  fit(spec.classifier, 1, rows);  // standardize: false
  CHECK(test_host().last_train == rows.train);
}

TEST_CASE("an sklearn classifier with one training class predicts it without calling Python") {
  const tsfs::Spec spec = tsfs::load_spec(
      tsfs::testing::write_spec(spec_with("{kind: sklearn, estimator: \"fails:Never\"}")));
  Rows rows;
  rows.labels.setOnes();
  const tsfs::Predictions predictions = fit(spec.classifier, 0, rows);
  CHECK(predictions.labels == Eigen::Vector2i(1, 1));
}

TEST_CASE("an sklearn classifier's faults are spec errors") {
  SUBCASE("an estimator that does not import, at its line") {
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: \"missing:Forest\"}")) ==
          doctest::Contains("spec.yaml:3:40: classifier 'sklearn': importing missing:Forest "
                            "raised ModuleNotFoundError"));
  }
  SUBCASE("a parameter the estimator does not take, at load time") {
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: my.Forest, unknown: 1}")) ==
          doctest::Contains("spec.yaml:3:40: classifier 'sklearn': building my.Forest raised "
                            "TypeError: unexpected 'unknown'"));
  }
  SUBCASE("a name without its module") {
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: Forest}")) ==
          doctest::Contains("'estimator' is 'Forest'; write it as 'package.module:name'"));
  }
  SUBCASE("without Python in the program") {
    HostSwapped none(nullptr);
    CHECK(spec_error_text(spec_with("{kind: sklearn, estimator: my.Forest}")) ==
          doctest::Contains("spec.yaml:3:40: classifier 'sklearn': this runner was built without "
                            "Python"));
  }
  SUBCASE("the estimator's failure comes without a place, for the run to add it") {
    const tsfs::Spec spec = tsfs::load_spec(
        tsfs::testing::write_spec(spec_with("{kind: sklearn, estimator: \"fails:Forest\"}")));
    try {
      fit(spec.classifier, 0, Rows{});
      FAIL("no error");
    } catch (const tsfs::InputError& error) {
      CHECK(error.where().empty());
      CHECK(error.message() == "classifier 'sklearn' (fails:Forest): fitting fails:Forest raised");
    }
  }
}
