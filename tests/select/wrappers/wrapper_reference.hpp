#pragma once
// Test support of the model-based selectors: readers for their scikit-learn references
// (tests/reference/wrappers/make_reference.py: the input rows of a dataset and the per-feature
// result tables; std::runtime_error on anything unexpected), a one-selector spec and the
// registration check they share.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "select/selector_test_helpers.hpp"
#include "support/reference_tables.hpp"

namespace tsfs::testing {

inline CsvTable wrapper_reference(const std::string& name) {
  return read_csv_table(std::string(TSFS_REFERENCE_DIR) + "/wrappers/" + name);
}

inline const std::string& reference_text(const CsvTable& table, size_t row,
                                         const std::string& column) {
  return table.rows[row][*table.column(column)];
}

struct ReferenceRows {
  Eigen::MatrixXd features;  // raw, unstandardised
  Eigen::VectorXi labels;
  int classes = 0;
};

// <dataset>.csv: label, then one column per feature.
inline ReferenceRows reference_rows(const std::string& dataset) {
  const CsvTable table = wrapper_reference(dataset + ".csv");
  ReferenceRows rows;
  const auto count = static_cast<Eigen::Index>(table.rows.size());
  const auto columns = static_cast<Eigen::Index>(table.header.size()) - 1;
  rows.features.resize(count, columns);
  rows.labels.resize(count);
  for (Eigen::Index row = 0; row < count; ++row) {
    const auto r = static_cast<size_t>(row);
    rows.labels[row] = static_cast<int>(reference_number(table, r, "label"));
    for (Eigen::Index column = 0; column < columns; ++column)
      rows.features(row, column) = *parse_double(table.rows[r][static_cast<size_t>(column) + 1]);
  }
  rows.classes = rows.labels.maxCoeff() + 1;
  return rows;
}

// The rows of each configuration id, in file order.
inline std::map<long, std::vector<size_t>> rows_by_id(const CsvTable& table) {
  std::map<long, std::vector<size_t>> groups;
  for (size_t row = 0; row < table.rows.size(); ++row)
    groups[static_cast<long>(reference_number(table, row, "id"))].push_back(row);
  return groups;
}

// Features ordered by the table's `position` column (0 = best).
inline std::vector<int> reference_order(const CsvTable& table, const std::vector<size_t>& rows) {
  std::vector<int> order(rows.size(), -1);
  for (const size_t row : rows)
    order.at(static_cast<size_t>(reference_number(table, row, "position"))) =
        static_cast<int>(reference_number(table, row, "feature"));
  return order;
}

// A spec whose one selector is `selector` (a flow map), for load-time error checks: the
// selector's map starts at line 4, column 5.
inline std::string spec_with_selector(const std::string& selector) {
  return "datasets: [{name: GunPoint, path: third_party/ucr/GunPoint}]\ndistances: [{kind: "
         "ned}]\nselectors:\n  - " +
         selector + "\n";
}

// A model-based selector is supervised, needs no distance and keeps `order`'s end first.
inline void check_model_selector_registration(const std::string& name, ScoreOrder order) {
  const auto& registration = selector_registration(name);
  CHECK(registration.supervised);
  CHECK_FALSE(registration.uses_distance);
  CHECK(make_selector(name)->order() == order);
}

}  // namespace tsfs::testing
