// summary.md of a comparison folder: what a reader checks first. Its headline is the average
// ranks and the per-dataset differences, not a mean of the metric across datasets (averaging
// accuracies over unrelated datasets is not meaningful: Demsar 2006, section 3.2.1).
#include <fmt/format.h>

#include <cmath>

#include "compare/comparison_files.hpp"

namespace tsfs::compare {
namespace {

// Readable numbers: 4 significant digits, p-values in scientific notation when tiny.
std::string short_number(double value) {
  if (std::isnan(value)) return "n/a";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return fmt::format("{:.4g}", value + 0.0);
}

// A pair seen from `method`'s side: its median difference, wins/ties/losses, P(better) etc.
struct Oriented {
  double median = 0;
  int wins = 0, ties = 0, losses = 0;
  double p_better = 0, p_equivalent = 0, p_worse = 0;
};

Oriented oriented(const PairComparison& pair, int method) {
  const bool flipped = pair.a != method;
  return {flipped ? -pair.median_difference : pair.median_difference,
          flipped ? pair.losses : pair.wins,
          pair.ties,
          flipped ? pair.wins : pair.losses,
          flipped ? pair.bayes.p_left : pair.bayes.p_right,
          pair.bayes.p_rope,
          flipped ? pair.bayes.p_right : pair.bayes.p_left};
}

const PairComparison& pair_of(const Comparison& comparison, int first, int second) {
  return comparison.pairs[pair_index(static_cast<size_t>(first), static_cast<size_t>(second),
                                     static_cast<size_t>(comparison.average_ranks.size()))];
}

std::string procedure_section(const CollateOptions& options, const Collated& collated,
                              const Comparison& comparison) {
  std::string text = "## Procedure (also in procedure.csv)\n\n";
  for (const ProcedureSetting& setting : procedure_settings(options, collated, comparison))
    text += fmt::format("- {}: {} ({})\n", setting.name,
                        setting.value.empty() ? "(none)" : setting.value, setting.meaning);
  return text + "\n";
}

std::string ranks_section(const CollateOptions& options, const Collated& collated,
                          const Comparison& comparison) {
  const int best = comparison.rank_order.front();
  const std::string& best_label = collated.methods[static_cast<size_t>(best)].label;
  std::string text = fmt::format(
      "## Methods by average rank\n\n"
      "Per-dataset differences of {} against the best-ranked method ({}): the median over the "
      "datasets of the method's score minus {}'s, and the method's wins/ties/losses against it "
      "(tie margin {}; scores equal up to rounding are equal everywhere, see rounding_bound).\n\n"
      "| average rank | method | median difference vs {} | wins/ties/losses vs {} |\n"
      "|---|---|---|---|\n",
      options.metric, best_label, best_label, short_number(comparison.options.tie_margin),
      best_label, best_label);
  for (int m : comparison.rank_order) {
    const std::string& label = collated.methods[static_cast<size_t>(m)].label;
    if (m == best) {
      text += fmt::format("| {} | {} | | |\n", short_number(comparison.average_ranks(m)), label);
      continue;
    }
    const Oriented versus = oriented(pair_of(comparison, m, best), m);
    text +=
        fmt::format("| {} | {} | {:+.4g} | {}/{}/{} |\n", short_number(comparison.average_ranks(m)),
                    label, versus.median + 0.0, versus.wins, versus.ties, versus.losses);
  }
  return text + "\n";
}

std::string tests_section(const Comparison& comparison) {
  const auto& friedman = comparison.friedman;
  const bool nemenyi = comparison.options.cliques == CliqueTest::nemenyi;
  std::string text = fmt::format(
      "## Tests\n\n"
      "Friedman test: chi-square = {} ({} degrees of freedom), p = {}. Iman-Davenport: F = {} "
      "({} and {} degrees of freedom), p = {}.\n\n",
      short_number(friedman.chi_square), short_number(friedman.f_numerator_degrees),
      short_number(friedman.chi_square_p), short_number(friedman.iman_davenport_f),
      short_number(friedman.f_numerator_degrees), short_number(friedman.f_denominator_degrees),
      short_number(friedman.iman_davenport_p));
  if (nemenyi)
    text += fmt::format(
        "Cliques of figures/cd_diagram: Nemenyi test at alpha = {}: q_alpha = {}, critical "
        "difference = {} (average ranks differing by at least this much are significantly "
        "different; the bars join methods that are not).\n\n",
        short_number(comparison.options.alpha), short_number(comparison.q_alpha),
        short_number(comparison.critical_difference));
  else
    text += fmt::format(
        "Cliques of figures/cd_diagram: pairwise Wilcoxon signed-rank tests, Holm-adjusted over "
        "{} ({} tests), at alpha = {}. (The Nemenyi critical difference, {}, is not used; "
        "`--cliques nemenyi` draws it.) ",
        family_description(comparison), comparison.family_tests,
        short_number(comparison.options.alpha), short_number(comparison.critical_difference));
  // A critical difference grows along the rank order: both bar constructions agree.
  if (nemenyi) return text;
  if (comparison.options.bars == statistics::BarConstruction::aeon)
    text +=
        "Bars by aeon's construction (`--bars aeon`): each runs from a method to the last one "
        "before the first method that differs from it, so a bar may join a pair that a test tells "
        "apart; pairwise.csv decides every pair. The bars are in cliques.csv.\n\n";
  else
    text +=
        "Each bar is a longest run of methods, adjacent by average rank, among which no test "
        "finds a significant pair: a bar never joins two methods that a test tells apart. The "
        "bars are in cliques.csv.\n\n";
  return text;
}

std::string significant_pairs(const Collated& collated, const Comparison& comparison) {
  std::string text = fmt::format(
      "Pairs whose Wilcoxon signed-rank test is significant after Holm's correction (adjusted "
      "p <= {}, over {}), better method first:\n\n",
      short_number(comparison.options.alpha), family_description(comparison));
  int count = 0;
  for (const PairComparison& pair : comparison.pairs) {
    if (!holm_significant(comparison, pair)) continue;
    const bool a_better =
        pair.median_difference != 0 ? pair.median_difference > 0 : pair.mean_difference >= 0;
    const int better = a_better ? pair.a : pair.b, worse = a_better ? pair.b : pair.a;
    const Oriented side = oriented(pair, better);
    text +=
        fmt::format("- {} > {}: median difference {}, wins/ties/losses {}/{}/{}, Holm p = {}\n",
                    collated.methods[static_cast<size_t>(better)].label,
                    collated.methods[static_cast<size_t>(worse)].label, short_number(side.median),
                    side.wins, side.ties, side.losses, short_number(pair.holm_p));
    ++count;
  }
  return (count == 0 ? text + "- none\n" : text) + "\n";
}

std::string bayesian_section(const Collated& collated, const Comparison& comparison) {
  std::string text = fmt::format(
      "## Bayesian signed-rank test (rope {}, {} draws, seed {})\n\n"
      "Posterior probabilities that the first method is better by more than the rope, that the "
      "two are practically equivalent, that the second is better (Benavoli et al. 2017); pairs "
      "by the average rank of the first method. No correction for multiplicity applies.\n\n"
      "| method | versus | P(method better) | P(equivalent) | P(versus better) |\n"
      "|---|---|---|---|---|\n",
      short_number(comparison.options.rope), comparison.options.bayes_samples,
      comparison.options.seed);
  const size_t methods = comparison.rank_order.size();
  for (size_t i = 0; i < methods; ++i)
    for (size_t j = i + 1; j < methods; ++j) {
      const int first = comparison.rank_order[i], second = comparison.rank_order[j];
      const Oriented side = oriented(pair_of(comparison, first, second), first);
      text += fmt::format("| {} | {} | {:.3f} | {:.3f} | {:.3f} |\n",
                          collated.methods[static_cast<size_t>(first)].label,
                          collated.methods[static_cast<size_t>(second)].label, side.p_better,
                          side.p_equivalent, side.p_worse);
    }
  return text;
}

}  // namespace

std::string comparison_summary(const CollateOptions& options, const Collated& collated,
                               const Comparison& comparison) {
  std::vector<std::string> runs;
  for (const auto& run : options.runs) runs.push_back(run_name(run, options.runs));
  std::string text = fmt::format(
      "# Comparison of {} methods on {} datasets ({})\n\n"
      "Runs: {}. Methods identified by: {}. Higher {} is better; rank 1 is the best method on a "
      "dataset (ties share the mean rank).\n\n",
      collated.methods.size(), collated.datasets.size(), options.metric, fmt::join(runs, ", "),
      fmt::join(options.by, ", "), options.metric);
  if (!collated.left_out.empty())
    text += fmt::format(
        "{} datasets are left out because a run or method has no row for them "
        "(--common-datasets; left_out_datasets.csv says which and why).\n\n",
        collated.left_out.size());
  text += ranks_section(options, collated, comparison) + tests_section(comparison) +
          significant_pairs(collated, comparison) + bayesian_section(collated, comparison) + "\n" +
          procedure_section(options, collated, comparison);
  return text;
}

}  // namespace tsfs::compare
