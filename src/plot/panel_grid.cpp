#include "plot/panel_grid.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "common/text.hpp"
#include "plot/gnuplot_text.hpp"
#include "plot/run_tables.hpp"

namespace tsfs::gnuplot {
namespace {

// Pixel sizes of the grid's frame. A panel's tick labels, axis labels and title sit in the
// spacing between plot areas; the legend's font is 9 pt, about 6.5 px per character.
constexpr int kLeft = 80, kRight = 30, kBelowAxes = 75, kSpacingX = 90, kSpacingY = 85;
constexpr int kTitleLine = 20, kPanelTitle = 40, kKeyLine = 16, kKeyPadding = 12;
// The key's estimate errs wide: too few columns reserve an empty line, too many hide the x label.
constexpr double kKeyCharacter = 7.5, kTitleCharacter = 8.0;
constexpr int kKeySampleCharacters = 10;  // the line sample and the gaps around an entry

// A caption beyond this many characters (about four lines) is cut at a parameter, the rest left
// to the run's spec.yaml.
constexpr size_t kLongestCaption = 420;

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

int series_marker(int index) {
  // Filled circle, square, up and down triangles and diamond, then plus and cross (so series 5,
  // solid again, does not look like series 0).
  static constexpr int kMarkers[] = {7, 5, 9, 11, 13, 1, 2};
  return kMarkers[index % 7];
}

std::string series_style(int index) {
  // Seven markers against five dash patterns (solid, dashed, dotted, dash-dot, dash-dot-dot):
  // no two of the first 35 series share both.
  return fmt::format("{} dt {} pt {} ps 0.9", series_colour(index), 1 + index % 5,
                     series_marker(index));
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
  const auto selector = table.column("selector");
  std::vector<std::string> fixed;
  for (size_t column = 0; column < *protocol; ++column) {
    const std::string& name = table.header[column];
    if (std::find(shown.begin(), shown.end(), name) != shown.end()) continue;
    // Each value of the column in the drawn rows, with the selectors of the rows holding it.
    std::vector<std::pair<std::string, std::set<std::string>>> values;
    bool some_empty = false;
    for (size_t row : rows) {
      const std::string& field = table.rows[row][column];
      if (field.empty()) {
        some_empty = true;
        continue;
      }
      auto value = parse_double(field);
      auto& owners = find_or_add(values, value ? fmt::format("{}", *value) : field);
      if (selector) owners.insert(table.rows[row][*selector]);
    }
    if (values.empty()) continue;
    // One value in every row: "k=30". Otherwise each value names its selectors, "k=30
    // (laplacian)", since the parameter is not fixed for the other lines.
    const bool qualified = selector && (some_empty || values.size() > 1);
    if (!qualified && values.size() > 1) continue;  // varies, and no selector tells the lines
    // A selector with two values varies the column between its own lines (e.g. with the variant
    // its series name): not fixed.
    size_t owners_total = 0;
    std::set<std::string> owners_seen;
    for (const auto& [value, owners] : values) {
      owners_total += owners.size();
      owners_seen.insert(owners.begin(), owners.end());
    }
    if (owners_total != owners_seen.size()) continue;
    std::vector<std::string> parts;
    for (const auto& [value, owners] : values)
      parts.push_back(qualified ? fmt::format("{} ({})", value, fmt::join(owners, ", ")) : value);
    fixed.push_back(fmt::format("{}={}", name, fmt::join(parts, "; ")));
  }
  std::set<std::string> protocols;
  for (size_t row : rows) protocols.insert(table.rows[row][*protocol]);
  std::string caption = "protocol: " + fmt::format("{}", fmt::join(protocols, " | "));
  if (!fixed.empty()) caption += fmt::format("; fixed: {}", fmt::join(fixed, ", "));
  if (caption.size() > kLongestCaption) {
    // Cut at the last whole ", "-separated item that fits; within one item when none does.
    const size_t separator = caption.rfind(", ", kLongestCaption);
    caption.resize(separator == std::string::npos ? kLongestCaption : separator);
    caption += ", ... (spec.yaml)";
  }
  return caption;
}

}  // namespace tsfs::gnuplot
