#pragma once
// Tables tsfs wrote, read back and checked as strictly as fresh input: a resumed run copies their
// rows verbatim, and compare, report and the plots draw conclusions from them, so a damaged or
// edited field (an accuracy of 7, a score of `abc`) would otherwise survive into every later
// table.
#include <filesystem>
#include <string>
#include <vector>

#include "report/csv_table.hpp"

namespace tsfs {

// What the message of a damaged file suggests.
enum class DamageRemedy {
  resume,  // a run reading its own output folder back: delete the row or rerun with --fresh
  rerun,   // compare, report, plots: repair the file or rerun the run that wrote it
};

// Why `text` is not what tsfs writes in column `column` of results.csv, folds.csv or tuned.csv
// (a number, an integer, within its range, empty only where allowed), or "" when it is fine or
// the column has no rule.
std::string result_field_problem(const std::string& column, const std::string& text);

// The same for a column of scores.csv (score, score_std_error, rank, feature_index, repeat,
// fold). A rank or feature_index must also be below the vector's `features` (unless negative).
std::string score_field_problem(const std::string& column, const std::string& text,
                                long long features);
bool is_score_column(const std::string& column);  // one score_field_problem has a rule for

// Checks every known value column of results.csv, folds.csv or tuned.csv (numbers, integers,
// ranges, no duplicate columns): InputError naming `path`:line, column and value otherwise.
// `row_lines` are the lines the rows start on (read_csv_table).
void check_result_table(const CsvTable& table, const std::filesystem::path& path,
                        const std::vector<size_t>& row_lines, DamageRemedy remedy);

// Reads and checks such a table. `row_lines`, when given, receives the line each row starts on.
CsvTable read_checked(const std::filesystem::path& path, std::vector<size_t>* row_lines = nullptr,
                      DamageRemedy remedy = DamageRemedy::resume);

// Whether <stem>.csv is one of the tables check_result_table knows (results, folds, tuned).
bool is_result_table(const std::string& stem);

}  // namespace tsfs
