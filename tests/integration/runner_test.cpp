// End-to-end runs of the runner binary on small UCR subsets, with pinned results.
#include <doctest/doctest.h>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kRunnerGunPointSpec = "tests/integration/specs/gunpoint_small.yaml";

double number(const std::string& text) {
  return std::stod(text);
}

}  // namespace

TEST_CASE("GunPoint run: every output file, pinned accuracies and deduplicated fits") {
  TemporaryFolder folder("gunpoint");
  auto output = folder.path() / "run";
  auto run =
      run_runner(kRunnerGunPointSpec + " --quiet --threads 2 --set output=" + output.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  for (const char* file : {"results.csv", "folds.csv", "scores.csv", "spec.resolved.yaml",
                           "manifest.json", "run.log", "tables/GunPoint.md"})
    CHECK_MESSAGE(std::filesystem::exists(output / file), file);

  auto results = tsfs::read_csv_table(output / "results.csv");
  // 2 distances x 12 laplacian settings + 2 x 1 transductive laplacian + anova, variance, none;
  // times 3 n_features values.
  CHECK(results.rows.size() == 87);
  auto accuracy = [&](const std::string& selector, const std::string& n_features) {
    return number(cell(results, {{"selector", selector}, {"n_features", n_features}}, "accuracy"));
  };
  // Pinned from this implementation (libsvm 3.24, GCC 12, -O2); any change to loading, folds,
  // scoring, selection or the SVC shows up here.
  CHECK(accuracy("anova", "5") == doctest::Approx(0.74016282225237451).epsilon(1e-12));
  CHECK(accuracy("anova", "20") == doctest::Approx(0.76289009497964722).epsilon(1e-12));
  CHECK(accuracy("variance", "20") == doctest::Approx(0.86028192371475953).epsilon(1e-12));
  CHECK(accuracy("none", "5") == doctest::Approx(0.67514699231117137).epsilon(1e-12));
  // All features: every selector keeps the same set, so the same accuracy.
  CHECK(accuracy("anova", "150") == accuracy("variance", "150"));
  // At sigma/M-bar = 1e-3 only the closest edges keep a weight (zero_weight_fraction 0.997), so
  // most features tie mathematically and rounding orders them: this pins that rounding (the
  // shifted-frame centring and the batch's edge-pair sums, the same whether a unit is scored
  // alone or in a batch).
  CHECK(number(cell(results,
                    {{"selector", "laplacian"},
                     {"distance", "euclidean"},
                     {"variant", "he2005"},
                     {"k", "5"},
                     {"sigma_ratio", "0.001"},
                     {"n_features", "20"}},
                    "accuracy")) == doctest::Approx(0.92514699231117137).epsilon(1e-12));
  // report2023's literal weights underflow at sigma/M-bar = 1e-3: every edge weight is 0, all
  // scores tie and the ranking is column order, exactly like `none`.
  const std::vector<std::pair<std::string, std::string>> degenerate = {
      {"selector", "laplacian"}, {"distance", "euclidean"}, {"variant", "report2023"}, {"k", "5"},
      {"sigma_ratio", "0.001"},  {"n_features", "5"}};
  CHECK(cell(results, degenerate, "zero_weight_fraction") == "1");
  CHECK(cell(results, degenerate, "accuracy") ==
        cell(results, {{"selector", "none"}, {"n_features", "5"}}, "accuracy"));
  CHECK(cell(results, {{"selector", "anova"}}, "distance").empty());
  CHECK(cell(results, {{"selector", "anova"}}, "n_folds") == "6");

  auto folds = tsfs::read_csv_table(output / "folds.csv");
  CHECK(folds.rows.size() == 87 * 6);
  auto scores = tsfs::read_csv_table(output / "scores.csv");
  // 24 fold-fitted laplacian settings x 6 folds + 2 transductive + 3 x 6 others, x 150 features.
  CHECK(scores.rows.size() == (24 * 6 + 2 + 3 * 6) * 150);
  auto manifest = read_text(output / "manifest.json");
  CHECK(manifest.find("\"grid_cells\": 87") != std::string::npos);
  CHECK(manifest.find("\"fold_evaluations\": 522") != std::string::npos);
  CHECK(manifest.find("\"distinct_fits\": 154") != std::string::npos);
  CHECK(read_text(output / "tables/GunPoint.md").find("sigma_ratio=0.001") != std::string::npos);
}

TEST_CASE("same spec and seed give byte-identical CSVs for any thread count") {
  TemporaryFolder folder("determinism");
  for (const char* threads : {"1", "2", "3"}) {
    auto run = run_runner(kRunnerGunPointSpec + " --quiet --no-timings --threads " + threads +
                          " --set output=" + (folder.path() / threads).string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  }
  for (const char* file : {"results.csv", "folds.csv", "scores.csv"}) {
    auto reference = read_text(folder.path() / "1" / file);
    CHECK(!reference.empty());
    CHECK_MESSAGE(read_text(folder.path() / "2" / file) == reference, file);
    CHECK_MESSAGE(read_text(folder.path() / "3" / file) == reference, file);
  }
}

TEST_CASE("a rerun resumes: finished cells are kept, missing ones computed") {
  TemporaryFolder folder("resume");
  auto output = (folder.path() / "run").string();
  auto base = kRunnerGunPointSpec + " --quiet --no-timings --set output=" + output;
  REQUIRE(run_runner(base).exit_code == 0);
  auto complete = read_text(folder.path() / "run/results.csv");

  // Simulate an interrupted sweep: keep the header and the first 30 cells only.
  std::string truncated;
  size_t lines = 0, position = 0;
  while (lines < 31) {
    position = complete.find('\n', position) + 1;
    ++lines;
  }
  write_text(folder.path() / "run/results.csv", complete.substr(0, position));
  auto resumed = run_runner(base + " --threads 2");
  REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
  CHECK(read_text(folder.path() / "run/results.csv") == complete);
  CHECK(read_text(folder.path() / "run/manifest.json").find("\"cells_resumed\": 30") !=
        std::string::npos);

  // A smaller grid keeps the rows it no longer covers in results.stale.csv.
  auto smaller = run_runner(base + " --set n_features=[5]");
  REQUIRE(smaller.exit_code == 0);
  CHECK(std::filesystem::exists(folder.path() / "run/results.stale.csv"));
  CHECK(tsfs::read_csv_table(folder.path() / "run/results.csv").rows.size() == 29);

  // Other inputs (here: fewer rows) are refused unless --fresh.
  auto changed = run_runner(base + " --set datasets.0.max_samples=120");
  CHECK(changed.exit_code == 2);
  CHECK(changed.err.find("manifest.json: this output folder holds results computed from other") !=
        std::string::npos);
  CHECK(run_runner(base + " --fresh --set datasets.0.max_samples=120").exit_code == 0);
}

TEST_CASE("the runner issue's example spec runs as written") {
  TemporaryFolder folder("wafer");
  auto run = run_runner("tests/integration/specs/wafer_sigma_issue2.yaml --quiet --set output=" +
                        folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  CHECK(results.rows.size() == 306);
  auto manifest = read_text(folder.path() / "manifest.json");
  CHECK(manifest.find("\"distinct_fits\": 105") != std::string::npos);
  CHECK(number(cell(results, {{"selector", "anova"}, {"n_features", "30"}}, "accuracy")) ==
        doctest::Approx(0.98199999999999998).epsilon(1e-12));
  CHECK(cell(results,
             {{"selector", "laplacian"},
              {"sigma_ratio", "9.9999999999999995e-08"},
              {"n_features", "30"}},
             "zero_weight_fraction") == "1");
}

TEST_CASE("the demo spec (TSFEL features, DTW distances) runs with pinned results") {
  TemporaryFolder folder("demo");
  auto run = run_runner("configs/wafer_sigma.yaml --quiet --set output=" + folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  CHECK(results.rows.size() == 306);
  CHECK(read_text(folder.path() / "manifest.json").find("\"distinct_fits\": 121") !=
        std::string::npos);
  CHECK(cell(results, {{"selector", "anova"}, {"n_features", "30"}}, "accuracy") == "1");
  CHECK(number(cell(results, {{"selector", "variance"}, {"n_features", "30"}}, "accuracy")) ==
        doctest::Approx(0.996).epsilon(1e-12));
  // Literal weights at sigma/M-bar = 1e-7: every edge weight is 0, the ranking is column order.
  auto smallest_sigma = std::vector<std::pair<std::string, std::string>>{
      {"selector", "laplacian"}, {"sigma_ratio", "9.9999999999999995e-08"}, {"n_features", "30"}};
  CHECK(cell(results, smallest_sigma, "zero_weight_fraction") == "1");
  CHECK(number(cell(results, smallest_sigma, "accuracy")) == doctest::Approx(0.998).epsilon(1e-12));
  CHECK(number(cell(results,
                    {{"selector", "laplacian"}, {"sigma_ratio", "1000"}, {"n_features", "30"}},
                    "accuracy")) == doctest::Approx(0.972).epsilon(1e-12));
}

TEST_CASE("save_scores: false skips scores.csv and nothing else") {
  TemporaryFolder folder("no_scores");
  auto run = run_runner(kRunnerGunPointSpec +
                        " --quiet --set save_scores=false --set output=" + folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "scores.csv"));
  CHECK(tsfs::read_csv_table(folder.path() / "results.csv").rows.size() == 87);
  CHECK(read_text(folder.path() / "spec.resolved.yaml").find("save_scores: false") !=
        std::string::npos);
}
