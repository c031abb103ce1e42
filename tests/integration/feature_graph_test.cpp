// The `features` distance through the runner: the Laplacian score he2005 on the graph of the fit
// rows' standardised feature vectors equals the NumPy reference of
// tests/reference/feature-graph, and a classifier of series distances refuses it at its line.
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "../select/reference_csv.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

// scores.csv's score per feature index of one distance's rows.
std::map<int, double> scores_of(const tsfs::CsvTable& scores, const std::string& distance) {
  const size_t distance_column = *scores.column("distance");
  const size_t index_column = *scores.column("feature_index");
  const size_t score_column = *scores.column("score");
  std::map<int, double> result;
  for (const auto& row : scores.rows)
    if (row[distance_column] == distance)
      result[std::stoi(row[index_column])] = std::stod(row[score_column]);
  return result;
}

}  // namespace

TEST_CASE("features distance: the Laplacian score on He et al.'s graph equals the reference") {
  TemporaryFolder folder("features_graph");
  const auto output = folder.path() / "run";
  auto run = run_runner("tests/integration/specs/features_graph.yaml --quiet --set output=" +
                        output.string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto scores = tsfs::read_csv_table(output / "scores.csv");
  const std::map<int, double> standardised = scores_of(scores, "features");
  const Eigen::MatrixXd expected =
      read_reference_matrix("feature-graph/gunpoint_train_lap_score_features_graph.csv", true);
  REQUIRE(standardised.size() == static_cast<size_t>(expected.rows()));
  for (Eigen::Index feature = 0; feature < expected.rows(); ++feature) {
    CAPTURE(feature);
    const double score = standardised.at(static_cast<int>(feature));
    CHECK(std::abs(score - expected(feature, 1)) <= 1e-12 * std::abs(expected(feature, 1)));
  }
  // Unscaled, the feature vectors are the series, so the graph is the Euclidean distance's.
  const std::map<int, double> raw = scores_of(scores, "features-raw");
  const std::map<int, double> euclidean = scores_of(scores, "euclidean");
  REQUIRE(raw.size() == euclidean.size());
  for (const auto& [feature, score] : raw)
    CHECK(std::abs(score - euclidean.at(feature)) <= 1e-12 * std::abs(score));
  // Standardising changes the graph, hence the scores.
  CHECK(standardised.at(0) != raw.at(0));
}

TEST_CASE("features distance: a classifier of series distances refuses it at its line") {
  TemporaryFolder folder("features_graph_nearest");
  const auto spec =
      folder.write("nearest.yaml", std::string("name: nearest\n") +
                                       "datasets: [{name: GunPoint, path: " + TSFS_SOURCE_DIR +
                                       "/third_party/ucr/GunPoint}]\n"
                                       "features: {extractor: raw}\n"
                                       "distances: [{kind: euclidean}, {kind: features}]\n"
                                       "selectors: [{kind: none}]\n"
                                       "classifier: {kind: nearest_neighbour}\n");
  auto run = run_runner("'" + spec.string() +
                        "' --quiet --set output=" + (folder.path() / "out").string());
  CHECK_MESSAGE(run.exit_code == 2, run.err);
  CHECK_MESSAGE(contains(run.err, "nearest.yaml:4"), run.err);
  CHECK_MESSAGE(contains(run.err, "kind: knn, k: 1"), run.err);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "out" / "results.csv"));
}
