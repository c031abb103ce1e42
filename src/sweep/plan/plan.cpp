#include "sweep/plan/plan.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "distance/distance.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/plan/work_units.hpp"

namespace tsfs {
namespace {

std::vector<long long> resolve_n_features(const Spec& spec, const PreparedDataset& dataset) {
  long long available = dataset.features.values.cols();
  std::vector<long long> counts;
  for (long long requested : spec.n_features) {
    long long count = requested == kAllFeatures ? available : requested;
    if (count > available)
      throw InputError(spec.n_features_where.str(),
                       fmt::format("n_features {} exceeds the {} features of dataset {}", count,
                                   available, dataset.data.name));
    if (std::find(counts.begin(), counts.end(), count) == counts.end()) counts.push_back(count);
  }
  return counts;
}

// The fewest rows, and the fewest rows of one class (a class absent from a fit's rows is not
// counted there), of the fits a selector makes: every fold's training rows (fit_on: train), or
// every row (fit_on: all). A tuned selector is also fitted on inner folds: their training rows
// (fit_on: train) or the outer fold's training rows (fit_on: all).
struct FitRowBounds {
  long long rows = 0;
  long long class_rows = 0;
  std::set<std::vector<long long>> fit_classes;  // each fit's rows per class, once each
};

FitRowBounds fit_row_bounds(const Spec& spec, const SelectorSpec& selector,
                            const PreparedDataset& dataset) {
  const bool tuned = is_tuned(spec, selector);
  FitRowBounds fewest{dataset.data.rows(), dataset.data.rows(), {}};
  auto count = [&](const std::vector<int>& rows) {
    fewest.rows = std::min<long long>(fewest.rows, static_cast<long long>(rows.size()));
    std::map<int, long long> per_class;
    for (const int row : rows) ++per_class[dataset.data.labels[row]];
    std::vector<long long> rows_per_class;
    for (const auto& [label, rows_of_class] : per_class) {
      fewest.class_rows = std::min(fewest.class_rows, rows_of_class);
      rows_per_class.push_back(rows_of_class);
    }
    fewest.fit_classes.insert(std::move(rows_per_class));
  };
  if (selector.fit_on == FitOn::all && !tuned) count(all_row_indices(dataset.data.rows()));
  for (const auto& fold : dataset.folds)
    if (selector.fit_on == FitOn::train || tuned) count(fold.train_rows);
  if (tuned && selector.fit_on == FitOn::train)
    for (const auto& fold : dataset.inner_folds) count(fold.train_rows);
  return fewest;
}

void check_selector_rows(const Spec& spec, const SelectorSpec& selector,
                         const PreparedDataset& dataset) {
  const FitRowBounds fewest = fit_row_bounds(spec, selector, dataset);
  // The most columns any fit can use: a column with a NaN, or constant over every row, is left
  // out of every fit (usable_columns), so budgets count without them.
  const auto features = static_cast<long long>(
      usable_columns(dataset.features.values, all_row_indices(dataset.data.rows())).size());
  for (const auto& configured : selector.selectors) {
    std::optional<ParamProblem> problem = configured->check_fit_rows(fewest.rows);
    if (!problem) problem = configured->check_fit_class_rows(fewest.class_rows);
    for (const auto& rows_per_class : fewest.fit_classes)
      if (!problem) problem = configured->check_fit_classes(rows_per_class);
    if (!problem) problem = configured->check_features(features);
    if (problem) {
      auto where = selector.param_where.find(problem->param);
      std::string location =
          where != selector.param_where.end() ? where->second.str() : selector.where.str();
      throw InputError(location, fmt::format("{} (dataset {}, selector '{}')", problem->message,
                                             dataset.data.name, selector.kind));
    }
  }
}

// A reducer that needs more classes or rows in a fold's training rows than a fold holds (lda, pls:
// two classes; lda more rows than classes) stops the run at plan time at the spec's `reduce`
// line, naming the dataset and fold.
void check_reducer_folds(const Spec& spec, const PreparedDataset& dataset) {
  const auto& check = spec.reduce->registration->check_training_rows;
  if (!check) return;
  for (const auto* folds : {&dataset.folds, &dataset.inner_folds})
    for (const auto& fold : *folds) {
      const Eigen::VectorXi labels = dataset.data.labels(fold.train_rows);
      const std::vector<int> present = present_classes(labels, dataset.data.classes());
      const auto problem =
          check(static_cast<int>(present.size()), static_cast<long long>(fold.train_rows.size()));
      if (!problem) continue;
      std::vector<std::string> names;
      for (int label : present)
        names.push_back(dataset.data.class_names[static_cast<size_t>(label)]);
      throw InputError(
          spec.reduce->where.str(),
          fmt::format("{} (dataset {}: the {} training rows of {}fold {} of repeat {} hold only "
                      "{} {}); use another reducer, more folds or another protocol",
                      *problem, dataset.data.name, fold.train_rows.size(),
                      folds == &dataset.inner_folds ? "inner " : "", fold.index, fold.repeat,
                      names.size() == 1 ? "class" : "classes", fmt::join(names, ", ")));
    }
}

// A reducer asked for more components than a cell's fit allows keeps fewer (ComponentLimit): one
// warning per dataset when the run is planned, with the fewest any fit keeps and where.
void warn_clamped_components(const Spec& spec, const PreparedDataset& dataset) {
  std::optional<ComponentLimit> tightest;
  long long tightest_features = 0;
  size_t tightest_rows = 0;
  size_t clamped_fits = 0;
  for (const long long features : resolve_n_features(spec, dataset))
    for (const auto* folds : {&dataset.folds, &dataset.inner_folds})
      for (const auto& fold : *folds) {
        const auto classes =
            present_classes(dataset.data.labels(fold.train_rows), dataset.data.classes()).size();
        for (const auto& reducer : spec.reduce->reducers) {
          auto limit = reducer->component_limit(static_cast<long long>(fold.train_rows.size()),
                                                features, static_cast<int>(classes));
          if (!limit) continue;
          ++clamped_fits;
          if (tightest && tightest->allowed <= limit->allowed) continue;
          tightest = std::move(limit);
          tightest_features = features;
          tightest_rows = fold.train_rows.size();
        }
      }
  if (!tightest) return;
  const auto where = spec.reduce->param_where.find("components");
  spdlog::warn(
      "{}: {} asked for {} components; {} fits of dataset {} allow fewer ({}) and keep as few as "
      "{} (n_features {}, {} training rows); n_components in results.csv and folds.csv records "
      "the count used",
      where != spec.reduce->param_where.end() ? where->second.str() : spec.reduce->where.str(),
      spec.reduce->kind, tightest->asked, clamped_fits, dataset.data.name, tightest->bound,
      tightest->allowed, tightest_features, tightest_rows);
}

void check_classifier_rows(const Spec& spec, const PreparedDataset& dataset) {
  long long fewest = dataset.data.rows();
  for (const auto* folds : {&dataset.folds, &dataset.inner_folds})
    for (const auto& fold : *folds)
      fewest = std::min<long long>(fewest, static_cast<long long>(fold.train_rows.size()));
  std::vector<const ClassifierChecks*> classifiers;
  for (const auto& classifier : spec.classifier.classifiers)
    classifiers.push_back(classifier.get());
  for (const auto& classifier : spec.classifier.distance_classifiers)
    classifiers.push_back(classifier.get());
  for (const ClassifierChecks* classifier : classifiers)
    if (auto problem = classifier->check_training_rows(fewest)) {
      auto where = spec.classifier.param_where.find(problem->param);
      throw InputError(where != spec.classifier.param_where.end() ? where->second.str()
                                                                  : spec.classifier.where.str(),
                       fmt::format("{} (dataset {})", problem->message, dataset.data.name));
    }
}

// A distance that cannot be used on the dataset (distance/distance.hpp's check_dataset) stops the
// run at plan time, naming the distance's spec line and key, before any matrix is computed.
void check_distance_usable(const DistanceSpec& distance, const PreparedDataset& dataset) {
  if (auto problem = distance.measure->check_dataset(dataset.data)) {
    const std::string key = problem->param.empty() ? "" : fmt::format(", key '{}'", problem->param);
    throw InputError(distance.where.str(),
                     fmt::format("{} (distance '{}'{})", problem->message, distance.kind, key));
  }
}

bool uses_distances(const Spec& spec) {
  if (classifier_uses_distances(spec)) return true;
  for (const auto& selector : spec.selectors)
    if (selector.uses_distance) return true;
  return false;
}

// The sorted distinct rows of some folds' training or test rows.
std::vector<int> union_of(const std::vector<Fold>& outer, const std::vector<Fold>& inner,
                          std::vector<int> Fold::*side) {
  std::set<int> rows;
  for (const auto* folds : {&outer, &inner})
    for (const auto& fold : *folds) rows.insert((fold.*side).begin(), (fold.*side).end());
  return {rows.begin(), rows.end()};
}

}  // namespace

bool classifier_uses_distances(const Spec& spec) {
  return spec.classifier.registration->configure_from_distances != nullptr;
}

BlockRows distance_block_rows(const Spec& spec, const PreparedDataset& dataset) {
  if (!classifier_uses_distances(spec)) {
    std::vector<int> every(static_cast<size_t>(dataset.data.rows()));
    std::iota(every.begin(), every.end(), 0);
    return {every, every};
  }
  return {union_of(dataset.folds, dataset.inner_folds, &Fold::test_rows),
          union_of(dataset.folds, dataset.inner_folds, &Fold::train_rows)};
}

const Fold& PreparedDataset::fold(int index) const {
  const auto outer = static_cast<int>(folds.size());
  return index < outer ? folds[static_cast<size_t>(index)]
                       : inner_folds[static_cast<size_t>(index - outer)];
}

bool PreparedDataset::skips_selector(int selector) const {
  return std::find(skipped_selectors.begin(), skipped_selectors.end(), selector) !=
         skipped_selectors.end();
}

bool PreparedDataset::skips_distance(int distance) const {
  return std::find(skipped_distances.begin(), skipped_distances.end(), distance) !=
         skipped_distances.end();
}

namespace {

// The checks every cell of the dataset depends on: any failure drops the whole dataset.
void check_every_cell_plannable(const Spec& spec, const PreparedDataset& dataset) {
  resolve_n_features(spec, dataset);
  if (spec.reduce && spec.reduce->registration->check_features)
    if (auto problem = spec.reduce->registration->check_features(dataset.features.values,
                                                                 dataset.features.names))
      throw InputError(spec.reduce->where.str(),
                       fmt::format("{} (dataset {})", *problem, dataset.data.name));
  if (spec.reduce) {
    check_reducer_folds(spec, dataset);
    warn_clamped_components(spec, dataset);
  }
  check_classifier_rows(spec, dataset);
}

bool selector_needs_distance(const Spec& spec, const SelectorSpec& selector) {
  return selector.uses_distance || classifier_uses_distances(spec);
}

// Runs check(index) for every index; with skip, a failure marks the index skipped and is kept.
template <typename Check>
void check_components(int count, bool skip, std::vector<int>& skipped,
                      std::vector<std::pair<std::string, InputError>>& errors,
                      const std::function<std::string(int)>& name, Check check) {
  for (int index = 0; index < count; ++index) try {
      check(index);
    } catch (const InputError& error) {
      if (!skip) throw;
      skipped.push_back(index);
      errors.emplace_back(name(index), error);
    }
}

void check_components_plannable(const Spec& spec, PreparedDataset& dataset, bool skip,
                                std::vector<std::pair<std::string, InputError>>& errors) {
  check_every_cell_plannable(spec, dataset);
  check_components(
      static_cast<int>(spec.selectors.size()), skip, dataset.skipped_selectors, errors,
      [&](int s) {
        return fmt::format("selector '{}'", spec.selectors[static_cast<size_t>(s)].kind);
      },
      [&](int s) { check_selector_rows(spec, spec.selectors[static_cast<size_t>(s)], dataset); });
  if (!uses_distances(spec)) return;
  check_components(
      static_cast<int>(spec.distances.size()), skip, dataset.skipped_distances, errors,
      [&](int m) {
        return fmt::format("distance '{}'", spec.distances[static_cast<size_t>(m)].label);
      },
      [&](int m) { check_distance_usable(spec.distances[static_cast<size_t>(m)], dataset); });
  // Some cell must be left: a selector that needs no distance, or one with a usable distance.
  const bool some_distance = dataset.skipped_distances.size() < spec.distances.size();
  for (int s = 0; s < static_cast<int>(spec.selectors.size()); ++s)
    if (!dataset.skips_selector(s) &&
        (some_distance || !selector_needs_distance(spec, spec.selectors[static_cast<size_t>(s)])))
      return;
  if (!errors.empty()) throw errors.front().second;
}

}  // namespace

std::string skip_reason(const InputError& error, const Spec& spec) {
  const std::string& where = error.where();
  const bool in_spec = where.rfind(spec.file.string(), 0) == 0 || where.rfind("--set ", 0) == 0;
  return in_spec ? error.message() : error.what();
}

std::vector<SkippedComponent> check_dataset_plannable(const Spec& spec, PreparedDataset& dataset,
                                                      bool skip_components) {
  std::vector<std::pair<std::string, InputError>> errors;
  // The rows and folds the messages count are what dropping duplicates left: said, or the
  // counts would contradict the data files.
  const auto& summary = dataset.duplicates;
  const bool dropped =
      spec.duplicates == DuplicateHandling::drop && summary.groups.duplicate_rows > 0;
  auto noted = [&](const InputError& error) {
    if (!dropped) return error;
    return InputError(
        error.where(),
        fmt::format("{} (after duplicates: drop removed {} identical series of the "
                    "{} loaded)",
                    error.message(), summary.groups.duplicate_rows, summary.rows_loaded));
  };
  try {
    check_components_plannable(spec, dataset, skip_components, errors);
  } catch (const InputError& error) {
    throw noted(error);
  }
  std::vector<SkippedComponent> skipped;
  for (const auto& [component, error] : errors) {
    const InputError described = noted(error);
    skipped.push_back({component, skip_reason(described, spec), described.what()});
  }
  return skipped;
}

Plan make_plan(const Spec& spec, const std::vector<PreparedDataset>& datasets) {
  Plan plan;
  std::map<std::tuple<int, int, int, int, int>, int> unit_index;
  std::map<std::pair<int, int>, bool> matrix_needed;
  auto score_unit = [&](ScoreUnit unit) {
    auto key = std::make_tuple(unit.dataset, unit.distance, unit.selector, unit.params, unit.fold);
    auto [found, inserted] = unit_index.try_emplace(key, static_cast<int>(plan.score_units.size()));
    if (inserted) plan.score_units.push_back(unit);
    return found->second;
  };
  for (int d = 0; d < static_cast<int>(datasets.size()); ++d) {
    const auto& dataset = datasets[static_cast<size_t>(d)];
    auto n_features = resolve_n_features(spec, dataset);
    for (int s = 0; s < static_cast<int>(spec.selectors.size()); ++s) {
      if (dataset.skips_selector(s)) continue;
      const auto& selector = spec.selectors[static_cast<size_t>(s)];
      check_selector_rows(spec, selector, dataset);
      std::vector<int> distances = {kNoDistance};
      if (selector_needs_distance(spec, selector)) {
        distances.clear();
        for (int m = 0; m < static_cast<int>(spec.distances.size()); ++m)
          if (!dataset.skips_distance(m)) distances.push_back(m);
      }
      for (int distance : distances) {
        if (distance != kNoDistance && !matrix_needed[{d, distance}]) {
          matrix_needed[{d, distance}] = true;
          const auto& measure = *spec.distances[static_cast<size_t>(distance)].measure;
          check_distance_usable(spec.distances[static_cast<size_t>(distance)], dataset);
          if (!measure.compares_feature_vectors()) plan.distance_matrices.emplace_back(d, distance);
        }
        for (int p = 0; p < static_cast<int>(selector.grid.size()); ++p) {
          // A selector without a distance scores once for every distance a classifier reads.
          const int scored_distance = selector.uses_distance ? distance : kNoDistance;
          std::vector<int> units;
          for (int f = 0; f < static_cast<int>(dataset.folds.size()); ++f)
            units.push_back(score_unit(
                {d, scored_distance, s, p, selector.fit_on == FitOn::all ? kAllRows : f}));
          const int reducer_points = spec.reduce ? static_cast<int>(spec.reduce->grid.size()) : 1;
          for (int c = 0; c < static_cast<int>(spec.classifier.grid.size()); ++c)
            for (int r = 0; r < reducer_points; ++r)
              for (long long count : n_features)
                plan.cells.push_back({d, distance, s, p, c, count, units,
                                      count == dataset.features.values.cols(), r});
        }
      }
    }
  }
  return plan;
}

}  // namespace tsfs
