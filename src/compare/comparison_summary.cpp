// summary.md of a comparison folder: what a reader checks first.
#include <fmt/format.h>

#include <cmath>

#include "compare/comparison_files.hpp"

namespace tsfs::compare {
namespace {

// Readable numbers: 4 significant digits, p-values in scientific notation when tiny.
std::string short_number(double value) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return fmt::format("{:.4g}", value);
}

std::string tests_section(const Comparison& comparison) {
  const auto& friedman = comparison.friedman;
  return fmt::format(
      "Friedman test: chi-square = {} ({} degrees of freedom), p = {}. Iman-Davenport: F = {} "
      "({} and {} degrees of freedom), p = {}.\n\n"
      "Nemenyi test at alpha = {}: q_alpha = {}, critical difference = {} (average ranks "
      "differing by at least this much are significantly different; the bars of "
      "figures/cd_diagram join methods that are not).\n\n",
      short_number(friedman.chi_square), short_number(friedman.f_numerator_degrees),
      short_number(friedman.chi_square_p), short_number(friedman.iman_davenport_f),
      short_number(friedman.f_numerator_degrees), short_number(friedman.f_denominator_degrees),
      short_number(friedman.iman_davenport_p), short_number(comparison.alpha),
      short_number(comparison.q_alpha), short_number(comparison.critical_difference));
}

std::string significant_pairs(const Collated& collated, const Comparison& comparison) {
  std::string text = fmt::format(
      "Pairs whose Wilcoxon signed-rank test is significant after Holm's correction (adjusted "
      "p <= {}), better method first:\n\n",
      short_number(comparison.alpha));
  int count = 0;
  for (const PairComparison& pair : comparison.pairs) {
    if (std::isnan(pair.holm_p) || pair.holm_p > comparison.alpha) continue;
    const bool a_better = pair.mean_difference >= 0;
    const auto& better = collated.methods[static_cast<size_t>(a_better ? pair.a : pair.b)];
    const auto& worse = collated.methods[static_cast<size_t>(a_better ? pair.b : pair.a)];
    text += fmt::format("- {} > {}: mean difference {}, wins/ties/losses {}/{}/{}, p = {}\n",
                        better.label, worse.label, short_number(std::abs(pair.mean_difference)),
                        a_better ? pair.wins : pair.losses, pair.ties,
                        a_better ? pair.losses : pair.wins, short_number(pair.holm_p));
    ++count;
  }
  return count == 0 ? text + "- none\n" : text;
}

}  // namespace

std::string comparison_summary(const CollateOptions& options, const Collated& collated,
                               const Comparison& comparison) {
  std::vector<std::string> runs;
  for (const auto& run : options.runs) runs.push_back(run_name(run));
  std::string text = fmt::format(
      "# Comparison of {} methods on {} datasets ({})\n\n"
      "Runs: {}. Methods identified by: {}. Higher {} is better; rank 1 is the best method on a "
      "dataset (ties share the mean rank).\n\n"
      "| average rank | method | mean {} |\n|---|---|---|\n",
      collated.methods.size(), collated.datasets.size(), options.metric, fmt::join(runs, ", "),
      fmt::join(options.by, ", "), options.metric, options.metric);
  for (int m : comparison.rank_order)
    text += fmt::format("| {} | {} | {} |\n", short_number(comparison.average_ranks(m)),
                        collated.methods[static_cast<size_t>(m)].label,
                        short_number(comparison.mean_scores(m)));
  text += "\n" + tests_section(comparison) + significant_pairs(collated, comparison);
  return text;
}

}  // namespace tsfs::compare
