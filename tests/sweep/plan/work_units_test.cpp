#include "sweep/plan/work_units.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

TEST_CASE("selected features: the first n usable ranks, in ascending column order") {
  tsfs::ScoreResult scores;
  scores.ranking = {4, 0, 2, 1, 3};
  scores.usable_features = 3;  // columns 1 and 3 were not usable
  CHECK(tsfs::selected_features(scores, 2) == std::vector<int>{0, 4});
  CHECK(tsfs::selected_features(scores, 10) == std::vector<int>{0, 2, 4});
}
