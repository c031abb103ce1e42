#pragma once
// The load stage of a run: every dataset of the spec read (strictly, naming file and line), its
// protocol's folds made, its features extracted or read back from the artefact cache, and the
// data-dependent checks of the plan run, before any expensive work.
#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/store/skipped.hpp"

namespace tsfs {

// Loads every dataset of the spec, extracts (or reads cached) features and makes the folds.
// Writes nothing.
std::vector<PreparedDataset> prepare_datasets(const Spec& spec,
                                              const std::filesystem::path& cache_folder,
                                              int threads);

// One dataset of the spec: loaded, features extracted (or read from the cache), folds made.
PreparedDataset prepare_dataset(const Spec& spec, const DatasetSpec& dataset_spec,
                                const std::filesystem::path& cache_folder, int threads);

// The spec's datasets, prepared and checked against the spec (as make_plan will), minus the
// archive datasets that fail, which are appended to `skipped` and logged as warnings. Throws
// InputError when no dataset is left.
std::vector<PreparedDataset> prepare_usable_datasets(const Spec& spec,
                                                     const std::filesystem::path& cache_folder,
                                                     int threads,
                                                     std::vector<SkippedDataset>& skipped);

}  // namespace tsfs
