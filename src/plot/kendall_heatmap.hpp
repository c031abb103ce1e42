#pragma once
// The figure of `runner rankings`: a heat map of Kendall's tau-b between every pair of selector
// rankings of one dataset.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "plot/plot.hpp"

namespace tsfs {

// Short tic labels for rankings labelled "kind(name=value,...) @ distance": the kind, the
// parameters whose values differ among the rankings of the same kind and distance, and the
// distance ("laplacian(k=5) @ dtw"); the full labels stay in the CSV.
std::vector<std::string> compact_ranking_labels(const std::vector<std::string>& labels);

// tau is labels.size() x labels.size(); the data is read from "<dataset_name>_kendall.dat".
Figure kendall_heatmap(const std::vector<std::string>& labels, const Eigen::MatrixXd& tau,
                       const std::string& dataset_name);

}  // namespace tsfs
