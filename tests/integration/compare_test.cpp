// `runner compare` on two tiny runs (Coffee, ECG200, GunPoint under the resamples protocol with
// two resamples): the comparison files, pinned, and the refusals.
#include <doctest/doctest.h>

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
        "laplacian,laplacian,1,0.818888888888889,3.5\n"
        "variance,variance,1,0.82500000000000007,3.5\n"
        "none,none,1,0.62857142857142845,3.6666666666666665\n");
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
        "-0.019444444444444414");
  CHECK(read_text(comparison / "summary.md").find("| 2.167 | anova | 0.8383 |") !=
        std::string::npos);
  for (const char* name : {"cd_diagram", "comparison_matrix"}) {
    CHECK_MESSAGE(
        std::filesystem::file_size(comparison / "figures" / (std::string(name) + ".png")) > 1000,
        name);
    CHECK_MESSAGE(read_text(comparison / "figures" / (std::string(name) + ".svg")).find("<svg") !=
                      std::string::npos,
                  name);
  }
  // The critical-difference bar spans the Nemenyi CD from rank 1.
  CHECK(read_text(comparison / "figures/cd_diagram.dat").find("4.5215415701973924\t0.75") !=
        std::string::npos);

  SUBCASE("--by with run, --alpha and --output") {
    const auto output = folder.path() / "by_run";
    auto by_run = run_runner("compare " + a.string() + " " + b.string() +
                             " --by selector,run --alpha 0.1 --output " + output.string());
    REQUIRE_MESSAGE(by_run.exit_code == 0, by_run.err);
    const auto friedman = tsfs::read_csv_table(output / "friedman.csv");
    CHECK(friedman.rows[0][*friedman.column("nemenyi_q_alpha")] == "2.4595157642714138");
    CHECK(read_text(output / "methods.csv").find("anova, run=" + a.string()) != std::string::npos);
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
  CHECK(refused.err.find("run " + other.string() + " has no results for dataset 'GunPoint' (run " +
                         a.string() + " has): compared runs need the same datasets") !=
        std::string::npos);
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
  CHECK(read_text(file) == "x");
}
