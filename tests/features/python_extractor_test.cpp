// Tests of the "python" extractor, through the unit tests' Python host (support/).
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "../data/test_support.hpp"
#include "common/error.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "features/feature_extractor.hpp"
#include "support/test_python_host.hpp"

namespace {

std::string spec_with(const std::string& features) {
  return "datasets: [{name: Coffee}]\nfeatures: " + features + "\nselectors: [{kind: anova}]\n";
}

}  // namespace

TEST_CASE("a python extractor's own parameters reach its function, and its columns are named") {
  const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(
      spec_with("{extractor: python, function: \"own:features\", times: 3}")));
  const tsfs::ExtractorSpec& extractor = spec.extractors.at(0);
  CHECK(extractor.params.text("version") == "test:own:features");
  const tsfs::FeatureMatrix features =
      extractor.extractor->extract(tsfs::test::make_dataset({{1.0, 2.0, 3.0}, {4.0, 6.0}}), 1);
  CHECK(features.names == std::vector<std::string>{"mean", "length"});
  CHECK(features.values == Eigen::Matrix2d{{6.0, 3.0}, {15.0, 2.0}});
  REQUIRE(tsfs::testing::test_host().last_params.size() == 1);
  CHECK(tsfs::testing::test_host().last_params.front().first == "times");
}

TEST_CASE("a python extractor's faults are spec errors") {
  SUBCASE("a function that does not import, at its line") {
    CHECK(tsfs::testing::spec_error_text(
              spec_with("{extractor: python, function: \"missing:features\"}")) ==
          doctest::Contains("spec.yaml:2:41: extractor 'python': importing missing:features "
                            "raised ModuleNotFoundError"));
  }
  SUBCASE("parameters of its own cannot be swept: one feature matrix per dataset") {
    CHECK(tsfs::testing::spec_error_text(
              spec_with("{extractor: python, function: \"own:features\", times: [1, 2]}")) ==
          doctest::Contains("extractor parameters cannot be swept"));
  }
  SUBCASE("the function's failure comes without a place, for the run to add it") {
    const tsfs::Spec spec = tsfs::load_spec(
        tsfs::testing::write_spec(spec_with("{extractor: python, function: \"fails:features\"}")));
    try {
      (void)spec.extractors.at(0).extractor->extract(tsfs::test::make_dataset({{1.0, 2.0}}), 1);
      FAIL("no error");
    } catch (const tsfs::InputError& error) {
      CHECK(error.where().empty());
      CHECK(error.message() ==
            "extractor 'python' (fails:features): calling fails:features raised");
    }
  }
}
