#include "compare/comparison_files.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/files.hpp"
#include "common/text.hpp"
#include "compare/comparison_figures.hpp"
#include "plot/plot.hpp"
#include "report/csv_table.hpp"

namespace tsfs::compare {
namespace {

std::string number(double value) {
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
      row.push_back(number(collated.scores(dataset, method)));
      row.push_back(number(comparison.ranks(dataset, method)));
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
    row.push_back(number(comparison.mean_scores(m)));
    row.push_back(number(comparison.average_ranks(m)));
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
  table.rows.push_back({options.metric, std::to_string(friedman.datasets),
                        std::to_string(friedman.methods), number(friedman.chi_square),
                        number(friedman.f_numerator_degrees), number(friedman.chi_square_p),
                        number(friedman.iman_davenport_f), number(friedman.f_numerator_degrees),
                        number(friedman.f_denominator_degrees), number(friedman.iman_davenport_p),
                        number(comparison.alpha), number(comparison.q_alpha),
                        number(comparison.critical_difference)});
  return table.str();
}

// Both orientations of every pair: the multiple-comparison matrix in long form.
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
                  "nemenyi_significant"};
  const size_t methods = collated.methods.size();
  for (size_t first = 0; first < methods; ++first)
    for (size_t second = 0; second < methods; ++second) {
      if (first == second) continue;
      const PairComparison& pair = comparison.pairs[pair_index(first, second, methods)];
      const bool flipped = static_cast<size_t>(pair.a) != first;
      const double sign = flipped ? -1 : 1;
      const bool tested = !std::isnan(pair.holm_p);
      table.rows.push_back(
          {collated.methods[first].label, collated.methods[second].label,
           number(sign * pair.mean_difference), std::to_string(flipped ? pair.losses : pair.wins),
           std::to_string(pair.ties), std::to_string(flipped ? pair.wins : pair.losses),
           number(pair.wilcoxon.statistic), number(pair.wilcoxon.p_value),
           tested ? (pair.wilcoxon.exact ? "exact" : "normal") : "", number(pair.holm_p),
           tested && pair.holm_p <= comparison.alpha ? "true" : "false",
           number(sign * pair.rank_difference),
           std::abs(pair.rank_difference) >= comparison.critical_difference ? "true" : "false"});
    }
  return table.str();
}

}  // namespace

std::map<std::string, std::string> comparison_tables(const CollateOptions& options,
                                                     const Collated& collated,
                                                     const Comparison& comparison) {
  return {{"per_dataset.csv", per_dataset_csv(options, collated, comparison)},
          {"methods.csv", methods_csv(options, collated, comparison)},
          {"friedman.csv", friedman_csv(options, comparison)},
          {"pairwise.csv", pairwise_csv(collated, comparison)},
          {"summary.md", comparison_summary(options, collated, comparison)}};
}

bool write_comparison(const std::filesystem::path& folder, const CollateOptions& options,
                      const Collated& collated, const Comparison& comparison) {
  std::filesystem::create_directories(folder);
  for (const auto& [name, contents] : comparison_tables(options, collated, comparison))
    write_file_atomically(folder / name, contents);
  bool rendered = render_figure(critical_difference_figure(collated, comparison), "cd_diagram",
                                folder / "figures");
  rendered = render_figure(comparison_matrix_figure(collated, comparison), "comparison_matrix",
                           folder / "figures") &&
             rendered;
  return rendered;
}

}  // namespace tsfs::compare
