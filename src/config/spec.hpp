#pragma once
// The experiment spec: parsed and validated once from YAML (with file:line:col for every error),
// then passed around as typed values. Sweepable parameters are already expanded into grids.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "data/dataset.hpp"
#include "evaluate/chosen_metrics.hpp"
#include "evaluate/duplicates.hpp"
#include "evaluate/protocol.hpp"

namespace tsfs {

// Each component's registry entry is resolved once when the spec is loaded and carried in its
// typed spec, so later stages never look `kind` up again.
struct ExtractorRegistration;
struct DistanceRegistration;
struct SelectorRegistration;
struct ClassifierRegistration;
struct ReducerRegistration;
struct PlotRegistration;

struct SourceLocation {
  std::string file;  // the spec file, or "--set" for a command-line override
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
  std::string str() const;
};

struct DatasetSpec {
  DatasetOptions options;
  SourceLocation where;
  // Where the data folder was given: the entry's `path:` (or the --set that gave it), else `where`.
  SourceLocation folder_where;
  // Expanded from `datasets: {archive: ...}`: when a component cannot handle it (missing file,
  // k >= rows, ...) the run skips it and records why in skipped.csv instead of stopping.
  bool from_archive = false;
};

// An entry of an archive folder that is not a dataset (`_incomplete/`, README.md): ignored, with a
// note in the run's log, and in skipped.csv when it may be data the user meant to include (a
// folder, or a data file outside its dataset's folder).
struct IgnoredArchiveEntry {
  std::string name;    // "_incomplete/", "README.md"
  std::string reason;  // why it is not a dataset
  bool in_skipped_csv = true;
};

// A component with one value per parameter (feature extractor, distance).
struct ComponentSpec {
  std::string kind;
  ParamSet params;
  SourceLocation where;
};

class FeatureExtractor;

struct ExtractorSpec : ComponentSpec {
  const ExtractorRegistration* registration = nullptr;
  // The extractor configured from `params` when the spec was loaded (features/).
  std::shared_ptr<const FeatureExtractor> extractor;
};

class DistanceMeasure;

struct DistanceSpec : ComponentSpec {
  const DistanceRegistration* registration = nullptr;
  // The distance configured from `params` when the spec was loaded (distance/distance.hpp).
  std::shared_ptr<const DistanceMeasure> measure;
  // measure->label(): the `distance` column and file names.
  std::string label;
  // The `distances:` item this distance comes from: an item whose parameters are swept gives one
  // distance per grid point, in grid order.
  int entry = 0;
};

class PlotKind;

struct PlotSpec : ComponentSpec {
  const PlotRegistration* registration = nullptr;
  std::shared_ptr<const PlotKind> plot;  // configured from `params` when the spec was loaded
};

// A component whose parameters may sweep (selector, classifier): `grid` is the Cartesian
// product of every parameter's values (the last-declared parameter varies fastest), presets and
// defaults applied.
struct SweptComponentSpec {
  std::string kind;
  std::vector<ParamSet> grid;
  SourceLocation where;
  std::map<std::string, SourceLocation> param_where;  // where each given parameter was written
};

enum class FitOn { train, all };

class Selector;

struct SelectorSpec : SweptComponentSpec {
  FitOn fit_on = FitOn::train;
  const SelectorRegistration* registration = nullptr;
  // The selector of each grid point, configured when the spec was loaded (select/selector.hpp).
  std::vector<std::shared_ptr<const Selector>> selectors;
  // The entry needs the distance matrix between its fit rows, so it is swept over the spec's
  // distances: its registration's uses_distance, or its selectors ask for one (a Python function
  // that takes `distances`).
  bool uses_distance = false;
};

// The columns of tsfs's tables other than the spec's parameter columns (sweep/store/
// result_layout.hpp): a component's own parameter (ComponentInfo::open_params) may not take one
// of these names, nor a name starting "chosen_" or "classifier_" or "reducer_", or ending
// "_std". tests/sweep/store/output_tables_test.cpp holds the list to the headers the writers make.
bool is_table_column_name(const std::string& name);

// A selector entry's parameters, as its key columns name them: its registration's, then those of
// its own it was given (ComponentInfo::open_params). Every grid point has them all.
// An entry without a grid (made in code, not loaded) has its registration's.
std::vector<std::string> selector_param_names(const SelectorSpec& selector);

class Classifier;
class DistanceClassifier;

struct ClassifierSpec : SweptComponentSpec {
  const ClassifierRegistration* registration = nullptr;
  // The classifier of each grid point, configured when the spec was loaded
  // (classify/classifier.hpp): of feature columns, or of distances for a registration with
  // configure_from_distances (the other list is then empty).
  std::vector<std::shared_ptr<const Classifier>> classifiers;
  std::vector<std::shared_ptr<const DistanceClassifier>> distance_classifiers;
};

// `reduce:` (reduce/reducer.hpp): swept like a classifier (`components: [2, 5, 10]`), each cell
// one grid point (Cell::reducer_params), and tunable (`tune: {parameters: [reduce.components]}`).
class Reducer;

struct ReducerSpec : SweptComponentSpec {
  const ReducerRegistration* registration = nullptr;
  // The reducer of each grid point, configured when the spec was loaded.
  std::vector<std::shared_ptr<const Reducer>> reducers;
};

// n_features values; kAllFeatures stands for "all" (every usable feature of the dataset).
inline constexpr long long kAllFeatures = -1;

// Nested cross-validation (`tune:`): the parameters chosen inside each outer fold's training rows.
// The metric maximised over the inner folds: accuracy, balanced accuracy, or one of the spec's
// `metrics:` (`chosen`: TuneSpec::chosen_metric, which the spec must list so its values are
// computed and its column written).
enum class TuneMetric { accuracy, balanced_accuracy, chosen };

// Which of the candidates sharing the best mean inner score is chosen: the first in grid order
// (the default), or the last (`ties: last`, the other end of the grid: a check of how much a
// result owes to ties; tuned.csv counts the tied candidates either way).
enum class TieBreak { first, last };

// Which candidates of a tuned row are evaluated on the outer folds: every one (`outer: all`, the
// default: results.csv keeps each as a grid cell, for the parameter's sensitivity), or only the
// one each outer fold chose (`outer: chosen`: scikit-learn's cross_val_score around GridSearchCV,
// which refits the best candidate alone); the tuned rows are the same either way.
enum class OuterEvaluation { every_candidate, chosen };

struct TunedParameter {
  // A selector kind of the spec, "classifier", a distance kind, or "n_features" (then
  // `parameter` is too).
  std::string component;
  std::string parameter;
  SourceLocation where;
  bool distance = false;  // a parameter of the spec's distances of that kind
};

struct TuneSpec {
  std::vector<TunedParameter> parameters;
  ProtocolOptions inner;       // stratified_kfold of each outer fold's training rows
  SourceLocation inner_where;  // the `inner:` entry (the `tune:` one when defaulted)
  TuneMetric metric = TuneMetric::accuracy;
  ChosenMetric chosen_metric = ChosenMetric::macro_f1;  // metric `chosen` only
  size_t chosen_index = 0;  // metric `chosen`: its position in Spec::metrics
  TieBreak ties = TieBreak::first;
  OuterEvaluation outer = OuterEvaluation::every_candidate;
  SourceLocation where;
};

// `curves:`: ROC and precision-recall curves of chosen grid cells (curves.csv).
enum class CurveKind { pr, roc };

// One `where` entry: a key column of results.csv and the values it may take.
struct CurveFilter {
  std::string column;
  std::vector<std::string> values;
  SourceLocation where;
};

struct CurvesSpec {
  std::vector<CurveKind> kinds;
  std::vector<CurveFilter> where;  // every entry must match; none: every grid cell
  SourceLocation where_location;   // the `curves` key
};

struct Spec {
  std::string name;
  std::filesystem::path file;
  std::vector<DatasetSpec> datasets;
  std::vector<IgnoredArchiveEntry> ignored_archive_entries;  // of `datasets: {archive: ...}`
  // `features:`: one extractor, or several whose columns are put side by side (their order).
  std::vector<ExtractorSpec> extractors;
  std::vector<DistanceSpec> distances;
  std::vector<SelectorSpec> selectors;
  std::vector<long long> n_features;
  SourceLocation n_features_where;
  ClassifierSpec classifier;
  std::optional<ReducerSpec> reduce;  // between selection and classification (none: no reduction)
  ProtocolOptions protocol;
  SourceLocation protocol_where;  // the `protocol:` entry (the file alone when defaulted)
  // `metrics:`: columns written after balanced_accuracy in results.csv and folds.csv, in this
  // order (empty: none, the default).
  std::vector<ChosenMetric> metrics;
  DuplicateHandling duplicates = DuplicateHandling::keep;  // identical series: keep, drop, group
  std::filesystem::path output;
  SourceLocation output_where;  // the `output:` line (the file alone when output is defaulted)
  // Verified caches of feature and distance matrices (default <output>/cache). Several specs may
  // share one (their keys hold every input), also at the same time (writes are atomic renames).
  std::filesystem::path cache;
  SourceLocation cache_where;        // the `cache:` line (output_where when the cache is defaulted)
  std::vector<PlotSpec> plots;       // figures drawn from the run's CSVs (see plot/plot.hpp)
  bool save_scores = true;           // write scores.csv (every score vector; large for big sweeps)
  std::optional<TuneSpec> tune;      // nested CV: results.csv gains rows marked "tuned"
  std::optional<CurvesSpec> curves;  // curves.csv of the chosen cells
  std::string input_yaml;            // the spec as given, overrides applied: reloadable (spec.yaml)
  std::string resolved_yaml;  // the spec after overrides, presets and defaults (documentation)
};

// Reads and validates a spec. `overrides` are "key.path=value" strings (--set), applied to the
// YAML before validation; list items are addressed by index ("selectors.0.k=20").
// Throws InputError with "file:line:col" (or "--set key") on any problem.
Spec load_spec(const std::filesystem::path& file, const std::vector<std::string>& overrides = {});

std::string fit_on_name(FitOn fit_on);
std::string tune_metric_name(const TuneSpec& tune);
std::string tie_break_name(TieBreak ties);
std::string curve_kind_name(CurveKind kind);

}  // namespace tsfs
