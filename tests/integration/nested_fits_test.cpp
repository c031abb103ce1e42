// n_features sweeps through the classifiers' nested-subset fits against `--direct-fits`.
#include <doctest/doctest.h>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kSweepSpec = "tests/integration/specs/gunpoint_n_features.yaml";

}  // namespace

TEST_CASE("an n_features sweep gives the same results.csv with and without --direct-fits") {
  for (const char* classifier : {"svc", "knn"}) {
    CAPTURE(classifier);
    TemporaryFolder folder(std::string("nested_") + classifier);
    const std::string base = kSweepSpec +
                             " --quiet --no-timings --set classifier.kind=" + classifier +
                             " --set output=" + folder.path().string();
    for (const char* run : {"nested_1", "nested_2", "direct"}) {
      std::string arguments = base + "/" + run;
      if (std::string(run) == "nested_2") arguments += " --threads 2";
      if (std::string(run) == "nested_1") arguments += " --threads 1";
      if (std::string(run) == "direct") arguments += " --direct-fits --threads 2";
      const RunResult result = run_runner(arguments);
      REQUIRE_MESSAGE(result.exit_code == 0, result.err);
    }
    const std::string nested = read_text(folder.path() / "nested_1/results.csv");
    CHECK(tsfs::read_csv_table(folder.path() / "nested_1/results.csv").rows.size() == 3 * 60);
    CHECK(read_text(folder.path() / "nested_2/results.csv") == nested);
    CHECK(read_text(folder.path() / "nested_2/folds.csv") ==
          read_text(folder.path() / "nested_1/folds.csv"));
    CHECK(read_text(folder.path() / "direct/results.csv") == nested);
    CHECK(read_text(folder.path() / "direct/folds.csv") ==
          read_text(folder.path() / "nested_1/folds.csv"));
  }
}

TEST_CASE("--direct-fits is documented in the runner's help") {
  const RunResult help = run_runner("--help");
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--direct-fits") != std::string::npos);
}
