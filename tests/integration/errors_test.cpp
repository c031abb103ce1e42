// Bad input reaches the user as "where: message" with exit code 2 and leaves no output behind.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

struct Failure {
  int exit_code;
  std::string err;
  bool output_written;
};

Failure run_expecting_failure(const TemporaryFolder& folder, const std::string& spec_text,
                              const std::string& extra = "") {
  auto spec = write_text(folder.path() / "spec.yaml", spec_text);
  auto output = folder.path() / "out";
  auto run = run_runner(spec.string() + " --quiet --set output=" + output.string() + " " + extra);
  return {run.exit_code, run.err, std::filesystem::exists(output)};
}

const std::string kGunPoint = "datasets: [{name: GunPoint, path: third_party/ucr/GunPoint}]\n";

}  // namespace

TEST_CASE("spec errors: exit 2, file:line:col, nothing written") {
  TemporaryFolder folder("spec_errors");
  auto failure =
      run_expecting_failure(folder, kGunPoint + "selectors: [{kind: anova, n_feature: 3}]\n");
  CHECK(failure.exit_code == 2);
  CHECK(failure.err.find("spec.yaml:2:27: unknown key 'n_feature'") != std::string::npos);
  CHECK_FALSE(failure.output_written);
}

TEST_CASE("data-dependent spec errors: k >= rows, n_features > features") {
  TemporaryFolder folder("data_dependent");
  auto k_too_large = run_expecting_failure(
      folder, kGunPoint +
                  "distances: [{kind: ned}]\nselectors: [{kind: laplacian, k: 150}]\n"
                  "protocol: {kind: holdout_half}\n");
  CHECK(k_too_large.exit_code == 2);
  CHECK(k_too_large.err.find("spec.yaml:3:34: k = 150 must be less than the 100 rows") !=
        std::string::npos);
  CHECK_FALSE(k_too_large.output_written);

  auto too_many = run_expecting_failure(
      folder, kGunPoint + "selectors: [{kind: anova}]\nn_features: [10, 151]\n");
  CHECK(too_many.exit_code == 2);
  CHECK(too_many.err.find(
            "spec.yaml:3:13: n_features 151 exceeds the 150 features of dataset GunPoint") !=
        std::string::npos);
  CHECK_FALSE(too_many.output_written);
}

TEST_CASE("data errors: file:line, exit 2, nothing written") {
  TemporaryFolder folder("data_errors");
  write_text(folder.path() / "Bad/Bad_TRAIN.tsv", "1\t0.5\t0.25\n2\t0.1\n");
  write_text(folder.path() / "Bad/Bad_TEST.tsv", "1\t0.5\t0.25\n");
  auto ragged = run_expecting_failure(
      folder, "datasets: [{name: Bad, path: " + (folder.path() / "Bad").string() +
                  "}]\nselectors: [{kind: anova}]\n");
  CHECK(ragged.exit_code == 2);
  CHECK(ragged.err.find("Bad_TRAIN.tsv:2:") != std::string::npos);
  CHECK_FALSE(ragged.output_written);

  auto merged_wafer =
      run_expecting_failure(folder, "datasets: [{name: Wafer}]\nselectors: [{kind: anova}]\n");
  CHECK(merged_wafer.exit_code == 2);
  CHECK(merged_wafer.err.find("Wafer_TEST.tsv") != std::string::npos);
  CHECK(merged_wafer.err.find("split: train") != std::string::npos);
  // A missing file is the dataset entry's doing: named at its spec line.
  CHECK(merged_wafer.err.find("spec.yaml:1:12: dataset Wafer: ") != std::string::npos);
  CHECK_FALSE(merged_wafer.output_written);
  auto missing = run_expecting_failure(
      folder, "datasets: [{name: Foo, path: " + (folder.path() / "Foo").string() +
                  "}]\nselectors: [{kind: anova}]\n");
  CHECK(missing.exit_code == 2);
  // A missing data folder is its `path:`'s doing: named at that value, or at the --set giving it.
  CHECK_MESSAGE(
      missing.err.find("spec.yaml:1:30: dataset Foo: " + (folder.path() / "Foo").string() +
                       ": data folder not found") != std::string::npos,
      missing.err);
  auto overridden = run_expecting_failure(folder, kGunPoint + "selectors: [{kind: anova}]\n",
                                          "--set datasets.0.path=/nonexistent/GunPoint");
  CHECK(overridden.exit_code == 2);
  CHECK_MESSAGE(
      overridden.err.find("error: --set datasets.0.path: dataset GunPoint: "
                          "/nonexistent/GunPoint: data folder not found") != std::string::npos,
      overridden.err);
}

TEST_CASE("command line: --help, --version, unknown options, --dry-run") {
  CHECK(run_runner("--help").exit_code == 0);
  CHECK(run_runner("--help").out.find("usage: runner [COMMAND] SPEC") != std::string::npos);
  const std::string version = run_runner("--version").out;
  CHECK(version.find("tsfs runner") != std::string::npos);
  // mimalloc serves malloc where the build linked it: the dynamic linker bound malloc to it.
  CHECK_MESSAGE(
      version.find(std::string("\nallocator: ") + TSFS_RUNNER_ALLOCATOR) != std::string::npos,
      version);
  auto unknown = run_runner("configs/wafer_sigma.yaml --thread 2");
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown option '--thread'") != std::string::npos);
  CHECK(run_runner("").exit_code == 2);

  TemporaryFolder folder("dry_run");
  auto dry = run_runner("configs/wafer_sigma.yaml --dry-run --set output=" +
                        (folder.path() / "out").string());
  CHECK(dry.exit_code == 0);
  CHECK(dry.out.find("306 grid cells") != std::string::npos);
  CHECK(dry.out.find("distance matrices: 1") != std::string::npos);
  CHECK(dry.out.find("score vectors:     102") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "out"));
}

TEST_CASE("a dataset whose series are all identical: nothing to select, an input error") {
  TemporaryFolder folder("degenerate");
  std::string rows;
  for (int row = 0; row < 12; ++row) rows += std::to_string(1 + row % 2) + "\t0.5\t0.25\t1\n";
  write_text(folder.path() / "Same/Same_TRAIN.tsv", rows);
  write_text(folder.path() / "Same/Same_TEST.tsv", rows);
  auto failure = run_expecting_failure(
      folder, "datasets: [{name: Same, path: " + (folder.path() / "Same").string() +
                  "}]\ndistances: [{kind: euclidean}]\n"
                  "selectors: [{kind: laplacian, k: 3}]\nprotocol: {kind: holdout_half}\n");
  CHECK(failure.exit_code == 2);
  CHECK(contains(failure.err,
                 "spec.yaml:1:12: dataset Same: every feature is constant or NaN "
                 "over its 24 series: nothing to select or classify"));
  CHECK_FALSE(std::filesystem::exists(folder.path() / "out" / "results.csv"));
}

TEST_CASE("a distance matrix of zeros: zero kernel width is an input error naming sigma_ratio") {
  TemporaryFolder folder("zero_distances");
  std::string rows, zeros;
  for (int row = 0; row < 12; ++row)
    rows += std::to_string(1 + row % 2) + "\t" + std::to_string(row) + "\t0.25\t1\n";
  for (int row = 0; row < 24; ++row) {
    for (int column = 0; column < 24; ++column) zeros += column == 0 ? "0" : ",0";
    zeros += "\n";
  }
  write_text(folder.path() / "Vary/Vary_TRAIN.tsv", rows);
  write_text(folder.path() / "Vary/Vary_TEST.tsv", rows);
  write_text(folder.path() / "zeros.csv", zeros);
  auto failure = run_expecting_failure(
      folder,
      "datasets: [{name: Vary, path: " + (folder.path() / "Vary").string() +
          "}]\ndistances: [{kind: precomputed, path: " + (folder.path() / "zeros.csv").string() +
          "}]\nselectors: [{kind: laplacian, k: 3}]\nprotocol: {kind: holdout_half}\n");
  CHECK(failure.exit_code == 2);
  CHECK(contains(failure.err, "spec.yaml:3:13:"));
  CHECK(contains(failure.err, "sigma_ratio"));
  CHECK(contains(failure.err, "dataset Vary"));
  CHECK(contains(failure.err, "distance precomputed"));
  // Found once distances exist (the output folder holds the run log by then), before any result.
  CHECK_FALSE(std::filesystem::exists(folder.path() / "out" / "results.csv"));
}
