#pragma once
// Tables tsfs wrote, read back and checked as strictly as fresh input: a resumed run copies their
// rows verbatim, and compare, report and the plots draw conclusions from them, so a damaged or
// edited field (an accuracy of 7, a score of `abc`) would otherwise survive into every later
// table.
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "report/csv_table.hpp"

namespace tsfs {

// What the message of a damaged file suggests.
enum class DamageRemedy {
  resume,  // a run reading its own output folder back: delete the row or rerun with --fresh
  rerun,   // compare, report, plots: repair the file or rerun the run that wrote it
};

// The rule sets: `results` for results.csv, folds.csv and tuned.csv; `scores` for scores.csv.
enum class CheckedTable { results, scores };

// The rule set of <stem>.csv, or nullopt for a table whose values are not checked.
std::optional<CheckedTable> checked_table_kind(const std::string& stem);

// What a value column may hold.
struct ColumnRule {
  bool may_be_empty = false;
  bool integer = false;
  double minimum = 0.0;
  double maximum = HUGE_VAL;
  bool may_be_tuned = false;       // "tuned": chosen per fold by nested CV (tune:)
  bool may_be_not_finite = false;  // nan, inf: a score of a selector that did not converge
  bool below_features = false;     // scores.csv's rank and feature_index: below the vector's length
};

// The rules of one table's columns, looked up once for its header.
class ColumnChecks {
 public:
  ColumnChecks(CheckedTable kind, const std::vector<std::string>& header);
  // "" when a row's fields are what tsfs writes there (numbers, integers, ranges, empty only where
  // allowed), else "<column> '<value>' <problem>" for its first column that is not. `features`
  // bounds rank and feature_index when it is not negative.
  std::string problem(const std::vector<std::string>& fields, long long features = -1) const;
  bool empty() const { return checks_.empty(); }

 private:
  struct Check {
    size_t column;
    std::string name;
    ColumnRule rule;
  };
  std::vector<Check> checks_;
};

// Checks a table of `kind` whole: no column twice, every row's values (ColumnChecks), in file
// order. InputError naming `path`:line, the column and the value otherwise. `row_lines` are the
// lines the rows start on (read_csv_table).
void check_table(CheckedTable kind, const CsvTable& table, const std::filesystem::path& path,
                 const std::vector<size_t>& row_lines, DamageRemedy remedy);

// Reads and checks results.csv, folds.csv or tuned.csv. `row_lines`, when given, receives the line
// each row starts on.
CsvTable read_checked(const std::filesystem::path& path, std::vector<size_t>* row_lines = nullptr,
                      DamageRemedy remedy = DamageRemedy::resume);

}  // namespace tsfs
