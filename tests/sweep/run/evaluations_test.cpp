#include "sweep/run/evaluations.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include "classify/classifier.hpp"

namespace tsfs {
namespace {

// A test-only classifier that records how it is called. Feature value (row, column) is
// 10 * column, so the first training row tells which dataset columns a call received, in order.
// Every test row is predicted as class (columns % 2).
struct Calls {
  std::mutex mutex;
  std::vector<std::vector<int>> direct;  // columns of each direct fit
  std::vector<std::vector<int>> nested;  // columns of each nested call
  std::vector<std::vector<Eigen::Index>> nested_sizes;
  void clear() {
    direct.clear();
    nested.clear();
    nested_sizes.clear();
  }
} calls;

std::vector<int> columns_of(const Eigen::MatrixXd& features) {
  std::vector<int> columns;
  for (Eigen::Index c = 0; c < features.cols(); ++c)
    columns.push_back(static_cast<int>(features(0, c) / 10.0));
  return columns;
}

Eigen::VectorXi parity_prediction(Eigen::Index rows, Eigen::Index columns) {
  return Eigen::VectorXi::Constant(rows, static_cast<int>(columns % 2));
}

class NestedProbe final : public NestedSubsetClassifier {
 public:
  void fit_predict_nested(const Eigen::MatrixXd& train, const Eigen::VectorXi&, int,
                          const Eigen::MatrixXd& test, const std::vector<Eigen::Index>& sizes,
                          const Report& report) const override {
    {
      std::lock_guard lock(calls.mutex);
      calls.nested.push_back(columns_of(train));
      calls.nested_sizes.push_back(sizes);
    }
    for (size_t subset = 0; subset < sizes.size(); ++subset)
      report(subset, {parity_prediction(test.rows(), sizes[subset]),
                      Eigen::MatrixXd::Zero(test.rows(), 1)});
  }
};

class ProbeClassifier final : public Classifier {
 public:
  Predictions fit_predict_scores(const Eigen::MatrixXd& train, const Eigen::VectorXi&, int,
                                 const Eigen::MatrixXd& test) const override {
    std::lock_guard lock(calls.mutex);
    calls.direct.push_back(columns_of(train));
    return {parity_prediction(test.rows(), train.cols()), Eigen::MatrixXd::Zero(test.rows(), 1)};
  }
  const NestedSubsetClassifier* nested() const override { return &nested_; }

 private:
  NestedProbe nested_;
};

ClassifierRegistration probe_registration() {
  ClassifierRegistration registration;
  registration.info.name = "test_nested_probe";
  registration.configure = configured_by_factory<Classifier>(
      [](const ParamSet&) { return std::make_unique<ProbeClassifier>(); });
  registration.nested = NestedSubsetFits{3};
  return registration;
}

const Registrar<ClassifierRegistration> probe_registrar{probe_registration()};

// One dataset of 6 rows x 6 columns, one fold (train rows 0..3, test rows 4, 5 both of class 1),
// two score units ranking the columns differently.
struct Fixture {
  Spec spec;
  std::vector<PreparedDataset> datasets{1};
  std::vector<ScoreResult> scores{2};

  Fixture() {
    spec.classifier.kind = "test_nested_probe";
    spec.classifier.registration = ClassifierRegistry::instance().find("test_nested_probe");
    spec.classifier.grid = {ParamSet{}};
    spec.classifier.classifiers = {configure_classifier(*spec.classifier.registration, {})};
    PreparedDataset& dataset = datasets.front();
    dataset.features.values.resize(6, 6);
    for (Eigen::Index column = 0; column < 6; ++column)
      dataset.features.values.col(column).setConstant(10.0 * static_cast<double>(column));
    dataset.data.labels = (Eigen::VectorXi(6) << 0, 1, 0, 1, 1, 1).finished();
    dataset.data.class_names = {"a", "b"};
    dataset.folds = {Fold{0, 0, {0, 1, 2, 3}, {4, 5}}};
    scores[0].ranking = {5, 1, 3, 0, 2, 4};
    scores[1].ranking = {0, 1, 2, 3, 4, 5};
    for (auto& score : scores) score.usable_features = 6;
  }

  EvaluationRequest request(int score_unit, long long n) const {
    return {EvaluationKey{0, 0, 0, selected_features(scores[static_cast<size_t>(score_unit)], n)},
            score_unit};
  }
};

}  // namespace

TEST_CASE("evaluations of one ranking go through the nested-subset fits, others one by one") {
  const Fixture fixture;
  DistanceStore no_distances(fixture.spec, fixture.datasets, 1);
  // Score unit 0: four subsets (>= the probe's 3), out of order; score unit 1: two subsets.
  const std::vector<EvaluationRequest> requests = {fixture.request(0, 3), fixture.request(1, 2),
                                                   fixture.request(0, 1), fixture.request(0, 4),
                                                   fixture.request(1, 5), fixture.request(0, 2)};
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    calls.clear();
    const StageSettings settings{.threads = threads, .show_progress = false, .direct_fits = false};
    const StageInputs inputs{fixture.spec, fixture.datasets, no_distances, settings};
    const std::vector<EvaluationResult> results =
        evaluate_requests(inputs, fixture.scores, requests);
    REQUIRE(calls.nested.size() == 1);
    CHECK(calls.nested.front() == std::vector<int>{5, 1, 3, 0});  // the ranking's top 4, in order
    CHECK(calls.nested_sizes.front() == std::vector<Eigen::Index>{1, 2, 3, 4});
    REQUIRE(calls.direct.size() == 2);
    std::sort(calls.direct.begin(), calls.direct.end());
    CHECK(calls.direct == std::vector<std::vector<int>>{{0, 1}, {0, 1, 2, 3, 4}});
    // Every test row is of class 1: odd subset sizes score 1, even ones 0, each in its slot.
    REQUIRE(results.size() == requests.size());
    for (size_t r = 0; r < requests.size(); ++r)
      CHECK(results[r].accuracy == static_cast<double>(requests[r].key.features.size() % 2));
  }
  calls.clear();
  const StageSettings direct{.threads = 2, .show_progress = false, .direct_fits = true};
  evaluate_requests({fixture.spec, fixture.datasets, no_distances, direct}, fixture.scores,
                    requests);
  CHECK(calls.nested.empty());
  CHECK(calls.direct.size() == requests.size());
}

}  // namespace tsfs
