#pragma once
// The hand-worked example shared by the constraint-score tests.
// Features (one column each): f = (0, 1, 3, 6, 2) and g = 2 f; labels 0 0 1 1 and 0 for row 4.
// With rows 0..3 labelled (row 4 hidden):
//   must-links (0,1), (2,3):                 f'L^M f = 1 + 9 = 10
//   cannot-links (0,2), (0,3), (1,2), (1,3): f'L^C f = 9 + 36 + 4 + 25 = 74
// Distances |f_i - f_j|, k = 1 nearest (ties to the lower index): 0->1, 1->0, 2->4, 3->2, 4->1;
// symmetric edges {0,1}, {2,4}, {2,3}, {1,4}; those with the unlabelled row 4: {2,4}, {1,4},
// spread (3-2)^2 + (1-2)^2 = 2.
#include <Eigen/Core>
#include <cmath>
#include <vector>

namespace tsfs::testing {

struct ConstraintExample {
  Eigen::MatrixXd features;
  Eigen::VectorXi labels;
  Eigen::MatrixXd distances;
  std::vector<bool> labelled{true, true, true, true, false};
};

inline ConstraintExample constraint_example() {
  ConstraintExample example;
  example.features.resize(5, 2);
  example.features.col(0) << 0, 1, 3, 6, 2;
  example.features.col(1) = 2.0 * example.features.col(0);
  example.labels.resize(5);
  example.labels << 0, 0, 1, 1, 0;
  example.distances.resize(5, 5);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j)
      example.distances(i, j) = std::abs(example.features(i, 0) - example.features(j, 0));
  return example;
}

}  // namespace tsfs::testing
