#include "report/csv_table.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/text.hpp"

namespace tsfs {

std::optional<size_t> CsvTable::column(const std::string& name) const {
  for (size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  return std::nullopt;
}

std::string csv_row(const std::vector<std::string>& fields) {
  std::string text;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) text += ',';
    text += csv_field(fields[i]);
  }
  return text + '\n';
}

std::string CsvTable::str() const {
  std::string text = csv_row(header);
  for (const auto& row : rows) text += csv_row(row);
  return text;
}

CsvTable read_csv_table(const std::filesystem::path& path, std::vector<size_t>* row_lines) {
  return parse_csv_table(read_text_file(path), path, row_lines);
}

CsvTable parse_csv_table(const std::string& text, const std::filesystem::path& path,
                         std::vector<size_t>* row_lines) {
  std::vector<std::vector<std::string>> records;
  std::vector<size_t> starts;  // the line each record starts on
  std::vector<std::string> record;
  std::string field;
  bool quoted = false;
  size_t line = 1;
  size_t start = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      starts.push_back(start);
      record.clear();
      start = ++line;
    } else if (c != '\r') {
      field += c;
    }
  }
  if (quoted) throw InputError(fmt::format("{}:{}", path.string(), line), "unterminated quote");
  if (!field.empty() || !record.empty()) {
    record.push_back(std::move(field));
    records.push_back(std::move(record));
    starts.push_back(start);
  }
  if (records.empty()) throw InputError(path.string(), "empty CSV file");
  CsvTable table;
  table.header = std::move(records.front());
  for (size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != table.header.size())
      throw InputError(
          fmt::format("{}:{}", path.string(), starts[r]),
          fmt::format("expected {} fields, found {}", table.header.size(), records[r].size()));
    table.rows.push_back(std::move(records[r]));
  }
  if (row_lines) row_lines->assign(starts.begin() + 1, starts.end());
  return table;
}

}  // namespace tsfs
