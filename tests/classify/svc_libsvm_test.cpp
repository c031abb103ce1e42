// LibsvmDecisions (src/classify/svc_libsvm.cpp) against libsvm's svm_predict_values: the same
// decision values bit for bit and the same label for every row of a block, on trained models and
// on a model built by hand whose votes tie.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "classifier_test_support.hpp"
#include "classify/svc_libsvm.hpp"
#include "classify/svc_precomputed.hpp"

namespace tsfs {
namespace {

// Decides a block of queries, given as their kernel values against every training row, with
// LibsvmDecisions, and checks each row against svm_predict_values on libsvm's precomputed query.
// Returns the block's labels.
std::vector<int> check_same_as_libsvm(const svm_model& model,
                                      const std::vector<std::vector<double>>& kernel_rows) {
  const size_t pairs = one_vs_one_pairs(model);
  const std::vector<Eigen::Index> vectors = support_vector_rows(model);
  std::vector<double> block(vectors.size() * kDecisionBlockRows, 0.5);
  for (size_t v = 0; v < vectors.size(); ++v)
    for (size_t r = 0; r < kernel_rows.size(); ++r)
      block[v * kDecisionBlockRows + r] = kernel_rows[r][static_cast<size_t>(vectors[v])];
  std::vector<double> decisions(pairs * kDecisionBlockRows);
  std::vector<int> labels(kDecisionBlockRows, -1);
  LibsvmDecisions(model).decide(block.data(), static_cast<Eigen::Index>(kernel_rows.size()),
                                decisions.data(), labels.data());

  for (size_t r = 0; r < kernel_rows.size(); ++r) {
    CAPTURE(r);
    std::vector<svm_node> query{{0, 0.0}};
    for (size_t j = 0; j < kernel_rows[r].size(); ++j)
      query.push_back({static_cast<int>(j) + 1, kernel_rows[r][j]});
    query.push_back({-1, 0.0});
    std::vector<double> expected(pairs);
    const double label = svm_predict_values(&model, query.data(), expected.data());
    CHECK(labels[r] == static_cast<int>(label));
    for (size_t pair = 0; pair < pairs; ++pair)
      CHECK(test_support::same_bits(decisions[r * pairs + pair], expected[pair]));
  }
  for (size_t r = kernel_rows.size(); r < labels.size(); ++r) CHECK(labels[r] == -1);
  labels.resize(kernel_rows.size());
  return labels;
}

}  // namespace

TEST_CASE("LibsvmDecisions gives svm_predict_values's decision values and labels, bit for bit") {
  for (const int classes : {2, 3, 5}) {
    CAPTURE(classes);
    std::mt19937 generator(static_cast<unsigned>(17 + classes));
    std::normal_distribution<double> normal(0.0, 1.0);
    const Eigen::Index rows = 80;
    Eigen::MatrixXd features(rows, 6);
    for (Eigen::Index i = 0; i < features.size(); ++i) features(i) = normal(generator);
    std::vector<double> targets(static_cast<size_t>(rows));
    for (size_t i = 0; i < targets.size(); ++i)  // grouped by class, with overlapping classes
      targets[i] = static_cast<double>(static_cast<int>(i) * classes / static_cast<int>(rows));
    for (Eigen::Index i = 0; i < rows; ++i) features(i, 0) += targets[static_cast<size_t>(i)];

    const double gamma = 1.0 / 6.0;
    PrecomputedKernelRows kernel(rows);
    kernel.set_libsvm_rbf(features, gamma);
    svm_problem problem{static_cast<int>(rows), targets.data(), kernel.row_pointers()};
    const LibsvmModel model = train_libsvm(problem, libsvm_parameters({}, PRECOMPUTED, 0.0));
    REQUIRE(model->nr_class == classes);

    // Blocks of 16, 16 and 8 rows: a partial block reports its rows only.
    for (const size_t block_rows : {size_t{16}, size_t{16}, size_t{8}}) {
      std::vector<std::vector<double>> kernel_rows;
      for (size_t query = 0; query < block_rows; ++query) {
        Eigen::VectorXd point(6);
        for (Eigen::Index k = 0; k < 6; ++k) point(k) = 2 * normal(generator);
        std::vector<double>& kernel_row = kernel_rows.emplace_back(static_cast<size_t>(rows));
        for (Eigen::Index j = 0; j < rows; ++j)
          kernel_row[static_cast<size_t>(j)] =
              std::exp(-gamma * (features.row(j).transpose() - point).squaredNorm());
      }
      check_same_as_libsvm(*model, kernel_rows);
    }
  }
}

TEST_CASE("LibsvmDecisions breaks vote ties and zero decisions as libsvm does") {
  // Three classes with one support vector each (kernel rows 0, 1, 2, labels 7, 8, 9); with
  // kernel values 1, the decisions of pairs (7, 8), (7, 9), (8, 9) are the coefficient sums
  // minus rho.
  svm_node vectors[3][2] = {{{0, 1.0}, {-1, 0.0}}, {{0, 2.0}, {-1, 0.0}}, {{0, 3.0}, {-1, 0.0}}};
  svm_node* support_vectors[3] = {vectors[0], vectors[1], vectors[2]};
  double first_row[3] = {1.0, 1.0, 1.0};
  double second_row[3] = {1.0, 1.0, 1.0};
  double* coefficients[2] = {first_row, second_row};
  int labels[3] = {7, 8, 9};
  int support_vector_counts[3] = {1, 1, 1};
  svm_model model{};
  model.param.svm_type = C_SVC;
  model.param.kernel_type = PRECOMPUTED;
  model.nr_class = 3;
  model.l = 3;
  model.SV = support_vectors;
  model.sv_coef = coefficients;
  model.label = labels;
  model.nSV = support_vector_counts;

  // Each class wins one pair: 7 beats 8 (2 - 1 > 0), 9 beats 7 (2 - 3 < 0), 8 beats 9.
  double cycle[3] = {1.0, 3.0, 1.0};
  model.rho = cycle;
  CHECK(check_same_as_libsvm(model, {{1.0, 1.0, 1.0}}) == std::vector<int>{7});
  // Decisions of exactly 0 vote for the second class of their pair.
  double zeros[3] = {2.0, 2.0, 2.0};
  model.rho = zeros;
  CHECK(check_same_as_libsvm(model, {{1.0, 1.0, 1.0}, {1.0, 1.0, 1.0}}) == std::vector<int>{9, 9});
}

}  // namespace tsfs
