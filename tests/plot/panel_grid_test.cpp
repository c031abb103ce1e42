// The panel grid's styles, frame and legend arithmetic, and the caption of the parameters the
// drawn rows share, with sizes and texts worked out by hand from panel_grid.cpp's constants.
#include "plot/panel_grid.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "report/csv_table.hpp"

namespace tsfs::gnuplot {
namespace panel_grid_test {

// Panels as line_plot and curve_plot hold them: (panel label, lines), a line (series label, data).
using Lines = std::vector<std::pair<std::string, int>>;
using Panels = std::vector<std::pair<std::string, Lines>>;

// A run table whose key columns (those before `protocol`) are dataset, selector, k and fit_on.
CsvTable selector_table(const std::vector<std::vector<std::string>>& rows) {
  CsvTable table;
  table.header = {"dataset", "selector", "k", "fit_on", "n_features", "protocol", "accuracy"};
  table.rows = rows;
  return table;
}

std::vector<size_t> all_rows(const CsvTable& table) {
  std::vector<size_t> rows;
  for (size_t r = 0; r < table.rows.size(); ++r) rows.push_back(r);
  return rows;
}

}  // namespace panel_grid_test

TEST_CASE("series_style: Okabe-Ito colour, dash pattern and marker per series index") {
  CHECK(series_style(0) == "lc rgb \"#0072B2\" dt 1 pt 7 ps 0.9");
  CHECK(series_style(1) == "lc rgb \"#D55E00\" dt 2 pt 5 ps 0.9");
  // Index 5: the sixth colour, the first dash pattern again, and the sixth marker (plus).
  CHECK(series_style(5) == "lc rgb \"#56B4E9\" dt 1 pt 1 ps 0.9");
  // Index 7: colour and marker start over, the dash pattern does not (7 % 5 = 2).
  CHECK(series_style(7) == "lc rgb \"#0072B2\" dt 3 pt 7 ps 0.9");
  CHECK(series_colour(3) == "lc rgb \"#CC79A7\"");
  CHECK(series_colour(13) == series_colour(6));
  CHECK(series_marker(6) == 2);
  CHECK(series_marker(14) == series_marker(0));
  // Seven colour-marker pairs against five dash patterns: the first 35 series all differ, the
  // 36th repeats the first.
  std::set<std::string> styles;
  for (int index = 0; index < 35; ++index) styles.insert(series_style(index));
  CHECK(styles.size() == 35);
  CHECK(series_style(35) == series_style(0));
}

TEST_CASE("marker_interval: about eight markers per line, at least every point") {
  CHECK(marker_interval(0) == 1);
  CHECK(marker_interval(1) == 1);
  CHECK(marker_interval(8) == 1);
  CHECK(marker_interval(9) == 2);
  CHECK(marker_interval(16) == 2);
  CHECK(marker_interval(17) == 3);
  CHECK(marker_interval(80) == 10);
}

TEST_CASE("series_order and style_of: labels by first appearance over the panels") {
  const panel_grid_test::Panels panels = {{"GunPoint", {{"laplacian", 0}, {"anova", 1}}},
                                          {"Coffee", {{"fisher", 2}, {"laplacian", 3}}},
                                          {"Wafer", {}}};
  const auto order = series_order(panels);
  CHECK(order == std::vector<std::string>{"laplacian", "anova", "fisher"});
  CHECK(style_of(order, "laplacian") == 0);
  CHECK(style_of(order, "fisher") == 2);
  CHECK(style_of(order, "variance") == 3);  // not a series: one past the last
  CHECK(series_order(panel_grid_test::Panels{}).empty());
}

TEST_CASE("absent_series_entries: a key entry for each series the first panel does not draw") {
  const std::vector<std::string> order = {"laplacian", "anova", "a \"quoted\" one"};
  const panel_grid_test::Lines first_panel = {{"anova", 0}};
  const auto entries = absent_series_entries(order, first_panel);
  REQUIRE(entries.size() == 2);
  // Each keeps the style of its place in the figure's order (0 and 2, not 0 and 1).
  CHECK(entries[0] ==
        "    keyentry with linespoints lw 2 " + series_style(0) + " title \"laplacian\"");
  CHECK(entries[1] == "    keyentry with linespoints lw 2 " + series_style(2) +
                          " title \"a \\\"quoted\\\" one\"");
  const panel_grid_test::Lines every = {{"a \"quoted\" one", 0}, {"anova", 1}, {"laplacian", 2}};
  CHECK(absent_series_entries(order, every).empty());
}

TEST_CASE("panel_grid_figure: 4 panels in 2 rows of 3, legend of one line below the grid") {
  PanelGrid grid;
  grid.panels = 4;
  grid.title = "T";
  grid.x_label = "\"x\"";
  grid.y_label = "\"y\"";
  grid.key_titles = {"a", "bb"};
  const Figure figure = panel_grid_figure(grid);
  // Width: left 80 + right 30 + 3 panels of 560 - one spacing of 90 (the spacing past the last
  // column is not drawn).
  CHECK(figure.width == 1700);
  // Key: entries 7.5 * (2 + 10) = 90 px wide, (560 - 90) / 90 = 5 per line, 2 entries on 1 line:
  // 16 + 12 = 28 px. Top: 1 heading line 20 + panel title 40 + 15 = 75. Bottom: 75 + 28 = 103.
  // Height: 75 + 103 + 2 rows of 480 - 85.
  CHECK(figure.height == 1053);
  CHECK(
      figure.body ==
      "  set multiplot layout 2,3 margins 0.0471,0.9824,0.0978,0.9288 spacing 0.0529,0.0807 "
      "title \"T\"\n"
      "  set xlabel \"x\"\n  set ylabel \"y\"\n  set grid\n"
      "  set key at screen 0.5,0.0057 center bottom horizontal maxcols 5 font \",9\" samplen 3\n");
  CHECK(figure.data.empty());
}

TEST_CASE("panel_grid_figure: the caption wraps at the canvas width, the key takes more lines") {
  PanelGrid grid;  // one panel: 80 + 30 + 560 - 90 = 580 px, (580 - 40) / 8 = 67 characters
  grid.title = "A \"quoted\" title";
  // Six words of 9 characters make 59, a seventh would make 69: lines of 6, 6 and 2 words.
  std::vector<std::string> words;
  for (char letter = 'a'; letter < 'a' + 14; ++letter) words.emplace_back(9, letter);
  for (const auto& word : words) grid.caption += (grid.caption.empty() ? "" : " ") + word;
  grid.x_label = "\"n\"";
  grid.y_label = "\"accuracy\"";
  // 7 entries of at most 20 characters: 7.5 * 30 = 225 px each, (560 - 90) / 225 = 2 per line,
  // 4 lines: 4 * 16 + 12 = 76 px.
  grid.key_titles = {std::string(20, 'k'), "b", "c", "d", "e", "f", "g"};
  const Figure figure = panel_grid_figure(grid);
  CHECK(figure.width == 580);
  // Top: 4 heading lines (title and 3 caption lines) 80 + 40 + 15 = 135; bottom 75 + 76 = 151;
  // height 135 + 151 + 480 - 85.
  CHECK(figure.height == 681);
  const std::string heading =
      "title \"A \\\"quoted\\\" title\\n"
      "aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff\\n"
      "ggggggggg hhhhhhhhh iiiiiiiii jjjjjjjjj kkkkkkkkk lllllllll\\n"
      "mmmmmmmmm nnnnnnnnn\"\n";
  CHECK(figure.body.find("  set multiplot layout 1,1 margins 0.1379,0.9483,0.2217,0.8018 "
                         "spacing 0.1552,0.1248 " +
                         heading) == 0);
  CHECK(figure.body.find("set key at screen 0.5,0.0088 center bottom horizontal maxcols 2 ") !=
        std::string::npos);
}

TEST_CASE(
    "panel_grid_figure: a line of exactly the width fits, narrow panels keep one key column") {
  PanelGrid grid;
  grid.caption = std::string(33, 'a') + " " + std::string(33, 'b');  // 67 characters: one line
  CHECK(panel_grid_figure(grid).height == 20 + 40 + 15 + 75 + 12 + 480 - 85);  // no key entries
  grid.caption += " c";  // 69: "c" goes to a second line
  const Figure wrapped = panel_grid_figure(grid);
  CHECK(wrapped.height == 2 * 20 + 40 + 15 + 75 + 12 + 480 - 85);
  CHECK(wrapped.body.find(" title \"" + std::string(33, 'a') + " " + std::string(33, 'b') +
                          "\\nc\"\n") != std::string::npos);
  // No title and no caption: an empty multiplot title, no heading line.
  PanelGrid bare;
  bare.key_titles = {"x"};
  const Figure untitled = panel_grid_figure(bare);
  CHECK(untitled.height == 40 + 15 + 75 + 16 + 12 + 480 - 85);
  CHECK(untitled.body.find(" title \"\"\n") != std::string::npos);
  // Panels narrower than the spacing leave no room for an entry: one per line, not zero.
  PanelGrid narrow;
  narrow.panel_width = 60;
  narrow.key_titles = {"a", "b", "c"};
  const Figure tall = panel_grid_figure(narrow);
  CHECK(tall.body.find("maxcols 1 ") != std::string::npos);
  CHECK(tall.height == 40 + 15 + 75 + 3 * 16 + 12 + 480 - 85);
}

TEST_CASE("fixed_parameters_caption: shared values bare, others with their selectors") {
  const CsvTable table = panel_grid_test::selector_table({
      {"Coffee", "laplacian", "30", "all", "5", "skf", "0.9"},
      {"Coffee", "laplacian", "30.0", "all", "10", "skf", "0.8"},
      {"Coffee", "variance", "", "all", "5", "skf", "0.7"},
      {"Coffee", "anova", "", "train", "5", "skf", "0.6"},
  });
  const std::vector<std::string> shown = {"selector", "n_features"};
  // k: one value (30 and 30.0 read as the same number) that other selectors leave empty; fit_on:
  // two values, each with its selectors (sorted); dataset: the same in every row.
  CHECK(fixed_parameters_caption(table, panel_grid_test::all_rows(table), shown) ==
        "protocol: skf; fixed: dataset=Coffee, k=30 (laplacian), fit_on=all (laplacian, "
        "variance); train (anova)");
  // Only the drawn rows count: the Laplacian's alone share k and fit_on bare.
  CHECK(fixed_parameters_caption(table, {0, 1}, shown) ==
        "protocol: skf; fixed: dataset=Coffee, k=30, fit_on=all");
  // A shown column is never listed: with dataset shown too and only anova drawn, fit_on alone.
  CHECK(fixed_parameters_caption(table, {3}, {"selector", "n_features", "dataset"}) ==
        "protocol: skf; fixed: fit_on=train");
  // Nothing fixed: the protocols alone, sorted and joined.
  CHECK(fixed_parameters_caption(table, {2}, {"selector", "n_features", "dataset", "fit_on"}) ==
        "protocol: skf");
  CsvTable two_protocols = table;
  two_protocols.rows[1][5] = "holdout";
  CHECK(fixed_parameters_caption(two_protocols, {0, 1},
                                 {"selector", "n_features", "dataset", "k", "fit_on"}) ==
        "protocol: holdout | skf");
}

TEST_CASE(
    "fixed_parameters_caption: a column varying within a selector or without one is left "
    "out") {
  const CsvTable table = panel_grid_test::selector_table({
      {"Coffee", "laplacian", "10", "all", "5", "skf", "0.9"},
      {"Coffee", "laplacian", "30", "all", "5", "skf", "0.8"},
      {"Coffee", "anova", "", "", "5", "skf", "0.7"},
  });
  // k takes two values for the Laplacian: it varies between its lines. fit_on: the Laplacian's.
  CHECK(fixed_parameters_caption(table, panel_grid_test::all_rows(table),
                                 {"selector", "n_features"}) ==
        "protocol: skf; fixed: dataset=Coffee, fit_on=all (laplacian)");
  // Without a selector column two values cannot be told apart by line: left out.
  CsvTable plain;
  plain.header = {"dataset", "k", "protocol", "accuracy"};
  plain.rows = {{"Coffee", "10", "skf", "0.9"}, {"Coffee", "30", "skf", "0.8"}};
  CHECK(fixed_parameters_caption(plain, {0, 1}, {}) == "protocol: skf; fixed: dataset=Coffee");
  // A column empty in every drawn row is not a parameter of them.
  CHECK(fixed_parameters_caption(table, {2}, {"selector", "n_features", "dataset"}) ==
        "protocol: skf");
}

TEST_CASE("fixed_parameters_caption: empty without a protocol column or drawn rows") {
  CsvTable no_protocol;
  no_protocol.header = {"dataset", "k", "accuracy"};
  no_protocol.rows = {{"Coffee", "10", "0.9"}};
  CHECK(fixed_parameters_caption(no_protocol, {0}, {}).empty());
  const CsvTable table =
      panel_grid_test::selector_table({{"Coffee", "laplacian", "10", "all", "5", "skf", "0.9"}});
  CHECK(fixed_parameters_caption(table, {}, {}).empty());
}

TEST_CASE("fixed_parameters_caption: a caption over 420 characters is cut at a parameter") {
  // 40 key columns p00..p39 = value_00..value_39: parts of 12 characters, ", " between them,
  // after "protocol: skf; fixed: " (22). The ", " after part i is at 34 + 14 i; the last at or
  // before 420 follows part 27 (at 412).
  CsvTable table;
  std::vector<std::string> row;
  for (int p = 0; p < 40; ++p) {
    const std::string number = (p < 10 ? "0" : "") + std::to_string(p);
    table.header.push_back("p" + number);
    row.push_back("value_" + number);
  }
  table.header.push_back("protocol");
  row.push_back("skf");
  table.rows = {row};
  const std::string caption = fixed_parameters_caption(table, {0}, {});
  CHECK(caption.size() == 412 + std::string(", ... (spec.yaml)").size());
  CHECK(caption.find("protocol: skf; fixed: p00=value_00, p01=value_01, ") == 0);
  CHECK(caption.substr(caption.size() - 29) == "p27=value_27, ... (spec.yaml)");
}

TEST_CASE("fixed_parameters_caption: one parameter over 420 characters is cut inside it") {
  // No ", " before character 420: the caption is cut there, not kept whole with the marker.
  CsvTable table;
  table.header = {"selector", "path", "protocol"};
  table.rows = {{"anova", std::string(500, 'x'), "skf"}};
  const std::string caption = fixed_parameters_caption(table, {0}, {"selector"});
  CHECK(caption.size() == 420 + std::string(", ... (spec.yaml)").size());
  CHECK(caption.find("protocol: skf; fixed: path=xxx") == 0);
  CHECK(caption.substr(caption.size() - 20) == "xxx, ... (spec.yaml)");
}

}  // namespace tsfs::gnuplot
