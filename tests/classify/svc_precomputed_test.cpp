// The svc's precomputed kernels (src/classify/svc_precomputed.cpp) against libsvm's own RBF mode:
// the same training kernel values as floats (and the diagonal as doubles), which is all libsvm's
// solver reads, must give the same model and decision values bit for bit.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "classifier_test_support.hpp"
#include "classify/svc_libsvm.hpp"
#include "classify/svc_precomputed.hpp"
#include "gunpoint_fixture.hpp"
#include "numerics/exp_each.hpp"

namespace tsfs {
namespace {

Eigen::MatrixXd random_rows(Eigen::Index rows, Eigen::Index columns, unsigned seed) {
  std::mt19937 generator(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::MatrixXd values(rows, columns);
  for (Eigen::Index i = 0; i < values.size(); ++i) values(i) = normal(generator);
  return values;
}

// libsvm's sparse rows of a dense matrix (every entry, 1-based indices, closed by -1).
std::vector<std::vector<svm_node>> sparse_rows(const Eigen::MatrixXd& values) {
  std::vector<std::vector<svm_node>> rows(static_cast<size_t>(values.rows()));
  for (Eigen::Index i = 0; i < values.rows(); ++i) {
    for (Eigen::Index k = 0; k < values.cols(); ++k)
      rows[static_cast<size_t>(i)].push_back({static_cast<int>(k) + 1, values(i, k)});
    rows[static_cast<size_t>(i)].push_back({-1, 0.0});
  }
  return rows;
}

// Trains libsvm's RBF mode and the precomputed mode on the same rows (three classes) and
// compares the models' coefficients and the decision values of test rows bit for bit.
void check_same_model(const Eigen::MatrixXd& train, const Eigen::MatrixXd& test, double gamma) {
  std::vector<double> targets(static_cast<size_t>(train.rows()));
  for (size_t i = 0; i < targets.size(); ++i)
    targets[i] = static_cast<double>(3 * i / targets.size());
  for (size_t i = 0; i < targets.size(); ++i)  // classes overlap: many support vectors
    if (i % 7 == 0) targets[i] = static_cast<double>((static_cast<int>(targets[i]) + 1) % 3);
  const SvcOptions options;
  std::vector<std::vector<svm_node>> rows = sparse_rows(train);
  std::vector<svm_node*> row_pointers;
  for (auto& row : rows) row_pointers.push_back(row.data());
  svm_problem sparse_problem{static_cast<int>(train.rows()), targets.data(), row_pointers.data()};
  const LibsvmModel sparse = train_libsvm(sparse_problem, libsvm_parameters(options, RBF, gamma));

  PrecomputedKernelRows kernel(train.rows());
  kernel.set_libsvm_rbf(train, gamma);
  svm_problem kernel_problem{static_cast<int>(train.rows()), targets.data(), kernel.row_pointers()};
  const LibsvmModel precomputed =
      train_libsvm(kernel_problem, libsvm_parameters(options, PRECOMPUTED, 0.0));

  REQUIRE(sparse->l == precomputed->l);
  for (int pair = 0; pair < 3; ++pair)
    CHECK(test_support::same_bits(sparse->rho[pair], precomputed->rho[pair]));
  for (int row = 0; row < 2; ++row)
    for (int vector = 0; vector < sparse->l; ++vector)
      CHECK(
          test_support::same_bits(sparse->sv_coef[row][vector], precomputed->sv_coef[row][vector]));

  std::vector<Eigen::Index> every_row(static_cast<size_t>(train.rows()));
  for (size_t j = 0; j < every_row.size(); ++j) every_row[j] = static_cast<Eigen::Index>(j);
  const Eigen::MatrixXd test_squared = squared_distances_to_rows(test, train, every_row);
  std::vector<std::vector<svm_node>> queries = sparse_rows(test);
  std::vector<svm_node> kernel_query(static_cast<size_t>(train.rows()) + 2, svm_node{0, 0.0});
  kernel_query.back() = svm_node{-1, 0.0};
  for (Eigen::Index row = 0; row < test.rows(); ++row) {
    for (Eigen::Index j = 0; j < train.rows(); ++j)
      kernel_query[static_cast<size_t>(j) + 1] = {static_cast<int>(j) + 1,
                                                  std::exp(-gamma * test_squared(row, j))};
    double sparse_values[3], kernel_values[3];
    svm_predict_values(sparse.get(), queries[static_cast<size_t>(row)].data(), sparse_values);
    svm_predict_values(precomputed.get(), kernel_query.data(), kernel_values);
    for (int pair = 0; pair < 3; ++pair)
      CHECK(test_support::same_bits(sparse_values[pair], kernel_values[pair]));
  }
}

}  // namespace

TEST_CASE("set_libsvm_rbf writes libsvm's kernel_rbf values as floats in both triangles") {
  // Row counts below one group of four columns, at and around one tile (64 rows) and two, and 150
  // (three tiles, the last partial); 13 columns.
  for (const Eigen::Index count : {1L, 3L, 4L, 5L, 63L, 64L, 65L, 128L, 150L}) {
    CAPTURE(count);
    const Eigen::MatrixXd features = random_rows(count, 13, 3);
    const double gamma = 0.07;
    PrecomputedKernelRows kernel(features.rows());
    kernel.set_libsvm_rbf(features, gamma);
    // libsvm's dot(): products summed in column order, each rounded (volatile: no contraction).
    auto dot = [&](Eigen::Index i, Eigen::Index j) {
      double sum = 0.0;
      for (Eigen::Index k = 0; k < features.cols(); ++k) {
        const volatile double product = features(i, k) * features(j, k);
        sum += product;
      }
      return sum;
    };
    // libsvm's solver reads each value as a float, the diagonal (QD) as a double.
    auto as_float = [](double value) { return static_cast<float>(value); };
    svm_node** rows = kernel.row_pointers();
    bool same = true;
    size_t other_doubles = 0;
    for (Eigen::Index i = 0; i < count; ++i) {
      same = same && rows[i][0].index == 0 && rows[i][0].value == static_cast<double>(i + 1) &&
             rows[i][count + 1].index == -1 && test_support::same_bits(rows[i][i + 1].value, 1.0);
      for (Eigen::Index j = 0; j <= i; ++j) {
        const double expected = std::exp(-gamma * (dot(i, i) + dot(j, j) - 2 * dot(i, j)));
        same = same && rows[i][j + 1].index == j + 1 && rows[j][i + 1].index == i + 1 &&
               as_float(rows[i][j + 1].value) == as_float(expected) &&
               test_support::same_bits(rows[i][j + 1].value, rows[j][i + 1].value);
        other_doubles += !test_support::same_bits(rows[i][j + 1].value, expected);
      }
    }
    CHECK(same);
    // The vector exponential's doubles differ from glibc's now and then (its floats never).
    if (count >= 64 && exp_each_isa(best_isa()) != Isa::sse2) CHECK(other_doubles > 0);
  }
}

TEST_CASE("set_rbf writes exp's floats off the diagonal and its doubles on it") {
  // A diagonal that is not 0 (no caller gives one) still gets std::exp's double, which libsvm
  // reads as one.
  const Eigen::Index count = 70;
  Eigen::MatrixXd squared = random_rows(count, count, 7).cwiseAbs() * 3.0;
  squared = (squared + squared.transpose()).eval();
  const double gamma = 0.4;
  PrecomputedKernelRows kernel(count);
  kernel.set_rbf(squared, gamma);
  svm_node** rows = kernel.row_pointers();
  bool same = true;
  for (Eigen::Index i = 0; i < count; ++i)
    for (Eigen::Index j = 0; j <= i; ++j) {
      const double expected = std::exp(-gamma * squared(i, j));
      same = same && test_support::same_bits(rows[i][j + 1].value, rows[j][i + 1].value) &&
             (i == j ? test_support::same_bits(rows[i][i + 1].value, expected)
                     : static_cast<float>(rows[i][j + 1].value) == static_cast<float>(expected));
    }
  CHECK(same);
}

TEST_CASE("precomputed kernels refuse inputs of another size") {
  PrecomputedKernelRows kernel(5);
  CHECK_THROWS_AS(kernel.set_libsvm_rbf(random_rows(4, 3, 1), 0.1), std::invalid_argument);
  CHECK_THROWS_AS(kernel.set_rbf(Eigen::MatrixXd::Zero(5, 4), 0.1), std::invalid_argument);
}

TEST_CASE("squared_distances_to_rows fills the listed training rows only") {
  const Eigen::MatrixXd train = random_rows(9, 6, 5);
  const Eigen::MatrixXd test = random_rows(4, 6, 6);
  const Eigen::MatrixXd squared = squared_distances_to_rows(test, train, {2, 7});
  for (Eigen::Index j = 0; j < train.rows(); ++j)
    for (Eigen::Index t = 0; t < test.rows(); ++t)
      CHECK(squared(t, j) ==
            ((j == 2 || j == 7)
                 ? doctest::Approx((test.row(t) - train.row(j)).squaredNorm()).epsilon(1e-14)
                 : doctest::Approx(0.0)));
  CHECK_THROWS_AS(squared_distances_to_rows(test.leftCols(5), train, {0}), std::invalid_argument);
}

TEST_CASE("precomputed kernels train and predict as libsvm's RBF mode, bit for bit") {
  for (const Eigen::Index columns : {1L, 5L, 30L, 81L}) {
    CAPTURE(columns);
    check_same_model(random_rows(90, columns, 11), random_rows(25, columns, 12),
                     1.0 / static_cast<double>(columns));
  }
}

TEST_CASE("svc predicts the same through the precomputed and the sparse path") {
  const test_support::GunPoint data = test_support::load_gunpoint();
  SvcOptions sparse;
  sparse.precomputed_max_rows = 0;
  for (const Eigen::Index columns :
       {Eigen::Index{1}, Eigen::Index{7}, Eigen::Index{40}, data.train.features.cols()}) {
    CAPTURE(columns);
    const Eigen::MatrixXd train = data.train.features.leftCols(columns);
    const Eigen::MatrixXd test = data.test.features.leftCols(columns);
    CHECK(make_svc_classifier(SvcOptions{})->fit_predict(train, data.train.labels, 2, test) ==
          make_svc_classifier(sparse)->fit_predict(train, data.train.labels, 2, test));
  }
}

}  // namespace tsfs
