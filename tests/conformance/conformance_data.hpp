#pragma once
// The conformance battery's shared parts (tests/conformance/*_conformance_test.cpp). The battery
// runs every component of the five registries (extractors, distances, selectors, classifiers,
// reducers), found through its registry, through the same checks, so that a component is covered
// as soon as it registers: determinism across thread counts, constant and NaN columns, the
// smallest data its own checks accept, its parameters through spec.resolved.yaml and the refusal
// of out-of-range values at their file:line. Here: the registries' names, the tiny synthetic data
// (built in the tests, the same on every platform), the spec that places one component at its
// defaults, the planner's verdict on a dataset, and bitwise comparisons.
//
// A component's checks run inside guarded() with no REQUIRE: a failure (or an exception it lets
// out) is recorded against that component, named by the INFO of the loop, and the loop goes on to
// the next component instead of ending the test case.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/hash.hpp"
#include "common/parallel.hpp"
#include "common/params.hpp"
#include "common/registry.hpp"
#include "common/text.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "data/dataset.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs::conformance {

// ---------------------------------------------------------------------------------------------
// The registries.

enum class Kind { extractor, distance, selector, classifier, reducer };

inline constexpr Kind kKinds[] = {Kind::extractor, Kind::distance, Kind::selector, Kind::classifier,
                                  Kind::reducer};

// The kind as the spec loader names it in its messages.
inline const char* kind_word(Kind kind) {
  switch (kind) {
    case Kind::extractor:
      return "extractor";
    case Kind::distance:
      return "distance";
    case Kind::selector:
      return "selector";
    case Kind::classifier:
      return "classifier";
    case Kind::reducer:
      return "reducer";
  }
  return "component";
}

// Other test files register test doubles in the same program, named "test_..." by the
// repository's convention (tests/support/not_converging_selector.hpp says so): the battery checks
// the engine's components, which a new one joins by registering.
inline bool is_test_double(const std::string& name) {
  return name.rfind("test_", 0) == 0;
}

template <typename Registration>
std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const std::string& name : Registry<Registration>::instance().names())
    if (!is_test_double(name)) names.push_back(name);
  return names;
}

inline std::vector<std::string> component_names(Kind kind) {
  switch (kind) {
    case Kind::extractor:
      return registered_names<ExtractorRegistration>();
    case Kind::distance:
      return registered_names<DistanceRegistration>();
    case Kind::selector:
      return registered_names<SelectorRegistration>();
    case Kind::classifier:
      return registered_names<ClassifierRegistration>();
    case Kind::reducer:
      return registered_names<ReducerRegistration>();
  }
  return {};
}

// The registration of a name its registry listed.
template <typename Registration>
const Registration& registration_of(const std::string& name) {
  const Registration* registration = Registry<Registration>::instance().find(name);
  if (registration == nullptr) throw std::logic_error("not registered: " + name);
  return *registration;
}

inline const ComponentInfo& component_info(Kind kind, const std::string& name) {
  switch (kind) {
    case Kind::extractor:
      return registration_of<ExtractorRegistration>(name).info;
    case Kind::distance:
      return registration_of<DistanceRegistration>(name).info;
    case Kind::selector:
      return registration_of<SelectorRegistration>(name).info;
    case Kind::classifier:
      return registration_of<ClassifierRegistration>(name).info;
    case Kind::reducer:
      return registration_of<ReducerRegistration>(name).info;
  }
  throw std::logic_error("unknown component kind");
}

// A registered classifier of distances (found by its registration, not its name): the planner
// checks a spec's distances only when something reads them, and a classifier of distances is the
// reader that accepts the fewest rows.
inline std::optional<std::string> distance_classifier_kind() {
  for (const std::string& name : component_names(Kind::classifier))
    if (registration_of<ClassifierRegistration>(name).configure_from_distances) return name;
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Running components.

// Runs one component's checks so that an exception it lets out fails that component alone (under
// the loop's INFO naming it) instead of ending the test case before the other components ran.
template <typename Check>
void guarded(const Check& check) {
  try {
    check();
  } catch (const std::exception& error) {
    FAIL_CHECK("unexpected exception: " << error.what());
  }
}

// Runs check(name) for every engine component of `kind`, each guarded and named by an INFO.
template <typename Check>
void for_each_component(Kind kind, const Check& check) {
  const std::vector<std::string> names = component_names(kind);
  CHECK_FALSE(names.empty());
  for (const std::string& name : names) {
    INFO(kind_word(kind) << " '" << name << "'");
    guarded([&] { check(name); });
  }
}

// What one run of a component gave: its result, or the tsfs error it refused the data with
// (InputError for data that do not suit it, NotConverged for an iterative solver). Any other
// exception propagates: it is a failure.
template <typename Result>
struct Outcome {
  std::optional<Result> result;
  std::string refusal;
};

template <typename Compute>
auto outcome_of(const Compute& compute) {
  Outcome<std::decay_t<decltype(compute())>> outcome;
  try {
    outcome.result = compute();
  } catch (const InputError& error) {
    outcome.refusal = std::string("InputError: ") + error.what();
  } catch (const NotConverged& error) {
    outcome.refusal = std::string("NotConverged: ") + error.what();
  }
  return outcome;
}

// The outcome of `compute` run alone, then twice at the same time on two threads: the components
// without a thread count are shared by the sweep's parallel_for across cells, so running them on
// two threads at once must change nothing.
template <typename Compute>
auto alone_then_concurrently(const Compute& compute) {
  std::vector<Outcome<std::decay_t<decltype(compute())>>> outcomes(3);
  outcomes[0] = outcome_of(compute);
  parallel_for(2, 2, [&](size_t run) { outcomes[1 + run] = outcome_of(compute); });
  return outcomes;
}

// Every outcome equals the first: the same refusal, or results that `check_same` finds equal.
template <typename Result, typename CheckSame>
void check_same_outcomes(const std::vector<Outcome<Result>>& outcomes,
                         const CheckSame& check_same) {
  for (size_t run = 1; run < outcomes.size(); ++run) {
    INFO("run " << run << " against run 0");
    CHECK(outcomes[run].refusal == outcomes[0].refusal);
    CHECK(outcomes[run].result.has_value() == outcomes[0].result.has_value());
    if (outcomes[run].result && outcomes[0].result)
      check_same(*outcomes[0].result, *outcomes[run].result);
  }
}

// Bitwise equality: NaN equals NaN of the same payload, 0.0 differs from -0.0.
inline bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

template <typename A, typename B>
bool same_bits(const Eigen::DenseBase<A>& a, const Eigen::DenseBase<B>& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index column = 0; column < a.cols(); ++column)
    for (Eigen::Index row = 0; row < a.rows(); ++row)
      if (!same_bits(static_cast<double>(a(row, column)), static_cast<double>(b(row, column))))
        return false;
  return true;
}

inline void check_same_matrix(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  CHECK(same_bits(a, b));
}

inline bool same_labels(const Eigen::VectorXi& a, const Eigen::VectorXi& b) {
  return a.size() == b.size() && (a.size() == 0 || a == b);
}

// ---------------------------------------------------------------------------------------------
// Synthetic data, a few rows built in the tests.

inline constexpr const char* kDatasetName = "Conformance";

// SplitMix64 of (seed, i, j) as a double in [0, 1): the data are the same on every platform and
// standard library (std::normal_distribution is not).
inline double uniform(std::uint64_t seed, std::uint64_t i, std::uint64_t j) {
  const std::uint64_t x =
      splitmix64_finaliser(seed * kSplitMix64Increment + i * 0xBF58476D1CE4E5B9ULL +
                           j * 0x94D049BB133111EBULL + 0x2545F4914F6CDD1DULL);
  return static_cast<double>(x >> 11) * 0x1.0p-53;
}

// per_class[c] rows of class c, interleaved (each class in turn while it has rows left), so that
// the first rows of any split hold every class they can.
inline Eigen::VectorXi interleaved_labels(const std::vector<int>& per_class) {
  std::vector<int> left = per_class;
  int total = 0;
  for (int count : per_class) total += count;
  Eigen::VectorXi labels(total);
  int row = 0;
  while (row < total)
    for (size_t label = 0; label < left.size() && row < total; ++label)
      if (left[label] > 0) {
        labels(row++) = static_cast<int>(label);
        --left[label];
      }
  return labels;
}

inline std::vector<std::string> class_names(int classes) {
  std::vector<std::string> names;
  for (int label = 0; label < classes; ++label) names.push_back("c" + std::to_string(label));
  return names;
}

// One row per label: positive features (nmf takes non-negative ones only), every column shifted
// by the row's class so that the supervised scores differ, plus uniform noise wider in later
// columns, so that no two values tie and no column is constant.
inline Eigen::MatrixXd class_features(const Eigen::VectorXi& labels, Eigen::Index columns,
                                      std::uint64_t seed) {
  Eigen::MatrixXd features(labels.size(), columns);
  for (Eigen::Index row = 0; row < labels.size(); ++row)
    for (Eigen::Index column = 0; column < columns; ++column)
      features(row, column) = 8.0 + labels(row) * (1.0 + static_cast<double>(column % 3)) +
                              (1.0 + 0.5 * static_cast<double>(column)) *
                                  (2.0 * uniform(seed, static_cast<std::uint64_t>(row),
                                                 static_cast<std::uint64_t>(column)) -
                                   1.0);
  return features;
}

// A dataset whose series are the rows of `values` (all of one length), as a loaded one is.
inline Dataset dataset_of_rows(const Eigen::MatrixXd& values, const Eigen::VectorXi& labels,
                               int classes) {
  Dataset dataset;
  dataset.name = kDatasetName;
  dataset.values = values;
  dataset.lengths = Eigen::VectorXi::Constant(values.rows(), static_cast<int>(values.cols()));
  dataset.labels = labels;
  dataset.class_names = class_names(classes);
  dataset.train_rows = values.rows();
  dataset.merged_rows = values.rows();
  return dataset;
}

// One series of `length` values per label: a sine whose frequency and level depend on the class,
// with a random phase and a little noise.
inline Dataset labelled_series(const Eigen::VectorXi& labels, int classes, Eigen::Index length,
                               std::uint64_t seed) {
  Eigen::MatrixXd values(labels.size(), length);
  const double period = static_cast<double>(std::max<Eigen::Index>(length, 2));
  for (Eigen::Index row = 0; row < labels.size(); ++row) {
    const double phase = 3.0 * uniform(seed, static_cast<std::uint64_t>(row), 0);
    for (Eigen::Index step = 0; step < length; ++step)
      values(row, step) = std::sin(6.283185307179586 * (labels(row) + 1) *
                                   (static_cast<double>(step) + phase) / period) +
                          0.5 * labels(row) +
                          0.2 * (uniform(seed, static_cast<std::uint64_t>(row),
                                         static_cast<std::uint64_t>(step) + 1) -
                                 0.5);
  }
  return dataset_of_rows(values, labels, classes);
}

// Euclidean distances between the rows of `a` and the rows of `b` (finite values), each pair
// summed in column order, so that a matrix of a set against itself is exactly symmetric.
inline Eigen::MatrixXd row_distances(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  Eigen::MatrixXd distances(a.rows(), b.rows());
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < b.rows(); ++j) {
      double sum = 0.0;
      for (Eigen::Index k = 0; k < a.cols(); ++k) sum += (a(i, k) - b(j, k)) * (a(i, k) - b(j, k));
      distances(i, j) = std::sqrt(sum);
    }
  return distances;
}

// first, first + 1, ..., first + count - 1.
inline std::vector<int> row_range(int first, int count) {
  std::vector<int> rows(static_cast<size_t>(std::max(count, 0)));
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = first + static_cast<int>(i);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The least data the engine itself lets a component see, from which a component's declared
// minimum is looked for (its own checks may ask more): a dataset holds at least 2 rows
// (max_samples >= 2) of at least 2 classes (load_ucr_dataset refuses one), so a selector fitted on
// all rows sees as few as 2 rows, one of each class, and 1 usable feature column; a fold trains on
// as few as 1 row of 1 class (holdout_half of 2 rows); a series has at least 1 value.
inline constexpr long long kFewestFitRows = 2;
inline constexpr long long kFewestClassRows = 1;
inline constexpr long long kFewestFeatures = 1;
inline constexpr long long kFewestTrainingRows = 1;
inline constexpr long long kFewestTrainingClasses = 1;
inline constexpr long long kFewestSeries = 2;
inline constexpr long long kShortestSeries = 1;
// A declared minimum is looked for up to here: far above any default of today's components.
inline constexpr long long kLargestMinimum = 64;

// The smallest count in [floor, kLargestMinimum] that `accepts`, or nullopt.
template <typename Accepts>
std::optional<long long> smallest_accepted(long long floor, const Accepts& accepts) {
  for (long long count = floor; count <= kLargestMinimum; ++count)
    if (accepts(count)) return count;
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Files a component reads: the only required text parameters of today's components are the paths
// of precomputed features (extractor csv) and distances (distance precomputed), with {dataset}
// replaced by the dataset's name. The battery gives such a parameter a pattern in its own folder
// and writes, before each use on a dataset, the file that kind of component reads: the series
// values as a feature table, or their Euclidean distances.

inline const std::filesystem::path& fixture_folder() {
  static const testing::TemporaryFolder folder("conformance");  // removed at exit
  return folder.path();
}

inline std::string fixture_pattern(Kind kind) {
  return (fixture_folder() / kind_word(kind) / "{dataset}.csv").string();
}

inline void write_fixture(Kind kind, const Dataset& dataset) {
  std::string text;
  auto append_row = [&text](const auto& row) {
    for (Eigen::Index k = 0; k < row.size(); ++k) {
      if (k > 0) text += ',';
      text += format_double(row(k));
    }
    text += '\n';
  };
  if (kind == Kind::extractor) {
    for (Eigen::Index column = 0; column < dataset.values.cols(); ++column) {
      if (column > 0) text += ',';
      text += "v" + std::to_string(column);
    }
    text += '\n';
    for (Eigen::Index row = 0; row < dataset.values.rows(); ++row)
      append_row(dataset.values.row(row));
  } else if (kind == Kind::distance) {
    const Eigen::MatrixXd distances = row_distances(dataset.values, dataset.values);
    for (Eigen::Index row = 0; row < distances.rows(); ++row) append_row(distances.row(row));
  } else {
    return;
  }
  testing::write_text(substitute_dataset(fixture_pattern(kind), dataset.name), text);
}

// ---------------------------------------------------------------------------------------------
// Parameter values and their YAML text.

using ParamValues = std::vector<std::pair<std::string, ParamValue>>;

inline ParamValue boolean_value(bool value) {
  return ParamValue{std::in_place_type<bool>, value};
}

inline std::optional<ParamValue> first_accepted(const ParamDeclaration& declaration,
                                                const std::vector<ParamValue>& candidates) {
  for (const ParamValue& candidate : candidates)
    if (!declaration.problem_with(candidate)) return candidate;
  return std::nullopt;
}

// A value for a parameter the spec must give (no default, no preset fills it), from its type,
// choices and check alone.
inline std::optional<ParamValue> required_value(Kind kind, const ParamDeclaration& declaration) {
  // The python selector's function, scored by the unit tests' host (python_selector_test.cpp).
  if (declaration.name == "function") return ParamValue{std::string("conformance.module:scores")};
  // The sklearn classifier's estimator, a nearest-centroid classifier in that host.
  if (declaration.name == "estimator")
    return ParamValue{std::string("conformance.module.Classifier")};
  if (!declaration.choices.empty()) return ParamValue{declaration.choices.front()};
  switch (declaration.type) {
    case ParamType::text:
      return first_accepted(declaration, {ParamValue{fixture_pattern(kind)}});
    case ParamType::integer:
    case ParamType::optional_integer:
      return first_accepted(declaration, {ParamValue{1LL}, ParamValue{2LL}, ParamValue{3LL},
                                          ParamValue{5LL}, ParamValue{10LL}, ParamValue{0LL}});
    case ParamType::real:
    case ParamType::optional_real:
      return first_accepted(declaration, {ParamValue{1.0}, ParamValue{0.5}, ParamValue{2.0},
                                          ParamValue{0.1}, ParamValue{10.0}, ParamValue{0.0}});
    case ParamType::boolean:
      return boolean_value(false);
    case ParamType::text_list:
      return first_accepted(declaration, {ParamValue{std::vector<std::string>{}}});
    case ParamType::any:
      return first_accepted(declaration, {ParamValue{1LL}, ParamValue{std::string("a")}});
  }
  return std::nullopt;
}

// `given` completed with a value for every parameter that has no default and that the
// component's presets leave unset, as a spec has to give them.
inline ParamValues with_required(Kind kind, const ComponentInfo& info, const ParamValues& given) {
  ParamSet chosen;
  for (const auto& [name, value] : given) chosen.set(name, value);
  // A preset refusing the given values (by a problem or an exception): the spec loader reports
  // them; nothing to add here.
  if (info.apply_presets) {
    try {
      static_cast<void>(info.apply_presets(chosen));
    } catch (const std::exception&) {
    }
  }
  ParamValues complete = given;
  for (const ParamDeclaration& declaration : info.params)
    if (!chosen.has(declaration.name) && !declaration.default_value)
      if (auto value = required_value(kind, declaration))
        complete.emplace_back(declaration.name, *value);
  return complete;
}

inline std::string single_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  return quoted + "'";
}

// A value as a spec writes it (the spec loader reads it back to the same value).
inline std::string yaml_text(const ParamValue& value) {
  struct Visitor {
    std::string operator()(long long v) const { return std::to_string(v); }
    std::string operator()(double v) const { return format_double(v); }
    std::string operator()(const std::string& v) const { return single_quoted(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(std::monostate) const { return "none"; }
    std::string operator()(const std::vector<std::string>& items) const {
      std::string text = "[";
      for (size_t i = 0; i < items.size(); ++i)
        text += (i > 0 ? ", " : "") + single_quoted(items[i]);
      return text + "]";
    }
  };
  return std::visit(Visitor{}, value);
}

// ---------------------------------------------------------------------------------------------
// A spec placing one component.

// The spec around the component under test holds the simplest members of the other registries:
// no selection and the Euclidean distance (the spec loader names `none` itself: a classifier of
// distances needs selectors: [{kind: none}]); the classifier is the loader's default.
inline constexpr const char* kScaffoldSelector = "none";
inline constexpr const char* kScaffoldDistance = "euclidean";
inline constexpr const char* kSpecFile = "conformance.yaml";

struct SpecText {
  std::string text;
  std::map<std::string, int> param_line;  // 1-based line of each parameter written
};

// A spec with `name` given `given` (plus the parameters it must have), one parameter a line, so
// that a line names one parameter. With `distance_classifier`, a distance's spec classifies with
// that classifier of distances, which makes the planner check the distance.
inline SpecText component_spec(Kind kind, const std::string& name, const ParamValues& given = {},
                               const std::string& distance_classifier = {}) {
  const ParamValues params = with_required(kind, component_info(kind, name), given);
  const std::string scaffold_selector =
      std::string("selectors: [{kind: ") + kScaffoldSelector + "}]";
  const std::string scaffold_distance =
      std::string("distances: [{kind: ") + kScaffoldDistance + "}]";
  std::vector<std::string> lines{"name: conformance", std::string("datasets: [{name: ") +
                                                          kDatasetName + ", path: /nonexistent/" +
                                                          kDatasetName + "}]"};
  SpecText spec;
  auto component = [&](const std::string& head, const std::string& indent) {
    lines.push_back(head);
    for (const auto& [param, value] : params) {
      lines.push_back(indent + param + ": " + yaml_text(value));
      spec.param_line[param] = static_cast<int>(lines.size());
    }
  };
  switch (kind) {
    case Kind::extractor:
      lines.push_back("features:");
      component("  extractor: " + name, "  ");
      lines.push_back(scaffold_selector);
      break;
    case Kind::distance:
      lines.push_back("distances:");
      component("  - kind: " + name, "    ");
      lines.push_back(scaffold_selector);
      if (!distance_classifier.empty())
        lines.push_back("classifier: {kind: " + distance_classifier + "}");
      break;
    case Kind::selector:
      if (registration_of<SelectorRegistration>(name).uses_distance)
        lines.push_back(scaffold_distance);
      lines.push_back("selectors:");
      component("  - kind: " + name, "    ");
      break;
    case Kind::classifier:
      if (registration_of<ClassifierRegistration>(name).configure_from_distances)
        lines.push_back(scaffold_distance);
      lines.push_back(scaffold_selector);
      lines.push_back("classifier:");
      component("  kind: " + name, "  ");
      break;
    case Kind::reducer:
      lines.push_back(scaffold_selector);
      lines.push_back("reduce:");
      component("  kind: " + name, "  ");
      break;
  }
  for (const std::string& line : lines) spec.text += line + "\n";
  return spec;
}

inline Spec load_spec_text(const std::string& text, const std::string& file = kSpecFile) {
  return load_spec(testing::write_spec(text, file));
}

// The spec placing `name` at its defaults, loaded as a run loads it (its components configured
// there); nullopt, with a failed check, when the loader refuses it.
inline std::optional<Spec> spec_at_defaults(Kind kind, const std::string& name,
                                            const std::string& distance_classifier = {}) {
  try {
    return load_spec_text(component_spec(kind, name, {}, distance_classifier).text);
  } catch (const InputError& error) {
    FAIL_CHECK("its spec at the defaults is refused: " << error.what());
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// The planner, which refuses data a component's declared checks rule out before anything runs.

// Series `data`, their feature matrix, and one fold training on `train_rows`.
inline PreparedDataset prepared_dataset(const Dataset& data, const Eigen::MatrixXd& features,
                                        std::vector<int> train_rows, std::vector<int> test_rows) {
  PreparedDataset prepared;
  prepared.data = data;
  prepared.features.values = features;
  for (Eigen::Index column = 0; column < features.cols(); ++column)
    prepared.features.names.push_back("f" + std::to_string(column));
  prepared.folds = {Fold{0, 0, std::move(train_rows), std::move(test_rows)}};
  return prepared;
}

// The InputError the planner stops a run with for this spec on this dataset, or nullopt when it
// plans it.
inline std::optional<InputError> planner_refusal(const Spec& spec, PreparedDataset dataset) {
  try {
    check_dataset_plannable(spec, dataset, false);
  } catch (const InputError& error) {
    return error;
  }
  return std::nullopt;
}

// Data one below a declared minimum: the planner refuses them with an InputError naming the
// spec's component (a tsfs error at plan time, before any work and never a crash).
inline void check_planner_refuses(const Spec& spec, const PreparedDataset& dataset) {
  const std::optional<InputError> refusal = planner_refusal(spec, dataset);
  CHECK_MESSAGE(refusal.has_value(), "the planner accepts data below the declared minimum");
  if (!refusal) return;
  INFO("planner: " << refusal->what());
  CHECK(refusal->where().find(kSpecFile) != std::string::npos);
  CHECK_FALSE(refusal->message().empty());
}

// Data at a declared minimum: the planner accepts them.
inline void check_planner_accepts(const Spec& spec, const PreparedDataset& dataset) {
  const std::optional<InputError> refusal = planner_refusal(spec, dataset);
  CHECK_MESSAGE(!refusal.has_value(), "the planner refuses data at the declared minimum: "
                                          << (refusal ? refusal->what() : ""));
}

}  // namespace tsfs::conformance
