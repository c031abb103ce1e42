#include "compare/comparison_figures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "plot/gnuplot_text.hpp"

namespace tsfs::compare {
namespace {

using gnuplot::number;

std::string point(double x, double y) {
  return number(x) + "\t" + number(y) + "\n";
}

std::string labelled_point(double x, double y, const std::string& text) {
  return number(x) + "\t" + number(y) + "\t" + text + "\n";
}

// Vertical position of the label row `row` (0 = the highest), below `cliques` clique bars.
double label_row_y(size_t row, size_t cliques) {
  return -(0.5 + 0.25 * static_cast<double>(cliques) + 0.55 * static_cast<double>(row));
}

// The caption names the test that drew the cliques.
std::string clique_caption(const Comparison& comparison) {
  const bool nemenyi = comparison.options.cliques == CliqueTest::nemenyi;
  std::string caption =
      nemenyi ? fmt::format("cliques: Nemenyi test, alpha = {}", comparison.options.alpha)
              : fmt::format(
                    "cliques: Wilcoxon signed-rank tests, Holm-adjusted ({} tests), "
                    "alpha = {}",
                    comparison.family_tests, comparison.options.alpha);
  // aeon's bars can join a pair its test tells apart: the figure itself says so.
  if (comparison.options.bars == statistics::BarConstruction::aeon && !nemenyi)
    caption += "; aeon's bars: a bar may join a significant pair (pairwise.csv)";
  return caption;
}

}  // namespace

Figure critical_difference_figure(const Collated& collated, const Comparison& comparison) {
  const size_t methods = collated.methods.size();
  const double last_rank = static_cast<double>(methods);
  const size_t left_count = (methods + 1) / 2;
  std::string axis, lines, cliques, cd_bar, ticks, left_labels, right_labels;
  axis = point(1, 0) + point(last_rank, 0) + "\n";
  for (size_t rank = 1; rank <= methods; ++rank) {
    axis += point(static_cast<double>(rank), 0) + point(static_cast<double>(rank), 0.12) + "\n";
    ticks += labelled_point(static_cast<double>(rank), 0.3, std::to_string(rank));
  }
  const double pad = 0.04 * (last_rank - 1) + 0.02;
  size_t longest_left = 0, longest_right = 0;
  for (size_t position = 0; position < methods; ++position) {
    const int m = comparison.rank_order[position];
    const double rank = comparison.average_ranks(m);
    const bool left = position < left_count;
    const size_t row = left ? position : methods - 1 - position;
    const double y = label_row_y(row, comparison.cliques.size());
    const double edge = left ? 1 - pad : last_rank + pad;
    lines += point(rank, 0) + point(rank, y) + point(edge, y) + "\n";
    const std::string text =
        fmt::format("{} ({:.2f})", collated.methods[static_cast<size_t>(m)].label, rank);
    (left ? left_labels : right_labels) += labelled_point(edge, y, text);
    (left ? longest_left : longest_right) =
        std::max(left ? longest_left : longest_right, text.size());
  }
  for (size_t c = 0; c < comparison.cliques.size(); ++c) {
    const auto [first, last] = comparison.cliques[c];
    const double y = -(0.3 + 0.25 * static_cast<double>(c));
    cliques +=
        point(comparison.average_ranks(comparison.rank_order[static_cast<size_t>(first)]) - 0.03,
              y) +
        point(comparison.average_ranks(comparison.rank_order[static_cast<size_t>(last)]) + 0.03,
              y) +
        "\n";
  }
  // The Nemenyi critical difference is drawn only when it draws the cliques; the caption names
  // the clique test either way.
  const bool nemenyi = comparison.options.cliques == CliqueTest::nemenyi;
  std::string cd_label;
  if (nemenyi) {
    const double cd_end = std::min(last_rank, 1 + comparison.critical_difference);
    cd_bar = point(1, 0.75) + point(cd_end, 0.75) + "\n" + point(1, 0.68) + point(1, 0.82) + "\n" +
             point(cd_end, 0.68) + point(cd_end, 0.82) + "\n";
    cd_label = labelled_point((1 + cd_end) / 2, 0.95,
                              fmt::format("CD = {:.3f}", comparison.critical_difference));
  }
  const std::string caption = clique_caption(comparison);
  Figure figure;
  for (const std::string* block :
       {&axis, &lines, &cliques, &cd_bar, &ticks, &left_labels, &right_labels, &cd_label})
    figure.data += (block->empty() ? labelled_point(NAN, NAN, "") : *block) + "\n\n";
  const size_t rows = std::max<size_t>(left_count, methods - left_count);
  const double bottom = label_row_y(rows, comparison.cliques.size());
  figure.width = 900 + 8 * static_cast<int>(longest_left + longest_right);
  figure.height = 160 + 34 * static_cast<int>(rows + comparison.cliques.size() / 2);
  figure.body = fmt::format(
      "  set title {}\n"
      "  unset border\n  unset xtics\n  unset ytics\n  unset key\n"
      "  set lmargin {}\n  set rmargin {}\n  set tmargin 2\n  set bmargin 1\n"
      "  set xrange [{}:{}]\n  set yrange [{}:1.15]\n"
      "  plot 'cd_diagram.dat' index 0 using 1:2 with lines lc rgb 'black' lw 1.5, \\\n"
      "       '' index 1 using 1:2 with lines lc rgb '#404040' lw 1, \\\n"
      "       '' index 2 using 1:2 with lines lc rgb 'black' lw 5, \\\n"
      "       '' index 3 using 1:2 with lines lc rgb '#b2182b' lw 2, \\\n"
      "       '' index 4 using 1:2:3 with labels center, \\\n"
      "       '' index 5 using 1:2:3 with labels right offset -0.5,0, \\\n"
      "       '' index 6 using 1:2:3 with labels left offset 0.5,0, \\\n"
      "       '' index 7 using 1:2:3 with labels center tc rgb '#b2182b'\n",
      gnuplot::text(caption), longest_left + 3, longest_right + 3, number(1 - pad),
      number(last_rank + pad), number(bottom));
  return figure;
}

Figure comparison_matrix_figure(const Collated& collated, const Comparison& comparison) {
  const size_t methods = collated.methods.size();
  std::string cells;
  double largest = 0;
  for (size_t row = 0; row < methods; ++row)
    for (size_t column = 0; column < methods; ++column) {
      if (row == column) continue;
      const auto first = static_cast<size_t>(comparison.rank_order[row]);
      const auto second = static_cast<size_t>(comparison.rank_order[column]);
      const PairComparison& pair = comparison.pairs[pair_index(first, second, methods)];
      const bool flipped = static_cast<size_t>(pair.a) != first;
      const double difference = (flipped ? -pair.median_difference : pair.median_difference) + 0.0;
      largest = std::max(largest, std::abs(difference));
      const bool significant = holm_significant(comparison, pair);
      cells += fmt::format(
          "{}\t{}\t{}\t{:+.4f}\t{}/{}/{}\t{}\n", column, row, number(difference), difference,
          flipped ? pair.losses : pair.wins, pair.ties, flipped ? pair.wins : pair.losses,
          std::isnan(pair.wilcoxon.p_value)
              ? std::string("p n/a")
              : fmt::format("p {:.3g}{}", pair.wilcoxon.p_value, significant ? "*" : ""));
    }
  std::string tics;
  size_t longest = 0;
  for (size_t position = 0; position < methods; ++position) {
    const std::string& label =
        collated.methods[static_cast<size_t>(comparison.rank_order[position])].label;
    tics += fmt::format("{}{} {}", position == 0 ? "" : ", ", gnuplot::text(label), position);
    longest = std::max(longest, label.size());
  }
  Figure figure;
  figure.data = cells;
  const int side = static_cast<int>(methods);
  figure.width = 260 + 8 * static_cast<int>(longest) + 150 * side;
  figure.height = 200 + 6 * static_cast<int>(longest) + 90 * side;
  figure.body = fmt::format(
      "  set title \"row method minus column method: median per-dataset difference, "
      "wins/ties/losses, Wilcoxon p (* significant after Holm)\"\n"
      "  unset key\n  set size ratio -1\n"
      "  set xrange [-0.5:{0}]\n  set yrange [{0}:-0.5]\n"
      "  set xtics ({1}) rotate by 30 right nomirror\n  set ytics ({1}) nomirror\n"
      "  set palette defined (-1 '#b2182b', 0 'white', 1 '#2166ac')\n"
      "  set cbrange [{2}:{3}]\n  set cblabel \"median difference\"\n"
      "  set style fill solid 1.0 border lc rgb 'grey'\n"
      "  plot 'comparison_matrix.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \\\n"
      "       '' using 1:2:4 with labels offset 0,1 font \",10\", \\\n"
      "       '' using 1:2:5 with labels font \",10\", \\\n"
      "       '' using 1:2:6 with labels offset 0,-1 font \",10\"\n",
      number(static_cast<double>(methods) - 0.5), tics, number(-std::max(largest, 1e-12)),
      number(std::max(largest, 1e-12)));
  return figure;
}

}  // namespace tsfs::compare
