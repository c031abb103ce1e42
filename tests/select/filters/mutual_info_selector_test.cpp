#include <doctest/doctest.h>

#include <cmath>

#include "select/filters/numpy_compat.hpp"
#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

}  // namespace

TEST_CASE("mutual_info selector registration") {
  const auto& registration = tsfs::testing::selector_registration("mutual_info");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("mutual_info")->order() == tsfs::ScoreOrder::descending);
}

// numpy.random.RandomState(0).standard_normal(4) and .random_sample() of a fresh RandomState(0).
TEST_CASE("legacy MT19937 Gaussian reproduces numpy.random.RandomState") {
  tsfs::LegacyNormalGenerator normals(0);
  CHECK(normals.standard_normal() == doctest::Approx(1.764052345967664).epsilon(1e-15));
  CHECK(normals.standard_normal() == doctest::Approx(0.4001572083672233).epsilon(1e-15));
  CHECK(normals.standard_normal() == doctest::Approx(0.9787379841057392).epsilon(1e-15));
  CHECK(normals.standard_normal() == doctest::Approx(2.240893199201458).epsilon(1e-15));
  tsfs::LegacyNormalGenerator uniforms(0);
  CHECK(uniforms.uniform() == doctest::Approx(0.5488135039273248).epsilon(1e-15));
}

TEST_CASE("numpy pairwise sum and Cephes digamma") {
  std::vector<double> values;
  for (int i = 1; i <= 300; ++i) values.push_back(1.0 / i);
  double plain = 0.0;
  for (double value : values) plain += value;
  CHECK(tsfs::numpy_pairwise_sum(values.data(), 300) == doctest::Approx(plain).epsilon(1e-14));
  CHECK(tsfs::cephes_digamma(1.0) == doctest::Approx(-0.5772156649015329).epsilon(1e-15));
  CHECK(tsfs::cephes_digamma(4.0) == doctest::Approx(1.2561176684318005).epsilon(1e-15));
  // log 127 - 1/254 - 1/(12 127^2) + 1/(120 127^4) - ... = 4.840244911939608
  CHECK(tsfs::cephes_digamma(127.0) == doctest::Approx(4.840244911939608).epsilon(1e-14));
}

// The scaled, noisy matrix must be exactly the one scikit-learn's estimator saw, and the scores
// exactly scikit-learn's (both bit for bit on these data; the tolerance below only documents
// that the estimator is a count and that any difference would be a bug, not round-off).
TEST_CASE("mutual_info reproduces scikit-learn mutual_info_classif(random_state=0)") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    Eigen::MatrixXd noisy = data.features;
    tsfs::mutual_info_preprocess(noisy, 0);
    const Eigen::MatrixXd expected_input = tsfs::testing::read_reference_matrix(
        "selectors/" + prefix + "_mutual_info_input.csv", true);
    REQUIRE(noisy.rows() == expected_input.rows());
    const double input_difference = (noisy - expected_input).cwiseAbs().maxCoeff();
    tsfs::testing::report_difference(prefix + " mutual_info input (absolute)", input_difference);
    CHECK(input_difference == 0.0);

    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("mutual_info");
    tsfs::testing::check_against(selector->score(problem).scores, prefix + "_mutual_info.csv",
                                 selector->order(), 1e-12);
  }
}
