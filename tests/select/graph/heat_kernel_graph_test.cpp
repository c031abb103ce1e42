#include "select/graph/heat_kernel_graph.hpp"

#include <doctest/doctest.h>

#include "common/error.hpp"

namespace {

// Four points on a line at 0, 1, 3, 7: their absolute differences.
Eigen::MatrixXd line_distances() {
  const double position[] = {0.0, 1.0, 3.0, 7.0};
  Eigen::MatrixXd distances(4, 4);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) distances(i, j) = std::abs(position[i] - position[j]);
  return distances;
}

}  // namespace

TEST_CASE("heat_kernel_graph: one width per ratio (ratio x mean distance) and the kNN graph") {
  const Eigen::MatrixXd distances = line_distances();
  const tsfs::HeatKernelGraph graph =
      tsfs::heat_kernel_graph(distances, 1, tsfs::Symmetrize::none, {0.5, 2.0});
  REQUIRE(graph.sigmas.size() == 2);
  CHECK(graph.sigmas[0] == 0.5 * distances.mean());
  CHECK(graph.sigmas[1] == 2.0 * distances.mean());
  const tsfs::SparseGraph expected = tsfs::knn_graph(distances, 1, tsfs::Symmetrize::none);
  CHECK(graph.graph.nonZeros() == expected.nonZeros());
  CHECK((Eigen::MatrixXd(graph.graph) - Eigen::MatrixXd(expected)).norm() == 0.0);
}

TEST_CASE("heat_kernel_graph: identical rows leave no usable width (an input error)") {
  const Eigen::MatrixXd distances = Eigen::MatrixXd::Zero(4, 4);
  CHECK_THROWS_AS(tsfs::heat_kernel_graph(distances, 1, tsfs::Symmetrize::either, {1.0}),
                  tsfs::InputError);
}
