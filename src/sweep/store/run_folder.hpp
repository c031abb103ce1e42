#pragma once
// The files of a run folder that a single run and `runner merge` of a sharded run both write, by
// the same code, so a merged folder holds a single run's bytes: the spec copies, duplicates.csv,
// skipped.csv, results.csv with folds.csv, cell_status.csv, tables/ and figures, and the
// fingerprint of the inputs the results depend on (recorded in manifest.json).
#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "report/csv_table.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/store/skipped.hpp"

namespace tsfs {

// Identifies what a run's results depend on besides the grid: the data, features, distances
// and protocol. Resuming into a folder whose results came from other inputs is refused, and so is
// merging shards computed from other inputs (manifest.json records it).
std::string inputs_fingerprint(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                               const std::string& protocol_label);

// spec.yaml and spec.resolved.yaml (the spec as given and as resolved), duplicates.csv (per
// dataset, the identical series found and what `duplicates` did with them) and skipped.csv.
void write_run_inputs(const std::filesystem::path& output, const Spec& spec,
                      const std::vector<PreparedDataset>& datasets,
                      const std::vector<SkippedDataset>& skipped);

// folds.csv, then results.csv, each written atomically: every cell in results.csv then has its
// fold rows, even if the process is killed between the two renames.
void write_results_and_folds(const std::filesystem::path& output, const std::string& results,
                             const std::string& folds);

// cell_status.csv: the cells not evaluated and why; no file when there are none (an earlier
// run's is removed). Returns the number of rows.
size_t write_cell_status(const std::filesystem::path& output, const CsvTable& table);

}  // namespace tsfs
