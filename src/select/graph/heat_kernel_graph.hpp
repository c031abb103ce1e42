#pragma once
// The similarity graph shared by the graph-based selectors (laplacian, spec with graph: knn,
// constraint_sc4): the kNN graph of the fit rows' distance matrix, with one heat-kernel width
// sigma = sigma_ratio x M-bar per requested ratio (selector_params.hpp's heat_kernel_width: M-bar
// is the mean of all fit x fit distances). A batch of sigmas shares the one graph.
#include <vector>

#include "graph/knn_graph.hpp"

namespace tsfs {

struct HeatKernelGraph {
  std::vector<double> sigmas;  // one per sigma ratio, in the order given
  SparseGraph graph;           // edges store distances (graph/knn_graph.hpp)
};

// The widths are computed (and checked: an InputError when all rows are identical or sigma
// overflows) before the graph is built. knn_graph's own checks apply to distances and k.
HeatKernelGraph heat_kernel_graph(const Eigen::MatrixXd& distances, int neighbours, Symmetrize mode,
                                  const std::vector<double>& sigma_ratios);

}  // namespace tsfs
