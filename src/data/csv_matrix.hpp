#pragma once
// Numeric CSV files: precomputed features (with a header of names) and precomputed distance
// matrices (no header). Plain or .gz.
#include <Eigen/Core>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tsfs {

struct NamedMatrix {
  std::vector<std::string> names;  // column names from the header (empty without header)
  Eigen::MatrixXd values;
};

// Comma-separated numbers (nan/inf allowed); every row must have the same number of fields.
// Header names must be non-empty, distinct and free of control characters (an unnamed first
// column is usually an index written by pandas, not a feature). Throws InputError("file:line",
// ...) for a missing/empty file, a bad header, a ragged row or a bad number.
NamedMatrix read_numeric_csv(const std::filesystem::path& path, bool has_header);

// Reads a whole text file, transparently gunzipping a ".gz" file.
std::string read_maybe_gzipped(const std::filesystem::path& path);

// Why `token` (one field of a data line) is not a number, for an error message: "empty value",
// "number out of the range of a double: '1e999'" or "not a number: 'abc'" (control bytes escaped).
// `last_field` adds a hint that an empty value may come from a separator at the end of the line.
std::string bad_number_reason(std::string_view token, bool last_field);

// Splits file contents into lines: '\n' ends a line and a '\r' before it is dropped (files saved
// on Windows). Empty lines at the very end (the final newline, blank lines left by an editor) are
// not returned; an empty line anywhere else is, so readers can report it with its line number.
// The views point into `text`.
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace tsfs
