#include "sweep/run/load.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "cache/artefacts.hpp"
#include "common/error.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/plan/work_units.hpp"

namespace tsfs {
namespace {

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
    // The data folder itself (missing, or a file) is the spec's `path` (or the --set that gave
    // it); a file missing from it is the entry's doing (its name, path or split).
    const bool folder = error.where() == dataset_spec.options.folder.string();
    if (!names_missing_path(error) && !folder) throw;
    throw InputError(folder ? dataset_spec.folder_where.str() : dataset_spec.where.str(),
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
  if (none_usable(all_row_indices(values.rows())))
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
    if (spec.duplicates == DuplicateHandling::group) {
      inner.folds = group_duplicate_series(std::move(inner.folds), prepared.duplicates.groups);
      located(spec.tune->inner_where, name,
              [&] { return (reject_emptied_folds(inner.folds, name, "inner fold"), 0); });
    }
    prepared.inner_folds = std::move(inner.folds);
    prepared.inner_outer = std::move(inner.outer);
  }
  log_duplicates(spec, prepared);
  warn_unseen_test_classes(prepared);
  prepared.features = feature_matrix(prepared.data, spec.extractors, cache_folder, threads,
                                     &prepared.feature_cache_key, &prepared.features_from_cache);
  // A classifier of distances (nearest_neighbour) reads no feature: it needs none usable.
  if (!spec.classifier.registration->configure_from_distances) {
    log_unusable_features(prepared);
    check_feature_magnitudes(dataset_spec, prepared);
    check_fit_rows_have_features(spec, dataset_spec, prepared);
  }
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

std::vector<PreparedDataset> prepare_usable_datasets(const Spec& spec,
                                                     const std::filesystem::path& cache_folder,
                                                     int threads,
                                                     std::vector<SkippedDataset>& skipped) {
  std::vector<PreparedDataset> datasets;
  for (const auto& entry : spec.ignored_archive_entries) {
    spdlog::info("archive entry {} ignored: {}", entry.name, entry.reason);
    if (entry.in_skipped_csv) skipped.push_back({entry.name, entry.reason});
  }
  // A component skipped on a dataset is an info line (with its place in the spec) and the skips
  // are summed up in one warning: an archive study can skip hundreds (official_split.yaml: every
  // DTW window too narrow for an unequal-length dataset), which would bury --quiet's warnings.
  size_t component_skips = 0;
  std::set<std::string> datasets_with_skips;
  for (const auto& dataset_spec : spec.datasets) {
    try {
      PreparedDataset prepared = prepare_dataset(spec, dataset_spec, cache_folder, threads);
      for (auto& [component, reason, message] :
           check_dataset_plannable(spec, prepared, dataset_spec.from_archive)) {
        spdlog::info("dataset {}: {} skipped: {}", prepared.data.name, component, message);
        skipped.push_back({prepared.data.name, std::move(reason), std::move(component)});
        ++component_skips;
        datasets_with_skips.insert(prepared.data.name);
      }
      datasets.push_back(std::move(prepared));
    } catch (const InputError& error) {
      if (!dataset_spec.from_archive) throw;
      spdlog::warn("dataset {} skipped: {}", dataset_spec.options.name, error.what());
      skipped.push_back({dataset_spec.options.name, skip_reason(error, spec)});
    }
  }
  if (component_skips > 0)
    spdlog::warn(
        "{} component{} skipped on {} dataset{} ({}): the reasons are in skipped.csv; without "
        "--quiet each is shown with its place in the spec",
        component_skips, component_skips == 1 ? "" : "s", datasets_with_skips.size(),
        datasets_with_skips.size() == 1 ? "" : "s", fmt::join(datasets_with_skips, ", "));
  if (datasets.empty()) {
    std::string reasons;
    for (const auto& entry : skipped)
      reasons += fmt::format("\n  {}: {}", entry.dataset, entry.reason);
    throw InputError(spec.file.string(), "every dataset was skipped:" + reasons);
  }
  return datasets;
}

}  // namespace tsfs
