#pragma once
// The CSV tables of a run folder, declared once (output_tables.cpp): each with its file, when a run
// writes it, its header for a spec, how `runner merge` combines the shards' copies, what a rerun
// does with an earlier run's copy, and its documentation (docs/outputs.md's tables are
// output_tables_markdown(), printed by `runner list --outputs`). The merge, the setting aside of an
// earlier run's tables that this spec does not write, the plots' column checks and the docs all
// read this list: a new table is its declaration, its writer and its test.
#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/store/result_layout.hpp"

namespace tsfs {

// How `runner merge` makes the table from the shards' copies (launch/shard/merge.cpp implements
// each way once, for every table declared with it).
enum class ShardMerge {
  // results.csv, folds.csv and cell_status.csv together: each cell's rows from the shard that
  // computed it, in grid order, checked as a rerun checks them (every fold present).
  with_results,
  // One row per outer fold of every tuned row in results.csv, from the shard of the row's
  // candidates (its bundle), in results.csv's order.
  per_tuned_fold,
  // One row per feature of every score vector, from the shard that computed the vector, in the
  // plan's order; the rows start with the vector's key fields (ResultLayout::score_unit_key).
  per_score_feature,
  // Any number of rows per score vector (none for some), otherwise as per_score_feature.
  per_score_unit,
  // One row per work group (launch/shard/work_groups.hpp), from the shard that computed it, in
  // the plan's order; the rows start with the group's key fields (ResultLayout::work_group_key).
  per_work_group,
  // Computed by the merge itself from the merged rows and the shared cache (curves.csv).
  recomputed,
  // Written again from the spec and the data, as a single run writes it.
  rewritten,
};

struct OutputTable {
  const char* stem;     // the file is <output>/<stem>.csv
  const char* content;  // one line, Markdown
  // A spec section this run lacks when the table is not written (Markdown, e.g. "`tune:`"): an
  // earlier run's copy is then set aside as <stem>.stale.csv, never deleted. nullptr: an earlier
  // copy is kept as it is (the table is rewritten on every run, or kept on purpose).
  const char* set_aside_without;
  const char* written_when;  // Markdown
  const char* on_resume;     // what a rerun does with an earlier run's copy, Markdown
  const char* columns;       // Markdown: the columns after any key columns, their meaning
  // Whether this spec's run writes the table (cell_status.csv: may write it).
  bool (*written)(const Spec& spec, const ResultLayout& layout);
  std::vector<std::string> (*header)(const Spec& spec, const ResultLayout& layout);
  ShardMerge merge;
  // A table of score vectors' rows (per_score_feature, per_score_unit): one vector's rows, its key
  // fields (ResultLayout::score_unit_key) first; the run writes them for every vector in the plan's
  // order (write_score_unit_table). nullptr for the other tables.
  std::vector<std::vector<std::string>> (*score_rows)(const ResultLayout& layout,
                                                      const ScoreUnit& unit,
                                                      const ScoreResult& result) = nullptr;
};

const std::vector<OutputTable>& output_tables();

// The declaration of <stem>.csv; std::logic_error for a stem not declared (a bug of tsfs).
const OutputTable& output_table(const std::string& stem);

// docs/outputs.md's overview of the tables and a section per table.
std::string output_tables_markdown();

// An earlier run's copy of every table that this spec's run does not write and that is set aside
// then (OutputTable::set_aside_without) moved to <stem>.stale.csv, with a warning.
void set_aside_unwritten_tables(const std::filesystem::path& output, const Spec& spec,
                                const ResultLayout& layout);

}  // namespace tsfs
