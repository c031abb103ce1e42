#pragma once
// Reading numbers out of the committed reference CSVs (tests/reference/).
#include <stdexcept>
#include <string>

#include "common/text.hpp"
#include "report/csv_table.hpp"

namespace tsfs::testing {

// The number in `column` of data row `row`; throws when the field is not a number.
inline double reference_number(const CsvTable& table, size_t row, const std::string& column) {
  const auto value = parse_double(table.rows[row][*table.column(column)]);
  if (!value) throw std::runtime_error("not a number in column " + column);
  return *value;
}

}  // namespace tsfs::testing
