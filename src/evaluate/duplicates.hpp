#pragma once
// Exact duplicate series (spec key `duplicates: keep | drop | group`). Identical series on both
// sides of a split leak test rows into training (WormsTwoClass has 33 identical pairs, 20 of
// them straddling the study's holdout split).
// - keep: the protocol's folds as they are (the study's behaviour; duplicates are still counted);
// - drop: only the first row of each group of identical series is kept, before features,
//   distances and folds are computed;
// - group: every copy follows the first row of its group to the same side of every split (test
//   rows of the same fold, or training rows), so identical series never straddle a split.
//   The protocol deals its folds first; copies are then moved, so fold sizes may differ from the
//   protocol's by the number of moved copies (at most one per duplicate row).
#include <optional>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "evaluate/protocol.hpp"

namespace tsfs {

enum class DuplicateHandling { keep, drop, group };

std::string duplicate_handling_name(DuplicateHandling handling);
// nullopt for an unknown name; the known names are duplicate_handling_names().
std::optional<DuplicateHandling> parse_duplicate_handling(const std::string& name);
std::vector<std::string> duplicate_handling_names();

// Series identical in length and every value (bit for bit, labels not compared).
struct DuplicateGroups {
  std::vector<int> first_copy;  // per row: the first row identical to it (itself if none before)
  int duplicate_rows = 0;       // rows identical to an earlier row
  int groups = 0;               // groups of two or more identical rows
  int mixed_label_groups = 0;   // groups whose copies do not all share one label
};
DuplicateGroups find_duplicate_series(const Dataset& dataset);

// The dataset without the rows identical to an earlier row (train_rows recounted; precomputed
// feature or distance files must then cover exactly the kept rows).
Dataset drop_duplicate_series(const Dataset& dataset, const DuplicateGroups& groups);

// Moves every copy to the side of its group's first row in each fold (see the header comment).
std::vector<Fold> group_duplicate_series(std::vector<Fold> folds, const DuplicateGroups& groups);

// Under `group`, a fold whose test (or training) rows all moved to the other side is left empty:
// nothing to evaluate (NaN accuracies) or to fit. Throws InputError(`dataset`, ...) naming the
// first such fold; `folds_of` says which folds ("fold", "inner fold") for the message.
void reject_emptied_folds(const std::vector<Fold>& folds, const std::string& dataset,
                          const std::string& folds_of);

// How many duplicate rows straddle a fold (one copy tested, another trained on), summed over
// the folds: what `group` removes.
int straddling_duplicates(const std::vector<Fold>& folds, const DuplicateGroups& groups);

// A dataset as the protocol sees it: rows (after drop), folds (after group) and the counts.
struct DuplicateSummary {
  long long rows_loaded = 0;
  DuplicateGroups groups;       // of the loaded rows
  int straddling_protocol = 0;  // straddling_duplicates of the protocol's own folds
  int straddling_used = 0;      // ... of the folds used (0 with group or drop)
};
struct ProtocolRows {
  Dataset data;
  std::vector<Fold> folds;
  DuplicateSummary duplicates;
};
ProtocolRows apply_protocol(Dataset loaded, const ProtocolOptions& protocol,
                            DuplicateHandling handling);

// The protocol label of results.csv with the duplicate handling appended when it is not keep,
// so results of different handlings never mix in one folder.
std::string protocol_label_with_duplicates(const std::string& protocol_label,
                                           DuplicateHandling handling);

// duplicates.csv's columns: dataset, rows_loaded, then the counts above, handling, rows_used.
std::vector<std::string> duplicates_header();

// duplicates.csv: one row per dataset with the counts above.
std::string duplicates_csv(const std::vector<std::pair<std::string, DuplicateSummary>>& datasets,
                           DuplicateHandling handling);

}  // namespace tsfs
