#include "data/csv_matrix.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <map>
#include <memory>

#include "common/error.hpp"
#include "common/text.hpp"

namespace tsfs {
namespace {

struct GzCloser {
  void operator()(gzFile file) const { gzclose(file); }
};
using GzHandle = std::unique_ptr<gzFile_s, GzCloser>;

std::string line_place(const std::filesystem::path& path, size_t line_index) {
  return fmt::format("{}:{}", path.string(), line_index + 1);
}

// Header fields may be quoted (RFC 4180): tsfs itself quotes names holding a comma or a quote,
// so a features file it wrote must read back with the same names.
std::vector<std::string> split_header(std::string_view line, const std::string& place) {
  std::vector<std::string> names;
  size_t position = 0;
  while (true) {
    std::string name;
    while (position < line.size() && line[position] == ' ') ++position;
    if (position < line.size() && line[position] == '"') {
      ++position;
      while (true) {
        if (position >= line.size())
          throw InputError(place,
                           fmt::format("column {}: unterminated quoted name", names.size() + 1));
        if (line[position] == '"') {
          if (position + 1 < line.size() && line[position + 1] == '"') {
            name += '"';
            position += 2;
            continue;
          }
          ++position;
          break;
        }
        name += line[position++];
      }
      while (position < line.size() && line[position] == ' ') ++position;
      if (position < line.size() && line[position] != ',')
        throw InputError(place,
                         fmt::format("column {}: text after closing quote", names.size() + 1));
    } else {
      size_t end = line.find(',', position);
      if (end == std::string_view::npos) end = line.size();
      name = std::string(trim_blanks(line.substr(position, end - position)));
      position = end;
    }
    names.push_back(std::move(name));
    if (position >= line.size()) return names;
    ++position;  // the comma
  }
}

std::string describe_column(size_t column, const std::vector<std::string>& names) {
  if (column < names.size())
    return fmt::format("column {} ('{}')", column + 1, printable_excerpt(names[column]));
  return fmt::format("column {}", column + 1);
}

// Names become feature names in every output: each must be present, printable and unique.
void check_header(const std::vector<std::string>& names, const std::string& place) {
  // A header of numbers only is a data row: the file has no header line.
  if (!names.empty() && std::all_of(names.begin(), names.end(), [](const std::string& name) {
        return parse_double(name).has_value();
      }))
    throw InputError(place,
                     "the first line holds numbers only, like a data row: the file needs a "
                     "header line of feature names");
  std::map<std::string_view, size_t> seen;
  for (size_t column = 0; column < names.size(); ++column) {
    const std::string& name = names[column];
    if (name.empty())
      throw InputError(
          place, fmt::format("column {}: empty feature name{}", column + 1,
                             column == 0 ? " (an unnamed index column? write the file "
                                           "without it, e.g. pandas index=False)"
                             : column + 1 == names.size() ? " (a separator at the end of the line?)"
                                                          : ""));
    if (has_control_character(name))
      throw InputError(place, fmt::format("column {}: feature name '{}' holds a control character",
                                          column + 1, printable_excerpt(name)));
    auto [previous, inserted] = seen.emplace(name, column);
    if (!inserted)
      throw InputError(
          place, fmt::format("column {}: feature name '{}' already used by column {}", column + 1,
                             printable_excerpt(name), previous->second + 1));
  }
}

void parse_row(std::string_view line, size_t width, const std::vector<std::string>& names,
               const std::string& place, std::vector<double>& row_major) {
  if (trim_blanks(line).empty()) throw InputError(place, "empty line");
  std::vector<std::string_view> fields = split(line, ',');
  if (fields.size() != width) {
    std::string expected = names.empty() ? fmt::format("{} values (as on line 1)", width)
                                         : fmt::format("{} values (one per header name)", width);
    throw InputError(place, fmt::format("expected {}, found {}", expected, fields.size()));
  }
  for (size_t column = 0; column < fields.size(); ++column) {
    std::string_view token = trim_blanks(fields[column]);
    std::optional<double> value = parse_double(token);
    if (!value) {
      std::string problem = bad_number_reason(token, column + 1 == fields.size());
      if (token.empty()) problem += " (write missing values as nan)";
      throw InputError(place, fmt::format("{}: {}", describe_column(column, names), problem));
    }
    row_major.push_back(*value);
  }
}

}  // namespace

std::string bad_number_reason(std::string_view token, bool last_field) {
  if (token.empty())
    return last_field ? "empty value (a separator at the end of the line?)" : "empty value";
  std::string_view digits = token.front() == '+' ? token.substr(1) : token;
  double value = 0.0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error == std::errc::result_out_of_range && end == digits.data() + digits.size())
    return fmt::format("number out of the range of a double: '{}'", printable_excerpt(token));
  return fmt::format("not a number: '{}'", printable_excerpt(token));
}

std::string read_maybe_gzipped(const std::filesystem::path& path) {
  std::error_code status;
  if (!std::filesystem::exists(path, status)) throw InputError(path.string(), "file not found");
  if (std::filesystem::is_directory(path, status))
    throw InputError(path.string(), "is a folder, expected a file");
  // gzopen reads files that are not gzip-compressed as they are, so one code path serves both.
  GzHandle file(gzopen(path.c_str(), "rb"));
  if (!file)
    throw InputError(path.string(), fmt::format("cannot open file: {}", std::strerror(errno)));
  gzbuffer(file.get(), 1u << 17);
  // ...which would also read a damaged or mislabelled ".gz" as text: a name that promises gzip
  // must start with its magic bytes (RFC 1952 section 2.3.1).
  if (path.extension() == ".gz" && gzdirect(file.get()) == 1)
    throw InputError(path.string(), "named .gz but not gzip-compressed (no 1f 8b header)");

  constexpr unsigned kChunk = 1u << 18;
  std::string contents;
  while (true) {
    size_t used = contents.size();
    contents.resize(used + kChunk);
    int count = gzread(file.get(), contents.data() + used, kChunk);
    contents.resize(used + static_cast<size_t>(count > 0 ? count : 0));
    if (count <= 0) break;
  }
  // gzread stops quietly at a truncated stream (Z_BUF_ERROR); only gzerror tells the difference
  // between the end of a good file and a cut-off download.
  int error_code = Z_OK;
  const char* error_text = gzerror(file.get(), &error_code);
  if (error_code != Z_OK)
    throw InputError(path.string(),
                     fmt::format("cannot read file: {} (corrupt or truncated gzip file?)",
                                 error_code == Z_ERRNO ? std::strerror(errno) : error_text));
  return contents;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  while (!lines.empty() && trim_blanks(lines.back()).empty()) lines.pop_back();
  return lines;
}

NamedMatrix read_numeric_csv(const std::filesystem::path& path, bool has_header) {
  std::string text = read_maybe_gzipped(path);
  std::vector<std::string_view> lines = split_lines(without_byte_order_mark(text));
  if (lines.empty()) throw InputError(path.string(), "empty file");

  NamedMatrix result;
  size_t first_data_line = 0;
  size_t width = 0;
  if (has_header) {
    result.names = split_header(lines[0], line_place(path, 0));
    check_header(result.names, line_place(path, 0));
    width = result.names.size();
    first_data_line = 1;
    if (lines.size() == 1) throw InputError(path.string(), "has a header line but no data rows");
  } else {
    width = split(lines[0], ',').size();
  }
  std::vector<double> row_major;
  for (size_t index = first_data_line; index < lines.size(); ++index)
    parse_row(lines[index], width, result.names, line_place(path, index), row_major);

  auto rows = static_cast<Eigen::Index>(lines.size() - first_data_line);
  auto cols = static_cast<Eigen::Index>(width);
  using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  result.values = Eigen::Map<const RowMajorMatrix>(row_major.data(), rows, cols);
  return result;
}

}  // namespace tsfs
