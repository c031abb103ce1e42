#include "plot/kendall_heatmap.hpp"

#include <doctest/doctest.h>

TEST_CASE("kendall_heatmap: the tau matrix as a data block, labelled tics, square figure") {
  Eigen::MatrixXd tau(2, 2);
  tau << 1.0, -0.5, -0.5, 1.0;
  const tsfs::Figure figure = tsfs::kendall_heatmap({"anova", "laplacian k=5"}, tau, "GunPoint");
  CHECK(figure.data == "1\t-0.5\n-0.5\t1\n");
  CHECK(figure.width == figure.height);
  CHECK(figure.width >= 700);
  CHECK(figure.body.find("plot 'GunPoint_kendall.dat' matrix with image") != std::string::npos);
  CHECK(figure.body.find("\"laplacian k=5\" 1") != std::string::npos);
  CHECK(figure.body.find("set xrange [-0.5:1.5]") != std::string::npos);
  CHECK(figure.body.find("Kendall tau-b between rankings, GunPoint") != std::string::npos);
}
