#include "plot/kendall_heatmap.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/text.hpp"
#include "plot/gnuplot_text.hpp"

namespace tsfs {
namespace {

// A ranking's label as runner rankings writes it: "kind(name=value,...) @ distance" (the
// parameter list and the distance are optional).
struct RankingLabel {
  std::string kind, distance;
  std::vector<std::string> parameters;  // "name=value"
};

RankingLabel parse_label(const std::string& label) {
  RankingLabel parsed;
  std::string head = label;
  if (auto at = label.find(" @ "); at != std::string::npos) {
    parsed.distance = label.substr(at + 3);
    head = label.substr(0, at);
  }
  const auto open = head.find('(');
  parsed.kind = head.substr(0, open);
  if (open != std::string::npos && head.back() == ')') {
    const std::string list = head.substr(open + 1, head.size() - open - 2);
    for (const auto parameter : split(list, ','))
      if (!parameter.empty()) parsed.parameters.emplace_back(parameter);
  }
  return parsed;
}

}  // namespace

std::vector<std::string> compact_ranking_labels(const std::vector<std::string>& labels) {
  std::vector<RankingLabel> parsed;
  std::map<std::string, std::vector<size_t>> groups;  // kind @ distance -> labels
  for (size_t i = 0; i < labels.size(); ++i) {
    parsed.push_back(parse_label(labels[i]));
    groups[parsed.back().kind + " @ " + parsed.back().distance].push_back(i);
  }
  std::vector<std::string> compact(labels.size());
  for (const auto& [group, members] : groups)
    for (size_t i : members) {
      // The parameters whose value differs within the group name the member; the others are the
      // same for all of them (the full labels are in the CSV).
      std::vector<std::string> differing;
      for (const auto& parameter : parsed[i].parameters) {
        const bool shared = std::all_of(members.begin(), members.end(), [&](size_t other) {
          const auto& list = parsed[other].parameters;
          return std::find(list.begin(), list.end(), parameter) != list.end();
        });
        if (!shared) differing.push_back(parameter);
      }
      compact[i] = parsed[i].kind;
      if (!differing.empty()) compact[i] += fmt::format("({})", fmt::join(differing, ","));
      if (!parsed[i].distance.empty()) compact[i] += " @ " + parsed[i].distance;
    }
  return compact;
}

// Heat map of the tau matrix, labelled with the compact rankings (gnuplot's matrix image). The
// margins and the canvas grow with the longest label: gnuplot, short of room for rotated tic
// labels, draws the matrix off the canvas (a blank image) with only a warning.
Figure kendall_heatmap(const std::vector<std::string>& labels, const Eigen::MatrixXd& tau,
                       const std::string& dataset_name) {
  const std::vector<std::string> compact = compact_ranking_labels(labels);
  size_t longest = 0;
  for (const auto& label : compact) longest = std::max(longest, label.size());
  const int longest_label = static_cast<int>(longest);
  // Tic font ",8" on an ",11" canvas font: a character is at most 6 pixels wide, and a label
  // rotated by 60 degrees needs sin(60) of its length below the axis and cos(60) to the left.
  const int label_pixels = 6 * longest_label;
  Figure figure;
  figure.width = figure.height =
      std::max(700, 160 + 28 * static_cast<int>(labels.size()) + label_pixels);
  for (Eigen::Index row = 0; row < tau.rows(); ++row) {
    for (Eigen::Index column = 0; column < tau.cols(); ++column)
      figure.data += (column ? "\t" : "") + gnuplot::number(tau(row, column));
    figure.data += '\n';
  }
  std::vector<std::string> tics;
  for (size_t i = 0; i < compact.size(); ++i)
    tics.push_back(fmt::format("{} {}", gnuplot::text(compact[i]), i));
  std::string tic_list = fmt::format("({})", fmt::join(tics, ", "));
  const double bottom = std::ceil(0.87 * label_pixels) + 40;
  const double left = label_pixels + 30.0;
  figure.body = fmt::format(
      "  set title {}\n  set size ratio -1\n  set cbrange [-1:1]\n"
      "  set palette defined (-1 \"#2166ac\", 0 \"#f7f7f7\", 1 \"#b2182b\")\n"
      "  set lmargin at screen {}\n  set bmargin at screen {}\n"
      "  set rmargin at screen 0.86\n  set tmargin at screen 0.93\n"
      "  set xtics {} rotate by 60 right font \",8\"\n  set ytics {} font \",8\"\n"
      "  set xrange [-0.5:{}]\n  set yrange [{}:-0.5]\n"
      "  plot '{}_kendall.dat' matrix with image notitle\n",
      gnuplot::text("Kendall tau-b between rankings, " + dataset_name + " (full labels: rankings/" +
                    dataset_name + "_kendall.csv)"),
      format_double(left / figure.width), format_double(bottom / figure.height), tic_list, tic_list,
      format_double(static_cast<double>(labels.size()) - 0.5),
      format_double(static_cast<double>(labels.size()) - 0.5), dataset_name);
  return figure;
}

}  // namespace tsfs
