// The svc classifier's nested-subset fits (src/classify/svc_nested.cpp) against its direct fits.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "classifier_test_support.hpp"
#include "classify/classifier.hpp"
#include "classify/growing_distances.hpp"
#include "classify/standardize.hpp"
#include "classify/svc_classifier.hpp"
#include "gunpoint_fixture.hpp"

namespace tsfs {
namespace {

// Column order of a nested sweep: a fixed pseudo-random permutation, as a ranking would be.
std::vector<int> shuffled_columns(Eigen::Index count, unsigned seed) {
  std::vector<int> columns(static_cast<size_t>(count));
  std::iota(columns.begin(), columns.end(), 0);
  std::shuffle(columns.begin(), columns.end(), std::mt19937(seed));
  return columns;
}

// Predictions of `kind`'s direct fits on the first n columns of `order`, for every n in `sizes`.
// The direct path sees the columns in ascending index order, as the sweep gives them.
std::vector<Eigen::VectorXi> direct_predictions(const std::string& kind,
                                                const test_support::GunPoint& data,
                                                const std::vector<int>& order,
                                                const std::vector<Eigen::Index>& sizes) {
  const auto classifier = test_support::make_classifier(kind);
  std::vector<Eigen::VectorXi> predictions;
  for (const Eigen::Index size : sizes) {
    std::vector<int> subset(order.begin(), order.begin() + size);
    std::sort(subset.begin(), subset.end());
    predictions.push_back(classifier->fit_predict(data.train.features(Eigen::all, subset),
                                                  data.train.labels, 2,
                                                  data.test.features(Eigen::all, subset)));
  }
  return predictions;
}

std::vector<Eigen::VectorXi> nested_predictions(const std::string& kind,
                                                const test_support::GunPoint& data,
                                                const std::vector<int>& order,
                                                const std::vector<Eigen::Index>& sizes) {
  REQUIRE(ClassifierRegistry::instance().find(kind)->nested);
  const auto configured = test_support::make_classifier(kind);
  const NestedSubsetClassifier* classifier = configured->nested();
  REQUIRE(classifier != nullptr);
  std::vector<Eigen::VectorXi> predictions(sizes.size());
  classifier->fit_predict_nested(
      data.train.features(Eigen::all, order), data.train.labels, 2,
      data.test.features(Eigen::all, order), sizes,
      [&](size_t subset, const Predictions& predicted) { predictions[subset] = predicted.labels; });
  return predictions;
}

std::vector<Eigen::Index> every_size(Eigen::Index columns) {
  std::vector<Eigen::Index> sizes(static_cast<size_t>(columns));
  std::iota(sizes.begin(), sizes.end(), Eigen::Index{1});
  return sizes;
}

}  // namespace

TEST_CASE("growing svc gamma equals resolve_svc_gamma on every prefix of columns") {
  const test_support::GunPoint data = test_support::load_gunpoint();
  const Eigen::MatrixXd scaled = standardize(data.train.features, data.test.features).train;
  for (const char* gamma : {"scale", "auto", "0.25"}) {
    CAPTURE(gamma);
    GrowingSvcGamma growing(gamma, scaled.rows());
    CHECK_THROWS_AS(growing.value(), std::logic_error);
    for (Eigen::Index columns = 1; columns <= scaled.cols(); ++columns) {
      growing.add_column(scaled.col(columns - 1));
      CHECK(growing.value() ==
            doctest::Approx(resolve_svc_gamma(gamma, scaled.leftCols(columns))).epsilon(1e-12));
    }
  }
  CHECK_THROWS_AS(GrowingSvcGamma("wide", 3), std::invalid_argument);
  CHECK_THROWS_AS(GrowingSvcGamma("scale", 0), std::invalid_argument);
  GrowingSvcGamma constant("scale", 4);
  constant.add_column(Eigen::VectorXd::Zero(4));
  CHECK(constant.value() == 1.0);  // variance 0: scikit-learn's gamma 1
}

TEST_CASE("incremental RBF kernels equal the directly computed ones to 1e-12") {
  // GunPoint's standardised rows in a ranking's column order; the direct kernel of each prefix
  // sums over the columns in ascending index order, as the direct path does.
  const test_support::GunPoint data = test_support::load_gunpoint();
  const StandardizedRows scaled = standardize(data.train.features, data.test.features);
  const std::vector<int> order = shuffled_columns(scaled.train.cols(), 3);
  const Eigen::MatrixXd train = scaled.train(Eigen::all, order);
  const Eigen::MatrixXd test = scaled.test(Eigen::all, order);
  GrowingSquaredDistances train_squared(train.rows(), train.rows(),
                                        GrowingSquaredDistances::Entries::lower_triangle);
  GrowingSquaredDistances test_squared(test.rows(), train.rows());
  GrowingSvcGamma gamma("scale", train.rows());
  double largest_difference = 0.0;
  for (Eigen::Index columns = 1; columns <= train.cols(); ++columns) {
    train_squared.add_columns(train.col(columns - 1), train.col(columns - 1));
    test_squared.add_columns(test.col(columns - 1), train.col(columns - 1));
    gamma.add_column(train.col(columns - 1));
    std::vector<int> subset(order.begin(), order.begin() + columns);
    std::sort(subset.begin(), subset.end());
    const Eigen::MatrixXd direct_train = scaled.train(Eigen::all, subset);
    const Eigen::MatrixXd direct_test = scaled.test(Eigen::all, subset);
    const double direct_gamma = resolve_svc_gamma("scale", direct_train);
    for (Eigen::Index j = 0; j < train.rows(); ++j) {
      for (Eigen::Index i = j; i < train.rows(); ++i) {  // the lower triangle the kernel reads
        const double direct =
            std::exp(-direct_gamma * (direct_train.row(i) - direct_train.row(j)).squaredNorm());
        const double grown = std::exp(-gamma.value() * train_squared.squared()(i, j));
        largest_difference = std::max(largest_difference, std::abs(grown - direct));
      }
      for (Eigen::Index i = 0; i < test.rows(); ++i) {
        const double direct =
            std::exp(-direct_gamma * (direct_test.row(i) - direct_train.row(j)).squaredNorm());
        const double grown = std::exp(-gamma.value() * test_squared.squared()(i, j));
        largest_difference = std::max(largest_difference, std::abs(grown - direct));
      }
    }
  }
  CHECK(largest_difference < 1e-12);
}

TEST_CASE("nested-subset fits predict as the direct fits on GunPoint, every n of a ranking") {
  const test_support::GunPoint data = test_support::load_gunpoint();
  const std::vector<int> order = shuffled_columns(data.train.features.cols(), 5);
  const std::vector<Eigen::Index> sizes = every_size(data.train.features.cols());
  for (const char* kind : {"svc", "knn"}) {
    CAPTURE(kind);
    const auto direct = direct_predictions(kind, data, order, sizes);
    const auto nested = nested_predictions(kind, data, order, sizes);
    int differing_subsets = 0;
    for (size_t subset = 0; subset < sizes.size(); ++subset)
      if (nested[subset] != direct[subset]) ++differing_subsets;
    CHECK(differing_subsets == 0);
  }
}

TEST_CASE("nested-subset fits on sparse sizes skip nothing and report in order") {
  const test_support::GunPoint data = test_support::load_gunpoint();
  const std::vector<int> order = shuffled_columns(data.train.features.cols(), 9);
  const std::vector<Eigen::Index> sizes{3, 40, 41, 150};
  for (const char* kind : {"svc", "knn"}) {
    CAPTURE(kind);
    CHECK(nested_predictions(kind, data, order, sizes) ==
          direct_predictions(kind, data, order, sizes));
  }
}

TEST_CASE("nested-subset fits report the direct fits' scores") {
  // The scores feed ROC AUC and average precision (metrics: in a spec) on the nested path too.
  const test_support::GunPoint data = test_support::load_gunpoint();
  const std::vector<int> order = shuffled_columns(data.train.features.cols(), 5);
  const std::vector<Eigen::Index> sizes{2, 17, 60};
  for (const char* kind : {"svc", "knn"}) {
    CAPTURE(kind);
    const auto direct = test_support::make_classifier(kind);
    const auto configured = test_support::make_classifier(kind);
    const NestedSubsetClassifier* nested = configured->nested();
    REQUIRE(nested != nullptr);
    const Eigen::MatrixXd train = data.train.features(Eigen::all, order);
    const Eigen::MatrixXd test = data.test.features(Eigen::all, order);
    size_t reports = 0;
    nested->fit_predict_nested(
        train, data.train.labels, 2, test, sizes, [&](size_t subset, const Predictions& reported) {
          ++reports;
          const Eigen::Index size = sizes[subset];
          const Predictions expected = direct->fit_predict_scores(
              train.leftCols(size), data.train.labels, 2, test.leftCols(size));
          REQUIRE(reported.scores.rows() == expected.scores.rows());
          REQUIRE(reported.scores.cols() == 1);
          // svc: the kernels differ in the order of their column sums (last-bit rounding).
          CHECK((reported.scores - expected.scores).cwiseAbs().maxCoeff() <= 1e-9);
        });
    CHECK(reports == sizes.size());
  }
}

TEST_CASE("nested svc on three interleaved classes predicts as the direct svc") {
  // libsvm trains one-vs-one sub-problems on subsets of the rows; their precomputed kernel rows
  // must still be read by the full problem's serial numbers.
  std::mt19937 generator(17);
  std::normal_distribution<double> noise(0.0, 1.0);
  const int rows = 60, test_rows = 45, columns = 25;
  Eigen::MatrixXd train(rows, columns), test(test_rows, columns);
  Eigen::VectorXi labels(rows), test_labels(test_rows);
  auto fill = [&](Eigen::MatrixXd& features, Eigen::VectorXi& classes) {
    for (Eigen::Index row = 0; row < features.rows(); ++row) {
      classes(row) = static_cast<int>((row * 7) % 3);
      for (Eigen::Index column = 0; column < columns; ++column)
        features(row, column) = noise(generator) + (column % 3 == classes(row) ? 0.8 : 0.0);
    }
  };
  fill(train, labels);
  fill(test, test_labels);
  const auto direct = test_support::make_classifier("svc");
  const NestedSubsetClassifier* nested = direct->nested();
  REQUIRE(nested != nullptr);
  const std::vector<Eigen::Index> sizes = every_size(columns);
  int differing_subsets = 0;
  nested->fit_predict_nested(
      train, labels, 3, test, sizes, [&](size_t subset, const Predictions& predicted) {
        const Eigen::Index size = sizes[subset];
        if (predicted.labels !=
            direct->fit_predict(train.leftCols(size), labels, 3, test.leftCols(size)))
          ++differing_subsets;
      });
  CHECK(differing_subsets == 0);
}

TEST_CASE("nested fits with one training class, and bad subset sizes") {
  const Eigen::MatrixXd train = Eigen::MatrixXd::Random(4, 3);
  const Eigen::MatrixXd test = Eigen::MatrixXd::Random(2, 3);
  for (const char* kind : {"svc", "knn"}) {
    CAPTURE(kind);
    const auto configured = test_support::make_classifier(kind);
    const NestedSubsetClassifier* nested = configured->nested();
    REQUIRE(nested != nullptr);
    std::vector<size_t> reported;
    const Eigen::VectorXi one_class = Eigen::VectorXi::Constant(4, 1);
    nested->fit_predict_nested(train, one_class, 2, test, {1, 3},
                               [&](size_t subset, const Predictions& predicted) {
                                 reported.push_back(subset);
                                 CHECK(predicted.labels == Eigen::VectorXi::Constant(2, 1));
                               });
    CHECK(reported == std::vector<size_t>{0, 1});
    const Eigen::VectorXi labels = (Eigen::VectorXi(4) << 0, 1, 0, 1).finished();
    auto ignore = [](size_t, const Predictions&) {};
    for (const std::vector<Eigen::Index>& bad :
         {std::vector<Eigen::Index>{}, {0}, {2, 2}, {3, 1}, {4}})
      CHECK_THROWS_AS(nested->fit_predict_nested(train, labels, 2, test, bad, ignore),
                      std::invalid_argument);
  }
}

}  // namespace tsfs
