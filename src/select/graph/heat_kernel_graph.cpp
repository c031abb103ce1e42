#include "select/graph/heat_kernel_graph.hpp"

#include "select/selector_params.hpp"

namespace tsfs {

HeatKernelGraph heat_kernel_graph(const Eigen::MatrixXd& distances, int neighbours, Symmetrize mode,
                                  const std::vector<double>& sigma_ratios) {
  HeatKernelGraph result;
  const double mean_distance = distances.mean();
  for (const double ratio : sigma_ratios)
    result.sigmas.push_back(heat_kernel_width(ratio, mean_distance));
  result.graph = knn_graph(distances, neighbours, mode);
  return result;
}

}  // namespace tsfs
