// The validation split of permutation_importance and shapley, and the plan-time check that a fit's
// rows per class leave it a validation row (Selector::check_fit_classes).
#include "select/wrappers/validation_split.hpp"

#include <doctest/doctest.h>

TEST_CASE("a class gives round(fraction x rows) validation rows, keeping one to train on") {
  CHECK(tsfs::class_validation_rows(0.25, 1) == 0);
  CHECK(tsfs::class_validation_rows(0.25, 2) == 1);  // llround(0.5) rounds away from zero
  CHECK(tsfs::class_validation_rows(0.25, 4) == 1);
  CHECK(tsfs::class_validation_rows(0.9, 3) == 2);
}

TEST_CASE("a fit whose classes give no validation row is refused at validation_fraction") {
  const auto problem = tsfs::check_validation_split(0.25, {1, 1});
  REQUIRE(problem);
  CHECK(problem->param == "validation_fraction");
  CHECK(doctest::String(problem->message.c_str()) ==
        doctest::Contains("validation_fraction 0.25 of fit rows of 1, 1 per class"));
  CHECK_FALSE(tsfs::check_validation_split(0.25, {2, 1}));
  CHECK(tsfs::check_validation_split(0.1, {3, 3, 4}));
  CHECK_FALSE(tsfs::check_validation_split(0.1, {3, 3, 5}));
  // One class: not this check's to refuse (require_two_classes says so when scoring).
  CHECK_FALSE(tsfs::check_validation_split(0.25, {1}));
}
