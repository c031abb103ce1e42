#include <doctest/doctest.h>

#include <cmath>

#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

}  // namespace

TEST_CASE("info_gain selector registration") {
  const auto& registration = tsfs::testing::selector_registration("info_gain");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("info_gain")->order() == tsfs::ScoreOrder::descending);
}

// Classes 0 0 0 1 1 1: H(S) = 1 bit.
// Column 1, 0..5 in 3 equal-width bins -> bins {0,1} {2,3} {4,5}: pure, mixed 1:1, pure:
//   IG = 1 - (2/6 x 0 + 2/6 x 1 + 2/6 x 0) = 2/3.
// Column 2, 0 1 0 1 0 1 -> bins {rows 0,2,4} classes (0,0,1), {rows 1,3,5} classes (0,1,1):
//   H = h(1/3) = -(1/3 log2 1/3 + 2/3 log2 2/3) = 0.9182958340544896 bits each:
//   IG = 1 - 0.9182958340544896 = 0.0817041659455104.
// Column 3 separates the classes: IG = H(S) = 1.
TEST_CASE("info_gain on a hand-checked example") {
  Eigen::MatrixXd features(6, 3);
  features << 0, 0, 0,  //
      1, 1, 0,          //
      2, 0, 0,          //
      3, 1, 1,          //
      4, 0, 1,          //
      5, 1, 1;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  ParamSet params;
  params.set("bins", ParamValue{3LL});
  const SelectionProblem problem{features, &labels, 2, nullptr};
  const Eigen::VectorXd scores = make_selector("info_gain", params)->score(problem).scores;
  CHECK(scores[0] == doctest::Approx(2.0 / 3.0).epsilon(1e-14));
  CHECK(scores[1] == doctest::Approx(0.0817041659455104).epsilon(1e-12));
  CHECK(scores[2] == doctest::Approx(1.0).epsilon(1e-14));
}

// Four classes equally often, a feature that identifies them: IG = H(S) = 2 bits.
TEST_CASE("info_gain is in bits and bounded by the class entropy") {
  Eigen::MatrixXd features(8, 1);
  features << 0, 0.1, 1, 1.1, 2, 2.1, 3, 3.1;
  Eigen::VectorXi labels(8);
  labels << 0, 0, 1, 1, 2, 2, 3, 3;
  ParamSet params;
  params.set("bins", ParamValue{4LL});
  params.set("binning", ParamValue{std::string("quantile")});
  const SelectionProblem problem{features, &labels, 4, nullptr};
  CHECK(make_selector("info_gain", params)->score(problem).scores[0] ==
        doctest::Approx(2.0).epsilon(1e-14));
}
