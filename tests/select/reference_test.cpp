// Agreement with scikit-learn 1.2.1 / scikit-feature reference scores on two small UCR feature
// matrices (tests/reference/selectors, described in its README.md and SOURCE_README.md).
// Set TSFS_PRINT_REFERENCE_DIFFS=1 to print the measured largest relative differences.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "graph/knn_graph.hpp"
#include "graph/laplacian_score.hpp"
#include "reference_csv.hpp"
#include "reference_data.hpp"
#include "select/selector.hpp"
#include "selector_test_helpers.hpp"

namespace {

using tsfs::ScoreOrder;
using tsfs::SelectionProblem;
using tsfs::SparseGraph;
using tsfs::testing::read_reference_matrix;
using tsfs::testing::read_reference_scores;

using tsfs::testing::check_against;
using tsfs::testing::euclidean_distances;
using LabelledData = tsfs::testing::LabelledData;
constexpr double relative_tolerance = tsfs::testing::reference_relative_tolerance;
const auto& prefixes = tsfs::testing::reference_prefixes;
const char* const graph_names[] = {"heat_kernel", "binary", "heat_kernel_tdata"};

// Heat-kernel widths t of the reference graphs, exp(-d^2 / (2 t^2)) (SOURCE_README.md, "Graphs").
double reference_t(const std::string& prefix, const std::string& graph) {
  if (graph == "heat_kernel") return 1.0;
  return prefix == "wafer150" ? 4.899 : 3.179;  // t_data
}

LabelledData load_data(const std::string& prefix) {
  return tsfs::testing::load_labelled_data(prefix);
}

SparseGraph sparse_of(const Eigen::MatrixXd& dense) {
  SparseGraph graph = dense.sparseView();  // keeps the non-zero entries (the diagonal too)
  graph.makeCompressed();
  return graph;
}

std::set<std::pair<Eigen::Index, Eigen::Index>> off_diagonal_support(const SparseGraph& graph) {
  std::set<std::pair<Eigen::Index, Eigen::Index>> support;
  for (Eigen::Index row = 0; row < graph.outerSize(); ++row)
    for (SparseGraph::InnerIterator entry(graph, row); entry; ++entry)
      if (entry.row() != entry.col()) support.insert({entry.row(), entry.col()});
  return support;
}

double reference_max_relative_difference(const Eigen::VectorXd& actual,
                                         const Eigen::VectorXd& expected) {
  return tsfs::testing::max_relative_difference(actual, expected);
}

void report(const std::string& what, double difference) {
  tsfs::testing::report_difference(what, difference);
}

}  // namespace

TEST_CASE(
    "laplacian_scores on the reference W matrices matches the NumPy and scikit-feature files") {
  for (const std::string prefix : prefixes) {
    CAPTURE(prefix);
    const LabelledData data = load_data(prefix);
    for (const std::string graph : graph_names) {
      CAPTURE(graph);
      const SparseGraph weights =
          sparse_of(read_reference_matrix("selectors/" + prefix + "_W_" + graph + ".csv", false));
      const Eigen::VectorXd scores = tsfs::laplacian_scores(data.features, weights);
      check_against(scores, prefix + "_lap_score_numpy_" + graph + ".csv", ScoreOrder::ascending);
      check_against(scores, prefix + "_lap_score_" + graph + ".csv", ScoreOrder::ascending);
    }
  }
}

// scikit-feature's construct_W(knn, k=5) differs from our knn_graph in two ways: each row's own
// zero distance is one of its k+1 = 6 "neighbours" (so the diagonal weight is 1), and the matrix
// is symmetrised with W = max(G, G'), i.e. the edge set of our "or" graph (for symmetric distances
// the two directions carry the same weight, so max is a no-op on the values). So the off-diagonal
// support must equal ours, the off-diagonal heat-kernel weights exp(-d^2 / (2 t^2)) must equal ours
// with sigma = t and kernel_scale = 2, and our W plus the identity must give the reference scores.
// Without the self-loops the scores differ (the diagonal adds 1 to every degree, i.e. to the
// denominator f~'Df~ but not to the numerator), so the "laplacian" selector, which builds graphs
// without self-loops, is not expected to reproduce the scikit-feature numbers.
TEST_CASE("knn_graph(k = 5, or) reproduces scikit-feature's kNN graphs off the diagonal") {
  for (const std::string prefix : prefixes) {
    CAPTURE(prefix);
    const LabelledData data = load_data(prefix);
    const Eigen::MatrixXd distances = euclidean_distances(data.features);
    const SparseGraph graph = tsfs::knn_graph(distances, 5, tsfs::Symmetrize::either);
    const auto our_support = off_diagonal_support(graph);

    for (const std::string name : graph_names) {
      CAPTURE(name);
      const Eigen::MatrixXd reference =
          read_reference_matrix("selectors/" + prefix + "_W_" + name + ".csv", false);
      CHECK(off_diagonal_support(sparse_of(reference)) == our_support);
      REQUIRE(reference.diagonal() == Eigen::VectorXd::Ones(reference.rows()));
      if (name == "binary") continue;

      const double t = reference_t(prefix, name);
      const auto weights = tsfs::heat_kernel_weights(graph, t, 2.0, false);
      CHECK(weights.zero_weight_fraction == 0.0);
      double largest_weight_difference = 0.0;
      for (Eigen::Index row = 0; row < weights.weights.outerSize(); ++row)
        for (SparseGraph::InnerIterator entry(weights.weights, row); entry; ++entry) {
          const double expected = reference(entry.row(), entry.col());
          largest_weight_difference =
              std::max(largest_weight_difference, std::abs(entry.value() - expected) / expected);
        }
      report(prefix + " W_" + name + " weights", largest_weight_difference);
      CHECK(largest_weight_difference < relative_tolerance);

      SparseGraph with_self_loops = weights.weights;
      for (Eigen::Index node = 0; node < with_self_loops.rows(); ++node)
        with_self_loops.coeffRef(node, node) = 1.0;
      const Eigen::VectorXd scores = tsfs::laplacian_scores(data.features, with_self_loops);
      check_against(scores, prefix + "_lap_score_numpy_" + name + ".csv", ScoreOrder::ascending);

      const Eigen::VectorXd without_loops = tsfs::laplacian_scores(data.features, weights.weights);
      const auto reference_scores =
          read_reference_scores("selectors/" + prefix + "_lap_score_numpy_" + name + ".csv");
      const double loop_effect =
          reference_max_relative_difference(without_loops, reference_scores.scores);
      report(prefix + " " + name + " without self-loops (expected to differ)", loop_effect);
      CHECK(loop_effect > 1e-6);
    }
  }
}

TEST_CASE("anova selector matches scikit-learn f_classif") {
  for (const std::string prefix : prefixes) {
    CAPTURE(prefix);
    const LabelledData data = load_data(prefix);
    const SelectionProblem problem{data.features, &data.labels, data.classes, nullptr};
    const auto selector = tsfs::testing::make_selector("anova");
    check_against(selector->score(problem).scores, prefix + "_f_classif.csv", selector->order());
  }
}

TEST_CASE("variance selector matches numpy.var") {
  for (const std::string prefix : prefixes) {
    CAPTURE(prefix);
    const LabelledData data = load_data(prefix);
    const SelectionProblem problem{data.features, nullptr, 0, nullptr};
    const auto selector = tsfs::testing::make_selector("variance");
    check_against(selector->score(problem).scores, prefix + "_variance.csv", selector->order());
  }
}
