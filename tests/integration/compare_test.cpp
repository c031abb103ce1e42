// `runner compare` on two tiny runs (Coffee, ECG200, GunPoint under the resamples protocol with
// two resamples): the comparison files, pinned, and the refusals.
#include <doctest/doctest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "common/files.hpp"
#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

// Runs both specs into `folder`/a and `folder`/b.
void run_both(const TemporaryFolder& folder) {
  for (const char* name : {"a", "b"}) {
    auto run =
        run_runner(std::string("tests/integration/specs/compare_run_") + name +
                   ".yaml --quiet --no-timings --set output=" + (folder.path() / name).string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  }
}

}  // namespace

TEST_CASE("runner compare writes the pinned comparison of two runs") {
  TemporaryFolder folder("compare");
  run_both(folder);
  const auto a = folder.path() / "a", b = folder.path() / "b";
  auto compare = run_runner("compare " + a.string() + " " + b.string());
  REQUIRE_MESSAGE(compare.exit_code == 0, compare.err);
  CHECK(compare.out.find("5 methods on 3 datasets: Friedman p = 0.4779") != std::string::npos);
  const auto comparison = a / "comparison";

  // Average ranks by hand from the per-dataset accuracies (see per_dataset.csv): anova and
  // fisher select the same 10 features on every dataset, so they tie everywhere.
  CHECK(read_text(comparison / "methods.csv") ==
        "method,selector,runs,mean_accuracy,average_rank\n"
        "anova,anova,1,0.83833333333333337,2.1666666666666665\n"
        "fisher,fisher,1,0.83833333333333337,2.1666666666666665\n"
        "laplacian,laplacian,1,0.81888888888888889,3.5\n"
        "variance,variance,1,0.82500000000000007,3.5\n"
        "none,none,1,0.62857142857142856,3.6666666666666665\n");
  // chi2 = 12 N / (k (k+1)) (sum R_j^2 - k (k+1)^2 / 4) / C with N = 3, k = 5 and ties.
  CHECK(read_text(comparison / "friedman.csv") ==
        "metric,datasets,methods,chi_square,chi_square_df,chi_square_p,iman_davenport_f,"
        "f_df_numerator,f_df_denominator,iman_davenport_p,alpha,nemenyi_q_alpha,"
        "critical_difference\n"
        "accuracy,3,5,3.4999999999999964,4,0.47787834448872463,0.82352941176470473,4,8,"
        "0.5454347712512867,0.050000000000000003,2.7277743708703239,3.5215415701973929\n");

  // per_dataset.csv holds the runs' accuracies unchanged.
  const auto per_dataset = tsfs::read_csv_table(comparison / "per_dataset.csv");
  const auto results = tsfs::read_csv_table(b / "results.csv");
  CHECK(cell(per_dataset, {{"dataset", "ECG200"}, {"method", "none"}}, "accuracy") ==
        cell(results, {{"dataset", "ECG200"}, {"selector", "none"}}, "accuracy"));
  CHECK(cell(per_dataset, {{"dataset", "ECG200"}, {"method", "none"}}, "rank") == "1");

  // The matrix in long form: both orientations, 5 x 4 rows; anova vs fisher untestable.
  const auto pairwise = tsfs::read_csv_table(comparison / "pairwise.csv");
  CHECK(pairwise.rows.size() == 20);
  CHECK(cell(pairwise, {{"method", "anova"}, {"versus", "fisher"}}, "wilcoxon_p").empty());
  CHECK(cell(pairwise, {{"method", "anova"}, {"versus", "none"}}, "wins") == "2");
  CHECK(cell(pairwise, {{"method", "none"}, {"versus", "anova"}}, "losses") == "2");
  CHECK(cell(pairwise, {{"method", "anova"}, {"versus", "none"}}, "wilcoxon_p") == "0.5");
  CHECK(cell(pairwise, {{"method", "anova"}, {"versus", "none"}}, "wilcoxon_method") == "exact");
  CHECK(cell(pairwise, {{"method", "laplacian"}, {"versus", "anova"}}, "mean_difference") ==
        "-0.019444444444444448");
  // summary.md leads with ranks and per-dataset differences, not mean accuracies.
  const std::string summary = read_text(comparison / "summary.md");
  CHECK(contains(summary, "| 2.167 | anova | | |\n| 2.167 | fisher | +0 | 0/3/0 |\n"));
  CHECK(!contains(summary, "0.8383"));
  for (const char* name : {"cd_diagram", "comparison_matrix"}) {
    CHECK_MESSAGE(
        std::filesystem::file_size(comparison / "figures" / (std::string(name) + ".png")) > 1000,
        name);
    CHECK_MESSAGE(read_text(comparison / "figures" / (std::string(name) + ".svg")).find("<svg") !=
                      std::string::npos,
                  name);
  }
  // Cliques from the Holm-adjusted Wilcoxon tests by default: no Nemenyi CD bar, the title says.
  CHECK(read_text(comparison / "figures/cd_diagram.dat").find("4.5215415701973924\t0.75") ==
        std::string::npos);
  CHECK(contains(read_text(comparison / "figures/cd_diagram.gp"),
                 "cliques: Wilcoxon signed-rank tests, Holm-adjusted (9 tests), alpha = 0.05"));
  // Every choice of the procedure, in procedure.csv and summary.md.
  const auto procedure = tsfs::read_csv_table(comparison / "procedure.csv");
  CHECK(cell(procedure, {{"setting", "wilcoxon_zero_method"}}, "value") == "wilcox");
  CHECK(cell(procedure, {{"setting", "cd_cliques"}}, "value") == "wilcoxon-holm");
  CHECK(cell(procedure, {{"setting", "tie_margin"}}, "value") == "0");
  CHECK(cell(procedure, {{"setting", "bayesian_rope"}}, "value") == "0.01");
  CHECK(cell(procedure, {{"setting", "bayesian_seed"}}, "value") == "1");
  CHECK(cell(procedure, {{"setting", "holm_family"}}, "value") ==
        "the 10 pairs of this comparison");
  CHECK(contains(read_text(comparison / "summary.md"), "- wilcoxon_zero_method: wilcox ("));
  CHECK(cell(pairwise, {{"method", "anova"}, {"versus", "fisher"}}, "bayes_p_equivalent") == "1");

  SUBCASE("--cliques nemenyi draws the critical difference; the other options are printed") {
    const auto output = folder.path() / "nemenyi";
    auto nemenyi = run_runner("compare " + a.string() + " " + b.string() +
                              " --cliques nemenyi --zero-method zsplit --tie-margin 0.02 "
                              "--rope 0.05 --bayes-samples 1000 --seed 7 --output " +
                              output.string());
    REQUIRE_MESSAGE(nemenyi.exit_code == 0, nemenyi.err);
    // The critical-difference bar spans the Nemenyi CD from rank 1.
    CHECK(read_text(output / "figures/cd_diagram.dat").find("4.5215415701973924\t0.75") !=
          std::string::npos);
    CHECK(contains(read_text(output / "figures/cd_diagram.gp"),
                   "cliques: Nemenyi test, alpha = 0.05"));
    const auto chosen = tsfs::read_csv_table(output / "procedure.csv");
    CHECK(cell(chosen, {{"setting", "cd_cliques"}}, "value") == "nemenyi");
    CHECK(cell(chosen, {{"setting", "wilcoxon_zero_method"}}, "value") == "zsplit");
    CHECK(cell(chosen, {{"setting", "tie_margin"}}, "value") == "0.02");
    CHECK(cell(chosen, {{"setting", "bayesian_rope"}}, "value") == "0.05");
    CHECK(cell(chosen, {{"setting", "bayesian_samples"}}, "value") == "1000");
    CHECK(cell(chosen, {{"setting", "bayesian_seed"}}, "value") == "7");
    // zsplit tests anova against fisher (every difference zero): p = 1.
    const auto zsplit = tsfs::read_csv_table(output / "pairwise.csv");
    CHECK(cell(zsplit, {{"method", "anova"}, {"versus", "fisher"}}, "wilcoxon_p") == "1");
  }

  SUBCASE("--family: an unknown column is refused") {
    auto family = run_runner("compare " + a.string() + " --family no_such_column");
    CHECK(family.exit_code == 2);
    CHECK(contains(family.err, "no column 'no_such_column' (--family)"));
    CHECK(run_runner("compare " + a.string() + " --zero-method none").exit_code == 2);
    CHECK(run_runner("compare " + a.string() + " --cliques bonferroni").exit_code == 2);
    CHECK(run_runner("compare " + a.string() + " --rope -1").exit_code == 2);
    CHECK(run_runner("compare " + a.string() + " --output 'x{}'").exit_code == 2);
  }

  SUBCASE("--by with run, --alpha and --output") {
    const auto output = folder.path() / "by_run";
    auto by_run = run_runner("compare " + a.string() + " " + b.string() +
                             " --by selector,run --alpha 0.1 --output " + output.string());
    REQUIRE_MESSAGE(by_run.exit_code == 0, by_run.err);
    const auto friedman = tsfs::read_csv_table(output / "friedman.csv");
    CHECK(friedman.rows[0][*friedman.column("nemenyi_q_alpha")] == "2.4595157642714138");
    // A run is named by its folder's name, not by the path given (docs/comparing.md).
    CHECK(read_text(output / "methods.csv").find("\"anova, run=a\"") != std::string::npos);
  }
}

TEST_CASE("runner compare refuses runs of other datasets and ambiguous methods, writing nothing") {
  TemporaryFolder folder("compare_errors");
  run_both(folder);
  const auto a = folder.path() / "a";
  const auto other = folder.path() / "other";
  auto run = run_runner(
      "tests/integration/specs/compare_run_b.yaml --quiet --set output=" + other.string() +
      " --set datasets.2.name=BeetleFly" + " --set datasets.2.path=third_party/ucr/BeetleFly");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  auto refused = run_runner("compare " + a.string() + " " + other.string());
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("run other has no results for dataset 'GunPoint' (run a has): compared "
                         "runs need the same datasets") != std::string::npos);
  CHECK(!std::filesystem::exists(a / "comparison"));

  auto ambiguous = run_runner("compare " + a.string() + " --by fit_on");
  CHECK(ambiguous.exit_code == 2);
  CHECK(ambiguous.err.find("method 'train' has 3 rows for dataset 'Coffee' differing in "
                           "distance, selector, k, sigma_ratio") != std::string::npos);
  auto one_method = run_runner("compare " + a.string() + " --by classifier");
  CHECK(one_method.exit_code == 2);
  CHECK(run_runner("compare " + a.string() + " --alpha 2").exit_code == 2);
  CHECK(run_runner("compare").exit_code == 2);
  auto twice = run_runner("compare " + a.string() + " --by selector,selector");
  CHECK(twice.exit_code == 2);
  CHECK(contains(twice.err, "--by lists 'selector' twice"));
  CHECK(!std::filesystem::exists(a / "comparison"));
  const auto file = write_text(folder.path() / "a_file", "x");
  auto into_file = run_runner("compare " + a.string() + " " + (folder.path() / "b").string() +
                              " --output " + file.string());
  CHECK(into_file.exit_code == 2);
  CHECK_MESSAGE(contains(into_file.err, "--output: the output " + file.string() + " is a file"),
                into_file.err);
  // Its hints name compare's own options, never the runner's `--set`.
  CHECK(contains(into_file.err, "choose another output (--output DIR)"));
  CHECK_FALSE(contains(into_file.err, "--set"));
  CHECK(read_text(file) == "x");
  // A run folder, or one it writes itself, is no place for a comparison: its page would be
  // replaced and methods.csv would sit beside its results.csv.
  const std::string report = read_text(a / "report.html");
  for (const auto& output : {a, a / "tables", a / "figures/"}) {
    auto into_run = run_runner("compare " + a.string() + " --output " + output.string());
    CHECK(into_run.exit_code == 2);
    CHECK_MESSAGE(contains(into_run.err, "--output: " + output.string() + " is a run folder"),
                  into_run.err);
  }
  CHECK(read_text(a / "report.html") == report);
  CHECK_FALSE(std::filesystem::exists(a / "methods.csv"));
  auto empty = run_runner("compare " + a.string() + " --output ''");
  CHECK(empty.exit_code == 2);
  CHECK_MESSAGE(contains(empty.err, "--output needs a folder"), empty.err);
}

TEST_CASE("runner compare names a folder that is missing or not a run as typed") {
  TemporaryFolder folder("compare_folders");
  std::filesystem::create_directories(folder.path() / "out/empty");
  auto missing = run_runner("compare " + (folder.path() / "out/nonexist").string());
  CHECK(missing.exit_code == 2);
  CHECK_MESSAGE(contains(missing.err, (folder.path() / "out/nonexist").string() +
                                          ": not a folder: compare needs finished run folders"),
                missing.err);
  auto empty = run_runner("compare " + (folder.path() / "out/empty").string());
  CHECK(empty.exit_code == 2);
  CHECK_MESSAGE(contains(empty.err, (folder.path() / "out/empty").string() +
                                        ": not a finished run folder (no results.csv in it)"),
                empty.err);
}

TEST_CASE("runner compare --family: one comparison per n_features, Holm over all their pairs") {
  // The committed 14-dataset archive run (results/archive/), 3 n_features.
  TemporaryFolder folder("compare_family");
  const std::string common =
      "compare results/archive --tuned --by selector,variant,distance --bayes-samples 200 ";
  auto family = run_runner(common + "--family n_features --output " +
                           (folder.path() / "family_n{}").string());
  REQUIRE_MESSAGE(family.exit_code == 0, family.err);
  auto alone =
      run_runner(common + "--where n_features=30 --output " + (folder.path() / "alone").string());
  REQUIRE_MESSAGE(alone.exit_code == 0, alone.err);
  size_t tests = 0;
  for (const char* n : {"10", "30", "100"}) {
    const auto pairwise =
        tsfs::read_csv_table(folder.path() / ("family_n" + std::string(n)) / "pairwise.csv");
    for (const auto& row : pairwise.rows)
      if (!row[*pairwise.column("holm_p")].empty()) ++tests;
    CHECK(contains(family.out, std::string("n_features = ") + n + ": "));
  }
  tests /= 2;  // both orientations of each pair
  const auto procedure = tsfs::read_csv_table(folder.path() / "family_n30" / "procedure.csv");
  CHECK(cell(procedure, {{"setting", "holm_family_tests"}}, "value") == std::to_string(tests));
  CHECK(cell(procedure, {{"setting", "holm_family"}}, "value") ==
        "the pairs of the comparisons at n_features = 10, 30, 100 together");
  CHECK(cell(procedure, {{"setting", "where"}}, "value") == "n_features=30");
  // The same raw p-values; the family's Holm p-values are never smaller than one comparison's.
  const auto in_family = tsfs::read_csv_table(folder.path() / "family_n30" / "pairwise.csv");
  const auto by_itself = tsfs::read_csv_table(folder.path() / "alone" / "pairwise.csv");
  REQUIRE(in_family.rows.size() == by_itself.rows.size());
  int larger = 0;
  for (size_t row = 0; row < in_family.rows.size(); ++row) {
    const auto p = *in_family.column("wilcoxon_p"), holm = *in_family.column("holm_p");
    CHECK(in_family.rows[row][p] == by_itself.rows[row][p]);
    if (in_family.rows[row][holm].empty()) continue;
    const double family_p = *tsfs::parse_double(in_family.rows[row][holm]);
    const double own_p = *tsfs::parse_double(by_itself.rows[row][holm]);
    CHECK(family_p >= own_p);
    larger += family_p > own_p;
  }
  CHECK(larger > 0);
}

TEST_CASE("runner compare --beside: a baseline run enters every member of a --family") {
  // The committed archive run's 14 datasets, and a baseline with one accuracy per dataset and no
  // n_features column (1-NN chooses no features).
  TemporaryFolder folder("compare_beside");
  const auto archive =
      tsfs::read_csv_table(std::filesystem::path(TSFS_SOURCE_DIR) / "results/archive/results.csv");
  std::vector<std::string> datasets;
  for (const auto& row : archive.rows)
    if (std::find(datasets.begin(), datasets.end(), row[0]) == datasets.end())
      datasets.push_back(row[0]);
  std::string baseline = "dataset,selector,accuracy\n";
  for (size_t d = 0; d < datasets.size(); ++d)
    baseline +=
        datasets[d] + ",nearest_dtw," + std::to_string(0.5 + 0.03 * static_cast<double>(d)) + "\n";
  write_text(folder.path() / "baseline/results.csv", baseline);
  const std::string common =
      "compare results/archive --tuned --by selector,variant,distance "
      "--bayes-samples 200 --family n_features --beside " +
      (folder.path() / "baseline").string();
  auto family = run_runner(common + " --output " + (folder.path() / "n{}").string());
  REQUIRE_MESSAGE(family.exit_code == 0, family.err);
  for (const char* n : {"10", "30", "100"}) {
    const auto member = folder.path() / ("n" + std::string(n));
    const auto methods = tsfs::read_csv_table(member / "methods.csv");
    CHECK(cell(methods, {{"method", "nearest_dtw"}}, "runs") == "1");
    const auto procedure = tsfs::read_csv_table(member / "procedure.csv");
    CHECK(cell(procedure, {{"setting", "beside"}}, "value") == "baseline");
    CHECK(cell(procedure, {{"setting", "where"}}, "value") == std::string("n_features=") + n);
  }
  // Its accuracies are the same in each member.
  CHECK(read_text(folder.path() / "n10/per_dataset.csv").find("nearest_dtw") != std::string::npos);

  // A baseline that lacks a dataset (a component skipped it there): refused, or with
  // --common-datasets compared on the others, the dataset listed with the reason.
  write_text(folder.path() / "partial/results.csv",
             baseline.substr(0, baseline.rfind(datasets.back())));
  const std::string partial = " --beside " + (folder.path() / "partial").string();
  auto refused = run_runner(common + partial + " --output " + (folder.path() / "r{}").string());
  CHECK(refused.exit_code == 2);
  CHECK(contains(refused.err, "has no results for dataset '" + datasets.back() + "'"));
  // Which member of the family: the first, in n_features order.
  CHECK_MESSAGE(contains(refused.err, "--family n_features = 10: "), refused.err);
  auto common_only = run_runner(common + partial + " --common-datasets --output " +
                                (folder.path() / "c{}").string());
  REQUIRE_MESSAGE(common_only.exit_code == 0, common_only.err);
  const auto left_out = tsfs::read_csv_table(folder.path() / "c30/left_out_datasets.csv");
  REQUIRE(left_out.rows.size() == 1);
  CHECK(left_out.rows[0][0] == datasets.back());
  CHECK(left_out.rows[0][1] == "no row in run partial");
  CHECK(cell(tsfs::read_csv_table(folder.path() / "c30/procedure.csv"),
             {{"setting", "common_datasets"}},
             "value") == "true: 1 left out (left_out_datasets.csv)");
  CHECK(contains(read_text(folder.path() / "c30/summary.md"), "1 datasets are left out"));

  auto without_family =
      run_runner("compare results/archive --beside " + (folder.path() / "baseline").string());
  CHECK(without_family.exit_code == 2);
  CHECK(contains(without_family.err, "--beside compares a run in every member of a --family"));
  auto only_beside =
      run_runner("compare --family n_features --beside " + (folder.path() / "baseline").string());
  CHECK(only_beside.exit_code == 2);
  CHECK(contains(only_beside.err, "every run is --beside"));
}

TEST_CASE(
    "runner compare is whole or nothing: a figure gnuplot cannot draw leaves the folder as it "
    "was") {
  TemporaryFolder folder("compare_whole");
  run_both(folder);
  const auto a = folder.path() / "a";
  REQUIRE(run_runner("compare " + a.string()).exit_code == 0);
  const std::string summary = read_text(a / "comparison/summary.md");
  // A gnuplot that fails, found first on PATH; the --alpha changes what would be written.
  write_text(folder.path() / "bin/gnuplot", "#!/bin/sh\necho 'cannot draw here' >&2\nexit 1\n");
  std::filesystem::permissions(folder.path() / "bin/gnuplot", std::filesystem::perms::owner_all);
  const std::string path = "PATH=" + (folder.path() / "bin").string() + ":/usr/bin:/bin";
  auto failed = run_runner("compare " + a.string() + " --alpha 0.2", path);
  CHECK(failed.exit_code == 2);
  CHECK_MESSAGE(contains(failed.err, (a / "comparison/figures/cd_diagram").string() +
                                         ".png: gnuplot failed: cannot draw here"),
                failed.err);
  CHECK(contains(failed.err, "nothing of the comparison was written"));
  CHECK(read_text(a / "comparison/summary.md") == summary);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(a / "comparison"))
    CHECK_MESSAGE(!contains(entry.path().string(), tsfs::kTemporaryMarker), entry.path().string());
  // Into a new folder: none is left behind.
  auto fresh =
      run_runner("compare " + a.string() + " --output " + (folder.path() / "new").string(), path);
  CHECK(fresh.exit_code == 2);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "new"));
}

TEST_CASE("runner compare honours SIGINT within a second and writes nothing") {
  TemporaryFolder folder("compare_interrupt");
  run_both(folder);
  const auto a = folder.path() / "a";
  // 10^8 Bayesian draws per pair: minutes of work, interrupted after a second of it.
  BackgroundRunner compare("compare " + a.string() + " --bayes-samples 100000000");
  std::this_thread::sleep_for(std::chrono::seconds(1));
  // A second compare into the same folder is refused at once, naming the first, which holds the
  // folder while it computes (not only while it writes, minutes later).
  const auto second = run_runner("compare " + a.string());
  CHECK(second.exit_code == 2);
  CHECK_MESSAGE(
      contains(second.err, "is in use by another runner: pid " + std::to_string(compare.pid())),
      second.err);
  CHECK(contains(second.err, "--wait"));
  const auto signalled = std::chrono::steady_clock::now();
  compare.signal(SIGINT);
  const auto result = compare.wait();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - signalled).count();
  MESSAGE("runner compare honoured SIGINT in ", seconds, " s");
  CHECK(result.exit_code == 130);
  CHECK(seconds < 1.0);
  CHECK(contains(result.err, "interrupted"));
  CHECK_FALSE(std::filesystem::exists(a / "comparison"));
}
