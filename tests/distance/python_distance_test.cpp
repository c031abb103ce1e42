// Tests of the "python" distance, through the unit tests' Python host (support/).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "../data/test_support.hpp"
#include "cache/artefacts.hpp"
#include "common/error.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "support/temporary_folder.hpp"
#include "support/test_python_host.hpp"

namespace {

std::string spec_with(const std::string& distance) {
  return "datasets: [{name: Coffee}]\nfeatures: {extractor: raw}\ndistances: [" + distance +
         "]\nselectors: [{kind: laplacian}]\n";
}

}  // namespace

TEST_CASE("a python distance's parameters reach its function and name its grid's distances") {
  const tsfs::Spec spec = tsfs::load_spec(tsfs::testing::write_spec(
      spec_with("{kind: python, function: \"own.distances:mean_gap\", times: [2, 3]}")));
  REQUIRE(spec.distances.size() == 2);
  CHECK(spec.distances[0].label == "python-mean_gap-times=2");
  CHECK(spec.distances[1].label == "python-mean_gap-times=3");
  CHECK(spec.distances[0].params.text("version") == "test:own.distances:mean_gap");
  const Eigen::MatrixXd distances = spec.distances[1].measure->pairwise(
      tsfs::test::make_dataset({{1.0, 2.0, 3.0}, {4.0, 6.0}, {0.0}}), 1);
  CHECK(distances == Eigen::Matrix3d{{0.0, 9.0, 6.0}, {9.0, 0.0, 15.0}, {6.0, 15.0, 0.0}});
  CHECK_FALSE(tsfs::testing::test_host().last_whole_set);
  // A block (test rows against training rows) is asked for alone, and equals the matrix's entries.
  const Eigen::MatrixXd block = spec.distances[1].measure->block(
      tsfs::test::make_dataset({{1.0, 2.0, 3.0}, {4.0, 6.0}, {0.0}}), {2}, {0, 1}, 1);
  CHECK(block == Eigen::RowVector2d{6.0, 15.0});
  CHECK(tsfs::testing::test_host().last_block_rows == std::vector<int>{2});
  const tsfs::Spec whole = tsfs::load_spec(tsfs::testing::write_spec(
      spec_with("{kind: python, function: \"own:mean_gap\", whole_set: true, label: gap}")));
  CHECK(whole.distances.at(0).label == "gap");
  (void)whole.distances.at(0).measure->pairwise(tsfs::test::make_dataset({{1.0}, {2.0}}), 1);
  CHECK(tsfs::testing::test_host().last_whole_set);
}

TEST_CASE("a python distance's failure names the distances: line and the dataset") {
  SUBCASE("a function that does not import, at its line") {
    CHECK(tsfs::testing::spec_error_text(spec_with("{kind: python, function: \"missing:gap\"}")) ==
          doctest::Contains("distance 'python': importing missing:gap raised ModuleNotFoundError"));
  }
  SUBCASE("an exception while the matrix is computed") {
    const tsfs::Spec spec = tsfs::load_spec(
        tsfs::testing::write_spec(spec_with("{kind: python, function: \"fails:gap\"}")));
    const tsfs::testing::TemporaryFolder cache("python_distance_cache");
    CHECK_THROWS_WITH_AS(
        tsfs::distance_matrix(tsfs::test::make_dataset({{1.0}, {2.0}}), spec.distances.at(0),
                              cache.path(), 1),
        doctest::Contains(
            "spec.yaml:3:13: distance 'python' (fails:gap): calling fails:gap raised (dataset "),
        tsfs::InputError);
  }
}
