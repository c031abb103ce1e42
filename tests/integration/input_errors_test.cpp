// Ambiguous or hostile input (issue 13): refused with exit 2 and its place, nothing written.
#include <doctest/doctest.h>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

struct Refusal {
  int exit_code;
  std::string err;
  bool output_written;
};

Refusal run_spec(const TemporaryFolder& folder, const std::string& spec_text) {
  auto spec = write_text(folder.path() / "spec.yaml", spec_text);
  auto output = folder.path() / "out";
  auto run = run_runner(spec.string() + " --quiet --set output=" + output.string());
  return {run.exit_code, run.err, std::filesystem::exists(output)};
}

const std::string kSelectors = "selectors: [{kind: anova}]\n";

}  // namespace

TEST_CASE("ambiguous specs exit 2 naming the place: duplicates, merge keys, names, sizes") {
  TemporaryFolder folder("ambiguous_specs");
  struct Case {
    std::string spec;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {"\xEF\xBB\xBF"
       "datasets: [GunPoint]\n" +
           kSelectors + "datasets: [Wafer]\n",
       "spec.yaml:3:1: duplicate key 'datasets' (first at line 1)"},
      {"base: &b {kind: anova}\ndatasets: [GunPoint]\nselectors:\n  - <<: *b\n",
       "spec.yaml:4:5: YAML merge keys"},
      {"datasets: [../GunPoint]\n" + kSelectors, "spec.yaml:1:12: a dataset name '../GunPoint'"},
      {"datasets: [GunPoint, GunPoint]\n" + kSelectors,
       "spec.yaml:1:22: dataset 'GunPoint' is listed twice"},
      {"datasets: [GunPoint]\n" + kSelectors +
           "n_features: {linspace: {start: 1, stop: 2, num: 1e12}}\n",
       "spec.yaml:3:49: this makes 1000000000000 values"},
      {"datasets: [GunPoint]\n" + kSelectors + "description: " + std::string(1000, '[') + "\n",
       "nesting deeper than 32 levels"},
  };
  for (const auto& one : cases) {
    CAPTURE(one.spec);
    auto refusal = run_spec(folder, one.spec);
    CHECK(refusal.exit_code == 2);
    CHECK(refusal.err.find(one.expected) != std::string::npos);
    CHECK_FALSE(refusal.output_written);
  }
}

TEST_CASE("labels spelt differently across TRAIN and TEST exit 2 naming both files") {
  TemporaryFolder folder("label_spelling");
  write_text(folder.path() / "Toy/Toy_TRAIN.tsv", "1\t0.5\t0.25\n2\t0.1\t0.3\n");
  write_text(folder.path() / "Toy/Toy_TEST.tsv", "2\t0.5\t0.25\n1.0\t0.1\t0.2\n");
  auto refusal =
      run_spec(folder, "datasets: [{name: Toy, path: " + (folder.path() / "Toy").string() + "}]\n" +
                           kSelectors);
  CHECK(refusal.exit_code == 2);
  CHECK(refusal.err.find("Toy_TEST.tsv:2: class label '1.0' is the number of label '1'") !=
        std::string::npos);
  CHECK(refusal.err.find("Toy_TRAIN.tsv:1)") != std::string::npos);
  CHECK_FALSE(refusal.output_written);
}

TEST_CASE("a class only in the TEST file runs, with a warning that it cannot be predicted") {
  TemporaryFolder folder("unseen_class");
  std::string train, test;
  for (int row = 0; row < 12; ++row) {
    const std::string values = "\t" + std::to_string(row % 3) + "\t" + std::to_string(row) + "\n";
    if (row % 3 != 2) train += std::to_string(1 + row % 3) + values;
    test += std::to_string(1 + row % 3) + values;
  }
  write_text(folder.path() / "Unseen/Unseen_TRAIN.tsv", train);
  write_text(folder.path() / "Unseen/Unseen_TEST.tsv", test);
  auto spec =
      write_text(folder.path() / "spec.yaml",
                 "datasets: [{name: Unseen, path: " + (folder.path() / "Unseen").string() +
                     "}]\nselectors: [{kind: variance}]\nn_features: [2]\n"
                     "protocol: {kind: train_test}\nclassifier: {kind: knn, k: 1}\noutput: " +
                     (folder.path() / "out").string() + "\n");
  auto run = run_runner(spec.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  CHECK_MESSAGE(contains(run.err,
                         "dataset Unseen: class 3 has test rows but no training rows in 1 "
                         "of 1 folds: no classifier can predict it there"),
                run.err);
}
