// Majority-class baselines of the line plot, on hand-counted folds.
#include <doctest/doctest.h>

#include "plot/baselines.hpp"

namespace tsfs {
namespace {

// 8 rows: labels 0 0 0 0 0 1 1 1 (class 0 the majority overall).
Dataset eight_rows() {
  Dataset dataset;
  dataset.name = "Toy";
  dataset.class_names = {"a", "b"};
  dataset.labels = (Eigen::VectorXi(8) << 0, 0, 0, 0, 0, 1, 1, 1).finished();
  return dataset;
}

TEST_CASE("majority baselines: the test rows' own majority and the training rows' majority") {
  const Dataset dataset = eight_rows();
  // Fold 0: train {0,1,2,5} (majority 0), test {3,6,7}: own majority 2/3, class 0 gets 1/3.
  // Fold 1: train {0,5,6,7} (majority 1), test {1,2,3,4}: own majority 1, class 1 gets 0.
  const std::vector<Fold> folds = {Fold{0, 0, {0, 1, 2, 5}, {3, 6, 7}},
                                   Fold{0, 1, {0, 5, 6, 7}, {1, 2, 3, 4}}};
  const MajorityBaseline baseline = majority_baseline(dataset, folds);
  CHECK(baseline.test_majority == doctest::Approx((2.0 / 3.0 + 1.0) / 2.0));
  CHECK(baseline.train_majority == doctest::Approx((1.0 / 3.0 + 0.0) / 2.0));
}

TEST_CASE(
    "majority baselines: a tie goes to the first class, folds without test rows are skipped") {
  const Dataset dataset = eight_rows();
  // Train {0,1,5,6}: a 2:2 tie -> class 0; test {2,7}: class 0 gets 1/2.
  const std::vector<Fold> folds = {Fold{0, 0, {0, 1, 5, 6}, {2, 7}}, Fold{0, 1, {0, 1}, {}}};
  const MajorityBaseline baseline = majority_baseline(dataset, folds);
  CHECK(baseline.test_majority == 0.5);
  CHECK(baseline.train_majority == 0.5);
  CHECK(majority_baseline(dataset, {}).test_majority == 0.0);
}

}  // namespace
}  // namespace tsfs
