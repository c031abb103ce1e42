// The nearest_neighbour classifier through the runner: the UCR archive's Euclidean and full-window
// DTW 1-NN baselines on GunPoint and Coffee (the published test error rates of
// tests/reference/ucr-baselines/DataSummary.csv), only the test x train block computed, the same
// bytes for any thread count, and the spec errors of a classifier of distances.
#include <doctest/doctest.h>

#include "common/files.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kDatasets =
    std::string("datasets:\n") + "  - {name: GunPoint, path: " + TSFS_SOURCE_DIR +
    "/third_party/ucr/GunPoint}\n" + "  - {name: Coffee, path: " + TSFS_SOURCE_DIR +
    "/third_party/ucr/Coffee}\n";

const std::string kBaselines =
    "distances:\n"
    "  - {kind: euclidean}\n"
    "  - {kind: dtw, step_pattern: symmetric1, local: squared}\n"
    "selectors: [{kind: none}]\n"
    "classifier: {kind: nearest_neighbour}\n"
    "protocol: {kind: train_test}\n";

}  // namespace

TEST_CASE("nearest_neighbour reproduces the archive's Euclidean and full DTW baselines") {
  TemporaryFolder folder("nearest_neighbour");
  const auto spec = folder.write("baselines.yaml", "name: baselines\n" + kDatasets + kBaselines);
  std::string first_results;
  for (int threads : {1, 2}) {
    const auto output = folder.path() / ("run" + std::to_string(threads));
    auto run = run_runner("'" + spec.string() + "' --quiet --no-timings --threads " +
                          std::to_string(threads) + " --set output=" + output.string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    auto results = tsfs::read_csv_table(output / "results.csv");
    REQUIRE(results.rows.size() == 4);
    auto error = [&](const std::string& dataset, const std::string& distance) {
      return 1.0 -
             std::stod(cell(results, {{"dataset", dataset}, {"distance", distance}}, "accuracy"));
    };
    CHECK(error("GunPoint", "euclidean") == doctest::Approx(13.0 / 150));          // 0.0867
    CHECK(error("GunPoint", "dtw-symmetric1-sq") == doctest::Approx(14.0 / 150));  // 0.0933
    CHECK(error("Coffee", "euclidean") == 0.0);
    CHECK(error("Coffee", "dtw-symmetric1-sq") == 0.0);
    // Only GunPoint's 150 test rows against its 50 training rows were computed.
    CHECK(contains(tsfs::read_text_file(output / "run.log"), "150x50"));
    const std::string bytes = tsfs::read_text_file(output / "results.csv");
    if (first_results.empty())
      first_results = bytes;
    else
      CHECK(bytes == first_results);
  }
  // Run again, finished: no distance block is computed (an archive's window search takes
  // minutes), and the files stay as they are, scores.csv (save_scores, the default) included.
  const std::string scores = tsfs::read_text_file(folder.path() / "run2" / "scores.csv");
  auto again = run_runner("'" + spec.string() +
                          "' --no-timings --set output=" + (folder.path() / "run2").string());
  REQUIRE_MESSAGE(again.exit_code == 0, again.err);
  CHECK_MESSAGE(contains(again.err,
                         "the tables made of score vectors are whole: no distance or "
                         "score vector is computed"),
                again.err);
  CHECK(tsfs::read_text_file(folder.path() / "run2" / "results.csv") == first_results);
  CHECK(tsfs::read_text_file(folder.path() / "run2" / "scores.csv") == scores);
}

TEST_CASE("nearest_neighbour refuses what would use features, with file:line and exit 2") {
  TemporaryFolder folder("nearest_neighbour_bad");
  const std::string head = "name: bad\n" + kDatasets;  // lines 1-4
  for (const auto& entry : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"distances: [{kind: euclidean}]\nselectors: [{kind: anova}]\n"
            "classifier: {kind: nearest_neighbour}\n",
            "bad.yaml:6", "anova"},
           {"distances: [{kind: euclidean}]\nselectors: [{kind: none}]\nn_features: [5]\n"
            "classifier: {kind: nearest_neighbour}\n",
            "bad.yaml:7", "n_features"},
           {"selectors: [{kind: none}]\nclassifier: {kind: nearest_neighbour}\n", "bad.yaml:6",
            "distances"},
           {"distances: [{kind: euclidean}]\nselectors: [{kind: none}]\n"
            "classifier: {kind: nearest_neighbour}\nreduce: {kind: pca}\n",
            "bad.yaml:8", "reduce"}}) {
    const auto& body = std::get<0>(entry);
    const auto& where = std::get<1>(entry);
    const auto& word = std::get<2>(entry);
    CAPTURE(body);
    const auto spec = folder.write("bad.yaml", head + body);
    auto run = run_runner("'" + spec.string() +
                          "' --quiet --set output=" + (folder.path() / "out").string());
    CHECK_MESSAGE(run.exit_code == 2, run.err);
    CHECK_MESSAGE(contains(run.err, where), run.err);
    CHECK_MESSAGE(contains(run.err, word), run.err);
    CHECK_FALSE(std::filesystem::exists(folder.path() / "out"));
  }
}

// Series of four values give catch22 nothing but constant columns; nearest_neighbour reads only
// the distances, so the dataset is not refused for its features (it would be for a classifier of
// features: "every feature is constant or NaN").
TEST_CASE("nearest_neighbour needs no usable feature") {
  TemporaryFolder folder("nearest_neighbour_no_features");
  for (const char* split : {"TRAIN", "TEST"})
    folder.write(std::string("Tiny/Tiny_") + split + ".tsv",
                 "1\t0.1\t0.9\t0.2\t0.8\n2\t3.1\t2.8\t3.3\t2.9\n"
                 "1\t0.3\t0.7\t0.1\t0.6\n2\t2.9\t3.2\t3.0\t3.1\n");
  const auto spec = folder.write(
      "spec.yaml", "datasets: [{name: Tiny, path: " + (folder.path() / "Tiny").string() +
                       "}]\nfeatures: {extractor: catch22}\ndistances: [{kind: euclidean}]\n"
                       "selectors: [{kind: none}]\nclassifier: {kind: nearest_neighbour}\n"
                       "protocol: {kind: train_test}\noutput: " +
                       (folder.path() / "run").string() + "\n");
  const auto run = run_runner("'" + spec.string() + "' --quiet --no-timings");
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto results = tsfs::read_csv_table(folder.path() / "run" / "results.csv");
  CHECK(cell(results, {{"distance", "euclidean"}}, "accuracy") == "1");
  const auto features =
      run_runner("'" + spec.string() + "' --quiet --set classifier.kind=knn --set output=" +
                 (folder.path() / "knn").string());
  CHECK(features.exit_code == 2);
  CHECK(features.err.find("every feature is constant or NaN") != std::string::npos);
}
