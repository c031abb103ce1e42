#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>
#include <vector>

#include "classify/classifier_test_support.hpp"
#include "common/error.hpp"
#include "config/spec_test_support.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"
#include "select/wrappers/wrapper_reference.hpp"

namespace {

using tsfs::InnerFits;
using tsfs::ParamValue;
using tsfs::SelectionProblem;
using tsfs::testing::make_selector;
using tsfs::testing::params_of;
using tsfs::testing::reference_number;
using tsfs::testing::reference_text;

double measure(const tsfs::SelectorScores& scored, const std::string& name) {
  for (const auto& [measure_name, value] : scored.measures)
    if (measure_name == name) return value;
  FAIL("no measure " << name);
  return 0.0;
}

bool has_measure(const tsfs::SelectorScores& scored, const std::string& name) {
  for (const auto& entry : scored.measures)
    if (entry.first == name) return true;
  return false;
}

std::shared_ptr<const tsfs::Classifier> reference_classifier(const std::string& name) {
  return name == "svc" ? tsfs::test_support::make_classifier("svc")
                       : tsfs::test_support::make_classifier("knn", {{"k", ParamValue{5LL}}});
}

}  // namespace

TEST_CASE("sequential selector registration") {
  tsfs::testing::check_model_selector_registration("sequential", tsfs::ScoreOrder::descending);
  const auto& registration = tsfs::testing::selector_registration("sequential");
  CHECK(registration.uses_classifier);
  CHECK(registration.reports_measures);
}

// scikit-learn 1.2.1's SequentialFeatureSelector around StandardScaler + KNeighborsClassifier(5)
// or + SVC(), forward and backward, two and three classes, accuracy and balanced accuracy, cv 3,
// 5 and 10 (numpy's mean of 10 fold scores is a pairwise sum) (make_sequential.py, which asserts
// its replay's support equals scikit-learn's at every size passed): the same ranking and the same
// mean inner scores, to the last bit (the folds' scores are summed in order, as numpy's mean of
// five values does). The floating cases check the arithmetic against the script's independent
// replay of Pudil's rule.
TEST_CASE("sequential equals scikit-learn's SequentialFeatureSelector, and the floating replay") {
  const tsfs::CsvTable table = tsfs::testing::wrapper_reference("sequential.csv");
  const auto groups = tsfs::testing::rows_by_id(table);
  CHECK(groups.size() == 9);
  for (const auto& entry : groups) {
    const auto& id = std::get<0>(entry);
    const auto& rows = std::get<1>(entry);
    const size_t first = rows.front();
    const auto data = tsfs::testing::reference_rows(reference_text(table, first, "dataset"));
    const auto classifier = reference_classifier(reference_text(table, first, "classifier"));
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr,
                                   classifier.get()};
    const auto selector = make_selector(
        "sequential",
        params_of({{"direction", ParamValue{reference_text(table, first, "direction")}},
                   {"floating", ParamValue{reference_text(table, first, "floating") == "true"}},
                   {"n_features_to_select",
                    ParamValue{static_cast<long long>(reference_number(table, first, "target"))}},
                   {"cv", ParamValue{static_cast<long long>(reference_number(table, first, "cv"))}},
                   {"scoring", ParamValue{reference_text(table, first, "scoring")}}}));
    const tsfs::SelectorScores scored = selector->score(problem);
    CAPTURE(id);
    CHECK(scored.ranking == tsfs::testing::reference_order(table, rows));
    for (const size_t row : rows) {
      const std::string size = fmt::format(
          "cv_score_size_{}", static_cast<int>(reference_number(table, row, "feature")) + 1);
      const std::string expected = reference_text(table, row, "cv_score_size");
      CAPTURE(size);
      if (expected.empty())
        CHECK_FALSE(has_measure(scored, size));
      else
        CHECK(measure(scored, size) == reference_number(table, row, "cv_score_size"));
    }
    const long long target = static_cast<long long>(reference_number(table, first, "target"));
    CHECK(measure(scored, "cv_score") == measure(scored, fmt::format("cv_score_size_{}", target)));
    // Forward: columns beyond the target are never selected.
    CHECK(scored.removed == (reference_text(table, first, "direction") == "forward"
                                 ? static_cast<long long>(rows.size()) - target
                                 : 0));
  }
}

// Forward from no feature to k of p: k p - k (k - 1) / 2 subsets, each fitted cv times.
TEST_CASE("sequential counts its fits and refuses a search above max_fits when planned") {
  const auto data = tsfs::testing::reference_rows("GunPoint");
  const auto classifier = reference_classifier("knn5");
  const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr,
                                 classifier.get()};
  const auto forward = make_selector(
      "sequential",
      params_of({{"n_features_to_select", ParamValue{3LL}}, {"cv", ParamValue{4LL}}}));
  CHECK(measure(forward->score(problem), "fits") == 4.0 * (3 * 15 - 3));
  CHECK_FALSE(forward->check_features(15).has_value());
  const auto small_budget = make_selector(
      "sequential",
      params_of({{"n_features_to_select", ParamValue{3LL}}, {"max_fits", ParamValue{100LL}}}));
  const auto problem_found = small_budget->check_features(15);
  REQUIRE(problem_found.has_value());
  CHECK(problem_found->param == "max_fits");
  CHECK(doctest::String(problem_found->message.c_str()) ==
        doctest::Contains("210 classifier fits"));
  // Backward from 15 to 13: (15 + 14) subsets, then the 13 kept ones ordered: 42 x 5 fits.
  const auto backward =
      make_selector("sequential", params_of({{"direction", ParamValue{std::string("backward")}},
                                             {"n_features_to_select", ParamValue{13LL}}}));
  CHECK(measure(backward->score(problem), "fits") == 5.0 * 42);
  // Backward to every feature: no step; the 15 kept ones ordered by the score without each (15
  // subsets) and the kept set's own score: 16 x 5 fits, as planned.
  const auto no_step =
      make_selector("sequential", params_of({{"direction", ParamValue{std::string("backward")}},
                                             {"n_features_to_select", ParamValue{15LL}},
                                             {"max_fits", ParamValue{80LL}}}));
  CHECK_FALSE(no_step->check_features(15).has_value());
  CHECK(measure(no_step->score(problem), "fits") == 80.0);
  CHECK(make_selector("sequential", params_of({{"direction", ParamValue{std::string("backward")}},
                                               {"n_features_to_select", ParamValue{15LL}},
                                               {"max_fits", ParamValue{79LL}}}))
            ->check_features(15)
            .has_value());
}

// The planner's view of the searches above (Selector::inner_fits): the same fits, by subset size,
// each on an inner fold's training rows and predicting its other rows.
TEST_CASE("sequential's inner fits are its search's fits, by subset size") {
  const auto total = [](const std::vector<InnerFits>& fits) {
    long long count = 0;
    for (const InnerFits& kind : fits) count += kind.count;
    return count;
  };
  const auto forward = make_selector(
      "sequential",
      params_of({{"n_features_to_select", ParamValue{3LL}}, {"cv", ParamValue{4LL}}}));
  const auto fits = forward->inner_fits(100, 15);
  REQUIRE(fits.size() == 3);
  for (long long size = 1; size <= 3; ++size) {
    const InnerFits& kind = fits[static_cast<size_t>(size - 1)];
    CHECK(kind.model == InnerFits::Model::classifier);
    CHECK(kind.features == size);
    CHECK(kind.count == 4 * (15 - size + 1));
    CHECK(kind.train_rows == 75);
    CHECK(kind.test_rows == 25);
  }
  CHECK(total(fits) == 4 * (3 * 15 - 3));
  // Backward from 15 to 13 (cv 5): 15 subsets of 14, 14 of 13, then the 13 kept ones ordered.
  const auto backward =
      make_selector("sequential", params_of({{"direction", ParamValue{std::string("backward")}},
                                             {"n_features_to_select", ParamValue{13LL}}}))
          ->inner_fits(100, 15);
  REQUIRE(backward.size() == 3);
  CHECK(backward[0].features == 14);
  CHECK(backward[0].count == 5 * 15);
  CHECK(backward[2].features == 12);
  CHECK(backward[2].count == 5 * 13);
  CHECK(total(backward) == 5 * 42);
  // Backward to every feature: the ordering and the kept set's own score, as planned.
  CHECK(total(make_selector("sequential",
                            params_of({{"direction", ParamValue{std::string("backward")}},
                                       {"n_features_to_select", ParamValue{15LL}}}))
                  ->inner_fits(100, 15)) == 80);
}

TEST_CASE("sequential refuses without a classifier and with too few rows for its folds") {
  const auto data = tsfs::testing::reference_rows("GunPoint");
  const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
  CHECK_THROWS_WITH_AS(make_selector("sequential")->score(problem),
                       doctest::Contains("spec's classifier"), tsfs::InputError);
  const auto problem_found = make_selector("sequential")->check_fit_rows(4);
  REQUIRE(problem_found.has_value());
  CHECK(problem_found->param == "cv");
  // The smallest class's fit rows bound the inner folds, checked when the run is planned.
  CHECK(make_selector("sequential")->check_fit_class_rows(4)->param == "cv");
  CHECK_FALSE(make_selector("sequential")->check_fit_class_rows(5).has_value());
  // knn's k against the inner folds' training rows, as scikit-learn refuses it.
  const auto knn = tsfs::test_support::make_classifier("knn", {{"k", ParamValue{190LL}}});
  const SelectionProblem with_knn{data.features, &data.labels, data.classes, nullptr, knn.get()};
  CHECK_THROWS_WITH_AS(make_selector("sequential")->score(with_knn),
                       doctest::Contains("cv: the inner folds leave 160 training rows"),
                       tsfs::InputError);
}

// The spec's classifier must be one classifier of feature columns, with no `reduce` between.
TEST_CASE("a spec refuses sequential with a swept or distance classifier, or with reduce") {
  const std::string head =
      "datasets: [{name: GunPoint, path: third_party/ucr/GunPoint}]\n"
      "selectors:\n  - {kind: sequential}\n";
  CHECK(tsfs::testing::spec_error_text(head + "classifier: {kind: svc, C: [1, 10]}\n") ==
        doctest::Contains("selector 'sequential' fits the spec's classifier on inner folds: the "
                          "classifier has 2 parameter sets"));
  CHECK(tsfs::testing::spec_error_text(head + "classifier: {kind: knn}\nreduce: {kind: pca}\n") ==
        doctest::Contains("'reduce' (pca)"));
  CHECK(tsfs::testing::spec_error(head + "classifier: {kind: knn, k: 3}\n").empty());
}
