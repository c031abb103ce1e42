#include <doctest/doctest.h>

#include "common/error.hpp"

#include <stdexcept>
#include <string>

#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;

ParamSet chi2_params(long long bins, const std::string& shift,
                     const std::string& binning = "equal_width") {
  ParamSet params;
  params.set("bins", ParamValue{bins});
  params.set("binning", ParamValue{binning});
  params.set("shift", ParamValue{shift});
  return params;
}

Eigen::VectorXd chi2_scores(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                            int classes, const ParamSet& params) {
  const SelectionProblem problem{features, &labels, classes, nullptr};
  return make_selector("chi2", params)->score(problem).scores;
}

}  // namespace

TEST_CASE("chi2 selector registration") {
  const auto& registration = tsfs::testing::selector_registration("chi2");
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector("chi2")->order() == tsfs::ScoreOrder::descending);
}

// Column 1: 0..5 in 3 equal-width bins (inner edges 5/3, 10/3) -> bins 0 0 1 1 2 2, table
// [[2, 0], [1, 1], [0, 2]], every expected count 2 x 3 / 6 = 1: chi2 = 1+1 + 0+0 + 1+1 = 4.
// Column 2: 0 1 0 1 0 1 -> bins 0 2 0 2 0 2, table [[2, 1], [0, 0], [1, 2]], expected 1.5:
// chi2 = 4 x 0.25 / 1.5 = 2/3.
TEST_CASE("chi2 with bins is Pearson's chi2 of the contingency table") {
  Eigen::MatrixXd features(6, 2);
  features << 0, 0, 1, 1, 2, 0, 3, 1, 4, 0, 5, 1;
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 1;
  const Eigen::VectorXd scores = chi2_scores(features, labels, 2, chi2_params(3, "none"));
  CHECK(scores[0] == doctest::Approx(4.0).epsilon(1e-14));
  CHECK(scores[1] == doctest::Approx(2.0 / 3.0).epsilon(1e-14));

  // Quantile bins: 2 bins of {1, 2, 3, 10} split at the median 2.5 -> a perfect split: chi2 = 4.
  Eigen::MatrixXd skewed(4, 1);
  skewed << 1, 2, 3, 10;
  Eigen::VectorXi halves(4);
  halves << 0, 0, 1, 1;
  CHECK(chi2_scores(skewed, halves, 2, chi2_params(2, "none", "quantile"))[0] ==
        doctest::Approx(4.0));
  // Equal width would split at 5.5: bins 0 0 0 1, table [[2, 1], [0, 1]], expected [[1.5, 1.5],
  // [0.5, 0.5]]: chi2 = 0.25/1.5 x 2 + 0.25/0.5 x 2 = 4/3.
  CHECK(chi2_scores(skewed, halves, 2, chi2_params(2, "none"))[0] ==
        doctest::Approx(4.0 / 3.0).epsilon(1e-14));
}

TEST_CASE("chi2 with bins equals scikit-learn's chi2 summed over the bins' indicator columns") {
  const auto data = tsfs::testing::load_labelled_data("gunpoint50");
  const Eigen::MatrixXd column = data.features.col(10);
  const double binned = chi2_scores(column, data.labels, data.classes, chi2_params(5, "none"))[0];
  // One-hot indicators of the same 5 equal-width bins, scored with bins = 0.
  const double low = column.minCoeff();
  const double high = column.maxCoeff();
  Eigen::MatrixXd indicators = Eigen::MatrixXd::Zero(column.rows(), 5);
  for (Eigen::Index row = 0; row < column.rows(); ++row) {
    int bin = 0;
    for (int b = 1; b < 5; ++b)
      if (low + (high - low) * b / 5.0 <= column(row, 0)) bin = b;
    indicators(row, bin) = 1.0;
  }
  const Eigen::VectorXd per_bin =
      chi2_scores(indicators, data.labels, data.classes, chi2_params(0, "none"));
  CHECK(binned == doctest::Approx(per_bin.sum()).epsilon(1e-12));
}

TEST_CASE("chi2 without bins rejects negative values unless shifted") {
  Eigen::MatrixXd features(4, 1);
  features << -1, 0, 2, 3;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  // Bad input (exit 2), located by the sweep at the selector's spec line.
  CHECK_THROWS_WITH_AS(chi2_scores(features, labels, 2, chi2_params(0, "none")),
                       doctest::Contains("chi2 with bins: 0 needs non-negative feature values"),
                       tsfs::InputError);
  // Column shift: 0 1 3 4; O = (1, 7), E = (4, 4): chi2 = 9/4 + 9/4 = 4.5.
  CHECK(chi2_scores(features, labels, 2, chi2_params(0, "column"))[0] ==
        doctest::Approx(4.5).epsilon(1e-14));
}

TEST_CASE("chi2 selector matches scikit-learn chi2 on shifted features") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    for (const auto& [shift, file] : {std::pair<std::string, std::string>{"global", "_chi2.csv"},
                                      {"column", "_chi2_colshift.csv"}}) {
      const auto selector = make_selector("chi2", chi2_params(0, shift));
      tsfs::testing::check_against(selector->score(problem).scores, prefix + file,
                                   selector->order());
    }
  }
}
