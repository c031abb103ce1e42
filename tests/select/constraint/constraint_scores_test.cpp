#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "select/constraint/constraint_scores.hpp"
#include "select/constraint/constraint_test_data.hpp"

namespace {

using tsfs::ConstraintSettings;
using tsfs::ConstraintVariant;
using tsfs::SelectionProblem;

}  // namespace

TEST_CASE("constraint forms and scores on the hand-worked example") {
  const auto example = tsfs::testing::constraint_example();
  const auto forms = tsfs::constraint_forms(example.features, example.labels, 2, example.labelled);
  CHECK(forms.must[0] == doctest::Approx(10.0).epsilon(1e-14));
  CHECK(forms.cannot[0] == doctest::Approx(74.0).epsilon(1e-14));
  CHECK(forms.must[1] == doctest::Approx(40.0).epsilon(1e-14));  // scales with the square
  CHECK(forms.cannot[1] == doctest::Approx(296.0).epsilon(1e-14));

  const tsfs::SparseGraph graph = tsfs::knn_graph(example.distances, 1, tsfs::Symmetrize::either);
  CHECK(tsfs::unlabelled_edge_form(example.features, graph, example.labelled)[0] ==
        doctest::Approx(2.0).epsilon(1e-14));

  const SelectionProblem problem{example.features, &example.labels, 2, &example.distances};
  ConstraintSettings settings;
  settings.variant = ConstraintVariant::sc1;
  CHECK(tsfs::constraint_scores(problem, example.labelled, settings)[0] ==
        doctest::Approx(10.0 / 74.0).epsilon(1e-14));
  settings.variant = ConstraintVariant::sc2;
  settings.lambda = 0.5;
  CHECK(tsfs::constraint_scores(problem, example.labelled, settings)[0] ==
        doctest::Approx(10.0 - 37.0).epsilon(1e-14));
  settings.variant = ConstraintVariant::sc3;
  settings.gamma = 100.0;
  settings.neighbours = 1;
  // (100 x 10 + 2) / 74
  CHECK(tsfs::constraint_scores(problem, example.labelled, settings)[0] ==
        doctest::Approx(1002.0 / 74.0).epsilon(1e-14));
}

TEST_CASE("labelled_rows is stratified, deterministic and keeps one row per class") {
  Eigen::VectorXi labels(10);
  labels << 0, 0, 0, 0, 0, 0, 1, 1, 1, 1;
  const auto half = tsfs::labelled_rows(labels, 2, 0.5, 7);
  CHECK(std::count(half.begin(), half.begin() + 6, true) == 3);
  CHECK(std::count(half.begin() + 6, half.end(), true) == 2);
  CHECK(tsfs::labelled_rows(labels, 2, 0.5, 7) == half);
  const auto none = tsfs::labelled_rows(labels, 2, 0.0, 7);
  CHECK(std::count(none.begin(), none.begin() + 6, true) == 1);
  CHECK(std::count(none.begin() + 6, none.end(), true) == 1);
  const auto all = tsfs::labelled_rows(labels, 2, 1.0, 123);
  CHECK(std::all_of(all.begin(), all.end(), [](bool kept) { return kept; }));
  // Some seed chooses a different half.
  bool differs = false;
  for (std::uint64_t seed = 0; seed < 10 && !differs; ++seed)
    differs = tsfs::labelled_rows(labels, 2, 0.5, seed) != half;
  CHECK(differs);
}

TEST_CASE("constraint scores: a single labelled class gives an infinite sc1") {
  const auto example = tsfs::testing::constraint_example();
  const std::vector<bool> first_class{true, true, false, false, false};
  const SelectionProblem problem{example.features, &example.labels, 2, &example.distances};
  ConstraintSettings settings;
  CHECK(std::isinf(tsfs::constraint_scores(problem, first_class, settings)[0]));
}
