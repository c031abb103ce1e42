// Exact duplicate series: see duplicates.hpp.
#include "evaluate/duplicates.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "common/enum_names.hpp"
#include "common/error.hpp"

namespace tsfs {
namespace {

bool same_series(const Dataset& dataset, long long a, long long b) {
  if (dataset.lengths(a) != dataset.lengths(b)) return false;
  for (Eigen::Index t = 0; t < dataset.lengths(a); ++t) {
    // Bitwise, so that 0.0 and -0.0 differ and the comparison is an equivalence.
    const double x = dataset.values(a, t), y = dataset.values(b, t);
    if (std::memcmp(&x, &y, sizeof(double)) != 0) return false;
  }
  return true;
}

// Where a row sits in one fold: test, train or neither.
enum class Side { test, train, none };

Side side_of(const Fold& fold, int row) {
  if (std::binary_search(fold.test_rows.begin(), fold.test_rows.end(), row)) return Side::test;
  if (std::binary_search(fold.train_rows.begin(), fold.train_rows.end(), row)) return Side::train;
  return Side::none;
}

}  // namespace

namespace {

constexpr auto duplicate_handling_table =
    enum_names<DuplicateHandling>({{DuplicateHandling::keep, "keep"},
                                   {DuplicateHandling::drop, "drop"},
                                   {DuplicateHandling::group, "group"}});

}  // namespace

std::string duplicate_handling_name(DuplicateHandling handling) {
  return std::string(duplicate_handling_table.name(handling));
}

std::vector<std::string> duplicate_handling_names() {
  return duplicate_handling_table.names();
}

std::optional<DuplicateHandling> parse_duplicate_handling(const std::string& name) {
  return duplicate_handling_table.parse(name);
}

DuplicateGroups find_duplicate_series(const Dataset& dataset) {
  DuplicateGroups groups;
  const auto rows = static_cast<int>(dataset.rows());
  groups.first_copy.resize(static_cast<size_t>(rows));
  // Candidates by a cheap key (length and sum of the values), confirmed value by value.
  std::map<std::pair<int, double>, std::vector<int>> firsts_by_key;
  std::map<int, std::set<int>> labels_of_group;
  for (int row = 0; row < rows; ++row) {
    const double sum = dataset.values.row(row).head(dataset.lengths(row)).sum();
    auto& firsts = firsts_by_key[{dataset.lengths(row), sum}];
    auto match = std::find_if(firsts.begin(), firsts.end(),
                              [&](int first) { return same_series(dataset, first, row); });
    int first = row;
    if (match == firsts.end()) {
      firsts.push_back(row);
    } else {
      first = *match;
      ++groups.duplicate_rows;
      if (labels_of_group[first].empty()) ++groups.groups;
      labels_of_group[first].insert(dataset.labels(first));
    }
    groups.first_copy[static_cast<size_t>(row)] = first;
    if (first != row) labels_of_group[first].insert(dataset.labels(row));
  }
  for (const auto& [first, labels] : labels_of_group)
    if (labels.size() > 1) ++groups.mixed_label_groups;
  return groups;
}

Dataset drop_duplicate_series(const Dataset& dataset, const DuplicateGroups& groups) {
  std::vector<Eigen::Index> kept;
  for (Eigen::Index row = 0; row < dataset.rows(); ++row)
    if (groups.first_copy[static_cast<size_t>(row)] == row) kept.push_back(row);
  Dataset result = dataset;
  const auto count = static_cast<Eigen::Index>(kept.size());
  result.values.resize(count, dataset.values.cols());
  result.lengths.resize(count);
  result.labels.resize(count);
  result.train_rows = 0;
  result.merged_positions.clear();
  for (Eigen::Index i = 0; i < count; ++i) {
    result.values.row(i) = dataset.values.row(kept[static_cast<size_t>(i)]);
    result.lengths(i) = dataset.lengths(kept[static_cast<size_t>(i)]);
    result.labels(i) = dataset.labels(kept[static_cast<size_t>(i)]);
    if (kept[static_cast<size_t>(i)] < dataset.train_rows) ++result.train_rows;
    // The kept rows keep their places in the merged order (merged_rows unchanged): a file over
    // all of the dataset's rows still gives each kept row its own line.
    if (!dataset.merged_positions.empty())
      result.merged_positions.push_back(
          dataset.merged_positions[static_cast<size_t>(kept[static_cast<size_t>(i)])]);
  }
  return result;
}

std::vector<Fold> group_duplicate_series(std::vector<Fold> folds, const DuplicateGroups& groups) {
  for (auto& fold : folds) {
    std::vector<Side> sides(groups.first_copy.size());
    for (size_t row = 0; row < sides.size(); ++row)
      sides[row] = side_of(fold, groups.first_copy[row]);
    fold.test_rows.clear();
    fold.train_rows.clear();
    for (size_t row = 0; row < sides.size(); ++row) {
      if (sides[row] == Side::test) fold.test_rows.push_back(static_cast<int>(row));
      if (sides[row] == Side::train) fold.train_rows.push_back(static_cast<int>(row));
    }
  }
  return folds;
}

void reject_emptied_folds(const std::vector<Fold>& folds, const std::string& dataset,
                          const std::string& folds_of) {
  size_t empty_test = 0;
  for (const auto& fold : folds) empty_test += fold.test_rows.empty();
  for (const auto& fold : folds) {
    const char* side = fold.test_rows.empty()    ? "test"
                       : fold.train_rows.empty() ? "training"
                                                 : nullptr;
    if (!side) continue;
    throw InputError(
        dataset,
        fmt::format("duplicates: group leaves {} {} of repeat {} ({} of {} folds without test "
                    "rows) without {} rows: every series on that side is a copy of one on the "
                    "other, and a group stays on its first row's side; use duplicates: drop or "
                    "keep, or another protocol",
                    folds_of, fold.index, fold.repeat, empty_test, folds.size(), side));
  }
}

int straddling_duplicates(const std::vector<Fold>& folds, const DuplicateGroups& groups) {
  int straddling = 0;
  for (const auto& fold : folds)
    for (size_t row = 0; row < groups.first_copy.size(); ++row) {
      const int first = groups.first_copy[row];
      if (first == static_cast<int>(row)) continue;
      const Side a = side_of(fold, static_cast<int>(row)), b = side_of(fold, first);
      if ((a == Side::test && b == Side::train) || (a == Side::train && b == Side::test))
        ++straddling;
    }
  return straddling;
}

ProtocolRows apply_protocol(Dataset loaded, const ProtocolOptions& protocol,
                            DuplicateHandling handling) {
  ProtocolRows result;
  result.duplicates.rows_loaded = loaded.rows();
  result.duplicates.groups = find_duplicate_series(loaded);
  const auto& groups = result.duplicates.groups;
  result.duplicates.straddling_protocol =
      straddling_duplicates(make_folds(protocol, loaded), groups);
  if (handling == DuplicateHandling::drop && groups.duplicate_rows > 0) {
    result.data = drop_duplicate_series(loaded, groups);
    try {
      result.folds = make_folds(protocol, result.data);
    } catch (const InputError& error) {
      // The protocol quotes the rows it was given: say that they are what dropping left.
      throw InputError(error.where(),
                       fmt::format("{} (after duplicates: drop removed {} identical series of the "
                                   "{} loaded)",
                                   error.message(), groups.duplicate_rows, loaded.rows()));
    }
    result.duplicates.straddling_used = 0;
    return result;
  }
  result.folds = make_folds(protocol, loaded);
  if (handling == DuplicateHandling::group) {
    result.folds = group_duplicate_series(result.folds, groups);
    reject_emptied_folds(result.folds, loaded.name, "fold");
  }
  result.duplicates.straddling_used = straddling_duplicates(result.folds, groups);
  result.data = std::move(loaded);
  return result;
}

std::string protocol_label_with_duplicates(const std::string& protocol_label,
                                           DuplicateHandling handling) {
  if (handling == DuplicateHandling::keep) return protocol_label;
  return fmt::format("{}+duplicates={}", protocol_label, duplicate_handling_name(handling));
}

std::vector<std::string> duplicates_header() {
  return {"dataset",          "rows_loaded",        "duplicate_rows",
          "duplicate_groups", "mixed_label_groups", "straddling_protocol",
          "handling",         "rows_used",          "straddling_used"};
}

std::string duplicates_csv(const std::vector<std::pair<std::string, DuplicateSummary>>& datasets,
                           DuplicateHandling handling) {
  std::string csv = fmt::format("{}\n", fmt::join(duplicates_header(), ","));
  for (const auto& [name, summary] : datasets) {
    const long long used = handling == DuplicateHandling::drop
                               ? summary.rows_loaded - summary.groups.duplicate_rows
                               : summary.rows_loaded;
    csv += fmt::format("{},{},{},{},{},{},{},{},{}\n", name, summary.rows_loaded,
                       summary.groups.duplicate_rows, summary.groups.groups,
                       summary.groups.mixed_label_groups, summary.straddling_protocol,
                       duplicate_handling_name(handling), used, summary.straddling_used);
  }
  return csv;
}

}  // namespace tsfs
