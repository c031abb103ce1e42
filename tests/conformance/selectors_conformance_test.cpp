// Conformance of every registered selector (select/selector.hpp), found through SelectorRegistry:
// the same scores alone and on two threads at once, the engine's rule for constant and NaN columns,
// and the smallest data its own checks accept. Each selector is configured by a spec at its
// defaults and scored the way a run scores a unit fitted on all rows (score_feature_matrix). Its
// parameters are checked with every other kind's (parameters_conformance_test.cpp).
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
#include "select/selector.hpp"
#include "sweep/run/scores.hpp"

namespace tsfs::conformance::selector_checks {
namespace {

constexpr std::uint64_t kSeed = 11;

// The selector at its defaults as a spec configures it, the registration the engine reads its
// capabilities from, and the spec's classifier, which the search wrappers fit.
struct LoadedSelector {
  Spec spec;
  const SelectorRegistration* registration = nullptr;
  std::shared_ptr<const Selector> selector;
  const Classifier* classifier = nullptr;
};

std::optional<LoadedSelector> load_selector(const std::string& name) {
  std::optional<Spec> spec = spec_at_defaults(Kind::selector, name);
  if (!spec) return std::nullopt;
  LoadedSelector loaded;
  loaded.registration = spec->selectors.front().registration;
  loaded.selector = spec->selectors.front().selectors.front();
  if (!spec->classifier.classifiers.empty())
    loaded.classifier = spec->classifier.classifiers.front().get();
  loaded.spec = std::move(*spec);
  return loaded;
}

// The least data the selector's own checks accept (Selector::check_fit_rows, check_fit_class_rows,
// check_features), counted from the engine's floor.
struct Minimum {
  long long rows = 0;        // fit rows
  long long class_rows = 0;  // fit rows of the smallest class
  long long features = 0;
};

std::optional<Minimum> declared_minimum(const Selector& selector) {
  const auto rows = smallest_accepted(
      kFewestFitRows, [&](long long count) { return !selector.check_fit_rows(count); });
  const auto class_rows = smallest_accepted(
      kFewestClassRows, [&](long long count) { return !selector.check_fit_class_rows(count); });
  const auto features = smallest_accepted(
      kFewestFeatures, [&](long long count) { return !selector.check_features(count); });
  if (!rows || !class_rows || !features) return std::nullopt;
  // The fewest rows of two classes, the smaller with class_rows, whose split of a fit the selector
  // accepts (check_fit_classes: a validation split needs a validation row).
  const auto fit_rows = smallest_accepted(std::max(*rows, 2 * *class_rows), [&](long long count) {
    return !selector.check_fit_classes({count - *class_rows, *class_rows});
  });
  if (!fit_rows) return std::nullopt;
  return Minimum{*fit_rows, *class_rows, *features};
}

// `rows` rows of two classes, the second (the smallest) with `class_rows` of them.
std::vector<int> two_classes(long long rows, long long class_rows) {
  return {static_cast<int>(rows - class_rows), static_cast<int>(class_rows)};
}

// `classes` classes of at least `per_class` rows, together at least `rows`.
std::vector<int> balanced_classes(int classes, long long per_class, long long rows) {
  std::vector<int> counts(static_cast<size_t>(classes), static_cast<int>(per_class));
  long long total = per_class * classes;
  for (size_t next = 0; total < rows; next = (next + 1) % counts.size(), ++total) ++counts[next];
  return counts;
}

// The rows a selector is fitted on: features, class labels and the rows' distances (from the
// finite columns only: a run's distances come from the series, which are finite).
struct FitData {
  Eigen::MatrixXd features;
  Eigen::VectorXi labels;
  int classes = 0;
  Eigen::MatrixXd distances;
};

FitData fit_data(const std::vector<int>& per_class, long long columns) {
  FitData data;
  data.labels = interleaved_labels(per_class);
  data.classes = static_cast<int>(per_class.size());
  data.features = class_features(data.labels, columns, kSeed);
  data.distances = row_distances(data.features, data.features);
  return data;
}

// Data the selector's declared checks accept with room: `classes` classes of at least `per_class`
// rows and 5 features, more where the selector asks for more.
std::optional<FitData> roomy_data(const Selector& selector, int classes, long long per_class) {
  const std::optional<Minimum> minimum = declared_minimum(selector);
  if (!minimum) {
    FAIL_CHECK("its declared checks refuse every data size up to " << kLargestMinimum);
    return std::nullopt;
  }
  const std::vector<int> counts =
      balanced_classes(classes, std::max(per_class, minimum->class_rows), minimum->rows);
  const long long columns = std::max<long long>(5, minimum->features);
  long long rows = 0;
  for (int count : counts) rows += count;
  const bool accepted =
      !selector.check_fit_rows(rows) &&
      !selector.check_fit_class_rows(*std::min_element(counts.begin(), counts.end())) &&
      !selector.check_features(columns);
  CHECK_MESSAGE(accepted, "its declared checks refuse " << rows << " rows of " << columns
                                                        << " features above their minimum");
  if (!accepted) return std::nullopt;
  return fit_data(counts, columns);
}

// A run's scoring of a unit fitted on every row: columns NaN or constant over the rows are left
// out of the selector's problem, get NaN and come last (sweep/run/scores.hpp).
ScoreResult score(const LoadedSelector& loaded, const FitData& data) {
  const SelectionProblem problem{data.features, &data.labels, data.classes, &data.distances,
                                 loaded.classifier};
  return score_feature_matrix(*loaded.selector, *loaded.registration, problem);
}

// The dataset a run would plan with these rows as its series and features, fitted on all of them.
PreparedDataset planned_dataset(const FitData& data) {
  const auto rows = static_cast<int>(data.features.rows());
  return prepared_dataset(dataset_of_rows(data.features, data.labels, data.classes), data.features,
                          row_range(0, rows), {});
}

// What every score vector satisfies (select/selector.hpp, sweep/plan/work_units.hpp): a score per
// column, NaN for the `unusable` columns the engine left out, a ranking of every column with those
// last in index order, and the registration's declared capabilities matching what is filled in
// (a run writes std errors and measures only for registrations that declare them).
void check_score_result(const ScoreResult& result, const std::vector<int>& unusable,
                        Eigen::Index columns, const SelectorRegistration& registration) {
  CHECK(result.scores.size() == columns);
  CHECK(result.not_converged.empty());
  if (result.scores.size() != columns) return;
  bool unusable_are_nan = true;
  for (int column : unusable)
    unusable_are_nan = unusable_are_nan && std::isnan(result.scores(column));
  CHECK_MESSAGE(unusable_are_nan, "a column left out of the selector's problem has a score");
  std::vector<int> sorted = result.ranking;
  std::sort(sorted.begin(), sorted.end());
  CHECK_MESSAGE(sorted == row_range(0, static_cast<int>(columns)),
                "the ranking is not an order of every column");
  if (result.ranking.size() >= unusable.size()) {
    const std::vector<int> last(result.ranking.end() - static_cast<long>(unusable.size()),
                                result.ranking.end());
    CHECK_MESSAGE(last == unusable, "the columns left out do not come last in index order");
  }
  const auto usable = static_cast<long long>(columns) - static_cast<long long>(unusable.size());
  CHECK(result.usable_features >= 0);
  CHECK(result.usable_features <= usable);
  const double zero_weights = result.zero_weight_fraction;
  const bool fraction = std::isnan(zero_weights) || (zero_weights >= 0.0 && zero_weights <= 1.0);
  CHECK_MESSAGE(fraction, "zero_weight_fraction " << zero_weights << " is not a fraction or NaN");
  if (registration.provides_std_errors) {
    CHECK(result.std_errors.size() == columns);
    bool unusable_errors_nan = result.std_errors.size() == columns;
    for (int column : unusable)
      unusable_errors_nan = unusable_errors_nan && std::isnan(result.std_errors(column));
    CHECK_MESSAGE(unusable_errors_nan, "a column left out has a standard error");
  } else {
    CHECK_MESSAGE(result.std_errors.size() == 0,
                  "standard errors from a registration without provides_std_errors");
  }
  if (registration.reports_measures)
    CHECK_MESSAGE(!result.measures.empty(),
                  "no measures from a registration with reports_measures");
  else
    CHECK_MESSAGE(result.measures.empty(), "measures from a registration without reports_measures");
  for (const auto& measure : result.measures) CHECK_FALSE(measure.first.empty());
}

void check_same_scores(const ScoreResult& a, const ScoreResult& b) {
  CHECK(same_bits(a.scores, b.scores));
  CHECK(a.ranking == b.ranking);
  CHECK(same_bits(a.zero_weight_fraction, b.zero_weight_fraction));
  CHECK(a.usable_features == b.usable_features);
  CHECK(same_bits(a.std_errors, b.std_errors));
  CHECK(a.measures.size() == b.measures.size());
  for (size_t i = 0; i < std::min(a.measures.size(), b.measures.size()); ++i) {
    CHECK(a.measures[i].first == b.measures[i].first);
    CHECK(same_bits(a.measures[i].second, b.measures[i].second));
  }
}

// Check 1. Selectors take no thread count; the sweep scores units in parallel with one configured
// selector, so scoring alone and twice at once on two threads must give the same bits. Three
// classes: a selector for two classes only may refuse them (InputError), the same way each time.
void check_concurrent_scores(const std::string& name) {
  const std::optional<LoadedSelector> loaded = load_selector(name);
  if (!loaded) return;
  const std::optional<FitData> data = roomy_data(*loaded->selector, 3, 4);
  if (!data) return;
  const auto outcomes = alone_then_concurrently([&] { return score(*loaded, *data); });
  check_same_outcomes(outcomes, check_same_scores);
  if (outcomes[0].result)
    check_score_result(*outcomes[0].result, {}, data->features.cols(), *loaded->registration);
}

// The rows of `usable` with a constant column, an all-NaN column and a column NaN in one row
// inserted between its columns, as columns 1, 3 and 5 of 8.
struct Degenerate {
  FitData data;
  std::vector<int> unusable;
};

Degenerate with_unusable_columns(const FitData& usable) {
  Degenerate degenerate{usable, {1, 3, 5}};
  const Eigen::Index rows = usable.features.rows();
  Eigen::MatrixXd& features = degenerate.data.features;
  features.resize(rows, usable.features.cols() + 3);
  Eigen::Index next = 0;
  for (Eigen::Index column = 0; column < features.cols(); ++column) {
    if (column == 1) {
      features.col(column).setConstant(4.25);
    } else if (column == 3) {
      features.col(column).setConstant(std::nan(""));
    } else if (column == 5) {
      features.col(column) = usable.features.col(0).array() + 1.0;
      features(rows / 2, column) = std::nan("");
    } else {
      features.col(column) = usable.features.col(next++);
    }
  }
  return degenerate;
}

// Check 2. The engine's rule (sweep/plan/work_units.hpp, usable_columns): a column NaN on some row
// or constant over the fit rows is left out of the selector's problem, scores NaN and ranks last in
// index order; the other columns score as they do without it. A selector may refuse the data with
// a tsfs error, nothing else.
void check_degenerate_columns(const std::string& name) {
  const std::optional<LoadedSelector> loaded = load_selector(name);
  if (!loaded) return;
  const std::optional<FitData> data = roomy_data(*loaded->selector, 2, 6);
  if (!data) return;
  const Degenerate degenerate = with_unusable_columns(*data);
  const auto outcome = outcome_of([&] { return score(*loaded, degenerate.data); });
  if (!outcome.result) {
    MESSAGE(name << " refuses the data with a constant and NaN columns: " << outcome.refusal);
    return;
  }
  const ScoreResult& result = *outcome.result;
  check_score_result(result, degenerate.unusable, degenerate.data.features.cols(),
                     *loaded->registration);
  const ScoreResult clean = score(*loaded, *data);
  std::vector<int> usable;
  for (int column = 0; column < static_cast<int>(degenerate.data.features.cols()); ++column)
    if (std::find(degenerate.unusable.begin(), degenerate.unusable.end(), column) ==
        degenerate.unusable.end())
      usable.push_back(column);
  if (result.scores.size() == degenerate.data.features.cols()) {
    CHECK_MESSAGE(same_bits(result.scores(usable), clean.scores),
                  "the usable columns score otherwise beside a constant or NaN column");
    bool some_score = false;
    for (int column : usable) some_score = some_score || !std::isnan(result.scores(column));
    CHECK_MESSAGE(some_score, "no usable column gets a score");
  }
}

// Check 3. At the least data its declared checks accept (from the engine's floor: 2 fit rows, one
// of each of 2 classes, 1 feature) the planner accepts the selector and it scores without any
// exception; with one row, one row of the smallest class or one feature fewer than a minimum it
// declares above that floor, the planner refuses the dataset with an InputError.
void check_smallest_data(const std::string& name) {
  const std::optional<LoadedSelector> loaded = load_selector(name);
  if (!loaded) return;
  const Selector& selector = *loaded->selector;
  const std::optional<Minimum> minimum = declared_minimum(selector);
  if (!minimum) {
    FAIL_CHECK("its declared checks refuse every data size up to " << kLargestMinimum);
    return;
  }
  const long long rows = std::max(minimum->rows, 2 * minimum->class_rows);
  INFO("declared minimum: " << rows << " fit rows, " << minimum->class_rows
                            << " of the smallest class, " << minimum->features << " features");
  const FitData at_minimum = fit_data(two_classes(rows, minimum->class_rows), minimum->features);
  check_planner_accepts(loaded->spec, planned_dataset(at_minimum));
  const auto outcome = outcome_of([&] { return score(*loaded, at_minimum); });
  CHECK_MESSAGE(outcome.result.has_value(), "refused at its declared minimum: " << outcome.refusal);
  if (outcome.result)
    check_score_result(*outcome.result, {}, minimum->features, *loaded->registration);

  if (minimum->rows > kFewestFitRows) {
    INFO("one fit row fewer");
    const long long fewer = minimum->rows - 1;
    check_planner_refuses(
        loaded->spec, planned_dataset(fit_data(two_classes(fewer, fewer / 2), minimum->features)));
  }
  if (minimum->class_rows > kFewestClassRows) {
    INFO("one row fewer in the smallest class");
    const long long class_rows = minimum->class_rows - 1;
    const long long total = std::max(minimum->rows, minimum->class_rows + class_rows);
    check_planner_refuses(
        loaded->spec, planned_dataset(fit_data(two_classes(total, class_rows), minimum->features)));
  }
  if (minimum->features > kFewestFeatures) {
    INFO("one feature fewer");
    check_planner_refuses(
        loaded->spec,
        planned_dataset(fit_data(two_classes(rows, minimum->class_rows), minimum->features - 1)));
  }
}

}  // namespace

TEST_CASE("conformance: every selector scores the same bits alone and on two threads at once") {
  for_each_component(Kind::selector, check_concurrent_scores);
}

TEST_CASE("conformance: every selector leaves constant and NaN columns unscored and last") {
  for_each_component(Kind::selector, check_degenerate_columns);
}

// Last: a crash at the smallest data ends the program, after the checks above have reported.
TEST_CASE("conformance: every selector scores the smallest data its checks accept") {
  for_each_component(Kind::selector, check_smallest_data);
}

}  // namespace tsfs::conformance::selector_checks
