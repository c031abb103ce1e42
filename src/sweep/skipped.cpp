#include "sweep/skipped.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "report/csv_table.hpp"

namespace tsfs {

std::vector<PreparedDataset> prepare_usable_datasets(const Spec& spec,
                                                     const std::filesystem::path& cache_folder,
                                                     int threads,
                                                     std::vector<SkippedDataset>& skipped) {
  std::vector<PreparedDataset> datasets;
  for (const auto& entry : spec.ignored_archive_entries) {
    spdlog::info("archive entry {} ignored: {}", entry.name, entry.reason);
    if (entry.in_skipped_csv) skipped.push_back({entry.name, entry.reason});
  }
  for (const auto& dataset_spec : spec.datasets) {
    try {
      PreparedDataset prepared = prepare_dataset(spec, dataset_spec, cache_folder, threads);
      check_dataset_plannable(spec, prepared);
      datasets.push_back(std::move(prepared));
    } catch (const InputError& error) {
      if (!dataset_spec.from_archive) throw;
      spdlog::warn("dataset {} skipped: {}", dataset_spec.options.name, error.what());
      skipped.push_back({dataset_spec.options.name, error.what()});
    }
  }
  if (datasets.empty()) {
    std::string reasons;
    for (const auto& entry : skipped)
      reasons += fmt::format("\n  {}: {}", entry.dataset, entry.reason);
    throw InputError(spec.file.string(), "every dataset was skipped:" + reasons);
  }
  return datasets;
}

void write_skipped(const std::filesystem::path& output,
                   const std::vector<SkippedDataset>& skipped) {
  CsvTable table;
  table.header = {"dataset", "reason"};
  for (const auto& entry : skipped) table.rows.push_back({entry.dataset, entry.reason});
  write_file_atomically(output / "skipped.csv", table.str());
}

}  // namespace tsfs
