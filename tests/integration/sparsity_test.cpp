// `metrics: [sparsity]` end to end: logistic regression's share of zero coefficients per fold,
// L1 against L2 over C, equal to scikit-learn 1.2.1's np.mean(coef_ == 0) with the same accuracy
// (tests/reference/sparsity/); refused for a classifier without coefficients.
#include <doctest/doctest.h>

#include <string>

#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("sparsity: the share of zero coefficients equals scikit-learn's, L1 and L2 over C") {
  TemporaryFolder folder("sparsity");
  const auto output = folder.path() / "run";
  auto run =
      run_runner("tests/integration/specs/ucr_sparsity.yaml --quiet --no-timings --set output=" +
                 output.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto folds = tsfs::read_csv_table(output / "folds.csv");
  const auto expected = tsfs::read_csv_table(std::filesystem::path(TSFS_SOURCE_DIR) / "tests" /
                                             "reference" / "sparsity" / "expected.csv");
  REQUIRE(expected.rows.size() == 12);
  for (const auto& row : expected.rows) {
    const std::vector<std::pair<std::string, std::string>> match = {
        {"dataset", row[0]},
        {"classifier_penalty", row[1]},
        {"classifier_C", tsfs::format_double(std::stod(row[2]))}};
    CAPTURE(row[0] + " " + row[1] + " C=" + row[2]);
    CHECK(cell(folds, match, "sparsity") == row[3]);
    CHECK(cell(folds, match, "accuracy") == row[4]);
  }
  // results.csv: the mean over folds (one fold here) and an empty std.
  const auto results = tsfs::read_csv_table(output / "results.csv");
  CHECK(results.column("sparsity"));
  CHECK(results.column("sparsity_std"));
}

TEST_CASE("sparsity: refused with the metrics line for a classifier without coefficients") {
  TemporaryFolder folder("sparsity_refused");
  auto run = run_runner(
      "tests/integration/specs/ucr_sparsity.yaml --quiet --set 'classifier={kind: svc}' "
      "--set output=" +
      (folder.path() / "run").string());
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("ucr_sparsity.yaml:13:11: 'sparsity' is the share of a linear model's "
                     "coefficients that are 0; classifier 'svc' has no coefficients") !=
        std::string::npos);
}
