#include "plot/kendall_heatmap.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/text.hpp"
#include "plot/gnuplot_text.hpp"

namespace tsfs {

// Heat map of the tau matrix, labelled with the rankings (gnuplot's matrix image).
Figure kendall_heatmap(const std::vector<std::string>& labels, const Eigen::MatrixXd& tau,
                       const std::string& dataset_name) {
  Figure figure;
  figure.width = figure.height = std::max(700, 90 + 28 * static_cast<int>(labels.size()));
  for (Eigen::Index row = 0; row < tau.rows(); ++row) {
    for (Eigen::Index column = 0; column < tau.cols(); ++column)
      figure.data += (column ? "\t" : "") + gnuplot::number(tau(row, column));
    figure.data += '\n';
  }
  std::vector<std::string> tics;
  for (size_t i = 0; i < labels.size(); ++i)
    tics.push_back(fmt::format("{} {}", gnuplot::text(labels[i]), i));
  std::string tic_list = fmt::format("({})", fmt::join(tics, ", "));
  figure.body = fmt::format(
      "  set title {}\n  set size square\n  set cbrange [-1:1]\n"
      "  set palette defined (-1 \"#2166ac\", 0 \"#f7f7f7\", 1 \"#b2182b\")\n"
      "  set xtics {} rotate by 60 right font \",8\"\n  set ytics {} font \",8\"\n"
      "  set xrange [-0.5:{}]\n  set yrange [{}:-0.5]\n"
      "  plot '{}_kendall.dat' matrix with image notitle\n",
      gnuplot::text("Kendall tau-b between rankings, " + dataset_name), tic_list, tic_list,
      format_double(static_cast<double>(labels.size()) - 0.5),
      format_double(static_cast<double>(labels.size()) - 0.5), dataset_name);
  return figure;
}

}  // namespace tsfs
