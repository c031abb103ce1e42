#pragma once
// Reading the SciPy reference CSVs of tests/reference/statistics/ (see make_reference.py there)
// and tracking the largest difference found, so the tests can report it.
#include <doctest/doctest.h>

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/text.hpp"
#include "report/csv_table.hpp"
#include "support/reference_tables.hpp"

namespace tsfs::testing {

inline CsvTable statistics_reference(const std::string& name) {
  return read_csv_table(std::string(TSFS_REFERENCE_DIR) + "/statistics/" + name);
}

// Rows of `table` grouped by the integer in column `key` (e.g. case), in file order.
inline std::map<long, std::vector<size_t>> rows_by(const CsvTable& table, const std::string& key) {
  std::map<long, std::vector<size_t>> groups;
  for (size_t row = 0; row < table.rows.size(); ++row)
    groups[std::lround(reference_number(table, row, key))].push_back(row);
  return groups;
}

// Checks |actual - expected| <= tolerance * max(1, |expected|) (relative for large values,
// absolute near zero; tiny p-values are compared relatively by passing relative_only) and
// remembers the largest relative difference seen, for the test's MESSAGE.
class Agreement {
 public:
  explicit Agreement(double tolerance, bool relative_only = false)
      : tolerance_(tolerance), relative_only_(relative_only) {}

  void check(double actual, double expected, const std::string& what) {
    if (std::isnan(expected) || std::isinf(expected)) {
      CHECK_MESSAGE((std::isnan(actual) == std::isnan(expected) &&
                     (std::isnan(expected) || actual == expected)),
                    what, ": ", actual, " vs ", expected);
      return;
    }
    const double scale = relative_only_ ? std::abs(expected) : std::max(1.0, std::abs(expected));
    const double difference = std::abs(actual - expected) / (scale > 0 ? scale : 1.0);
    largest_ = std::max(largest_, difference);
    CHECK_MESSAGE(difference <= tolerance_, what, ": ", actual, " vs ", expected);
  }
  double largest() const { return largest_; }

 private:
  double tolerance_;
  bool relative_only_;
  double largest_ = 0;
};

}  // namespace tsfs::testing
