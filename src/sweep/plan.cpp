#include "sweep/plan.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "common/error.hpp"
#include "distance/distance.hpp"
#include "reduce/reducer.hpp"
#include "select/selector.hpp"
#include "sweep/artefacts.hpp"
#include "sweep/scores.hpp"
#include "sweep/tuning.hpp"

namespace tsfs {
namespace {

// Whether `error` is about a path that does not exist (a missing file or folder, which the spec
// entry naming it should answer for) rather than damage at a line of an existing file.
bool names_missing_path(const InputError& error) {
  std::error_code status;
  return !error.where().empty() && !std::filesystem::exists(error.where(), status);
}

FeatureMatrix extract_features(const Spec& spec, const Dataset& data,
                               const std::filesystem::path& cache_folder, int threads,
                               PreparedDataset& prepared) {
  const auto& registration = *spec.features.registration;
  auto extractor = registration.make(spec.features.params);
  if (extractor->cacheable()) {
    prepared.feature_cache_key = feature_cache_key(data, spec.features);
    if (auto cached = load_cached_features(cache_folder, prepared.feature_cache_key)) {
      prepared.features_from_cache = true;
      return std::move(*cached);
    }
  }
  try {
    return extractor->extract(data, threads);
  } catch (const InputError& error) {
    // A features file that does not exist is the `features:` entry's path: named at its line.
    if (!names_missing_path(error)) throw;
    throw InputError(spec.features.where.str(),
                     fmt::format("features.path: {}: {} (dataset {})", error.where(),
                                 error.message(), data.name));
  }
}

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

// A tuned selector is also fitted on inner folds: their training rows (fit_on: train) or the
// outer fold's training rows (fit_on: all).
long long fewest_fit_rows(const Spec& spec, const SelectorSpec& selector,
                          const PreparedDataset& dataset) {
  const bool tuned = is_tuned(spec, selector);
  long long fewest = dataset.data.rows();
  for (const auto& fold : dataset.folds)
    if (selector.fit_on == FitOn::train || tuned)
      fewest = std::min<long long>(fewest, static_cast<long long>(fold.train_rows.size()));
  if (tuned && selector.fit_on == FitOn::train)
    for (const auto& fold : dataset.inner_folds)
      fewest = std::min<long long>(fewest, static_cast<long long>(fold.train_rows.size()));
  return fewest;
}

void check_selector_rows(const Spec& spec, const SelectorSpec& selector,
                         const PreparedDataset& dataset) {
  const auto& registration = *selector.registration;
  if (!registration.check_fit_rows && !registration.check_features) return;
  long long rows = fewest_fit_rows(spec, selector, dataset);
  for (const auto& params : selector.grid) {
    std::optional<ParamProblem> problem;
    if (registration.check_fit_rows) problem = registration.check_fit_rows(params, rows);
    if (!problem && registration.check_features)
      problem = registration.check_features(params, dataset.features.values.cols());
    if (problem) {
      auto where = selector.param_where.find(problem->param);
      std::string location =
          where != selector.param_where.end() ? where->second.str() : selector.where.str();
      throw InputError(location, fmt::format("{} (dataset {}, selector '{}')", problem->message,
                                             dataset.data.name, selector.kind));
    }
  }
}

void check_classifier_rows(const Spec& spec, const PreparedDataset& dataset) {
  const auto& check = spec.classifier.registration->check_training_rows;
  if (!check) return;
  long long fewest = dataset.data.rows();
  for (const auto* folds : {&dataset.folds, &dataset.inner_folds})
    for (const auto& fold : *folds)
      fewest = std::min<long long>(fewest, static_cast<long long>(fold.train_rows.size()));
  for (const auto& params : spec.classifier.grid)
    if (auto problem = check(params, fewest)) {
      auto where = spec.classifier.param_where.find(problem->param);
      throw InputError(where != spec.classifier.param_where.end() ? where->second.str()
                                                                  : spec.classifier.where.str(),
                       fmt::format("{} (dataset {})", problem->message, dataset.data.name));
    }
}

// A distance that cannot be used on the dataset (distance/distance.hpp's check_dataset) stops the
// run at plan time, naming the distance's spec line and key, before any matrix is computed.
void check_distance_usable(const DistanceSpec& distance, const PreparedDataset& dataset) {
  const auto* registration = distance.registration;
  if (!registration->check_dataset) return;
  if (auto problem = registration->check_dataset(distance.params, dataset.data)) {
    const std::string key = problem->param.empty() ? "" : fmt::format(", key '{}'", problem->param);
    throw InputError(distance.where.str(),
                     fmt::format("{} (distance '{}'{})", problem->message, distance.kind, key));
  }
}

bool uses_distances(const Spec& spec) {
  for (const auto& selector : spec.selectors)
    if (selector.registration->uses_distance) return true;
  return false;
}

// Features NaN for some series or constant over all of them are left out of every selector's
// scoring (work_units.cpp); say so once per dataset rather than silently.
void log_unusable_features(const PreparedDataset& dataset) {
  const auto& values = dataset.features.values;
  std::vector<std::string> missing, constant;
  for (Eigen::Index column = 0; column < values.cols(); ++column) {
    const auto& name = dataset.features.names[static_cast<size_t>(column)];
    if (!values.col(column).allFinite())
      missing.push_back(name);
    else if (values.rows() > 0 && (values.col(column).array() == values(0, column)).all())
      constant.push_back(name);
  }
  auto listing = [](const std::vector<std::string>& names) {
    std::vector<std::string> head(names.begin(), names.begin() + std::min<size_t>(names.size(), 5));
    return fmt::format("{}{}", fmt::join(head, ", "), names.size() > 5 ? ", ..." : "");
  };
  if (!missing.empty())
    spdlog::info(
        "dataset {}: {} features are NaN or infinite for some series and are not scored "
        "({})",
        dataset.data.name, missing.size(), listing(missing));
  if (!constant.empty())
    spdlog::info("dataset {}: {} features are constant and are not scored ({})", dataset.data.name,
                 constant.size(), listing(constant));
}

// A protocol's data-dependent refusal (too few rows for the folds, a split the data lacks) names
// the dataset only; the spec entry that asked for it is where the user can change it.
template <typename Make>
auto located(const SourceLocation& where, const std::string& dataset_name, Make make) {
  try {
    return make();
  } catch (const InputError& error) {
    // The protocol names the dataset (or "<dataset> (training rows of outer fold f)") as `where`.
    if (!error.where().starts_with(dataset_name)) throw;
    throw InputError(where.str(), fmt::format("dataset {}: {}", error.where(), error.message()));
  }
}

// A data folder or file that does not exist is the spec's dataset entry's doing (its name, path or
// split): named at that line. Damage inside a file that exists keeps the file's own line.
Dataset load_dataset(const DatasetSpec& dataset_spec) {
  try {
    return load_ucr_dataset(dataset_spec.options);
  } catch (const InputError& error) {
    if (!names_missing_path(error)) throw;
    throw InputError(dataset_spec.where.str(),
                     fmt::format("dataset {}: {}: {}", dataset_spec.options.name, error.where(),
                                 error.message()));
  }
}

// Features whose squares overflow (|x| above 1e100, so sums of squares of a few thousand rows stay
// finite) would turn scores into NaN and standardised columns into NaN or 0, a silently wrong
// ranking: refused, naming the dataset, feature and series.
void check_feature_magnitudes(const DatasetSpec& dataset_spec, const PreparedDataset& dataset) {
  constexpr double kLargestFeature = 1e100;
  const auto& values = dataset.features.values;
  for (Eigen::Index column = 0; column < values.cols(); ++column)
    for (Eigen::Index row = 0; row < values.rows(); ++row)
      if (const double value = values(row, column);
          std::isfinite(value) && std::abs(value) > kLargestFeature)
        throw InputError(
            dataset_spec.where.str(),
            fmt::format("dataset {}: feature {} of series {} is {}, beyond +-1e100, where sums of "
                        "squares overflow; rescale the data",
                        dataset.data.name, dataset.features.names[static_cast<size_t>(column)],
                        row + 1, value));
}

// A fold whose training rows leave no usable feature (each constant or NaN there: one training
// row, or constant data) has nothing to select or classify.
void check_fit_rows_have_features(const Spec& spec, const DatasetSpec& dataset_spec,
                                  const PreparedDataset& dataset) {
  const auto& values = dataset.features.values;
  auto none_usable = [&](const std::vector<int>& rows) {
    return usable_columns(values, rows).empty();
  };
  std::vector<int> all_rows(static_cast<size_t>(values.rows()));
  std::iota(all_rows.begin(), all_rows.end(), 0);
  if (none_usable(all_rows))
    throw InputError(dataset_spec.where.str(),
                     fmt::format("dataset {}: every feature is constant or NaN over its {} series: "
                                 "nothing to select or classify",
                                 dataset.data.name, values.rows()));
  for (size_t f = 0; f < dataset.folds.size(); ++f)
    if (none_usable(dataset.folds[f].train_rows))
      throw InputError(
          spec.protocol_where.str(),
          fmt::format("dataset {}: every feature is constant or NaN on the {} training rows of "
                      "fold {}: nothing to select or classify; use more rows or fewer folds",
                      dataset.data.name, dataset.folds[f].train_rows.size(), f + 1));
}

// A class with test rows but no training rows in a fold (a class only in the TEST file, or one
// with fewer members than folds) cannot be predicted there: said, since it caps the accuracy.
void warn_unseen_test_classes(const PreparedDataset& dataset) {
  const auto& labels = dataset.data.labels;
  std::set<int> unseen;
  size_t folds_affected = 0;
  for (const auto& fold : dataset.folds) {
    std::set<int> trained;
    for (int row : fold.train_rows) trained.insert(labels(row));
    bool affected = false;
    for (int row : fold.test_rows)
      if (!trained.count(labels(row))) {
        unseen.insert(labels(row));
        affected = true;
      }
    folds_affected += affected;
  }
  if (unseen.empty()) return;
  std::vector<std::string> names;
  for (int label : unseen) names.push_back(dataset.data.class_names[static_cast<size_t>(label)]);
  spdlog::warn(
      "dataset {}: class {} has test rows but no training rows in {} of {} folds: no classifier "
      "can predict it there",
      dataset.data.name, fmt::join(names, ", "), folds_affected, dataset.folds.size());
}

void log_duplicates(const Spec& spec, const PreparedDataset& dataset) {
  const auto& summary = dataset.duplicates;
  if (summary.groups.duplicate_rows == 0) return;
  spdlog::info(
      "dataset {}: {} of {} series are identical to an earlier one ({} groups, {} with mixed "
      "labels); {} straddle the protocol's splits; duplicates: {} ({} rows used, {} straddling)",
      dataset.data.name, summary.groups.duplicate_rows, summary.rows_loaded, summary.groups.groups,
      summary.groups.mixed_label_groups, summary.straddling_protocol,
      duplicate_handling_name(spec.duplicates), dataset.data.rows(), summary.straddling_used);
}

}  // namespace

const Fold& PreparedDataset::fold(int index) const {
  const auto outer = static_cast<int>(folds.size());
  return index < outer ? folds[static_cast<size_t>(index)]
                       : inner_folds[static_cast<size_t>(index - outer)];
}

PreparedDataset prepare_dataset(const Spec& spec, const DatasetSpec& dataset_spec,
                                const std::filesystem::path& cache_folder, int threads) {
  PreparedDataset prepared;
  Dataset loaded = load_dataset(dataset_spec);
  const std::string name = loaded.name;
  auto rows = located(spec.protocol_where, name, [&] {
    return apply_protocol(std::move(loaded), spec.protocol, spec.duplicates);
  });
  prepared.data = std::move(rows.data);
  prepared.folds = std::move(rows.folds);
  prepared.duplicates = rows.duplicates;
  if (spec.tune) {
    InnerFolds inner = located(spec.tune->inner_where, name, [&] {
      return make_inner_folds(prepared.data, prepared.folds, spec.tune->inner);
    });
    // Under `group` every copy is on its first row's side of the outer split, so of the inner
    // splits too.
    if (spec.duplicates == DuplicateHandling::group)
      inner.folds = group_duplicate_series(std::move(inner.folds), prepared.duplicates.groups);
    prepared.inner_folds = std::move(inner.folds);
    prepared.inner_outer = std::move(inner.outer);
  }
  log_duplicates(spec, prepared);
  warn_unseen_test_classes(prepared);
  prepared.features = extract_features(spec, prepared.data, cache_folder, threads, prepared);
  log_unusable_features(prepared);
  check_feature_magnitudes(dataset_spec, prepared);
  check_fit_rows_have_features(spec, dataset_spec, prepared);
  spdlog::info("dataset {}: {} series, {} classes, {} features{}, {} folds", prepared.data.name,
               prepared.data.rows(), prepared.data.classes(), prepared.features.values.cols(),
               prepared.features_from_cache ? " (cached)" : "", prepared.folds.size());
  return prepared;
}

std::vector<PreparedDataset> prepare_datasets(const Spec& spec,
                                              const std::filesystem::path& cache_folder,
                                              int threads) {
  std::vector<PreparedDataset> datasets;
  for (const auto& dataset_spec : spec.datasets)
    datasets.push_back(prepare_dataset(spec, dataset_spec, cache_folder, threads));
  return datasets;
}

void check_dataset_plannable(const Spec& spec, const PreparedDataset& dataset) {
  resolve_n_features(spec, dataset);
  if (spec.reduce && spec.reduce->registration->check_features)
    if (auto problem = spec.reduce->registration->check_features(dataset.features.values,
                                                                 dataset.features.names))
      throw InputError(spec.reduce->where.str(),
                       fmt::format("{} (dataset {})", *problem, dataset.data.name));
  for (const auto& selector : spec.selectors) check_selector_rows(spec, selector, dataset);
  check_classifier_rows(spec, dataset);
  if (uses_distances(spec))
    for (const auto& distance : spec.distances) check_distance_usable(distance, dataset);
}

std::string duplicates_table(const Spec& spec, const std::vector<PreparedDataset>& datasets) {
  std::vector<std::pair<std::string, DuplicateSummary>> rows;
  for (const auto& dataset : datasets) rows.emplace_back(dataset.data.name, dataset.duplicates);
  return duplicates_csv(rows, spec.duplicates);
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
      const auto& selector = spec.selectors[static_cast<size_t>(s)];
      check_selector_rows(spec, selector, dataset);
      std::vector<int> distances = {kNoDistance};
      if (selector.registration->uses_distance) {
        distances.clear();
        for (int m = 0; m < static_cast<int>(spec.distances.size()); ++m) distances.push_back(m);
      }
      for (int distance : distances) {
        if (distance != kNoDistance && !matrix_needed[{d, distance}]) {
          matrix_needed[{d, distance}] = true;
          check_distance_usable(spec.distances[static_cast<size_t>(distance)], dataset);
          plan.distance_matrices.emplace_back(d, distance);
        }
        for (int p = 0; p < static_cast<int>(selector.grid.size()); ++p) {
          std::vector<int> units;
          for (int f = 0; f < static_cast<int>(dataset.folds.size()); ++f)
            units.push_back(
                score_unit({d, distance, s, p, selector.fit_on == FitOn::all ? kAllRows : f}));
          for (int c = 0; c < static_cast<int>(spec.classifier.grid.size()); ++c)
            for (long long count : n_features)
              plan.cells.push_back(
                  {d, distance, s, p, c, count, units, count == dataset.features.values.cols()});
        }
      }
    }
  }
  return plan;
}

}  // namespace tsfs
