#include "plot/class_points.hpp"

#include <fmt/format.h>

#include "plot/gnuplot_text.hpp"
#include "plot/panel_grid.hpp"

namespace tsfs {

std::string class_point_blocks(Figure& figure, const std::string& name, int& block,
                               const ClassPoints& points, double point_size) {
  const auto& [coordinates, data, rows] = points;
  std::string plot;
  for (int label = 0; label < data.classes(); ++label) {
    const std::string series = "class " + data.class_names[static_cast<size_t>(label)];
    for (size_t r = 0; r < rows.size(); ++r)
      if (data.labels(rows[r]) == label) {
        const double x = coordinates(static_cast<Eigen::Index>(r), 0);
        const double y = coordinates(static_cast<Eigen::Index>(r), 1);
        figure.data += fmt::format("{}\t{}\n", gnuplot::number(x), gnuplot::number(y));
        figure.chart.add(data.name, series, PageMark::point, x, y);
      }
    figure.data += "\n\n";
    plot +=
        fmt::format("{}'{}.dat' index {} using 1:2 with points pt {} ps {} lc rgb \"{}\" title {}",
                    plot.empty() ? "" : ", ", name, block++, gnuplot::series_marker(label),
                    point_size, gnuplot::palette_colour(label), gnuplot::text(series));
  }
  return plot;
}

}  // namespace tsfs
