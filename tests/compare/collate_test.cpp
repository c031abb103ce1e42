#include "compare/collate.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/error.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs::compare {
namespace {

// A run folder holding only results.csv with `text`.
std::filesystem::path run_folder(const std::string& name, const std::string& text) {
  static const testing::TemporaryFolder runs("collate");  // removed at exit
  auto folder = runs.path() / name;
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "results.csv") << text;
  return folder;
}

const char* kHeader = "dataset,distance,selector,k,n_features,protocol,accuracy,fit_seconds\n";

std::string error_of(const CollateOptions& options) {
  try {
    collate_runs(options);
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

TEST_CASE("collate_runs: one score per dataset and method, methods from the --by columns") {
  auto run = run_folder("a", std::string(kHeader) +
                                 "A,ned,laplacian,5,10,p,0.5,\n"
                                 "A,,anova,,10,p,0.75,\n"
                                 "B,ned,laplacian,5,10,p,0.25,\n"
                                 "B,,anova,,10,p,1,\n");
  const Collated collated = collate_runs({{run}, "accuracy", {"selector"}});
  CHECK(collated.datasets == std::vector<std::string>{"A", "B"});
  REQUIRE(collated.methods.size() == 2);
  CHECK(collated.methods[0].label == "laplacian");
  CHECK(collated.methods[1].label == "anova");
  Eigen::MatrixXd expected(2, 2);
  expected << 0.5, 0.75, 0.25, 1;
  CHECK(collated.scores == expected);

  const Collated by_k = collate_runs({{run}, "accuracy", {"selector", "k", "distance"}});
  CHECK(by_k.methods[0].label == "laplacian, k=5, distance=ned");
  CHECK(by_k.methods[1].label == "anova");  // empty values are left out of the label
}

TEST_CASE("collate_runs: a number in a label is its shortest round-trip text") {
  auto run = run_folder("shortest", std::string(kHeader) +
                                        "A,ned,laplacian,0.10000000000000001,10,p,0.5,\n"
                                        "A,ned,laplacian,0.30000000000000004,10,p,0.75,\n");
  const Collated collated = collate_runs({{run}, "accuracy", {"selector", "k"}});
  REQUIRE(collated.methods.size() == 2);
  CHECK(collated.methods[0].label == "laplacian, k=0.1");
  // 0.30000000000000004 is not 0.3: the shortest text keeps the two apart.
  CHECK(collated.methods[1].label == "laplacian, k=0.30000000000000004");
}

TEST_CASE("collate_runs: --where keeps matching rows, --tuned the tuned rows of a tuned selector") {
  // Laplacian: two grid cells (k = 5, 7) and the tuned row per dataset and n_features; anova
  // has no tuned rows and keeps its own.
  auto run = run_folder("tuned", std::string(kHeader) +
                                     "A,ned,laplacian,5,10,p,0.5,\n"
                                     "A,ned,laplacian,7,10,p,0.9,\n"
                                     "A,ned,laplacian,tuned,10,p,0.6,\n"
                                     "A,ned,laplacian,tuned,20,p,0.1,\n"
                                     "A,,anova,,10,p,0.75,\n"
                                     "A,,anova,,20,p,0.2,\n"
                                     "B,ned,laplacian,5,10,p,0.25,\n"
                                     "B,ned,laplacian,7,10,p,0.3,\n"
                                     "B,ned,laplacian,tuned,10,p,0.2,\n"
                                     "B,ned,laplacian,tuned,20,p,0.1,\n"
                                     "B,,anova,,10,p,1,\n"
                                     "B,,anova,,20,p,0.2,\n");
  CollateOptions options{{run}, "accuracy", {"selector"}};
  options.where = {{"n_features", "10"}};
  options.tuned = true;
  const Collated collated = collate_runs(options);
  REQUIRE(collated.methods.size() == 2);
  Eigen::MatrixXd expected(2, 2);
  expected << 0.6, 0.75, 0.2, 1;
  CHECK(collated.scores == expected);
  // Without --tuned the grid cells make the Laplacian ambiguous (k differs).
  options.tuned = false;
  CHECK(error_of(options).find("differing in k") != std::string::npos);
  options.where = {{"n_feature", "10"}};
  CHECK(error_of(options).find("no column 'n_feature' (--where) (did you mean 'n_features'?)") !=
        std::string::npos);
  options.where = {{"n_features", "50"}};
  CHECK(error_of(options).find("no row of this run matches --where n_features=50") !=
        std::string::npos);
  // A results.csv of a header only is said to be one, not blamed on a --where not given.
  options.where = {};
  options.runs = {run_folder("header_only", kHeader)};
  CHECK(error_of(options).find("holds a header and no row") != std::string::npos);
}

TEST_CASE("collate_runs: a method in several runs is averaged, `run` tells runs apart") {
  auto first = run_folder("r1", std::string(kHeader) + "A,,anova,,10,p,0.5,\nB,,anova,,10,p,1,\n" +
                                    "A,,variance,,10,p,0.25,\nB,,variance,,10,p,0.5,\n");
  auto second =
      run_folder("r2/", std::string(kHeader) + "A,,anova,,10,q,0.75,\nB,,anova,,10,q,0.5,\n");
  const Collated averaged = collate_runs({{first, second}, "accuracy", {"selector"}});
  REQUIRE(averaged.methods.size() == 2);
  CHECK(averaged.methods[0].runs.size() == 2);
  CHECK(averaged.scores(0, 0) == 0.625);
  CHECK(averaged.scores(1, 0) == 0.75);
  const Collated apart = collate_runs({{first, second}, "accuracy", {"selector", "run"}});
  REQUIRE(apart.methods.size() == 3);
  CHECK(apart.methods[2].label == "anova, run=r2");
}

TEST_CASE("run_name: the last components of the full path that tell the compared runs apart") {
  const testing::TemporaryFolder base("collate_names");
  const auto a = base.path() / "a" / "selection";
  const auto b = base.path() / "b" / "selection";
  const auto other = base.path() / "a" / "other";
  for (const auto& folder : {a, b, other}) std::filesystem::create_directories(folder);
  CHECK(run_name(a, {a, other}) == "selection");
  CHECK(run_name(a / "", {a, other}) == "selection");  // a trailing separator is no part
  CHECK(run_name(a, {a, b}) == "a/selection");
  CHECK(run_name(b, {a, b}) == "b/selection");
  // The same name from another working directory, however the folder is spelt.
  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(base.path() / "a");
  CHECK(run_name("selection", {"selection", "../b/selection"}) == "a/selection");
  CHECK(run_name("../b/selection", {"selection", "../b/selection"}) == "b/selection");
  CHECK(run_name(".", {"."}) == "a");
  std::filesystem::current_path(previous);
}

TEST_CASE("collate_runs refuses a metric value that is not finite at its file line") {
  for (const std::string value : {"inf", "-inf"}) {
    auto run = run_folder("infinite", std::string(kHeader) + "A,ned,laplacian,5,10,p,0.5,\n" +
                                          "B,ned,laplacian," + value + ",10,p,0.5,\n");
    const std::string error = error_of({{run}, "k", {"selector"}});
    CAPTURE(error);
    CHECK(error.find("results.csv:3: --metric k: '" + value +
                     "' for method 'laplacian' on "
                     "dataset 'B' is not finite") != std::string::npos);
  }
  // A quoted field of two lines before it: the line is the file's, not the row's index + 2.
  auto quoted = run_folder("quoted", std::string(kHeader) + "A,ned,laplacian,5,10,\"p\np\",0.5,\n" +
                                         "B,ned,laplacian,inf,10,p,0.5,\n");
  CHECK(error_of({{quoted}, "k", {"selector"}}).find("results.csv:4: --metric k") !=
        std::string::npos);
}

TEST_CASE("collate_runs refuses a results.csv value that no run writes, as a resumed run does") {
  for (const std::string value : {"7", "-3", "abc", "inf", ""}) {
    auto run = run_folder("edited", std::string(kHeader) + "A,ned,laplacian,5,10,p,0.5,\n" +
                                        "B,ned,laplacian,5,10,p," + value + ",\n");
    const std::string error = error_of({{run}, "accuracy", {"selector"}});
    CAPTURE(error);
    CHECK(error.find("results.csv:3: accuracy '" + value + "' is ") != std::string::npos);
    CHECK(error.find("the file is damaged: repair it, or rerun the run that wrote it") !=
          std::string::npos);
  }
  // Not only the compared metric: every column tsfs knows.
  auto folds = run_folder("folds_edited", std::string(kHeader) + "A,ned,laplacian,5,0,p,0.5,\n");
  CHECK(error_of({{folds}, "accuracy", {"selector"}})
            .find("results.csv:2: n_features '0' is below 1") != std::string::npos);
}

TEST_CASE("collate_runs refuses ambiguous methods, other datasets, missing values and columns") {
  auto run = run_folder("bad", std::string(kHeader) +
                                   "A,ned,laplacian,5,10,p,0.5,\n"
                                   "A,ned,laplacian,10,10,p,0.6,\n"
                                   "B,ned,laplacian,5,10,p,0.5,\n"
                                   "B,ned,laplacian,10,10,p,0.6,\n");
  CHECK(error_of({{run}, "accuracy", {"selector"}})
            .find("method 'laplacian' has 2 rows for dataset 'A' differing in k: add the varying "
                  "columns to --by (e.g. --by selector,k)") != std::string::npos);
  // fit_seconds may be empty (no run wrote it there), accuracy may not.
  CHECK(error_of({{run}, "fit_seconds", {"selector", "k"}})
            .find("results.csv:2: method 'laplacian, k=5' on dataset 'A': no fit_seconds value") !=
        std::string::npos);
  CHECK(error_of({{run}, "acuracy", {"selector"}})
            .find("no column 'acuracy' (--metric) (did you mean 'accuracy'?)") !=
        std::string::npos);
  CHECK(error_of({{run}, "accuracy", {"selectr"}}).find("(did you mean 'selector'?)") !=
        std::string::npos);

  auto other =
      run_folder("other", std::string(kHeader) + "A,,anova,,10,p,0.5,\nC,,anova,,10,p,0.5,\n");
  auto good =
      run_folder("good", std::string(kHeader) + "A,,fisher,,10,p,0.5,\nB,,fisher,,10,p,0.5,\n");
  CHECK(error_of({{good, other}, "accuracy", {"selector"}})
            .find("run other has no results for dataset 'B' (run good has)") != std::string::npos);
  auto partial = run_folder("partial", std::string(kHeader) +
                                           "A,,fisher,,10,p,0.5,\n"
                                           "A,,anova,,10,p,0.5,\nB,,anova,,10,p,0.5,\n");
  CHECK(error_of({{partial}, "accuracy", {"selector"}})
            .find("method 'fisher' has no row for dataset 'B'") != std::string::npos);
  CHECK(error_of({{run_folder("empty", "")}, "accuracy", {"selector"}}) != "no error");
  CHECK(
      error_of(
          {{std::filesystem::temp_directory_path() / "tsfs_no_such_run"}, "accuracy", {"selector"}})
          .find("not a folder") != std::string::npos);
  // One run spelt two ways is one run, not two runs of the same methods.
  CHECK(error_of({{good, good.parent_path() / ".." / good.parent_path().filename() / "good"},
                  "accuracy",
                  {"selector"}})
            .find("is given twice (also as " + good.string() + ")") != std::string::npos);
  // A RUN_DIR also --beside (a --family baseline) is refused the same way, not a family of no
  // member that writes nothing.
  tsfs::compare::CollateOptions beside_itself{{good, good}, "accuracy", {"selector"}};
  beside_itself.beside = {good};
  CHECK_THROWS_WITH_AS(tsfs::compare::column_values(beside_itself, "n_features"),
                       doctest::Contains("is given twice"), tsfs::InputError);
  // Runs of the same selector with another configuration are two methods, not one to average;
  // another protocol (a resample seed) is what averaging over runs is for.
  auto seven =
      run_folder("seven", std::string(kHeader) + "A,,fisher,7,10,q,0.5,\nB,,fisher,7,10,q,0.5,\n");
  CHECK(error_of({{good, seven}, "accuracy", {"selector"}})
            .find("method 'fisher' on dataset 'A' has k '7' here but '' in run good: averaging "
                  "them would mix two methods; add k to --by") != std::string::npos);
  auto resampled = run_folder(
      "resampled", std::string(kHeader) + "A,,fisher,,10,q,0.7,\nB,,fisher,,10,q,0.7,\n");
  CHECK(error_of({{good, resampled}, "accuracy", {"selector"}}) == "no error");
  CHECK(error_of({{good}, "selector", {"selector"}})
            .find("--metric selector: 'fisher' (line 2) is not a number") != std::string::npos);
}

}  // namespace
}  // namespace tsfs::compare
