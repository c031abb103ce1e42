#pragma once
// A figure of line panels (one per facet) with one legend for the whole figure, below the grid,
// instead of one per panel; a series keeps one style in every panel, and the styles stay apart
// in greyscale: each series differs in colour, dash pattern and marker.
#include <algorithm>
#include <string>
#include <vector>

#include "config/plot_kind.hpp"
#include "plot/gnuplot_text.hpp"
#include "report/csv_table.hpp"

namespace tsfs::gnuplot {

// The style of the series at `index` of a figure's series: an Okabe-Ito colour, a dash pattern
// and a marker ("lc rgb ... dt ... pt ... ps ..."), for `with linespoints`.
std::string series_style(int index);
// Its marker (gnuplot point type), also for points coloured by class.
int series_marker(int index);
// Its colour alone, for the error band drawn under it.
std::string series_colour(int index);
// gnuplot's point interval for a line of `points` points: about eight markers per line, enough
// to tell the lines apart without hiding their shape.
int marker_interval(size_t points);

// Every series label of a figure's panels (pairs of panel label and lines, each line a pair of
// series label and points), in order of first appearance: a label's place is its style index.
template <typename Panels>
std::vector<std::string> series_order(const Panels& panels) {
  std::vector<std::string> order;
  for (const auto& panel : panels)
    for (const auto& line : panel.second)
      if (std::find(order.begin(), order.end(), line.first) == order.end())
        order.push_back(line.first);
  return order;
}

inline int style_of(const std::vector<std::string>& order, const std::string& label) {
  return static_cast<int>(std::find(order.begin(), order.end(), label) - order.begin());
}

// Key entries (gnuplot's keyentry) for the series of `order` that the first panel's `lines` do
// not draw, so that the one legend lists every series of the figure.
template <typename Lines>
std::vector<std::string> absent_series_entries(const std::vector<std::string>& order,
                                               const Lines& lines) {
  std::vector<std::string> entries;
  for (size_t i = 0; i < order.size(); ++i)
    if (std::none_of(lines.begin(), lines.end(),
                     [&](const auto& line) { return line.first == order[i]; }))
      entries.push_back("    keyentry with linespoints lw 2 " + series_style(static_cast<int>(i)) +
                        " title " + text(order[i]));
  return entries;
}

struct PanelGrid {
  size_t panels = 1;
  int panel_width = 560, panel_height = 480;  // pixels per panel, its axes and title included
  std::string title;                          // the figure's title
  std::string caption;                        // one more line under it (may be empty)
  std::string x_label, y_label;               // gnuplot strings
  std::vector<std::string> key_titles;        // every entry the legend will hold
};

// The figure's canvas and the script that opens its multiplot grid: fixed margins leave room
// below the grid for the legend, which the first panel draws (at screen coordinates, so every
// panel keeps the same size). After the first panel's plot command, append `kAfterFirstPanel`.
Figure panel_grid_figure(const PanelGrid& grid);
inline constexpr const char* kAfterFirstPanel = "  unset key\n";

// "protocol: P; fixed: a=1, b=2": what the drawn rows share, for a figure's caption. The columns
// before `protocol` are a run table's key columns (results.csv, folds.csv); a key column not in
// `shown` (the axes, series and facets) is fixed when the drawn rows give it exactly one
// non-empty value in every drawn row; a column that other selectors leave empty, or whose value
// differs between selectors, lists each value with its selectors ("k=30 (laplacian)", "fit_on=all
// (laplacian, variance); train (anova)"); a column with two values for one selector varies between
// lines and is left out. Empty when the table has no protocol column.
std::string fixed_parameters_caption(const CsvTable& table, const std::vector<size_t>& rows,
                                     const std::vector<std::string>& shown);

}  // namespace tsfs::gnuplot
