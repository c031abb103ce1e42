#pragma once
// Small helpers for writing gnuplot scripts and data.
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "common/text.hpp"
#include "config/plot_kind.hpp"

namespace tsfs::gnuplot {

// A double-quoted gnuplot string.
inline std::string text(const std::string& value) {
  std::string result = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') result += '\\';
    result += c;
  }
  return result + "\"";
}

// A number in a data file; gnuplot skips "NaN" points.
inline std::string number(double value) {
  return std::isfinite(value) ? format_double(value) : "NaN";
}

// Panels per row and rows for `panels` facets.
inline std::pair<int, int> layout(size_t panels) {
  int columns = static_cast<int>(std::min<size_t>(3, std::max<size_t>(1, panels)));
  int rows = static_cast<int>((std::max<size_t>(1, panels) + static_cast<size_t>(columns) - 1) /
                              static_cast<size_t>(columns));
  return {rows, columns};
}

// A figure of `panels` panels in a grid (one column: 800 px wide and `single_height` high;
// more: 560 px and `grid_height` per panel) opened with its multiplot title and axis labels
// (also the run page's, figure.chart), the key below each panel so long labels never crowd out
// the curves.
inline Figure panel_figure(size_t panels, int single_height, int grid_height,
                           const std::string& title, const std::string& x_label,
                           const std::string& y_label) {
  Figure figure;
  auto [panel_rows, panel_columns] = layout(panels);
  figure.width = panel_columns == 1 ? 800 : 560 * panel_columns;
  figure.height = (panel_columns == 1 ? single_height : grid_height) * panel_rows + 40;
  figure.body = fmt::format("  set multiplot layout {},{} title {}\n", panel_rows, panel_columns,
                            text(title));
  figure.body +=
      fmt::format("  set xlabel {}\n  set ylabel {}\n  set key below font \",9\"\n  set grid\n",
                  text(x_label), text(y_label));
  figure.chart.x_label = x_label;
  figure.chart.y_label = y_label;
  return figure;
}

// Okabe and Ito's colour-blind-safe palette (Color Universal Design, 2008) without its yellow,
// which is too faint on white (panel_grid.hpp adds dash patterns and markers for greyscale).
inline const char* palette_colour(int index) {
  static constexpr const char* kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                             "#E69F00", "#56B4E9", "#000000"};
  return kPalette[index % 7];
}

}  // namespace tsfs::gnuplot
