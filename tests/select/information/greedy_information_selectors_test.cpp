#include <doctest/doctest.h>

#include "select/information/information_reference.hpp"

namespace {

const char* const greedy_selectors[] = {"mifs", "mrmr", "cife", "jmi", "cmim", "icap", "disr"};

}  // namespace

TEST_CASE("greedy information selectors are registered as supervised discrete filters") {
  for (const std::string name : greedy_selectors) {
    CAPTURE(name);
    const auto& registration = tsfs::testing::selector_registration(name);
    CHECK(registration.supervised);
    CHECK_FALSE(registration.uses_distance);
    CHECK(registration.info.find_param("bins") != nullptr);
    CHECK((registration.info.find_param("beta") != nullptr) == (name == "mifs"));
  }
}

TEST_CASE("greedy information selectors rank as scikit-feature on discretised reference data") {
  for (const std::string name : greedy_selectors)
    for (const std::string prefix : tsfs::testing::information_prefixes) {
      const tsfs::SelectorScores result = tsfs::testing::check_information_reference(name, prefix);
      CHECK(result.removed == 0);
      // The first feature is added with its relevance I(f; y), the largest one.
      CHECK(result.scores[result.ranking.front()] > 0.0);
    }
}

// Column 1 repeats column 0, the most relevant: every criterion that charges redundancy adds a
// less relevant but new column before the copy; relevance alone (mifs with beta 0) takes the copy.
TEST_CASE("redundant copies wait behind new information") {
  Eigen::MatrixXd features(8, 3);
  features.col(0) << 0, 0, 0, 1, 1, 1, 1, 0;
  features.col(1) = features.col(0);
  features.col(2) << 0, 0, 1, 0, 1, 1, 0, 1;
  Eigen::VectorXi labels(8);
  labels << 0, 0, 0, 0, 1, 1, 1, 1;
  const tsfs::SelectionProblem problem{features, &labels, 2, nullptr};
  for (const std::string name : {"mrmr", "mifs", "jmi", "cmim", "icap", "cife"}) {
    CAPTURE(name);
    CHECK(tsfs::testing::make_selector(name)->score(problem).ranking == std::vector<int>{0, 2, 1});
  }
  const auto relevance_only = tsfs::testing::make_selector(
      "mifs", tsfs::testing::params_of({{"beta", tsfs::ParamValue{0.0}}}));
  CHECK(relevance_only->score(problem).ranking == std::vector<int>{0, 1, 2});
  // Any accepted beta ranks every column, however negative the criterion gets.
  const auto heavy = tsfs::testing::make_selector(
      "mifs", tsfs::testing::params_of({{"beta", tsfs::ParamValue{1e31}}}));
  CHECK(heavy->score(problem).ranking.size() == 3);
}

// Fit rows of one class and columns that quantile bins collapse to one symbol: every information
// is 0, DISR's 0 / 0 pairs add 0, and each criterion still ranks every column (lowest first).
TEST_CASE("greedy information selectors rank columns that carry no information") {
  Eigen::MatrixXd features(6, 3);
  features.col(0) << 1, 1, 1, 1, 1, 2;
  features.col(1) << 3, 3, 3, 3, 3, 4;
  features.col(2) << 5, 5, 5, 5, 5, 6;
  const Eigen::VectorXi labels = Eigen::VectorXi::Zero(6);
  const tsfs::SelectionProblem problem{features, &labels, 1, nullptr};
  for (const std::string name : greedy_selectors) {
    CAPTURE(name);
    const auto selector = tsfs::testing::make_selector(
        name, tsfs::testing::params_of({{"binning", std::string("quantile")}}));
    const tsfs::SelectorScores result = selector->score(problem);
    CHECK(result.ranking == std::vector<int>{0, 1, 2});
    CHECK(result.scores.allFinite());
  }
}
