#pragma once
// `runner merge` of a plan split by folds (fold_split.hpp): every table a single run writes, made
// of the shards' rows of each fold. Every shard's rows are checked as a rerun of it would check
// them (its folds only, their row counts, its results.csv rows against its folds.csv rows) before
// they are merged.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "launch/shard/fold_split.hpp"
#include "launch/shard/merge_parts.hpp"
#include "sweep/store/loaded_run.hpp"
#include "sweep/store/output_tables.hpp"

namespace tsfs {

// Where each fold was computed.
struct FoldShardedRows {
  int shards = 0;
  FoldShards fold_shards;
};

// results.csv and folds.csv in a single run's order: each row's folds.csv rows from the shards
// of its folds, in fold order, and its results.csv row computed from them (exact means, as a
// single run computes it; fit_seconds sums the folds' rounded seconds). A row that some shard
// could not evaluate (its selector did not converge on one of the shard's folds) is a
// cell_status.csv row, with the reason of the first such shard in fold order.
MergedRows merge_fold_rows(const LoadedRun& loaded, const FoldShardedRows& sharded);

// tuned.csv (ShardMerge::per_tuned_fold): every finished tuned row's rows, one per outer fold,
// each from the shard of its fold.
CsvTable merge_fold_tuned(const OutputTable& declared, const LoadedRun& loaded,
                          const FoldShardedRows& sharded, const MergedRows& merged);

// scores.csv or selection_measures.csv (ShardMerge::per_score_feature, per_score_unit): every
// score vector's rows from the shard of its fold, in the plan's order; a vector fitted on all
// rows (fit_on: all) from the first shard holding its dataset, the others' copies checked equal.
// Streamed into a temporary file, which the caller commits once every table is checked.
std::unique_ptr<ScoreRowsMerge> merge_fold_score_units(const OutputTable& declared,
                                                       const LoadedRun& loaded,
                                                       const FoldShardedRows& sharded);

// work_seconds.csv: each work group's seconds summed over the shards holding its dataset, its
// score vectors the whole plan's, rows_resumed the most any shard resumed (a group is measured
// whole only when no shard resumed any of its rows). nullopt when a shard has no file (an older
// tsfs), as for the groups' merge.
std::optional<CsvTable> merged_fold_work_seconds(const LoadedRun& loaded,
                                                 const std::vector<WorkGroup>& groups,
                                                 const FoldShardedRows& sharded);

}  // namespace tsfs
