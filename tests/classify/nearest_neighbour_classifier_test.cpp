// The nearest_neighbour classifier on hand-made distance blocks: the vote, and the UCR tie rules
// (equally near training rows rank in file order; tied votes go to the class of the first of
// their voters in file order).
#include <doctest/doctest.h>

#include "classifier_test_support.hpp"
#include "classify/classifier.hpp"

namespace tsfs {
namespace {

std::shared_ptr<const DistanceClassifier> nearest(long long k) {
  const ClassifierRegistration* registration =
      ClassifierRegistry::instance().find("nearest_neighbour");
  REQUIRE(registration != nullptr);
  return registration
      ->configure_from_distances(test_support::classifier_params("nearest_neighbour", {{"k", k}}))
      .component();
}

}  // namespace

TEST_CASE("nearest_neighbour is a classifier of distances with k = 1") {
  const ClassifierRegistration* registration =
      ClassifierRegistry::instance().find("nearest_neighbour");
  REQUIRE(registration != nullptr);
  CHECK(registration->configure == nullptr);
  CHECK(registration->configure_from_distances != nullptr);
  CHECK(test_support::classifier_params("nearest_neighbour").canonical() == "k=1");
  CHECK(nearest(1)->check_training_rows(1) == std::nullopt);
  CHECK(nearest(3)->check_training_rows(2) != std::nullopt);
}

TEST_CASE("nearest_neighbour votes among the k nearest training rows") {
  const Eigen::VectorXi labels = (Eigen::VectorXi(4) << 1, 0, 0, 1).finished();
  // Test row 0: nearest is training row 0 (class 1), the next two are class 0.
  const Eigen::MatrixXd distances =
      (Eigen::MatrixXd(2, 4) << 0.1, 1.0, 1.2, 20, 5, 4, 3, 0.5).finished();
  const Predictions one = nearest(1)->predict(distances, labels, 2);
  CHECK(one.labels == (Eigen::VectorXi(2) << 1, 1).finished());
  const Predictions three = nearest(3)->predict(distances, labels, 2);
  CHECK(three.labels == (Eigen::VectorXi(2) << 0, 0).finished());
  CHECK(three.scores(0, 0) == doctest::Approx(1.0 / 3.0));  // class 1's share of the votes
}

TEST_CASE("nearest_neighbour ties go to the first training row in file order") {
  const Eigen::VectorXi labels = (Eigen::VectorXi(4) << 2, 1, 0, 1).finished();
  // Rows 1 and 2 are equally near: row 1 (class 1) ranks first.
  const Eigen::MatrixXd equal = (Eigen::MatrixXd(1, 4) << 9, 0.5, 0.5, 9).finished();
  CHECK(nearest(1)->predict(equal, labels, 3).labels(0) == 1);
  // k = 2 with classes 1 and 0 one vote each: class of the first voter in file order (row 1),
  // though row 2 is nearer.
  const Eigen::MatrixXd votes = (Eigen::MatrixXd(1, 4) << 9, 0.6, 0.5, 9).finished();
  CHECK(nearest(2)->predict(votes, labels, 3).labels(0) == 1);
  // Every distance infinite (no warping path): the first training row.
  const Eigen::MatrixXd none = Eigen::MatrixXd::Constant(1, 4, INFINITY);
  CHECK(nearest(1)->predict(none, labels, 3).labels(0) == 2);
}

}  // namespace tsfs
