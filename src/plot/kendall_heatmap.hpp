#pragma once
// The figure of `runner rankings`: a heat map of Kendall's tau-b between every pair of selector
// rankings of one dataset.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "plot/plot.hpp"

namespace tsfs {

// tau is labels.size() x labels.size(); the data is read from "<dataset_name>_kendall.dat".
Figure kendall_heatmap(const std::vector<std::string>& labels, const Eigen::MatrixXd& tau,
                       const std::string& dataset_name);

}  // namespace tsfs
