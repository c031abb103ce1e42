#include "sweep/store/keyed_records.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "report/csv_table.hpp"

namespace tsfs {
namespace {

// Splits one CSV record (RFC 4180, with its '\n') into `fields`, reusing their storage.
void split_record(const std::string& record, std::vector<std::string>& fields) {
  size_t count = 0;
  auto next_field = [&]() -> std::string& {
    if (count == fields.size()) fields.emplace_back();
    std::string& field = fields[count++];
    field.clear();
    return field;
  };
  std::string* field = &next_field();
  bool quoted = false;
  const size_t end = !record.empty() && record.back() == '\n' ? record.size() - 1 : record.size();
  for (size_t i = 0; i < end; ++i) {
    const char c = record[i];
    if (quoted && c == '"' && i + 1 < end && record[i + 1] == '"') {
      *field += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      field = &next_field();
    } else {
      *field += c;
    }
  }
  fields.resize(count);
}

}  // namespace

std::string key_prefix(const std::vector<std::string>& key) {
  std::string prefix = csv_row(key);
  prefix.back() = ',';  // csv_row ends the record with '\n'
  return prefix;
}

bool read_csv_record(std::istream& in, std::string& record) {
  record.clear();
  std::string line;
  bool quoted = false;
  while (std::getline(in, line)) {
    record += line;
    record += '\n';
    for (char c : line)
      if (c == '"') quoted = !quoted;
    if (!quoted) return true;
  }
  return false;
}

RecordCheck::RecordCheck(const std::vector<std::string>& header)
    : width_(header.size()), checks_(CheckedTable::scores, header) {}

std::string RecordCheck::problem(const std::string& record, long long features) {
  split_record(record, fields_);
  if (fields_.size() != width_) return fmt::format("{} fields, not {}", fields_.size(), width_);
  return checks_.problem(fields_, features);
}

KeyedRecords::KeyedRecords(std::filesystem::path path, const std::string& header)
    : path_(std::move(path)), in_(path_, std::ios::binary) {
  std::string first;
  if (!in_ || !read_csv_record(in_, first) || first != header)
    throw InputError(path_.string(), "missing, empty or with another header than the spec's");
  lines_read_ = static_cast<size_t>(std::count(first.begin(), first.end(), '\n'));
  advance();
}

void KeyedRecords::advance() {
  pending_ = read_csv_record(in_, next_);
  next_line_ = lines_read_ + 1;
  lines_read_ += static_cast<size_t>(std::count(next_.begin(), next_.end(), '\n'));
}

bool holds_rows_of(const std::filesystem::path& path, const std::vector<std::string>& header,
                   const std::vector<KeyRows>& keys) {
  if (!std::filesystem::is_regular_file(path)) return false;
  try {
    KeyedRecords records(path, csv_row(header));
    RecordCheck check(header);
    for (const KeyRows& key : keys) {
      long long rows = 0;
      for (; records.next_starts_with(key.prefix); records.advance(), ++rows)
        if (!check.problem(records.next(), key.rows).empty()) return false;
      if (key.rows >= 0 && rows != key.rows) return false;
    }
    return records.exhausted();
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace tsfs
