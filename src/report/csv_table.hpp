#pragma once
// A CSV table of text fields: what the run writes (results.csv, folds.csv, scores.csv) and reads
// back when it resumes.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tsfs {

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  std::optional<size_t> column(const std::string& name) const;
  std::string str() const;  // RFC 4180, '\n' line ends
};

// One CSV record (RFC 4180 quoting), with its '\n'.
std::string csv_row(const std::vector<std::string>& fields);

// Reads a CSV file written by CsvTable::str (quoted fields allowed). Throws InputError on a
// malformed file, naming the line a bad record starts on. `row_lines`, when given, receives the
// line of the file each row starts on (a quoted field may hold line breaks, so a row's line is
// not its index + 2), for errors about its values.
CsvTable read_csv_table(const std::filesystem::path& path,
                        std::vector<size_t>* row_lines = nullptr);
// The same for the text of a file already read (a gunzipped one); `path` names it in errors.
CsvTable parse_csv_table(const std::string& text, const std::filesystem::path& path,
                         std::vector<size_t>* row_lines = nullptr);

}  // namespace tsfs
