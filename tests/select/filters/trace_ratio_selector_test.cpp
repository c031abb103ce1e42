#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "select/filters/class_scatter.hpp"
#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

using tsfs::testing::make_selector;
using tsfs::testing::params_of;

namespace {

double ratio_of(const tsfs::ClassScatter& scatter, const std::vector<int>& subset) {
  double between = 0.0;
  double within = 0.0;
  for (const int feature : subset) {
    between += scatter.between[feature];
    within += scatter.within[feature];
  }
  return between / within;
}

}  // namespace

TEST_CASE("trace_ratio over every feature matches scikit-feature trace_ratio") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const tsfs::SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = make_selector("trace_ratio");
    tsfs::testing::check_against(selector->score(problem).scores,
                                 prefix + "_trace_ratio_fisher.csv", selector->order());
  }
}

// scikit-feature's trace_ratio(X, y, n_features, style='laplacian') on its kNN heat-kernel graph
// (k = 5, t = 1), and on X / 4, which is t = 4 on X: the selector with `t: 4` gives 16 times those
// scores (tests/reference/selectors/make_similarity_based.py). scikit-feature's dense X'LX loses
// digits that tsfs's sums of non-negative terms keep.
TEST_CASE("trace_ratio refuses the Laplacian style's parameters with the Fisher style") {
  const auto& registration = tsfs::testing::selector_registration("trace_ratio");
  const auto refused = registration.configure(
      tsfs::testing::complete_params(registration.info, params_of({{"t", 4.0}})));
  REQUIRE(refused.problem().has_value());
  CHECK(refused.problem()->param == "t");
  CHECK_FALSE(
      registration
          .configure(tsfs::testing::complete_params(
              registration.info, params_of({{"t", 4.0}, {"style", std::string("laplacian")}})))
          .problem()
          .has_value());
}

TEST_CASE("trace_ratio in the Laplacian style matches scikit-feature's") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const tsfs::SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto laplacian =
        make_selector("trace_ratio", params_of({{"style", std::string("laplacian")}}));
    tsfs::testing::check_against(laplacian->score(problem).scores,
                                 prefix + "_trace_ratio_laplacian.csv", laplacian->order(), 1e-11);
    const auto wider =
        make_selector("trace_ratio", params_of({{"style", std::string("laplacian")}, {"t", 4.0}}));
    tsfs::testing::check_against(wider->score(problem).scores / 16.0,
                                 prefix + "_trace_ratio_laplacian_t4.csv", wider->order(), 1e-11);
    CHECK(laplacian->check_fit_rows(5).has_value());
    CHECK_FALSE(laplacian->check_fit_rows(6).has_value());
  }
}

// scikit-feature's trace_ratio returns the Fisher top m and their ratio (its candidates are those m
// alone); maximising over all subsets of m can only do as well or better.
TEST_CASE("trace_ratio subsets reach at least scikit-feature's ratio") {
  for (const std::string prefix : tsfs::testing::reference_prefixes) {
    CAPTURE(prefix);
    const auto data = tsfs::testing::load_labelled_data(prefix);
    const tsfs::SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto scatter = tsfs::class_scatter(data.features, data.labels, data.classes);
    std::ifstream file(
        tsfs::testing::reference_path("selectors/" + prefix + "_trace_ratio_fisher_subsets.csv"));
    std::string line;
    std::getline(file, line);
    int cases = 0;
    while (std::getline(file, line)) {
      std::stringstream fields(line);
      std::string size_text;
      std::string ratio_text;
      std::getline(fields, size_text, ',');
      std::getline(fields, ratio_text, ',');
      const long long size = std::stoll(size_text);
      CAPTURE(size);
      const auto scores =
          make_selector("trace_ratio", params_of({{"subset_size", size}}))->score(problem).scores;
      std::vector<int> subset = tsfs::rank_by_score(scores, tsfs::ScoreOrder::descending);
      subset.resize(static_cast<size_t>(size));
      const double ratio = ratio_of(scatter, subset);
      CHECK(ratio >= std::stod(ratio_text) * (1.0 - 1e-12));
      ++cases;
    }
    CHECK(cases == 2);
  }
}

// Classes 0 0 1 1; a column (a, a + d, c, c + d) has s_b = (c - a)^2 and s_w = d^2. Column 0:
// 9 / 1; column 1: 36 / 6.25 (ratio 5.76, heavy); column 2: 0.04 / 0.01 (ratio 4, light). The
// Fisher top two {0, 1} reach 45 / 7.25 = 6.2; {0, 2} reaches 9.04 / 1.01 = 8.95, the best pair.
TEST_CASE("trace_ratio finds the subset of largest ratio, not the Fisher top m") {
  Eigen::MatrixXd features(4, 3);
  features << 0, 0, 0, 1, 2.5, 0.1, 3, 6, 0.2, 4, 8.5, 0.3;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const auto scatter = tsfs::class_scatter(features, labels, 2);
  CHECK(ratio_of(scatter, {0, 1}) == doctest::Approx(45.0 / 7.25).epsilon(1e-12));
  CHECK(ratio_of(scatter, {0, 2}) == doctest::Approx(9.04 / 1.01).epsilon(1e-12));
  const auto scores =
      make_selector("trace_ratio", params_of({{"subset_size", 2LL}}))->score(problem).scores;
  CHECK(tsfs::rank_by_score(scores, tsfs::ScoreOrder::descending) == std::vector<int>{0, 2, 1});
}

TEST_CASE("trace_ratio refuses a subset larger than the feature columns when planned") {
  const auto selector = make_selector("trace_ratio", params_of({{"subset_size", 40LL}}));
  CHECK(selector->check_features(40) == std::nullopt);
  REQUIRE(selector->check_features(39).has_value());
  CHECK(selector->check_features(39)->param == "subset_size");
}

// Column 0 is constant inside each class (s_w = 0, s_b > 0): a subset of one feature reaches an
// infinite ratio. It comes first (+inf), the others by their within-class scatter; no NaN.
TEST_CASE("trace_ratio with a feature that has no within-class scatter") {
  Eigen::MatrixXd features(4, 3);
  features << 0, 0, 0, 0, 1, 1, 1, 2, 0, 1, 4, 2;
  Eigen::VectorXi labels(4);
  labels << 0, 0, 1, 1;
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  const auto scores =
      make_selector("trace_ratio", params_of({{"subset_size", 1LL}}))->score(problem).scores;
  CHECK_FALSE(scores.array().isNaN().any());
  CHECK(std::isinf(scores[0]));
  CHECK(tsfs::rank_by_score(scores, tsfs::ScoreOrder::descending).front() == 0);
  // With a second feature in the subset the ratio is finite again, and column 0 still leads.
  const auto pair =
      make_selector("trace_ratio", params_of({{"subset_size", 2LL}}))->score(problem).scores;
  CHECK(pair.allFinite());
  CHECK(tsfs::rank_by_score(pair, tsfs::ScoreOrder::descending).front() == 0);
}
