#pragma once
// `runner merge RUN_DIR`: the shards' outputs combined into the run folder's results.csv,
// folds.csv, scores.csv, cell_status.csv, duplicates.csv, skipped.csv, tables/, figures and
// manifest.json, the same bytes a single-process run of the spec writes (with --no-timings). The
// rows of every cell come verbatim from the shard that computed it, in grid order; curves.csv
// (`curves:`), which shards leave out, is computed here from the chosen cells' refitted folds.
//
// Refused (InputError, exit 2, nothing written), naming every shard at fault: a shard not
// started, still running or stopped (unfinished), a shard folder of another spec or shard count,
// a shard missing cells, fold rows or score rows, shards whose inputs (data, features,
// distances, protocol) differ.
#include <filesystem>

#include "sweep/run/run.hpp"

namespace tsfs {

// RUN_DIR must hold plan/ (runner plan or runner submit). The caller holds RUN_DIR's lock.
int merge_shards(const std::filesystem::path& run_folder, const RunOptions& options);

// Throws InputError unless `run_folder` holds a plan (checked before the folder is locked).
void check_run_folder(const std::filesystem::path& run_folder);

}  // namespace tsfs
