#pragma once
// Points of a 2-D view coloured and marked by class, shared by the embeddings and the PCA biplot.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "config/plot_kind.hpp"
#include "data/dataset.hpp"

namespace tsfs {

// Appends one data block per class to figure.data (the coordinates of the rows of that class;
// coordinates row r is dataset row rows[r]), advancing `block` past them, and returns the plot
// clauses that draw them ("'NAME.dat' index B using 1:2 with points ...", comma-separated).
std::string class_point_blocks(Figure& figure, const std::string& name, int& block,
                               const Eigen::MatrixXd& coordinates, const Dataset& data,
                               const std::vector<int>& rows, double point_size);

}  // namespace tsfs
