#include "compare/comparison_files.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "common/files.hpp"
#include "common/interrupt.hpp"
#include "common/text.hpp"
#include "compare/comparison_figures.hpp"
#include "plot/plot.hpp"
#include "report/csv_table.hpp"
#include "report/html_report.hpp"
#include "statistics/rounding_ties.hpp"

namespace tsfs::compare {
namespace {

std::string csv_number(double value) {
  return std::isnan(value) ? "" : format_double(value);
}

std::string per_dataset_csv(const CollateOptions& options, const Collated& collated,
                            const Comparison& comparison) {
  CsvTable table;
  table.header = {"dataset", "method"};
  table.header.insert(table.header.end(), options.by.begin(), options.by.end());
  table.header.insert(table.header.end(), {options.metric, "rank"});
  for (size_t d = 0; d < collated.datasets.size(); ++d)
    for (size_t m = 0; m < collated.methods.size(); ++m) {
      std::vector<std::string> row = {collated.datasets[d], collated.methods[m].label};
      row.insert(row.end(), collated.methods[m].values.begin(), collated.methods[m].values.end());
      const auto dataset = static_cast<Eigen::Index>(d), method = static_cast<Eigen::Index>(m);
      row.push_back(csv_number(collated.scores(dataset, method)));
      row.push_back(csv_number(comparison.ranks(dataset, method)));
      table.rows.push_back(std::move(row));
    }
  return table.str();
}

std::string methods_csv(const CollateOptions& options, const Collated& collated,
                        const Comparison& comparison) {
  CsvTable table;
  table.header = {"method"};
  table.header.insert(table.header.end(), options.by.begin(), options.by.end());
  table.header.insert(table.header.end(), {"runs", "mean_" + options.metric, "average_rank"});
  for (int m : comparison.rank_order) {
    const Method& method = collated.methods[static_cast<size_t>(m)];
    std::vector<std::string> row = {method.label};
    row.insert(row.end(), method.values.begin(), method.values.end());
    row.push_back(std::to_string(method.runs.size()));
    row.push_back(csv_number(comparison.mean_scores(m)));
    row.push_back(csv_number(comparison.average_ranks(m)));
    table.rows.push_back(std::move(row));
  }
  return table.str();
}

std::string friedman_csv(const CollateOptions& options, const Comparison& comparison) {
  const auto& friedman = comparison.friedman;
  CsvTable table;
  table.header = {"metric",
                  "datasets",
                  "methods",
                  "chi_square",
                  "chi_square_df",
                  "chi_square_p",
                  "iman_davenport_f",
                  "f_df_numerator",
                  "f_df_denominator",
                  "iman_davenport_p",
                  "alpha",
                  "nemenyi_q_alpha",
                  "critical_difference"};
  table.rows.push_back(
      {options.metric, std::to_string(friedman.datasets), std::to_string(friedman.methods),
       csv_number(friedman.chi_square), csv_number(friedman.f_numerator_degrees),
       csv_number(friedman.chi_square_p), csv_number(friedman.iman_davenport_f),
       csv_number(friedman.f_numerator_degrees), csv_number(friedman.f_denominator_degrees),
       csv_number(friedman.iman_davenport_p), csv_number(comparison.options.alpha),
       csv_number(comparison.q_alpha), csv_number(comparison.critical_difference)});
  return table.str();
}

// Both orientations of every pair: the multiple-comparison matrix in long form. The columns up to
// nemenyi_significant are those of earlier versions; the later ones were added after them.
std::string pairwise_csv(const Collated& collated, const Comparison& comparison) {
  CsvTable table;
  table.header = {"method",
                  "versus",
                  "mean_difference",
                  "wins",
                  "ties",
                  "losses",
                  "wilcoxon_statistic",
                  "wilcoxon_p",
                  "wilcoxon_method",
                  "holm_p",
                  "holm_significant",
                  "average_rank_difference",
                  "nemenyi_significant",
                  "median_difference",
                  "clique_test_significant",
                  "bayes_p_better",
                  "bayes_p_equivalent",
                  "bayes_p_worse"};
  const size_t methods = collated.methods.size();
  for (size_t first = 0; first < methods; ++first)
    for (size_t second = 0; second < methods; ++second) {
      if (first == second) continue;
      const PairComparison& pair = comparison.pairs[pair_index(first, second, methods)];
      const bool flipped = static_cast<size_t>(pair.a) != first;
      const double sign = flipped ? -1 : 1;
      const bool tested = !std::isnan(pair.holm_p);
      const bool holm = holm_significant(comparison, pair);
      const bool nemenyi = nemenyi_significant(comparison, pair);
      const bool clique_test = comparison.options.cliques == CliqueTest::nemenyi ? nemenyi : holm;
      table.rows.push_back(
          {collated.methods[first].label, collated.methods[second].label,
           csv_number(sign * pair.mean_difference + 0.0),
           std::to_string(flipped ? pair.losses : pair.wins), std::to_string(pair.ties),
           std::to_string(flipped ? pair.wins : pair.losses), csv_number(pair.wilcoxon.statistic),
           csv_number(pair.wilcoxon.p_value),
           tested ? (pair.wilcoxon.exact ? "exact" : "normal") : "", csv_number(pair.holm_p),
           holm ? "true" : "false", csv_number(sign * pair.rank_difference + 0.0),
           nemenyi ? "true" : "false", csv_number(sign * pair.median_difference + 0.0),
           clique_test ? "true" : "false",
           csv_number(flipped ? pair.bayes.p_left : pair.bayes.p_right),
           csv_number(pair.bayes.p_rope),
           csv_number(flipped ? pair.bayes.p_right : pair.bayes.p_left)});
    }
  return table.str();
}

// The bars of the CD diagram as data: one row per bar, its methods in rank order.
std::string cliques_csv(const Collated& collated, const Comparison& comparison) {
  CsvTable table;
  table.header = {"bar", "methods", "best_average_rank", "worst_average_rank", "size"};
  for (size_t c = 0; c < comparison.cliques.size(); ++c) {
    const auto [first, last] = comparison.cliques[c];
    std::vector<std::string> labels;
    for (int position = first; position <= last; ++position)
      labels.push_back(
          collated
              .methods[static_cast<size_t>(comparison.rank_order[static_cast<size_t>(position)])]
              .label);
    const auto at = [&](int position) {
      return comparison.average_ranks(comparison.rank_order[static_cast<size_t>(position)]);
    };
    table.rows.push_back({std::to_string(c + 1), fmt::format("{}", fmt::join(labels, "; ")),
                          csv_number(at(first)), csv_number(at(last)),
                          std::to_string(last - first + 1)});
  }
  return table.str();
}

std::string procedure_csv(const CollateOptions& options, const Collated& collated,
                          const Comparison& comparison) {
  CsvTable table;
  table.header = {"setting", "value", "meaning"};
  for (const ProcedureSetting& setting : procedure_settings(options, collated, comparison))
    table.rows.push_back({setting.name, setting.value, setting.meaning});
  return table.str();
}

}  // namespace

std::string family_description(const Comparison& comparison) {
  if (comparison.family_column.empty())
    return fmt::format("the {} pairs of this comparison", comparison.pairs.size());
  return fmt::format("the pairs of the comparisons at {} = {} together", comparison.family_column,
                     fmt::join(comparison.family_values, ", "));
}

std::vector<ProcedureSetting> procedure_settings(const CollateOptions& options,
                                                 const Collated& collated,
                                                 const Comparison& comparison) {
  const ComparisonOptions& choice = comparison.options;
  // Settings as typed (the shortest text that reads back to the same double: 0.05, not 17 digits).
  auto setting = [](double value) { return fmt::format("{}", value); };
  const bool nemenyi = choice.cliques == CliqueTest::nemenyi;
  std::vector<std::string> where;
  for (const auto& [column, value] : options.where) where.push_back(column + "=" + value);
  for (const auto& [column, value] : options.family_where) where.push_back(column + "=" + value);
  std::vector<std::string> beside;
  for (const auto& run : options.beside) beside.push_back(run_name(run, options.runs));
  return {
      {"metric", options.metric, "results.csv column compared, higher = better"},
      {"by", fmt::format("{}", fmt::join(options.by, ",")), "columns identifying a method"},
      {"where", fmt::format("{}", fmt::join(where, " ")), "rows kept (every condition holds)"},
      {"beside", fmt::format("{}", fmt::join(beside, " ")),
       "runs compared in every --family member, their rows not filtered by its column"},
      {"common_datasets",
       options.common_datasets
           ? fmt::format("true: {} left out (left_out_datasets.csv)", collated.left_out.size())
           : "false",
       "true: only the datasets every run and method has a row for"},
      {"tuned", options.tuned ? "true" : "false",
       "a selector with nested-CV rows counts by those rows only"},
      {"datasets", std::to_string(collated.datasets.size()), "N, the paired observations"},
      {"methods", std::to_string(collated.methods.size()), "k"},
      {"ranks", "per dataset, 1 = best, ties share the mean rank",
       "average ranks order the methods (Demsar 2006)"},
      {"omnibus_test", "friedman, iman-davenport", "k >= 3 (friedman.csv)"},
      {"pairwise_test", "wilcoxon signed-rank, two-sided",
       "every pair over the datasets, conventions of scipy.stats.wilcoxon 1.10"},
      {"wilcoxon_zero_method", std::string(statistics::zero_method_name(choice.zero_method)),
       "zero differences: wilcox drops them, pratt ranks them and drops their ranks, zsplit "
       "splits their ranks between the two sums"},
      {"wilcoxon_p_value", "exact if n <= 50 and no zero difference, else normal",
       "normal approximation with tie correction, without continuity correction (SciPy 1.10 "
       "method=auto)"},
      {"wilcoxon_tied_exact", "larger of the two orders",
       "SciPy truncates a fractional rank sum in its exact test; the conservative order is kept"},
      {"multiple_testing", "holm", "Holm (1979) step-down adjusted p-values"},
      {"holm_family", family_description(comparison), "the tests adjusted together"},
      {"holm_family_tests", std::to_string(comparison.family_tests),
       "m, the tests with a p-value in the family"},
      {"alpha", setting(choice.alpha), "family-wise significance level"},
      {"cd_cliques", clique_test_name(choice.cliques),
       nemenyi ? "bars join methods whose average ranks differ by less than the Nemenyi "
                 "critical difference"
               : "bars join methods, adjacent by average rank, that Holm-adjusted Wilcoxon tests "
                 "do not tell apart"},
      {"cd_bars", statistics::bar_construction_name(choice.bars),
       choice.bars == statistics::BarConstruction::aeon && !nemenyi
           ? "aeon's construction: each method's run to the first method differing from it; a "
             "bar may join a significant pair (cliques.csv)"
           : "the longest rank-adjacent runs with no significant pair among them (cliques.csv)"},
      {"nemenyi_critical_difference", setting(comparison.critical_difference),
       nemenyi ? "draws the cliques" : "for reference only: does not draw the cliques"},
      {"rounding_bound", setting(statistics::kRoundingBound),
       "relative: |x - y| <= bound * max(|x|, |y|) is equal, for every count, rank and test "
       "(scores per dataset and the magnitudes of paired differences snapped first)"},
      {"tie_margin", setting(choice.tie_margin),
       "wins/ties/losses: |difference| <= margin (relative slack 1e-9) is a tie"},
      {"bayesian_test", "signed-rank with rope",
       "Benavoli, Corani, Demsar and Zaffalon (2017), JMLR 18(77), section 5.2"},
      {"bayesian_rope", setting(choice.rope),
       "half-width r of the region of practical equivalence of the difference"},
      {"bayesian_prior", "dirichlet process, strength 0.5 at difference 0",
       "the paper's prior (one pseudo-observation z0 = 0 of weight s = 0.5)"},
      {"bayesian_samples", std::to_string(choice.bayes_samples), "Monte Carlo draws per pair"},
      {"bayesian_monte_carlo_error",
       setting(statistics::monte_carlo_standard_error(choice.bayes_samples)),
       "largest standard error of a probability from the draws, 0.5 / sqrt(samples); "
       "eight draws at a time in SIMD lanes, xoshiro256+, Exp(1) as -log U"},
      {"bayesian_seed", std::to_string(choice.seed),
       "seed of the draws (per pair mixed with the two method names)"},
      {"headline", "average ranks and per-dataset differences",
       "no mean of the metric across datasets is a headline (methods.csv keeps it)"},
  };
}

std::map<std::string, std::string> comparison_tables(const CollateOptions& options,
                                                     const Collated& collated,
                                                     const Comparison& comparison) {
  std::map<std::string, std::string> tables = {
      {"per_dataset.csv", per_dataset_csv(options, collated, comparison)},
      {"methods.csv", methods_csv(options, collated, comparison)},
      {"friedman.csv", friedman_csv(options, comparison)},
      {"pairwise.csv", pairwise_csv(collated, comparison)},
      {"cliques.csv", cliques_csv(collated, comparison)},
      {"procedure.csv", procedure_csv(options, collated, comparison)},
      {"summary.md", comparison_summary(options, collated, comparison)}};
  if (options.common_datasets) {
    CsvTable left_out;
    left_out.header = {"dataset", "reason"};
    for (const auto& entry : collated.left_out)
      left_out.rows.push_back({entry.dataset, entry.reason});
    tables.emplace("left_out_datasets.csv", left_out.str());
  }
  return tables;
}

bool write_comparison(const std::filesystem::path& folder, const CollateOptions& options,
                      const Collated& collated, const Comparison& comparison) {
  // Whole or nothing: a figure gnuplot cannot draw, a full disk or an interrupt leaves `folder`
  // as it was.
  StagedFolder staged(folder);
  const auto tables = comparison_tables(options, collated, comparison);
  for (const auto& [name, contents] : tables)
    write_file_atomically(staged.staging() / name, contents);
  // Written only with --common-datasets: a comparison without it must not keep an earlier one's.
  if (!tables.contains("left_out_datasets.csv")) staged.retire("left_out_datasets.csv");
  write_comparison_report(staged.staging(), folder_name(folder));
  bool rendered = true;
  for (const auto& [name, figure] :
       {std::pair{"cd_diagram", critical_difference_figure(collated, comparison)},
        std::pair{"comparison_matrix", comparison_matrix_figure(collated, comparison)}}) {
    throw_if_interrupted();
    try {
      rendered = render_figure(figure, name, staged.staging() / "figures") && rendered;
    } catch (const InputError& error) {
      // Named by where the figure would have been: the staging folder is gone when this is read.
      throw InputError((folder / "figures" / name).string() + ".png",
                       fmt::format("{}; nothing of the comparison was written", error.message()));
    }
  }
  throw_if_interrupted();
  staged.commit();
  return rendered;
}

}  // namespace tsfs::compare
