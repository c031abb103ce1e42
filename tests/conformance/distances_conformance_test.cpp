// Conformance of every registered distance (distance/distance.hpp), found through
// DistanceRegistry: the same matrices and blocks at one and two threads, and the shortest series
// its own dataset check accepts. A distance of feature vectors (compares_feature_vectors) has no
// matrix per dataset and no thread count: its feature_distances is run alone and on two threads
// at once instead. Constant and NaN columns are a selector's business: a distance reads series
// (or the usable columns a selector fit hands it). Its parameters are checked with every other
// kind's (parameters_conformance_test.cpp).
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/conformance_data.hpp"
#include "distance/distance.hpp"

namespace tsfs::conformance::distance_checks {
namespace {

constexpr std::uint64_t kSeed = 37;

// DistanceMeasure::pairwise's contract: rows x rows, symmetric, a zero diagonal; and what any
// distance is: finite and non-negative.
void check_distance_matrix(const Eigen::MatrixXd& distances, Eigen::Index rows) {
  CHECK(distances.rows() == rows);
  CHECK(distances.cols() == rows);
  if (distances.rows() != rows || distances.cols() != rows) return;
  CHECK_MESSAGE(distances.allFinite(), "a distance is not finite");
  CHECK_MESSAGE((distances.array() >= 0.0).all(), "a distance is negative");
  CHECK_MESSAGE(same_bits(distances, distances.transpose()), "the matrix is not symmetric");
  CHECK_MESSAGE((distances.diagonal().array() == 0.0).all(), "a diagonal entry is not 0");
}

// The outcome of `compute` on `dataset`, with the file a precomputed distance reads written first.
template <typename Compute>
auto on_dataset(const Dataset& dataset, const Compute& compute) {
  write_fixture(Kind::distance, dataset);
  return outcome_of(compute);
}

// Check 1 for a distance of feature vectors: 12 rows of 5 features.
void check_feature_vector_runs(const DistanceMeasure& measure) {
  const Eigen::MatrixXd vectors = class_features(interleaved_labels({4, 4, 4}), 5, kSeed);
  const auto outcomes = alone_then_concurrently([&] { return measure.feature_distances(vectors); });
  CHECK_MESSAGE(outcomes[0].result.has_value(),
                "refuses 12 feature vectors: " << outcomes[0].refusal);
  check_same_outcomes(outcomes, check_same_matrix);
  if (outcomes[0].result) check_distance_matrix(*outcomes[0].result, vectors.rows());
}

// Check 1: 12 series of 24 values, 3 classes; the matrix and a block (which must equal the
// matrix's entries) in the same bits at one and two threads.
void check_threads(const std::string& name) {
  const std::optional<Spec> spec = spec_at_defaults(Kind::distance, name);
  if (!spec) return;
  const DistanceMeasure& measure = *spec->distances.front().measure;
  if (measure.compares_feature_vectors()) {
    check_feature_vector_runs(measure);
    return;
  }
  const Dataset dataset = labelled_series(interleaved_labels({4, 4, 4}), 3, 24, kSeed);
  write_fixture(Kind::distance, dataset);
  const std::optional<ParamProblem> problem = measure.check_dataset(dataset);
  CHECK_MESSAGE(!problem, "refuses 12 series of 24 values: " << (problem ? problem->message : ""));
  if (problem) return;
  const auto one = on_dataset(dataset, [&] { return measure.pairwise(dataset, 1); });
  const auto two = on_dataset(dataset, [&] { return measure.pairwise(dataset, 2); });
  CHECK_MESSAGE(one.result.has_value(), "refuses 12 series of 24 values: " << one.refusal);
  check_same_outcomes(std::vector{one, two}, check_same_matrix);
  if (!one.result) return;
  check_distance_matrix(*one.result, dataset.rows());

  const std::vector<int> rows{0, 4, 7, 11}, columns{0, 2, 3, 9, 10};
  const auto block_one =
      on_dataset(dataset, [&] { return measure.block(dataset, rows, columns, 1); });
  const auto block_two =
      on_dataset(dataset, [&] { return measure.block(dataset, rows, columns, 2); });
  check_same_outcomes(std::vector{block_one, block_two}, check_same_matrix);
  if (block_one.result)
    CHECK_MESSAGE(same_bits(*block_one.result, (*one.result)(rows, columns)),
                  "the block differs from the matrix's entries");
}

// Check 3: the engine's 2 series (one of each class), of the fewest values the distance's own
// check (DistanceMeasure::check_dataset) accepts: a matrix without any exception; one value
// fewer, when that is still a series, and the planner refuses the distance with an InputError.
void check_smallest_data(const std::string& name) {
  const std::optional<Spec> spec = spec_at_defaults(Kind::distance, name);
  if (!spec) return;
  const DistanceMeasure& measure = *spec->distances.front().measure;
  const Eigen::VectorXi labels =
      interleaved_labels(std::vector<int>(static_cast<size_t>(kFewestSeries), 1));
  const int classes = static_cast<int>(kFewestSeries);
  if (measure.compares_feature_vectors()) {
    const Eigen::MatrixXd vectors = class_features(labels, kFewestFeatures, kSeed);
    const auto outcome = outcome_of([&] { return measure.feature_distances(vectors); });
    CHECK_MESSAGE(outcome.result.has_value(), "refuses 2 feature vectors: " << outcome.refusal);
    if (outcome.result) check_distance_matrix(*outcome.result, vectors.rows());
    return;
  }
  const auto series = [&](long long length) {
    return labelled_series(labels, classes, length, kSeed);
  };
  const std::optional<long long> shortest =
      smallest_accepted(kShortestSeries, [&](long long length) {
        const Dataset dataset = series(length);
        write_fixture(Kind::distance, dataset);
        return !measure.check_dataset(dataset);
      });
  if (!shortest) {
    FAIL_CHECK("its dataset check refuses every series length up to " << kLargestMinimum);
    return;
  }
  INFO("declared minimum: series of " << *shortest << " values");
  const Dataset at_minimum = series(*shortest);
  const auto outcome = on_dataset(at_minimum, [&] { return measure.pairwise(at_minimum, 1); });
  CHECK_MESSAGE(outcome.result.has_value(), "refused at its declared minimum: " << outcome.refusal);
  if (outcome.result) check_distance_matrix(*outcome.result, at_minimum.rows());

  // The planner checks a distance when something reads it: a classifier of distances, found by
  // its registration, on a fold training on the first series and testing on the second.
  const std::optional<std::string> reader = distance_classifier_kind();
  if (!reader) return;
  const std::optional<Spec> planned = spec_at_defaults(Kind::distance, name, *reader);
  if (!planned) return;
  write_fixture(Kind::distance, at_minimum);
  check_planner_accepts(*planned, prepared_dataset(at_minimum, at_minimum.values, {0}, {1}));
  if (*shortest > kShortestSeries) {
    INFO("series one value shorter");
    const Dataset below = series(*shortest - 1);
    write_fixture(Kind::distance, below);
    check_planner_refuses(*planned, prepared_dataset(below, below.values, {0}, {1}));
  }
}

}  // namespace

TEST_CASE("conformance: every distance gives the same matrices at one and two threads") {
  for_each_component(Kind::distance, check_threads);
}

// Last: a crash at the smallest data ends the program, after the checks above have reported.
TEST_CASE("conformance: every distance compares the shortest series its check accepts") {
  for_each_component(Kind::distance, check_smallest_data);
}

}  // namespace tsfs::conformance::distance_checks
