#include "plot/panel_grid.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "common/text.hpp"
#include "plot/gnuplot_text.hpp"

namespace tsfs::gnuplot {
namespace {

// Pixel sizes of the grid's frame. A panel's tick labels, axis labels and title sit in the
// spacing between plot areas; the legend's font is 9 pt, about 6.5 px per character.
constexpr int kLeft = 80, kRight = 30, kBelowAxes = 75, kSpacingX = 90, kSpacingY = 85;
constexpr int kTitleLine = 20, kPanelTitle = 25, kKeyLine = 16, kKeyPadding = 12;
constexpr double kKeyCharacter = 6.5, kTitleCharacter = 8.0;
constexpr int kKeySampleCharacters = 8;  // the line sample and the gaps around an entry

// Gaps between words become line breaks so that no line is longer than `width` characters.
std::vector<std::string> wrapped(const std::string& text, size_t width) {
  std::vector<std::string> lines;
  std::string line;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

// A gnuplot string of several lines: each line quoted as `text` quotes it, joined by gnuplot's
// "\n" escape.
std::string lines_text(const std::vector<std::string>& lines) {
  std::string joined;
  for (const auto& line : lines) {
    const std::string quoted = text(line);
    joined += (joined.empty() ? "" : "\\n") + quoted.substr(1, quoted.size() - 2);
  }
  return "\"" + joined + "\"";
}

}  // namespace

std::string series_colour(int index) {
  return fmt::format("lc rgb \"{}\"", palette_colour(index));
}

std::string series_style(int index) {
  // Filled circle, square, up and down triangles, diamond, then open circle and square: seven
  // markers against five dash patterns (solid, dashed, dotted, dash-dot, dash-dot-dot), so no
  // two of the first 35 series share both.
  static constexpr int kMarkers[] = {7, 5, 9, 11, 13, 6, 4};
  return fmt::format("{} dt {} pt {} ps 0.9", series_colour(index), 1 + index % 5,
                     kMarkers[index % 7]);
}

int marker_interval(size_t points) {
  return static_cast<int>(std::max<size_t>(1, (points + 7) / 8));
}

Figure panel_grid_figure(const PanelGrid& grid) {
  auto [rows, columns] = layout(grid.panels);
  Figure figure;
  figure.width = kLeft + kRight + columns * grid.panel_width - kSpacingX;
  // The legend: entries side by side, as many per line as the canvas holds.
  size_t longest = 0;
  for (const auto& title : grid.key_titles) longest = std::max(longest, title.size());
  const double entry_width = kKeyCharacter * static_cast<double>(longest + kKeySampleCharacters);
  // gnuplot fits the key into the width of the panel that draws it.
  const int key_columns =
      std::max(1, static_cast<int>((grid.panel_width - kSpacingX) / entry_width));
  const auto key_rows = static_cast<int>((grid.key_titles.size() + key_columns - 1) / key_columns);
  const int key_height = key_rows * kKeyLine + kKeyPadding;
  std::vector<std::string> heading;
  if (!grid.title.empty()) heading.push_back(grid.title);
  const auto caption = wrapped(
      grid.caption, static_cast<size_t>(static_cast<double>(figure.width - 40) / kTitleCharacter));
  heading.insert(heading.end(), caption.begin(), caption.end());
  const int top = kTitleLine * static_cast<int>(heading.size()) + kPanelTitle + 15;
  const int bottom = kBelowAxes + key_height;
  figure.height = top + bottom + rows * grid.panel_height - kSpacingY;
  const double width = figure.width, height = figure.height;
  figure.body = fmt::format(
      "  set multiplot layout {},{} margins {:.4f},{:.4f},{:.4f},{:.4f} spacing {:.4f},{:.4f} "
      "title {}\n",
      rows, columns, kLeft / width, 1.0 - kRight / width, bottom / height, 1.0 - top / height,
      kSpacingX / width, kSpacingY / height, lines_text(heading));
  figure.body += fmt::format(
      "  set xlabel {}\n  set ylabel {}\n  set grid\n"
      "  set key at screen 0.5,{:.4f} center bottom horizontal maxcols {} font \",9\" samplen 3\n",
      grid.x_label, grid.y_label, 6.0 / height, key_columns);
  return figure;
}

std::string fixed_parameters_caption(const CsvTable& table, const std::vector<size_t>& rows,
                                     const std::vector<std::string>& shown) {
  const auto protocol = table.column("protocol");
  if (!protocol || rows.empty()) return "";
  std::vector<std::string> fixed;
  for (size_t column = 0; column < *protocol; ++column) {
    const std::string& name = table.header[column];
    if (std::find(shown.begin(), shown.end(), name) != shown.end()) continue;
    std::set<std::string> drawn;
    for (size_t row : rows)
      if (!table.rows[row][column].empty()) drawn.insert(table.rows[row][column]);
    if (drawn.size() != 1) continue;
    auto value = parse_double(*drawn.begin());
    fixed.push_back(name + "=" + (value ? fmt::format("{}", *value) : *drawn.begin()));
  }
  std::set<std::string> protocols;
  for (size_t row : rows) protocols.insert(table.rows[row][*protocol]);
  std::string caption = "protocol: " + fmt::format("{}", fmt::join(protocols, " | "));
  if (!fixed.empty()) caption += fmt::format("; fixed: {}", fmt::join(fixed, ", "));
  return caption;
}

}  // namespace tsfs::gnuplot
