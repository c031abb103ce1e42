#include "select/wrappers/stratified_folds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"

namespace tsfs {

std::vector<InnerFold> stratified_folds(const Eigen::VectorXi& labels, int folds) {
  if (folds < 2) throw InputError("", fmt::format("cv: {} inner folds, at least 2 needed", folds));
  // Codes by first appearance, and each code's rows.
  std::map<int, int> code_of;
  std::vector<std::vector<int>> rows_of_code;
  for (Eigen::Index row = 0; row < labels.size(); ++row) {
    const auto [entry, added] = code_of.try_emplace(labels[row], static_cast<int>(code_of.size()));
    if (added) rows_of_code.emplace_back();
    rows_of_code[static_cast<size_t>(entry->second)].push_back(static_cast<int>(row));
  }
  for (const auto& [label, code] : code_of)
    if (rows_of_code[static_cast<size_t>(code)].size() < static_cast<size_t>(folds))
      throw InputError("",
                       fmt::format("cv: {} inner folds, but class {} has {} fit rows; lower "
                                   "cv to at most the rows of the smallest class",
                                   folds, label, rows_of_code[static_cast<size_t>(code)].size()));
  std::vector<int> fold_of_row(static_cast<size_t>(labels.size()));
  // The sorted codes put class c at positions [start, start + count); position j goes to fold
  // j mod folds, so fold i tests as many rows of c as there are such j, and c's rows fill the
  // folds in order.
  size_t start = 0;
  for (const auto& rows : rows_of_code) {
    size_t next_row = 0;
    for (int fold = 0; fold < folds; ++fold) {
      size_t dealt = 0;
      for (size_t position = start; position < start + rows.size(); ++position)
        if (position % static_cast<size_t>(folds) == static_cast<size_t>(fold)) ++dealt;
      for (size_t i = 0; i < dealt; ++i) fold_of_row[static_cast<size_t>(rows[next_row++])] = fold;
    }
    start += rows.size();
  }
  std::vector<InnerFold> result(static_cast<size_t>(folds));
  for (size_t row = 0; row < fold_of_row.size(); ++row)
    for (int fold = 0; fold < folds; ++fold)
      (fold == fold_of_row[row] ? result[static_cast<size_t>(fold)].test_rows
                                : result[static_cast<size_t>(fold)].train_rows)
          .push_back(static_cast<int>(row));
  return result;
}

}  // namespace tsfs
