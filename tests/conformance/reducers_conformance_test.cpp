// Conformance of every registered reducer (reduce/reducer.hpp), found through ReducerRegistry: the
// same reduction alone and on two threads at once, constant columns, and the fewest training
// classes its own check accepts. Its parameters are checked with every other kind's
// (parameters_conformance_test.cpp).
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/conformance_data.hpp"
#include "reduce/reducer.hpp"

namespace tsfs::conformance::reducer_checks {
namespace {

constexpr std::uint64_t kSeed = 41;

// The reducer at its defaults as a spec configures it.
struct LoadedReducer {
  Spec spec;
  const ReducerRegistration* registration = nullptr;
  std::shared_ptr<const Reducer> reducer;
};

std::optional<LoadedReducer> load_reducer(const std::string& name) {
  std::optional<Spec> spec = spec_at_defaults(Kind::reducer, name);
  if (!spec) return std::nullopt;
  LoadedReducer loaded;
  loaded.registration = spec->reduce->registration;
  loaded.reducer = spec->reduce->reducers.front();
  loaded.spec = std::move(*spec);
  return loaded;
}

// One fold's selected features: training rows (labelled) and test rows.
struct FoldData {
  Eigen::MatrixXd train, test;
  Eigen::VectorXi train_labels, test_labels;
  int classes = 0;
};

FoldData fold_data(const std::vector<int>& train_per_class, const std::vector<int>& test_per_class,
                   Eigen::Index columns) {
  FoldData fold;
  fold.train_labels = interleaved_labels(train_per_class);
  fold.test_labels = interleaved_labels(test_per_class);
  fold.classes = static_cast<int>(std::max(train_per_class.size(), test_per_class.size()));
  fold.train = class_features(fold.train_labels, columns, kSeed);
  fold.test = class_features(fold.test_labels, columns, kSeed + 1);
  return fold;
}

// The fold as the planner sees it: its rows as series and features, training rows first.
PreparedDataset planned_dataset(const FoldData& fold) {
  const Eigen::Index train_rows = fold.train.rows(), test_rows = fold.test.rows();
  Eigen::MatrixXd features(train_rows + test_rows, fold.train.cols());
  features.topRows(train_rows) = fold.train;
  features.bottomRows(test_rows) = fold.test;
  Eigen::VectorXi labels(train_rows + test_rows);
  labels.head(train_rows) = fold.train_labels;
  labels.tail(test_rows) = fold.test_labels;
  return prepared_dataset(dataset_of_rows(features, labels, fold.classes), features,
                          row_range(0, static_cast<int>(train_rows)),
                          row_range(static_cast<int>(train_rows), static_cast<int>(test_rows)));
}

Reduction reduce(const LoadedReducer& loaded, const FoldData& fold) {
  return loaded.reducer->fit_transform(fold.train, fold.train_labels, fold.classes, fold.test);
}

// The fold passes the registration's check of a dataset's features (nmf: non-negative ones), as
// the planner requires before any fit.
bool features_suit(const LoadedReducer& loaded, const FoldData& fold) {
  if (!loaded.registration->check_features) return true;
  std::vector<std::string> names;
  for (Eigen::Index column = 0; column < fold.train.cols(); ++column)
    names.push_back("f" + std::to_string(column));
  const auto problem = loaded.registration->check_features(fold.train, names);
  CHECK_MESSAGE(!problem, "its feature check refuses the test data: " << problem.value_or(""));
  return !problem;
}

// What every reduction satisfies (reduce/reducer.hpp): the training and test rows with the same
// components, at least one and no more than the columns given (nor than the component_limit the
// reducer declares for the fit), all finite; a reconstruction error exactly for the registrations
// that declare `reconstructs`.
void check_reduction(const Reduction& reduced, const FoldData& fold, const LoadedReducer& loaded) {
  CHECK(reduced.train.rows() == fold.train.rows());
  CHECK(reduced.test.rows() == fold.test.rows());
  CHECK(reduced.train.cols() == reduced.test.cols());
  CHECK(reduced.train.cols() >= 1);
  CHECK(reduced.train.cols() <= fold.train.cols());
  CHECK_MESSAGE(reduced.train.allFinite(), "a reduced training value is not finite");
  CHECK_MESSAGE(reduced.test.allFinite(), "a reduced test value is not finite");
  const auto present = static_cast<int>(present_classes(fold.train_labels, fold.classes).size());
  if (const auto limit =
          loaded.reducer->component_limit(fold.train.rows(), fold.train.cols(), present))
    CHECK(reduced.train.cols() <= limit->allowed);
  const double error = reduced.reconstruction_error;
  if (loaded.registration->reconstructs) {
    const bool measured = std::isfinite(error) && error >= 0.0;
    CHECK_MESSAGE(measured,
                  "reconstruction_error " << error << " from a reducer that reconstructs");
  } else {
    CHECK_MESSAGE(std::isnan(error), "a reconstruction_error without reconstructs");
  }
}

void check_same_reductions(const Reduction& a, const Reduction& b) {
  CHECK(same_bits(a.train, b.train));
  CHECK(same_bits(a.test, b.test));
  CHECK(same_bits(a.reconstruction_error, b.reconstruction_error));
}

// 12 training rows of 3 classes, 6 test rows, 5 positive feature columns.
FoldData roomy_fold() {
  return fold_data({4, 4, 4}, {2, 2, 2}, 5);
}

// Check 1. Reducers take no thread count; the sweep evaluates cells in parallel with one configured
// reducer, so reducing alone and twice at once on two threads must give the same bits.
void check_concurrent_reductions(const std::string& name) {
  const std::optional<LoadedReducer> loaded = load_reducer(name);
  if (!loaded) return;
  const FoldData fold = roomy_fold();
  if (!features_suit(*loaded, fold)) return;
  const auto outcomes = alone_then_concurrently([&] { return reduce(*loaded, fold); });
  CHECK_MESSAGE(outcomes[0].result.has_value(), "refuses a plain fold: " << outcomes[0].refusal);
  check_same_outcomes(outcomes, check_same_reductions);
  if (outcomes[0].result) check_reduction(*outcomes[0].result, fold, *loaded);
}

// Check 2. A column constant on the training rows (other values on the test rows) and one constant
// everywhere, as a fold of a selector fitted on all rows may hand over: a finite reduction, or a
// tsfs error. A NaN column never reaches a reducer (selection keeps the columns finite on every
// row, sweep/plan/work_units.hpp), and the reducer's contract says nothing of one: not tried.
void check_constant_columns(const std::string& name) {
  const std::optional<LoadedReducer> loaded = load_reducer(name);
  if (!loaded) return;
  FoldData fold = roomy_fold();
  const Eigen::Index columns = fold.train.cols();
  fold.train.conservativeResize(Eigen::NoChange, columns + 2);
  fold.test.conservativeResize(Eigen::NoChange, columns + 2);
  fold.train.col(columns).setConstant(3.0);
  for (Eigen::Index row = 0; row < fold.test.rows(); ++row)
    fold.test(row, columns) = 3.5 + static_cast<double>(row);
  fold.train.col(columns + 1).setConstant(2.5);
  fold.test.col(columns + 1).setConstant(2.5);
  if (!features_suit(*loaded, fold)) return;
  const auto outcome = outcome_of([&] { return reduce(*loaded, fold); });
  if (outcome.result)
    check_reduction(*outcome.result, fold, *loaded);
  else
    MESSAGE(name << " refuses constant columns: " << outcome.refusal);
}

// Training rows of `classes` classes, one row each and the rows beyond `classes` in the first; a
// test row of each of the dataset's classes (at least 2, as a dataset has); one feature column.
FoldData minimal_fold(long long classes, long long rows) {
  const int dataset_classes = static_cast<int>(std::max<long long>(classes, 2));
  std::vector<int> train_counts(static_cast<size_t>(classes), 1);
  train_counts.front() += static_cast<int>(rows - classes);
  FoldData fold = fold_data(train_counts, std::vector<int>(static_cast<size_t>(dataset_classes), 1),
                            kFewestFeatures);
  fold.classes = dataset_classes;
  return fold;
}

// The fewest training classes its check (check_training_rows) accepts with some number of rows,
// and the fewest rows it accepts with those classes: from the engine's floor (1 row of 1 class).
std::optional<std::pair<long long, long long>> smallest_fold(const LoadedReducer& loaded) {
  const auto& check = loaded.registration->check_training_rows;
  const auto accepts = [&](long long classes, long long rows) {
    return !check || !check(static_cast<int>(classes), rows);
  };
  const std::optional<long long> classes = smallest_accepted(
      kFewestTrainingClasses, [&](long long count) { return accepts(count, kLargestMinimum); });
  if (!classes) return std::nullopt;
  const std::optional<long long> rows =
      smallest_accepted(*classes, [&](long long count) { return accepts(*classes, count); });
  if (!rows) return std::nullopt;
  return std::pair{*classes, *rows};
}

// Check 3. At the smallest fold its check accepts (smallest_fold), the planner accepts the reducer
// and it reduces without any exception; with one row fewer than a minimum it declares above the
// classes' one each, or else one class fewer than a minimum above the floor, the planner refuses
// the dataset, and the reducer itself the fit, with an InputError (reducer.hpp: data that do not
// suit a reducer are refused as bad input).
void check_smallest_data(const std::string& name) {
  const std::optional<LoadedReducer> loaded = load_reducer(name);
  if (!loaded) return;
  const auto fewest = smallest_fold(*loaded);
  if (!fewest) {
    FAIL_CHECK("its check refuses every fold of up to " << kLargestMinimum << " classes and rows");
    return;
  }
  const long long classes = fewest->first;  // named, not bound: INFO captures them (Clang 14)
  const long long rows = fewest->second;
  INFO("declared minimum: " << rows << " training rows of " << classes << " classes");
  const FoldData at_minimum = minimal_fold(classes, rows);
  if (!features_suit(*loaded, at_minimum)) return;
  check_planner_accepts(loaded->spec, planned_dataset(at_minimum));
  const auto outcome = outcome_of([&] { return reduce(*loaded, at_minimum); });
  CHECK_MESSAGE(outcome.result.has_value(), "refused at its declared minimum: " << outcome.refusal);
  if (outcome.result) check_reduction(*outcome.result, at_minimum, *loaded);
  std::optional<FoldData> below;
  if (rows > classes)
    below = minimal_fold(classes, rows - 1);
  else if (classes > kFewestTrainingClasses)
    below = minimal_fold(classes - 1, classes - 1);
  if (below) {
    INFO("one row or class fewer");
    check_planner_refuses(loaded->spec, planned_dataset(*below));
    CHECK_THROWS_AS(reduce(*loaded, *below), InputError);
  }
}

}  // namespace

TEST_CASE("conformance: every reducer reduces to the same bits alone and on two threads at once") {
  for_each_component(Kind::reducer, check_concurrent_reductions);
}

TEST_CASE("conformance: every reducer handles columns constant on the training rows") {
  for_each_component(Kind::reducer, check_constant_columns);
}

// Last: a crash at the smallest data ends the program, after the checks above have reported.
TEST_CASE("conformance: every reducer reduces the fewest training classes it accepts") {
  for_each_component(Kind::reducer, check_smallest_data);
}

}  // namespace tsfs::conformance::reducer_checks
