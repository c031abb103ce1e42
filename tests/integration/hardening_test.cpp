// Faults and bad inputs around the newer commands (issue 26), run through the runner binary:
// empty folds under duplicates: group, reducers on degenerate folds, plots that cannot be drawn,
// archive folder names, values too large to square, paths that are files, cache entries that
// are folders. Each is refused with exit 2 naming the place, or handled with a warning.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "common/files.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

// <folder>/<name>/<name>_TRAIN.tsv (and _TEST.tsv when `test` is not empty).
std::filesystem::path write_dataset(const std::filesystem::path& folder, const std::string& name,
                                    const std::string& train, const std::string& test = "") {
  write_text(folder / name / (name + "_TRAIN.tsv"), train);
  if (!test.empty()) write_text(folder / name / (name + "_TEST.tsv"), test);
  return folder / name;
}

// `count` series of class `label` around `level`, 6 values each, all different.
std::string series(int label, int count, double level) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    text += std::to_string(label);
    for (int t = 0; t < 6; ++t) text += fmt::format("\t{}", level + 0.1 * i + 0.37 * t * (i % 3));
    text += "\n";
  }
  return text;
}

std::filesystem::path write_spec(const std::filesystem::path& folder, const std::string& body) {
  return write_text(folder / "spec.yaml", body + "output: " + (folder / "out").string() + "\n");
}

}  // namespace

TEST_CASE("duplicates: group that empties every test fold is refused at the protocol line") {
  TemporaryFolder folder("hardening_group");
  std::string same;
  for (int i = 0; i < 8; ++i) same += fmt::format("{}\t1\t2\t3\t4\n", 1 + i % 2);
  auto data = write_dataset(folder.path(), "Same", same);
  auto spec = write_spec(folder.path(), "datasets: [{name: Same, path: " + data.string() +
                                            ", split: train}]\n"
                                            "selectors: [{kind: variance}]\nn_features: [2]\n"
                                            "classifier: {kind: knn, k: 1}\n"
                                            "protocol: {kind: holdout_half}\nduplicates: group\n");
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "spec.yaml:5:11: dataset Same: duplicates: group leaves fold 0"),
                run.err);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "out" / "results.csv"));
}

TEST_CASE("lda and pls on degenerate folds: a missing class is fitted, one class refused") {
  TemporaryFolder folder("hardening_reducers");
  // Class 3 has one series: the stratified fold that tests it has no training row of it.
  auto small =
      write_dataset(folder.path(), "Small", series(1, 8, 0) + series(2, 8, 5) + series(3, 1, 9));
  for (const char* kind : {"lda", "pls"}) {
    CAPTURE(kind);
    auto spec = write_spec(folder.path() / kind,
                           "datasets: [{name: Small, path: " + small.string() +
                               ", split: train}]\n"
                               "selectors: [{kind: variance}]\nn_features: [4]\nreduce: {kind: " +
                               kind +
                               "}\n"
                               "classifier: {kind: knn, k: 1}\nprotocol: {kind: stratified_kfold, "
                               "folds: 3, seed: 1}\n");
    auto run = run_runner(spec.string() + " --quiet");
    CHECK_MESSAGE(run.exit_code == 0, run.err);
    CHECK(contains(run.err, "class 3 has test rows but no training rows in 1 of 3 folds"));
  }
  // Every training row of class 1 (TRAIN), test rows of both: nothing to discriminate.
  auto one =
      write_dataset(folder.path(), "One", series(1, 8, 0), series(1, 4, 0) + series(2, 4, 5));
  for (const char* kind : {"lda", "pls"}) {
    CAPTURE(kind);
    auto spec = write_spec(folder.path() / (std::string(kind) + "_one"),
                           "datasets: [{name: One, path: " + one.string() +
                               "}]\n"
                               "selectors: [{kind: variance}]\nn_features: [4]\nreduce: {kind: " +
                               kind +
                               "}\n"
                               "classifier: {kind: knn, k: 1}\nprotocol: {kind: train_test}\n");
    auto run = run_runner(spec.string() + " --quiet");
    CHECK(run.exit_code == 2);
    CHECK_MESSAGE(contains(run.err, "spec.yaml:4:9: " + std::string(kind) +
                                        " needs training rows of at least two classes"),
                  run.err);
    CHECK(contains(run.err,
                   "(dataset One: the 8 training rows of fold 0 of repeat 0 hold only "
                   "class 1)"));
    CHECK_FALSE(std::filesystem::exists(folder.path() / (std::string(kind) + "_one") / "out"));
  }
}

TEST_CASE("a log axis with no positive value is refused at the plot line, no figure half written") {
  TemporaryFolder folder("hardening_plot");
  auto data = write_dataset(folder.path(), "Two", series(1, 6, 0) + series(2, 6, 5));
  auto spec = write_spec(
      folder.path(),
      "datasets: [{name: Two, path: " + data.string() +
          ", split: train}]\n"
          "selectors: [{kind: variance}]\nn_features: [1, 2]\n"
          "classifier: {kind: knn, k: 1}\nprotocol: {kind: stratified_kfold, folds: 2, seed: 1}\n"
          "plots:\n"
          "  - {kind: line, name: fine, x: n_features, y: accuracy}\n"
          "  - {kind: line, name: logged, source: folds, x: repeat, y: accuracy, log_x: true}\n");
  auto run = run_runner(spec.string() + " --quiet --no-timings");
  const auto figures = folder.path() / "out" / "figures";
  // folds.csv's repeat is 0 on every row of a k-fold protocol.
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "spec.yaml:8:5: plot 'logged': log_x needs x values above 0"),
                run.err);
  CHECK(tsfs::read_csv_table(folder.path() / "out" / "results.csv").rows.size() == 2);
  CHECK(std::filesystem::exists(figures / "fine.png"));
  CHECK(std::filesystem::exists(figures / "fine.svg"));
  CHECK_FALSE(std::filesystem::exists(figures / "logged.png"));
  CHECK_FALSE(std::filesystem::exists(figures / "logged.svg"));
  for (const auto& entry : std::filesystem::directory_iterator(figures))
    CHECK_MESSAGE(!tsfs::is_temporary_file_name(entry.path().filename().string()),
                  entry.path().string());
}

TEST_CASE("a data value too large to square is refused at the data file's line") {
  TemporaryFolder folder("hardening_huge");
  auto data = write_dataset(folder.path(), "Huge",
                            series(1, 3, 0) + "2\t1\t2\t1e308\t4\t5\t6\n" + series(2, 3, 5));
  auto spec =
      write_spec(folder.path(), "datasets: [{name: Huge, path: " + data.string() +
                                    ", split: train}]\n"
                                    "selectors: [{kind: variance}]\nn_features: [2]\n"
                                    "classifier: {kind: knn, k: 1}\n"
                                    "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n");
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "Huge_TRAIN.tsv:4: column 4: value '1e308' is beyond +-1e100"),
                run.err);
}

TEST_CASE("a data folder or archive that is a file is called a file, at its `path:` value") {
  TemporaryFolder folder("hardening_files");
  auto file = write_text(folder.path() / "a_file", "x");
  auto data_spec = write_spec(folder.path(), "datasets: [{name: X, path: " + file.string() +
                                                 "}]\nselectors: [{kind: variance}]\n");
  auto run = run_runner(data_spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "spec.yaml:1:28: dataset X: " + file.string() +
                                      ": is a file, not a data folder"),
                run.err);
  auto archive_spec = write_spec(
      folder.path(), "datasets: {archive: " + file.string() + "}\nselectors: [{kind: variance}]\n");
  run = run_runner(archive_spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "is a file, not a folder"), run.err);
  // `runner plot` of a file: no --set hint, the file named as such.
  run = run_runner("plot " + file.string());
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, file.string() + ": is a file, not a run folder"), run.err);
}

TEST_CASE("an archive folder whose name is no plain file name is refused at the archive line") {
  TemporaryFolder folder("hardening_archive");
  write_dataset(folder.path() / "archive", "Fine", series(1, 4, 0) + series(2, 4, 5));
  write_dataset(folder.path() / "archive", "Tab\tName", series(1, 4, 0) + series(2, 4, 5));
  auto spec =
      write_spec(folder.path(), "datasets: {archive: " + (folder.path() / "archive").string() +
                                    "}\nselectors: [{kind: variance}]\n");
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err, "spec.yaml:1:21: the dataset folder 'Tab"), run.err);
  CHECK(contains(run.err, "it holds a control character"));
  CHECK_FALSE(std::filesystem::exists(folder.path() / "out"));
}

TEST_CASE("a cache entry that became a folder is named and recomputed, not blamed on the output") {
  TemporaryFolder folder("hardening_cache");
  auto data = write_dataset(folder.path(), "Two", series(1, 6, 0) + series(2, 6, 5));
  auto spec =
      write_spec(folder.path(), "datasets: [{name: Two, path: " + data.string() +
                                    ", split: train}]\n"
                                    "distances: [{kind: euclidean}]\n"
                                    "selectors: [{kind: laplacian, k: 3}]\nn_features: [2]\n"
                                    "classifier: {kind: knn, k: 1}\n"
                                    "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n");
  auto first = run_runner(spec.string() + " --quiet --no-timings");
  REQUIRE_MESSAGE(first.exit_code == 0, first.err);
  const std::string results = read_text(folder.path() / "out" / "results.csv");
  size_t replaced = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder.path() / "out" / "cache"))
    if (entry.path().extension() == ".bin") {
      std::filesystem::remove(entry.path());
      std::filesystem::create_directories(entry.path() / "inside");
      ++replaced;
    }
  REQUIRE(replaced >= 2);  // the features and the distance matrix
  auto second = run_runner(spec.string() + " --no-timings --fresh");
  CHECK_MESSAGE(second.exit_code == 0, second.err);
  CHECK_FALSE(contains(second.err, "cannot write into the output folder"));
  CHECK_MESSAGE(contains(second.err, "a cache entry that is not a file (a folder?)"), second.err);
  CHECK(read_text(folder.path() / "out" / "results.csv") == results);
}

TEST_CASE("a row count that dropping duplicates changed is quoted with that cause") {
  TemporaryFolder folder("hardening_drop");
  // 8 series, 4 distinct: too few for 5 folds once the copies are dropped.
  std::string text;
  for (int i = 0; i < 8; ++i) text += fmt::format("{}\t{}\t2\t3\n", 1 + (i % 4) / 2, i % 4);
  auto data = write_dataset(folder.path(), "Copies", text);
  auto spec =
      write_spec(folder.path(), "datasets: [{name: Copies, path: " + data.string() +
                                    ", split: train}]\n"
                                    "selectors: [{kind: variance}]\nn_features: [1]\n"
                                    "classifier: {kind: knn, k: 1}\n"
                                    "protocol: {kind: stratified_kfold, folds: 5, seed: 1}\n"
                                    "duplicates: drop\n");
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(contains(run.err,
                         "needs at least 5 rows, the dataset has 4 (after duplicates: "
                         "drop removed 4 identical series of the 8 loaded)"),
                run.err);
}

// A distance matrix over all of a dataset's rows stays usable under `duplicates: drop`: each kept
// row takes its own row and column (the kept rows are no longer one block), and a matrix of
// another size is refused quoting both sizes it could have (issue 43: it quoted the kept rows as
// "all its TRAIN then TEST rows").
TEST_CASE("a distance matrix over all rows serves duplicates: drop, another size quotes both") {
  TemporaryFolder folder("hardening_drop_precomputed");
  // 10 series, 2 classes; row 3 copies row 1 and row 6 copies row 0.
  std::vector<double> levels = {0, 1, 2, 1, 4, 5, 0, 7, 8, 9};
  std::string text;
  for (int i = 0; i < 10; ++i)
    text += fmt::format("{}\t{}\t{}\t2\t3\n", 1 + i % 2, levels[static_cast<size_t>(i)],
                        levels[static_cast<size_t>(i)] * levels[static_cast<size_t>(i)]);
  auto data = write_dataset(folder.path(), "Copies", text);
  // |level_i - level_j| + 0.01 (i + j) between the given rows: the copies' rows differ from their
  // originals', so taking a wrong row changes the neighbours.
  auto matrix = [&](const std::vector<int>& rows) {
    std::string csv;
    for (int i : rows) {
      for (size_t k = 0; k < rows.size(); ++k) {
        const int j = rows[k];
        const double distance =
            i == j ? 0.0
                   : std::abs(levels[static_cast<size_t>(i)] - levels[static_cast<size_t>(j)]) +
                         0.01 * (i + j);
        csv += (k ? "," : "") + fmt::format("{}", distance);
      }
      csv += "\n";
    }
    return csv;
  };
  const std::vector<int> kept = {0, 1, 2, 4, 5, 7, 8, 9};
  write_text(folder.path() / "all.csv", matrix({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  write_text(folder.path() / "kept.csv", matrix(kept));
  write_text(folder.path() / "nine.csv", matrix({0, 1, 2, 3, 4, 5, 6, 7, 8}));
  auto run_with = [&](const std::string& file) {
    write_spec(folder.path(), "datasets: [{name: Copies, path: " + data.string() +
                                  ", split: train}]\n"
                                  "distances: [{kind: precomputed, path: " +
                                  (folder.path() / file).string() +
                                  "}]\n"
                                  "selectors: [{kind: none}]\n"
                                  "classifier: {kind: nearest_neighbour}\n"
                                  "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n"
                                  "duplicates: drop\n");
    return run_runner((folder.path() / "spec.yaml").string() + " --quiet --no-timings --fresh");
  };
  const auto over_all = run_with("all.csv");
  REQUIRE_MESSAGE(over_all.exit_code == 0, over_all.err);
  const std::string results = read_text(folder.path() / "out" / "results.csv");
  const auto over_kept = run_with("kept.csv");
  REQUIRE_MESSAGE(over_kept.exit_code == 0, over_kept.err);
  CHECK(read_text(folder.path() / "out" / "results.csv") == results);
  const auto wrong = run_with("nine.csv");
  CHECK(wrong.exit_code == 2);
  CHECK_MESSAGE(contains(wrong.err,
                         "is 9 x 9, expected 8 x 8 (the rows of dataset Copies as "
                         "loaded) or 10 x 10 (all its TRAIN then TEST rows)"),
                wrong.err);
}

TEST_CASE("a damaged line of a features file is named there, a missing file at the features line") {
  TemporaryFolder folder("features_file_places");
  const auto dataset = write_dataset(folder.path(), "Toy", series(1, 4, 0) + series(2, 4, 5));
  const std::string rows = "f1,f2\n1,2\n3,x\n4,5\n5,6\n6,7\n7,8\n8,9\n9,10\n";
  const auto features = write_text(folder.path() / "features.csv", rows);
  auto spec_for = [&](const std::filesystem::path& path) {
    return write_spec(folder.path(),
                      "datasets: [{name: Toy, path: " + dataset.string() + ", split: train}]\n" +
                          "features: {extractor: csv, path: " + path.string() + "}\n" +
                          "selectors: [{kind: variance}]\nn_features: [1]\n"
                          "classifier: {kind: knn, k: 1}\n"
                          "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n");
  };
  auto damaged = run_runner(spec_for(features).string() + " --quiet");
  CHECK(damaged.exit_code == 2);
  CHECK_MESSAGE(contains(damaged.err, "error: " + features.string() + ":3: column 2 ('f2')"),
                damaged.err);
  CHECK_FALSE(contains(damaged.err, "features.path"));
  auto missing = run_runner(spec_for(folder.path() / "none.csv").string() + " --quiet");
  CHECK(missing.exit_code == 2);
  CHECK_MESSAGE(contains(missing.err, "spec.yaml:2:11: features.path: "), missing.err);
}
