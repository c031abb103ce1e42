#include "sweep/store/run_folder.hpp"

#include "common/files.hpp"
#include "common/hash.hpp"
#include "report/tables.hpp"

namespace tsfs {
namespace {

std::string duplicates_table(const Spec& spec, const std::vector<PreparedDataset>& datasets) {
  std::vector<std::pair<std::string, DuplicateSummary>> rows;
  for (const auto& dataset : datasets) rows.emplace_back(dataset.data.name, dataset.duplicates);
  return duplicates_csv(rows, spec.duplicates);
}

}  // namespace

std::string inputs_fingerprint(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                               const std::string& protocol_label) {
  Hasher hasher;
  for (const auto& dataset : datasets)
    hasher.text(dataset.data.name)
        .matrix(dataset.data.values)
        .vector(dataset.data.labels)
        .matrix(dataset.features.values);
  for (const auto& extractor : spec.extractors)
    hasher.text(extractor.kind).text(extractor.params.canonical());
  for (const auto& distance : spec.distances)
    hasher.text(distance.kind).text(distance.params.canonical());
  return hasher.text(protocol_label).hex();
}

void write_run_inputs(const std::filesystem::path& output, const Spec& spec,
                      const std::vector<PreparedDataset>& datasets,
                      const std::vector<SkippedDataset>& skipped) {
  write_file_atomically(output / "spec.yaml", spec.input_yaml);
  write_file_atomically(output / "spec.resolved.yaml", spec.resolved_yaml);
  write_file_atomically(output / "duplicates.csv", duplicates_table(spec, datasets));
  write_skipped(output, skipped);
}

void write_results_and_folds(const std::filesystem::path& output, const std::string& results,
                             const std::string& folds) {
  write_file_atomically(output / "folds.csv", folds);
  write_file_atomically(output / "results.csv", results);
}

size_t write_cell_status(const std::filesystem::path& output, const CsvTable& table) {
  const auto path = output / "cell_status.csv";
  if (table.rows.empty()) {
    std::filesystem::remove(path);
    return 0;
  }
  write_file_atomically(path, table.str());
  return table.rows.size();
}

}  // namespace tsfs
