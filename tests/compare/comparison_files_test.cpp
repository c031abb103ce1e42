// The files of a comparison folder from a hand-made collation of 3 methods over 4 datasets whose
// ranks, means, differences and Friedman statistics are worked out below; and write_comparison's
// folder, rendered figures included when gnuplot is installed.
#include "compare/comparison_files.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs::compare {
namespace comparison_files_test {

// Scores (datasets x methods laplacian, anova, fisher):
//   A  0.5   0.75  0.25   ranks 2    1    3
//   B  0.5   0.75  0.5          2.5  1    2.5
//   C  0.25  0.5   0.75         3    2    1
//   D  0.5   0.5   0.125        1.5  1.5  3
// Average ranks 2.25, 1.375, 2.375 (rank order anova, laplacian, fisher); means 0.4375, 0.625,
// 0.40625.
struct Example {
  CollateOptions options;
  Collated collated;
  Comparison comparison;
};

Example three_methods() {
  Example example;
  example.options.runs = {"/runs/a", "/runs/b"};
  example.collated.datasets = {"A", "B", "C", "D"};
  example.collated.methods = {{{"laplacian"}, "laplacian", {"a", "b"}},
                              {{"anova"}, "anova", {"a"}},
                              {{"fisher"}, "fisher", {"a"}}};
  example.collated.scores.resize(4, 3);
  example.collated.scores << 0.5, 0.75, 0.25,  //
      0.5, 0.75, 0.5,                          //
      0.25, 0.5, 0.75,                         //
      0.5, 0.5, 0.125;
  ComparisonOptions choice;
  choice.bayes_samples = 500;
  example.comparison =
      compare_methods(example.collated.scores, choice, {"laplacian", "anova", "fisher"});
  return example;
}

// The fields of every line of a CSV without quoted fields, the header first.
std::vector<std::vector<std::string>> csv_lines(const std::string& text) {
  std::vector<std::vector<std::string>> lines;
  for (const auto line : split(text, '\n')) {
    if (line.empty()) continue;
    std::vector<std::string> fields;
    for (const auto field : split(line, ',')) fields.emplace_back(field);
    lines.push_back(std::move(fields));
  }
  return lines;
}

double number_of(const std::string& field) {
  const auto value = parse_double(field);
  REQUIRE(value.has_value());
  return *value;
}

// The setting called `name` of procedure_settings.
ProcedureSetting setting_named(const std::vector<ProcedureSetting>& settings,
                               const std::string& name) {
  for (const auto& setting : settings)
    if (setting.name == name) return setting;
  FAIL_CHECK("no setting " << name);
  return {};
}

bool gnuplot_present() {
  return std::system("command -v gnuplot >/dev/null 2>&1") == 0;
}

}  // namespace comparison_files_test

TEST_CASE("family_description: this comparison's pairs, or a family's members") {
  auto example = comparison_files_test::three_methods();
  CHECK(family_description(example.comparison) == "the 3 pairs of this comparison");
  std::vector<Comparison> family = {example.comparison, example.comparison};
  adjust_as_family(family, "n_features", {"10", "30"});
  CHECK(family_description(family[1]) ==
        "the pairs of the comparisons at n_features = 10, 30 together");
}

TEST_CASE("comparison_tables: per_dataset.csv and methods.csv, by the --by columns") {
  const auto example = comparison_files_test::three_methods();
  const auto tables = comparison_tables(example.options, example.collated, example.comparison);
  std::vector<std::string> names;
  for (const auto& entry : tables) names.push_back(entry.first);
  CHECK(names == std::vector<std::string>{"cliques.csv", "friedman.csv", "methods.csv",
                                          "pairwise.csv", "per_dataset.csv", "procedure.csv",
                                          "summary.md"});
  CHECK(tables.at("per_dataset.csv") ==
        "dataset,method,selector,accuracy,rank\n"
        "A,laplacian,laplacian,0.5,2\n"
        "A,anova,anova,0.75,1\n"
        "A,fisher,fisher,0.25,3\n"
        "B,laplacian,laplacian,0.5,2.5\n"
        "B,anova,anova,0.75,1\n"
        "B,fisher,fisher,0.5,2.5\n"
        "C,laplacian,laplacian,0.25,3\n"
        "C,anova,anova,0.5,2\n"
        "C,fisher,fisher,0.75,1\n"
        "D,laplacian,laplacian,0.5,1.5\n"
        "D,anova,anova,0.5,1.5\n"
        "D,fisher,fisher,0.125,3\n");
  // In rank order; runs: how many runs hold the method (the Laplacian's two are replicates).
  CHECK(tables.at("methods.csv") ==
        "method,selector,runs,mean_accuracy,average_rank\n"
        "anova,anova,1,0.625,1.375\n"
        "laplacian,laplacian,2,0.4375,2.25\n"
        "fisher,fisher,1,0.40625,2.375\n");
  // With 4 datasets no Wilcoxon p-value reaches 0.05: one bar over all three methods.
  CHECK(tables.at("cliques.csv") ==
        "bar,methods,best_average_rank,worst_average_rank,size\n"
        "1,anova; laplacian; fisher,1.375,2.375,3\n");
  CHECK(tables.at("summary.md").find("anova") != std::string::npos);
}

TEST_CASE("comparison_tables: friedman.csv with the statistics worked out by hand") {
  const auto example = comparison_files_test::three_methods();
  const auto lines = comparison_files_test::csv_lines(
      comparison_tables(example.options, example.collated, example.comparison).at("friedman.csv"));
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == std::vector<std::string>{
                        "metric", "datasets", "methods", "chi_square", "chi_square_df",
                        "chi_square_p", "iman_davenport_f", "f_df_numerator", "f_df_denominator",
                        "iman_davenport_p", "alpha", "nemenyi_q_alpha", "critical_difference"});
  const auto& row = lines[1];
  REQUIRE(row.size() == 13);
  CHECK(row[0] == "accuracy");
  CHECK(row[1] == "4");
  CHECK(row[2] == "3");
  // Rank sums 9, 5.5, 9.5: 12 / (4 * 3 * 4) * 201.5 - 3 * 4 * 4 = 2.375, over the tie correction
  // 1 - (6 + 6) / (4 * 3 * 8) = 0.875: 19 / 7, with 2 degrees of freedom (p = e^(-chi2 / 2)).
  const double chi_square = 19.0 / 7;
  CHECK(comparison_files_test::number_of(row[3]) == doctest::Approx(chi_square));
  CHECK(row[4] == "2");
  CHECK(comparison_files_test::number_of(row[5]) == doctest::Approx(std::exp(-chi_square / 2)));
  // Iman-Davenport: 3 chi2 / (4 * 2 - chi2) = 57 / 37, with 2 and 2 * 3 degrees of freedom.
  CHECK(comparison_files_test::number_of(row[6]) == doctest::Approx(57.0 / 37));
  CHECK(row[7] == "2");
  CHECK(row[8] == "6");
  CHECK(row[10] == "0.050000000000000003");  // 17 significant digits
  // Nemenyi for k = 3 at 0.05: q = 2.343; CD = q sqrt(3 * 4 / (6 * 4)).
  CHECK(comparison_files_test::number_of(row[11]) == doctest::Approx(2.343).epsilon(1e-3));
  CHECK(comparison_files_test::number_of(row[12]) ==
        doctest::Approx(comparison_files_test::number_of(row[11]) * std::sqrt(0.5)));
}

TEST_CASE("comparison_tables: pairwise.csv holds both orientations of every pair") {
  const auto example = comparison_files_test::three_methods();
  const auto lines = comparison_files_test::csv_lines(
      comparison_tables(example.options, example.collated, example.comparison).at("pairwise.csv"));
  REQUIRE(lines.size() == 1 + 6);
  CHECK(lines[0] == std::vector<std::string>{
                        "method", "versus", "mean_difference", "wins", "ties", "losses",
                        "wilcoxon_statistic", "wilcoxon_p", "wilcoxon_method", "holm_p",
                        "holm_significant", "average_rank_difference", "nemenyi_significant",
                        "median_difference", "clique_test_significant", "bayes_p_better",
                        "bayes_p_equivalent", "bayes_p_worse"});
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> rows;
  std::vector<std::pair<std::string, std::string>> order;
  for (size_t l = 1; l < lines.size(); ++l) {
    REQUIRE(lines[l].size() == 18);
    order.emplace_back(lines[l][0], lines[l][1]);
    rows[order.back()] = lines[l];
  }
  // Methods in input order, each against the others.
  using Pair = std::pair<std::string, std::string>;
  CHECK(order == std::vector<Pair>{{"laplacian", "anova"},
                                   {"laplacian", "fisher"},
                                   {"anova", "laplacian"},
                                   {"anova", "fisher"},
                                   {"fisher", "laplacian"},
                                   {"fisher", "anova"}});
  // laplacian - anova: -0.25, -0.25, -0.25, 0. Mean -0.1875, median -0.25, 0/1/3; average ranks
  // 2.25 - 1.375. The zero difference makes the Wilcoxon test normal: the 3 others tie at rank 2,
  // r+ = 0 against a mean of 3 and a variance of 3 * 4 * 7 / 24 - (27 - 3) / 48 = 3.
  const auto& laplacian_anova = rows.at(Pair{"laplacian", "anova"});
  CHECK(laplacian_anova[2] == "-0.1875");
  CHECK(laplacian_anova[3] == "0");
  CHECK(laplacian_anova[4] == "1");
  CHECK(laplacian_anova[5] == "3");
  CHECK(laplacian_anova[6] == "0");
  CHECK(comparison_files_test::number_of(laplacian_anova[7]) ==
        doctest::Approx(std::erfc(std::sqrt(3.0) / std::sqrt(2.0))));
  CHECK(laplacian_anova[8] == "normal");
  CHECK(comparison_files_test::number_of(laplacian_anova[9]) >=
        comparison_files_test::number_of(laplacian_anova[7]));
  CHECK(laplacian_anova[10] == "false");
  CHECK(laplacian_anova[11] == "0.875");
  CHECK(laplacian_anova[12] == "false");
  CHECK(laplacian_anova[13] == "-0.25");
  CHECK(laplacian_anova[14] == "false");
  // The other orientation: signs flipped, wins and losses swapped, the tests the same.
  const auto& anova_laplacian = rows.at(Pair{"anova", "laplacian"});
  CHECK(anova_laplacian[2] == "0.1875");
  CHECK(anova_laplacian[3] == "3");
  CHECK(anova_laplacian[4] == "1");
  CHECK(anova_laplacian[5] == "0");
  for (size_t column : {6, 7, 8, 9, 10, 12, 14, 16})
    CHECK(anova_laplacian[column] == laplacian_anova[column]);
  CHECK(anova_laplacian[11] == "-0.875");
  CHECK(anova_laplacian[13] == "0.25");
  // P(better) of one orientation is P(worse) of the other; the three add up to 1.
  CHECK(anova_laplacian[15] == laplacian_anova[17]);
  CHECK(anova_laplacian[17] == laplacian_anova[15]);
  double total = 0;
  for (size_t column : {15, 16, 17})
    total += comparison_files_test::number_of(laplacian_anova[column]);
  CHECK(total == doctest::Approx(1.0));
  // anova - fisher: 0.5, 0.25, -0.25, 0.375, no zero: the exact test. Mean 0.21875, median
  // (0.25 + 0.375) / 2, 3/0/1, ranks 1.375 - 2.375.
  const auto& anova_fisher = rows.at(Pair{"anova", "fisher"});
  CHECK(anova_fisher[2] == "0.21875");
  CHECK(anova_fisher[3] == "3");
  CHECK(anova_fisher[4] == "0");
  CHECK(anova_fisher[5] == "1");
  CHECK(anova_fisher[8] == "exact");
  CHECK(anova_fisher[11] == "-1");
  CHECK(anova_fisher[13] == "0.3125");
  // laplacian - fisher: 0.25, 0, -0.5, 0.375.
  const auto& fisher_laplacian = rows.at(Pair{"fisher", "laplacian"});
  CHECK(fisher_laplacian[2] == "-0.03125");
  CHECK(fisher_laplacian[3] == "1");
  CHECK(fisher_laplacian[4] == "1");
  CHECK(fisher_laplacian[5] == "2");
  CHECK(fisher_laplacian[11] == "0.125");
  CHECK(fisher_laplacian[13] == "-0.125");
}

TEST_CASE("comparison_tables: two methods have no Friedman test, NaN is an empty field") {
  Collated collated;
  collated.datasets = {"A", "B", "C"};
  collated.methods = {{{"x"}, "x", {"a"}}, {{"y"}, "y", {"a"}}};
  collated.scores.resize(3, 2);
  collated.scores << 0.5, 0.25, 0.75, 0.5, 0.5, 0.5;
  ComparisonOptions choice;
  choice.bayes_samples = 100;
  const Comparison comparison = compare_methods(collated.scores, choice, {"x", "y"});
  const auto lines = comparison_files_test::csv_lines(
      comparison_tables({}, collated, comparison).at("friedman.csv"));
  REQUIRE(lines.size() == 2);
  CHECK(lines[1][3].empty());  // chi_square
  CHECK(lines[1][5].empty());  // chi_square_p
  CHECK(lines[1][6].empty());  // iman_davenport_f
  CHECK(lines[1][9].empty());  // iman_davenport_p
  // A pair with no difference at all has no Wilcoxon test: p, method and Holm empty.
  collated.scores.col(1) = collated.scores.col(0);
  const Comparison tied = compare_methods(collated.scores, choice, {"x", "y"});
  const auto pairs =
      comparison_files_test::csv_lines(comparison_tables({}, collated, tied).at("pairwise.csv"));
  REQUIRE(pairs.size() == 3);
  for (size_t line : {1, 2}) {
    CHECK(pairs[line][4] == "3");  // ties
    CHECK(pairs[line][7].empty());
    CHECK(pairs[line][8].empty());
    CHECK(pairs[line][9].empty());
    CHECK(pairs[line][10] == "false");
    CHECK(pairs[line][13] == "0");  // not "-0" in the flipped row
  }
  // Nor the mean and rank differences of a pair whose differences cancel.
  collated.scores.resize(4, 2);
  collated.datasets = {"A", "B", "C", "D"};
  collated.scores << 0.5, 0.5, 0.75, 0.5, 0.5, 0.75, 0.5, 0.5;
  const Comparison cancelling = compare_methods(collated.scores, choice, {"x", "y"});
  const auto cancelled = comparison_files_test::csv_lines(
      comparison_tables({}, collated, cancelling).at("pairwise.csv"));
  REQUIRE(cancelled.size() == 3);
  for (size_t line : {1, 2}) {
    CHECK(cancelled[line][2] == "0");   // mean_difference
    CHECK(cancelled[line][11] == "0");  // average_rank_difference
  }
}

TEST_CASE("comparison_tables: --common-datasets adds left_out_datasets.csv") {
  auto example = comparison_files_test::three_methods();
  example.options.common_datasets = true;
  example.collated.left_out = {{"E", "no row of method fisher"}, {"F", "not in run b, c"}};
  const auto tables = comparison_tables(example.options, example.collated, example.comparison);
  CHECK(tables.at("left_out_datasets.csv") ==
        "dataset,reason\nE,no row of method fisher\nF,\"not in run b, c\"\n");
  CHECK(tables.at("procedure.csv")
            .find("\ncommon_datasets,true: 2 left out (left_out_datasets.csv),") !=
        std::string::npos);
}

TEST_CASE("procedure_settings: every choice of the procedure, as given") {
  const testing::TemporaryFolder runs("comparison_files_runs");
  auto example = comparison_files_test::three_methods();
  CollateOptions& options = example.options;
  options.runs = {runs.path() / "first", runs.path() / "baseline"};
  options.by = {"selector", "k"};
  options.where = {{"n_features", "10"}, {"protocol", "skf"}};
  options.family_where = {{"k", "5"}};
  options.beside = {runs.path() / "baseline"};
  options.tuned = true;
  const auto settings = procedure_settings(options, example.collated, example.comparison);
  REQUIRE(settings.size() == 30);
  CHECK(settings.front().name == "metric");
  CHECK(settings.back().name == "headline");
  const auto value = [&](const std::string& name) {
    return comparison_files_test::setting_named(settings, name).value;
  };
  CHECK(value("metric") == "accuracy");
  CHECK(value("by") == "selector,k");
  CHECK(value("where") == "n_features=10 protocol=skf k=5");
  CHECK(value("beside") == "baseline");
  CHECK(value("common_datasets") == "false");
  CHECK(value("tuned") == "true");
  CHECK(value("datasets") == "4");
  CHECK(value("methods") == "3");
  CHECK(value("wilcoxon_zero_method") == "wilcox");
  CHECK(value("holm_family") == "the 3 pairs of this comparison");
  CHECK(value("holm_family_tests") == "3");
  CHECK(value("alpha") == "0.05");  // as typed, not 17 digits
  CHECK(value("cd_cliques") == "wilcoxon-holm");
  CHECK(value("cd_bars") == "maximal");
  CHECK(value("bayesian_monte_carlo_error") == "0.022360679774997897");  // 0.5 / sqrt(500)
  CHECK(value("tie_margin") == "0");
  CHECK(value("bayesian_rope") == "0.01");
  CHECK(value("bayesian_samples") == "500");
  CHECK(value("bayesian_seed") == "1");
  CHECK(comparison_files_test::setting_named(settings, "nemenyi_critical_difference").meaning ==
        "for reference only: does not draw the cliques");
  CHECK(comparison_files_test::setting_named(settings, "cd_bars").meaning ==
        "the longest rank-adjacent runs with no significant pair among them (cliques.csv)");
}

TEST_CASE("procedure_settings: the meanings follow the clique test and the bars' construction") {
  auto example = comparison_files_test::three_methods();
  ComparisonOptions choice = example.comparison.options;
  choice.bars = statistics::BarConstruction::aeon;
  choice.zero_method = statistics::ZeroMethod::pratt;
  choice.alpha = 0.1;
  choice.tie_margin = 0.005;
  example.comparison = compare_methods(example.collated.scores, choice);
  auto settings = procedure_settings(example.options, example.collated, example.comparison);
  CHECK(comparison_files_test::setting_named(settings, "cd_bars").value == "aeon");
  CHECK(comparison_files_test::setting_named(settings, "cd_bars").meaning.find("aeon's") == 0);
  CHECK(comparison_files_test::setting_named(settings, "wilcoxon_zero_method").value == "pratt");
  CHECK(comparison_files_test::setting_named(settings, "alpha").value == "0.1");
  CHECK(comparison_files_test::setting_named(settings, "tie_margin").value == "0.005");
  // Nemenyi draws the cliques: aeon's construction then joins no significant pair.
  choice.cliques = CliqueTest::nemenyi;
  example.comparison = compare_methods(example.collated.scores, choice);
  settings = procedure_settings(example.options, example.collated, example.comparison);
  CHECK(comparison_files_test::setting_named(settings, "cd_cliques").value == "nemenyi");
  CHECK(comparison_files_test::setting_named(settings, "cd_cliques").meaning.find("Nemenyi") !=
        std::string::npos);
  CHECK(comparison_files_test::setting_named(settings, "cd_bars").meaning.find("the longest") == 0);
  CHECK(comparison_files_test::setting_named(settings, "nemenyi_critical_difference").meaning ==
        "draws the cliques");
}

TEST_CASE("write_comparison: the tables and both figures into the folder, old files replaced") {
  const testing::TemporaryFolder scratch("comparison_files_write");
  const auto folder = scratch.path() / "comparison";
  scratch.write("comparison/per_dataset.csv", "old\n");
  const auto example = comparison_files_test::three_methods();
  const bool rendered =
      write_comparison(folder, example.options, example.collated, example.comparison);
  CHECK(rendered == comparison_files_test::gnuplot_present());
  const auto tables = comparison_tables(example.options, example.collated, example.comparison);
  for (const auto& table : tables) {
    CAPTURE(table.first);
    CHECK(testing::read_text(folder / table.first) == table.second);
  }
  for (const char* figure : {"cd_diagram", "comparison_matrix"}) {
    CAPTURE(figure);
    CHECK_FALSE(testing::read_text(folder / "figures" / (std::string(figure) + ".dat")).empty());
    CHECK(std::filesystem::exists(folder / "figures" / (std::string(figure) + ".gp")));
    if (rendered)
      CHECK(std::filesystem::file_size(folder / "figures" / (std::string(figure) + ".png")) > 1000);
  }
  // Nothing but the comparison's files: the staging folder is gone.
  size_t entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    CAPTURE(entry.path().string());
    CHECK_FALSE(entry.path().filename().string().front() == '.');
    ++entries;
  }
  CHECK(entries == tables.size() + 2);  // and figures/ and the page
  CHECK(testing::read_text(folder / "report.html").find("\"kind\": \"comparison\"") !=
        std::string::npos);
}

TEST_CASE("write_comparison: a rerun without --common-datasets removes left_out_datasets.csv") {
  const testing::TemporaryFolder scratch("comparison_files_rerun");
  const auto folder = scratch.path() / "comparison";
  auto example = comparison_files_test::three_methods();
  example.options.common_datasets = true;
  example.collated.left_out = {{"E", "no row of method fisher"}};
  write_comparison(folder, example.options, example.collated, example.comparison);
  REQUIRE(std::filesystem::exists(folder / "left_out_datasets.csv"));
  example.options.common_datasets = false;
  example.collated.left_out.clear();
  write_comparison(folder, example.options, example.collated, example.comparison);
  CHECK_FALSE(std::filesystem::exists(folder / "left_out_datasets.csv"));
  CHECK(testing::read_text(folder / "procedure.csv").find("\ncommon_datasets,false") !=
        std::string::npos);
}

}  // namespace tsfs::compare
