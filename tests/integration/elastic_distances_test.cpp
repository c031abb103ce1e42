// The elastic distances (src/distance/elastic/) through the runner: a spec with
// `distances: [{kind: msm}]` and a Laplacian selector runs, and out-of-range parameters are
// refused with the spec's file:line and exit code 2, before anything is computed.
#include <doctest/doctest.h>

#include <algorithm>
#include <tuple>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("elastic distances: msm and twe with a Laplacian selector run end to end") {
  TemporaryFolder folder("elastic_msm");
  const auto output = folder.path() / "run";
  auto run =
      run_runner("tests/integration/specs/elastic_msm.yaml --quiet --threads 2 --set output=" +
                 output.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  auto results = tsfs::read_csv_table(output / "results.csv");
  CHECK(results.rows.size() == 2);
  auto accuracy = [&](const std::string& distance) {
    return cell(results, {{"distance", distance}}, "accuracy");
  };
  CHECK_FALSE(accuracy("msm-w0.1").empty());
  CHECK_FALSE(accuracy("twe").empty());
}

TEST_CASE("elastic distances: out-of-range parameters are spec errors with file:line, exit 2") {
  TemporaryFolder folder("elastic_bad");
  const std::string head = std::string("name: bad\n") +
                           "datasets: [{name: GunPoint, path: " + TSFS_SOURCE_DIR +
                           "/third_party/ucr/GunPoint, split: train, max_samples: 20}]\n"
                           "features: {extractor: raw}\n";
  const std::string tail = "selectors: [{kind: laplacian, k: 3}]\nn_features: [5]\n";
  for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
           {"distances: [{kind: msm, c: -1}]\n", "c"},
           {"distances: [{kind: lcss, window: 1.5}]\n", "window"},
           {"distances: [{kind: edr, epsilon: -0.1}]\n", "epsilon"},
           {"distances: [{kind: twe, nu: -0.5}]\n", "nu"}}) {
    const auto& distances = std::get<0>(entry);
    const auto& word = std::get<1>(entry);
    CAPTURE(distances);
    const auto spec = folder.write("bad.yaml", head + distances + tail);
    auto run = run_runner("'" + spec.string() +
                          "' --quiet --set output=" + (folder.path() / "out").string());
    CHECK_MESSAGE(run.exit_code == 2, run.err);
    CHECK_MESSAGE(contains(run.err, "bad.yaml:4"), run.err);  // the distances line
    CHECK_MESSAGE(contains(run.err, word), run.err);
    CHECK_FALSE(std::filesystem::exists(folder.path() / "out" / "results.csv"));
  }
}

// Nested CV of two distance kinds at once, or of one parameter of a distance whose other is
// swept: each tuned row keeps what tells it apart (its kind, the differing fixed parameter),
// tuned.csv has one chosen_distance column, and the finished run reruns (resumes) cleanly.
TEST_CASE("elastic distances: tuned rows of several distance groups have keys of their own") {
  TemporaryFolder folder("elastic_tuned_groups");
  const std::string head = std::string("datasets: [{name: Coffee, path: ") + TSFS_SOURCE_DIR +
                           "/third_party/ucr/Coffee}]\n"
                           "selectors: [{kind: none}]\n"
                           "classifier: {kind: nearest_neighbour}\n"
                           "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n";
  const std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> cases = {
      {"distances: [{kind: dtw, window_ratio: [0, 0.1]}, {kind: msm, c: [0.5, 1]}]\n",
       "[dtw.window_ratio, msm.c]",
       {"tuned-dtw", "tuned-msm"}},
      {"distances: [{kind: msm, c: [0.5, 1], window: [0.25, 0.5]}]\n",
       "[msm.c]",
       {"tuned-msm-window=0.25", "tuned-msm-window=0.5"}}};
  for (const auto& tuned_case : cases) {
    const auto& [distances, parameters, fields] = tuned_case;
    CAPTURE(std::get<1>(tuned_case));
    const auto output = folder.path() / ("run" + std::to_string(fields.size() + distances.size()));
    const auto spec = folder.write(
        "tuned.yaml", head + distances + "tune: {parameters: " + parameters +
                          ", inner: {kind: leave_one_out}}\noutput: " + output.string() + "\n");
    for (int attempt = 0; attempt < 2; ++attempt) {
      const auto run = run_runner("'" + spec.string() + "' --quiet --no-timings");
      REQUIRE_MESSAGE(run.exit_code == 0, run.err);
    }
    const auto results = tsfs::read_csv_table(output / "results.csv");
    for (const auto& field : fields)
      CHECK_FALSE(cell(results, {{"distance", field}}, "accuracy").empty());
    const auto tuned = tsfs::read_csv_table(output / "tuned.csv");
    CHECK(std::count(tuned.header.begin(), tuned.header.end(), "chosen_distance") == 1);
  }
}
