#include "classify/classifier_inputs.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>
#include <vector>

namespace tsfs {

TEST_CASE("check_classifier_inputs accepts consistent inputs") {
  const Eigen::MatrixXd train = Eigen::MatrixXd::Random(4, 2);
  const Eigen::VectorXi labels = (Eigen::VectorXi(4) << 0, 1, 2, 1).finished();
  CHECK_NOTHROW(check_classifier_inputs("test", train, labels, 3, Eigen::MatrixXd::Random(3, 2)));
  CHECK_NOTHROW(check_classifier_inputs("test", train, labels, 3, Eigen::MatrixXd(0, 2)));
}

TEST_CASE("check_classifier_inputs rejects malformed inputs") {
  const Eigen::MatrixXd train = Eigen::MatrixXd::Random(4, 2);
  const Eigen::MatrixXd test = Eigen::MatrixXd::Random(3, 2);
  const Eigen::VectorXi labels = (Eigen::VectorXi(4) << 0, 1, 1, 0).finished();
  auto rejects = [](const Eigen::MatrixXd& x, const Eigen::VectorXi& y, int classes,
                    const Eigen::MatrixXd& t) {
    CHECK_THROWS_AS(check_classifier_inputs("test", x, y, classes, t), std::invalid_argument);
  };
  rejects(Eigen::MatrixXd(0, 2), Eigen::VectorXi(0), 2, test);              // no training rows
  rejects(Eigen::MatrixXd(4, 0), labels, 2, Eigen::MatrixXd(3, 0));         // no features
  rejects(train, labels.head(3), 2, test);                                  // label count
  rejects(train, labels, 2, Eigen::MatrixXd::Random(3, 5));                 // test columns
  rejects(train, labels, 1, test);                                          // label >= classes
  rejects(train, (Eigen::VectorXi(4) << 0, -1, 1, 0).finished(), 2, test);  // negative label
  Eigen::MatrixXd with_nan = train;
  with_nan(2, 1) = std::numeric_limits<double>::quiet_NaN();
  rejects(with_nan, labels, 2, test);
  rejects(train, labels, 2, with_nan.topRows(3));
}

TEST_CASE("single_training_class") {
  CHECK(single_training_class((Eigen::VectorXi(3) << 2, 2, 2).finished()) == 2);
  CHECK(single_training_class((Eigen::VectorXi(3) << 2, 0, 2).finished()) == -1);
  CHECK(single_training_class(Eigen::VectorXi(0)) == -1);
}

TEST_CASE("rows_grouped_by_class sorts by class and keeps the row order within a class") {
  const Eigen::VectorXi labels = (Eigen::VectorXi(6) << 2, 0, 1, 0, 2, 1).finished();
  CHECK(rows_grouped_by_class(labels) == std::vector<Eigen::Index>{1, 3, 2, 5, 0, 4});
  CHECK(rows_grouped_by_class(Eigen::VectorXi(0)).empty());
}

}  // namespace tsfs
