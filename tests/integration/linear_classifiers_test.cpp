// End-to-end runs of the liblinear classifiers (logistic) through the runner, with pinned results.
#include <doctest/doctest.h>

#include <string>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("GunPoint with logistic: pinned accuracies, identical CSVs for 1 and 2 threads") {
  const std::string spec = "tests/integration/specs/gunpoint_logistic.yaml";
  TemporaryFolder folder("gunpoint_logistic");
  for (const char* threads : {"1", "2"}) {
    const auto run = run_runner(spec + " --quiet --no-timings --threads " + threads +
                                " --set output=" + (folder.path() / threads).string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  }
  // L1 fits shuffle with rand(): the CSVs must still not depend on the thread count.
  for (const char* file : {"results.csv", "folds.csv"})
    CHECK_MESSAGE(read_text(folder.path() / "1" / file) == read_text(folder.path() / "2" / file),
                  file);

  const auto results = tsfs::read_csv_table(folder.path() / "1" / "results.csv");
  CHECK(results.rows.size() == 8);  // 2 penalties x 2 class weights x 2 n_features
  const auto accuracy = [&](const std::string& penalty, const std::string& class_weight,
                            const std::string& n_features) {
    return std::stod(cell(results,
                          {{"classifier_penalty", penalty},
                           {"classifier_class_weight", class_weight},
                           {"n_features", n_features}},
                          "accuracy"));
  };
  // Pinned from this implementation (liblinear 2.3.0, GCC 12, -O2).
  CHECK(accuracy("l2", "none", "150") == doctest::Approx(0.9199457259158752).epsilon(1e-12));
  CHECK(accuracy("l2", "balanced", "150") == doctest::Approx(0.92492085029398463).epsilon(1e-12));
  CHECK(accuracy("l1", "none", "150") == doctest::Approx(0.86001809136137497).epsilon(1e-12));
  CHECK(accuracy("l1", "none", "10") == doctest::Approx(0.75531433740388965).epsilon(1e-12));
}

TEST_CASE("linear_svc on ItalyPowerDemand: fits stopped at liblinear's iteration cap are counted") {
  TemporaryFolder folder("italypower_linear_svc");
  const auto run =
      run_runner("tests/integration/specs/italypower_linear_svc.yaml --no-timings --set output=" +
                 folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto results = tsfs::read_csv_table(folder.path() / "results.csv");
  const auto capped = [&](const std::string& c) {
    return std::stoi(cell(results, {{"classifier_C", c}}, "non_converged_fits"));
  };
  CHECK(capped("10") > 0);
  CHECK(capped("0.01") == 0);
  CHECK(contains(run.err,
                 "linear_svc: 1 of 6 fold fits (1 of 2 cells) stopped at the solver's "
                 "iteration cap"));
  CHECK(contains(read_text(folder.path() / "run.log"), "non_converged_fits"));
  const auto folds = tsfs::read_csv_table(folder.path() / "folds.csv");
  REQUIRE(folds.column("non_converged_fits"));
}
