// Conformance of every registered classifier (classify/classifier.hpp), found through
// ClassifierRegistry: of feature columns (configure) or of distances (configure_from_distances),
// told apart by the registration. The same predictions alone and on two threads at once,
// constant columns and the refusal of NaN features, and the fewest training rows its own check
// accepts. Its parameters are checked with every other kind's (parameters_conformance_test.cpp).
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "classify/classifier.hpp"
#include "conformance/conformance_data.hpp"

namespace tsfs::conformance::classifier_checks {
namespace {

constexpr std::uint64_t kSeed = 31;
constexpr Eigen::Index kSeriesLength = 16;

// The classifier at its defaults as a spec configures it: of feature columns or of distances.
struct LoadedClassifier {
  Spec spec;
  const ClassifierRegistration* registration = nullptr;
  std::shared_ptr<const Classifier> of_features;
  std::shared_ptr<const DistanceClassifier> of_distances;

  const ClassifierChecks& checks() const {
    if (of_features) return *of_features;
    return *of_distances;
  }
};

std::optional<LoadedClassifier> load_classifier(const std::string& name) {
  std::optional<Spec> spec = spec_at_defaults(Kind::classifier, name);
  if (!spec) return std::nullopt;
  LoadedClassifier loaded;
  loaded.registration = spec->classifier.registration;
  if (!spec->classifier.classifiers.empty())
    loaded.of_features = spec->classifier.classifiers.front();
  if (!spec->classifier.distance_classifiers.empty())
    loaded.of_distances = spec->classifier.distance_classifiers.front();
  loaded.spec = std::move(*spec);
  if (!loaded.of_features && !loaded.of_distances) {
    FAIL_CHECK("its spec configures no classifier");
    return std::nullopt;
  }
  return loaded;
}

// One fold: training and test rows, and what either kind of classifier reads of them.
struct FoldData {
  Eigen::VectorXi train_labels, test_labels;
  int classes = 0;
  Eigen::MatrixXd train, test;    // feature columns
  Dataset series;                 // the training rows' series, then the test rows'
  Eigen::MatrixXd test_to_train;  // Euclidean distances between their series
};

FoldData fold_data(const std::vector<int>& train_per_class, const std::vector<int>& test_per_class,
                   Eigen::Index columns) {
  FoldData fold;
  fold.train_labels = interleaved_labels(train_per_class);
  fold.test_labels = interleaved_labels(test_per_class);
  fold.classes = static_cast<int>(std::max(train_per_class.size(), test_per_class.size()));
  fold.train = class_features(fold.train_labels, columns, kSeed);
  fold.test = class_features(fold.test_labels, columns, kSeed + 1);
  const Eigen::Index train_rows = fold.train_labels.size(), test_rows = fold.test_labels.size();
  Eigen::VectorXi labels(train_rows + test_rows);
  labels.head(train_rows) = fold.train_labels;
  labels.tail(test_rows) = fold.test_labels;
  fold.series = labelled_series(labels, fold.classes, kSeriesLength, kSeed);
  fold.test_to_train = row_distances(fold.series.values.bottomRows(test_rows),
                                     fold.series.values.topRows(train_rows));
  return fold;
}

// The fold as the planner sees it: its series, their features, training rows first.
PreparedDataset planned_dataset(const FoldData& fold) {
  const Eigen::Index train_rows = fold.train.rows(), test_rows = fold.test.rows();
  Eigen::MatrixXd features(train_rows + test_rows, fold.train.cols());
  features.topRows(train_rows) = fold.train;
  features.bottomRows(test_rows) = fold.test;
  return prepared_dataset(fold.series, features, row_range(0, static_cast<int>(train_rows)),
                          row_range(static_cast<int>(train_rows), static_cast<int>(test_rows)));
}

Predictions predict(const LoadedClassifier& loaded, const FoldData& fold) {
  if (loaded.of_features)
    return loaded.of_features->fit_predict_scores(fold.train, fold.train_labels, fold.classes,
                                                  fold.test);
  return loaded.of_distances->predict(fold.test_to_train, fold.train_labels, fold.classes);
}

// The fewest training rows its check (ClassifierChecks::check_training_rows) accepts.
std::optional<long long> fewest_training_rows(const LoadedClassifier& loaded) {
  return smallest_accepted(kFewestTrainingRows, [&](long long rows) {
    return !loaded.checks().check_training_rows(rows);
  });
}

// What every prediction satisfies (classify/classifier.hpp): a class in [0, classes) per test
// row; scores of one column for two classes, one per class for more, never NaN (a class absent
// from the training rows may score -infinity); the declared capabilities matching what is filled.
void check_predictions(const Predictions& predictions, const FoldData& fold,
                       const ClassifierRegistration& registration) {
  const Eigen::Index rows = fold.test_labels.size();
  CHECK(predictions.labels.size() == rows);
  const bool in_range =
      ((predictions.labels.array() >= 0) && (predictions.labels.array() < fold.classes)).all();
  CHECK_MESSAGE(in_range, "a predicted class is outside [0, classes)");
  CHECK(predictions.scores.rows() == rows);
  CHECK(predictions.scores.cols() == score_columns(fold.classes));
  CHECK_MESSAGE(!predictions.scores.hasNaN(), "a score is NaN");
  const double zeros = predictions.zero_coefficient_fraction;
  if (registration.has_coefficients) {
    const bool fraction = std::isnan(zeros) || (zeros >= 0.0 && zeros <= 1.0);
    CHECK_MESSAGE(fraction, "zero_coefficient_fraction " << zeros << " is not a fraction");
  } else {
    CHECK_MESSAGE(std::isnan(zeros), "a zero_coefficient_fraction without has_coefficients");
  }
  if (!registration.reports_convergence)
    CHECK_MESSAGE(predictions.solver_converged,
                  "a solver that did not converge, without reports_convergence");
}

void check_same_predictions(const Predictions& a, const Predictions& b) {
  CHECK(same_labels(a.labels, b.labels));
  CHECK(same_bits(a.scores, b.scores));
  CHECK(same_bits(a.zero_coefficient_fraction, b.zero_coefficient_fraction));
  CHECK(a.solver_converged == b.solver_converged);
}

// 3 classes of at least 4 training rows (more when the classifier asks) and 2 test rows each,
// 5 feature columns.
std::optional<FoldData> roomy_fold(const LoadedClassifier& loaded) {
  const std::optional<long long> fewest = fewest_training_rows(loaded);
  if (!fewest) {
    FAIL_CHECK("its check refuses every training size up to " << kLargestMinimum);
    return std::nullopt;
  }
  const int per_class = static_cast<int>(std::max<long long>(4, (*fewest + 2) / 3));
  return fold_data({per_class, per_class, per_class}, {2, 2, 2}, 5);
}

// Check 1. Classifiers take no thread count; the sweep evaluates cells in parallel with one
// configured classifier, so predicting alone and twice at once on two threads must give the same
// bits, along nested subsets too where the classifier offers them.
void check_concurrent_predictions(const std::string& name) {
  const std::optional<LoadedClassifier> loaded = load_classifier(name);
  if (!loaded) return;
  const std::optional<FoldData> fold = roomy_fold(*loaded);
  if (!fold) return;
  const auto outcomes = alone_then_concurrently([&] { return predict(*loaded, *fold); });
  CHECK_MESSAGE(outcomes[0].result.has_value(), "refuses a plain fold: " << outcomes[0].refusal);
  check_same_outcomes(outcomes, check_same_predictions);
  if (outcomes[0].result) {
    check_predictions(*outcomes[0].result, *fold, *loaded->registration);
    CHECK_MESSAGE(outcomes[0].result->scores.allFinite(),
                  "a score is not finite though every class has training rows");
  }
  if (!loaded->of_features || loaded->of_features->nested() == nullptr) return;
  const NestedSubsetClassifier& nested = *loaded->of_features->nested();
  const std::vector<Eigen::Index> sizes{1, 3, 5};
  const auto nested_outcomes = alone_then_concurrently([&] {
    std::vector<Predictions> reported(sizes.size());
    nested.fit_predict_nested(fold->train, fold->train_labels, fold->classes, fold->test, sizes,
                              [&](size_t subset, const Predictions& subset_predictions) {
                                reported[subset] = subset_predictions;
                              });
    return reported;
  });
  check_same_outcomes(nested_outcomes,
                      [](const std::vector<Predictions>& a, const std::vector<Predictions>& b) {
                        CHECK(a.size() == b.size());
                        for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
                          check_same_predictions(a[i], b[i]);
                      });
}

// Check 2, for classifiers of feature columns (a classifier of distances reads none). A column
// constant on the training rows (other values on the test rows) and one constant everywhere, as a
// fold of a selector fitted on all rows may hand over: finite predictions, or a tsfs error. A NaN
// feature never reaches a classifier (selection keeps the columns finite on every row,
// sweep/plan/work_units.hpp); given one, a classifier refuses it with an exception
// (classify/classifier_inputs.hpp, as scikit-learn's estimators), never a crash or a prediction.
void check_degenerate_columns(const std::string& name) {
  const std::optional<LoadedClassifier> loaded = load_classifier(name);
  if (!loaded || !loaded->of_features) return;
  const std::optional<FoldData> fold = roomy_fold(*loaded);
  if (!fold) return;
  FoldData constant = *fold;
  const Eigen::Index columns = fold->train.cols();
  constant.train.conservativeResize(Eigen::NoChange, columns + 2);
  constant.test.conservativeResize(Eigen::NoChange, columns + 2);
  constant.train.col(columns).setConstant(3.0);
  for (Eigen::Index row = 0; row < constant.test.rows(); ++row)
    constant.test(row, columns) = 3.5 + static_cast<double>(row);
  constant.train.col(columns + 1).setConstant(2.5);
  constant.test.col(columns + 1).setConstant(2.5);
  const auto outcome = outcome_of([&] { return predict(*loaded, constant); });
  if (outcome.result) {
    check_predictions(*outcome.result, constant, *loaded->registration);
    CHECK_MESSAGE(outcome.result->scores.allFinite(), "a score is not finite");
  } else {
    MESSAGE(name << " refuses constant columns: " << outcome.refusal);
  }

  FoldData nan_train = *fold;
  nan_train.train(nan_train.train.rows() / 2, 1) = std::nan("");
  CHECK_THROWS_MESSAGE(predict(*loaded, nan_train), "a NaN training feature is not refused");
  FoldData nan_test = *fold;
  nan_test.test(nan_test.test.rows() / 2, 1) = std::nan("");
  CHECK_THROWS_MESSAGE(predict(*loaded, nan_test), "a NaN test feature is not refused");
}

// `train_rows` training rows (of two classes from two rows on), one test row of each of 2 classes,
// one feature column.
FoldData minimal_fold(long long train_rows) {
  const auto rows = static_cast<int>(train_rows);
  const std::vector<int> train =
      rows >= 2 ? std::vector<int>{rows - rows / 2, rows / 2} : std::vector<int>{rows};
  return fold_data(train, {1, 1}, kFewestFeatures);
}

// Check 3. At the fewest training rows its check accepts (from the engine's floor: 1 row) the
// planner accepts the classifier and it predicts without any exception; with one row fewer than
// a minimum it declares above that floor, the planner refuses the dataset with an InputError.
void check_smallest_data(const std::string& name) {
  const std::optional<LoadedClassifier> loaded = load_classifier(name);
  if (!loaded) return;
  const std::optional<long long> fewest = fewest_training_rows(*loaded);
  if (!fewest) {
    FAIL_CHECK("its check refuses every training size up to " << kLargestMinimum);
    return;
  }
  INFO("declared minimum: " << *fewest << " training rows");
  const FoldData at_minimum = minimal_fold(*fewest);
  check_planner_accepts(loaded->spec, planned_dataset(at_minimum));
  const auto outcome = outcome_of([&] { return predict(*loaded, at_minimum); });
  CHECK_MESSAGE(outcome.result.has_value(), "refused at its declared minimum: " << outcome.refusal);
  if (outcome.result) check_predictions(*outcome.result, at_minimum, *loaded->registration);
  if (*fewest > kFewestTrainingRows) {
    INFO("one training row fewer");
    check_planner_refuses(loaded->spec, planned_dataset(minimal_fold(*fewest - 1)));
  }
}

}  // namespace

TEST_CASE("conformance: every classifier predicts the same bits alone and on two threads at once") {
  for_each_component(Kind::classifier, check_concurrent_predictions);
}

TEST_CASE("conformance: every classifier of features handles constant columns and refuses NaN") {
  for_each_component(Kind::classifier, check_degenerate_columns);
}

// Last: a crash at the smallest data ends the program, after the checks above have reported.
TEST_CASE("conformance: every classifier predicts from the fewest training rows it accepts") {
  for_each_component(Kind::classifier, check_smallest_data);
}

}  // namespace tsfs::conformance::classifier_checks
