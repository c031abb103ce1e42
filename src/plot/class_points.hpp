#pragma once
// Points of a 2-D view coloured and marked by class, shared by the embeddings and the PCA biplot.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "config/plot_kind.hpp"
#include "data/dataset.hpp"

namespace tsfs {

// Points of some rows of a dataset: coordinates row r is dataset row rows[r].
struct ClassPoints {
  const Eigen::MatrixXd& coordinates;
  const Dataset& data;
  const std::vector<int>& rows;
};

// Appends one data block per class to figure.data (the coordinates of the rows of that class),
// and the points to figure.chart (the dataset as the panel, "class NAME" as the series; the
// caller names the axes),
// advancing `block` past them, and returns the plot clauses that draw them ("'NAME.dat' index B
// using 1:2 with points ...", comma-separated).
std::string class_point_blocks(Figure& figure, const std::string& name, int& block,
                               const ClassPoints& points, double point_size);

}  // namespace tsfs
