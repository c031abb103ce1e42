#include "plot/kendall_heatmap.hpp"

#include <doctest/doctest.h>

#include <regex>

#include "support/temporary_folder.hpp"

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

TEST_CASE("compact_ranking_labels keeps the kind, the parameters that differ and the distance") {
  CHECK(tsfs::compact_ranking_labels({"anova()",
                                      "laplacian(k=5,sigma_ratio=1,order=ascending) @ euclidean",
                                      "laplacian(k=7,sigma_ratio=1,order=ascending) @ euclidean",
                                      "laplacian(k=5,sigma_ratio=1,order=ascending) @ dtw",
                                      "spec(graph=knn,k=10) @ euclidean", "variance"}) ==
        std::vector<std::string>{"anova", "laplacian(k=5) @ euclidean",
                                 "laplacian(k=7) @ euclidean", "laplacian @ dtw",
                                 "spec @ euclidean", "variance"});
}

namespace {

// The long labels of `runner rankings` over every selector, as in results/toolbox.
std::vector<std::string> long_labels() {
  std::vector<std::string> labels;
  for (const char* kind : {"anova", "fisher", "chi2", "info_gain", "mutual_info", "variance"})
    labels.push_back(std::string(kind) + "(bins=10,binning=equal_width,order=descending)");
  for (const char* kind : {"laplacian", "spec", "constraint_sc3", "constraint_sc4"})
    labels.push_back(std::string(kind) +
                     "(k=10,sigma_ratio=1,symmetrize=or,kernel_scale=1,order=ascending,"
                     "stable_weights=true,arithmetic=exact,variant=custom) @ euclidean");
  for (const char* kind : {"permutation_importance", "shapley"})
    labels.push_back(std::string(kind) +
                     "(estimator=logistic,penalty=l2,C=1,tol=0.0001,class_weight=none,"
                     "repeats=5,seed=0,validation_fraction=0.25)");
  return labels;
}

}  // namespace

// gnuplot, short of room for long rotated tic labels, draws the matrix off the canvas and writes
// an image with nothing on it (only a warning): the heat map's image must lie on the canvas and
// cover a good part of it.
TEST_CASE("a rendered Kendall heat map with long labels draws its matrix on the canvas") {
  const auto labels = long_labels();
  const auto count = static_cast<Eigen::Index>(labels.size());
  Eigen::MatrixXd tau = Eigen::MatrixXd::Constant(count, count, 0.3);
  tau.diagonal().setOnes();
  const tsfs::Figure figure = tsfs::kendall_heatmap(labels, tau, "ECG200");
  const tsfs::testing::TemporaryFolder folder("kendall_render");
  if (!tsfs::render_figure(figure, "ECG200_kendall", folder.path())) {
    MESSAGE("gnuplot not installed: the rendering is not checked");
    return;
  }
  const std::string svg = tsfs::testing::read_text(folder.path() / "ECG200_kendall.svg");
  std::smatch image;
  REQUIRE(std::regex_search(svg, image,
                            std::regex("<image x='([-0-9.]+)' y='([-0-9.]+)' width='([0-9.]+)' "
                                       "height='([0-9.]+)'")));
  const double x = std::stod(image[1]), y = std::stod(image[2]);
  const double width = std::stod(image[3]), height = std::stod(image[4]);
  CAPTURE(svg.substr(static_cast<size_t>(image.position(0)), 120));
  CHECK(x >= 0);
  CHECK(y >= 0);
  CHECK(x + width <= figure.width);
  CHECK(y + height <= figure.height);
  CHECK(width * height >= 0.2 * figure.width * figure.height);
}
