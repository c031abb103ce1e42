#include "sweep/store/keyed_records.hpp"

#include "common/error.hpp"
#include "report/csv_table.hpp"

namespace tsfs {
namespace {

// Fields of one record: the commas outside quotes, plus one.
size_t field_count(const std::string& record) {
  size_t fields = 1;
  bool quoted = false;
  for (const char c : record) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) ++fields;
  }
  return fields;
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

KeyedRecords::KeyedRecords(std::filesystem::path path, const std::string& header)
    : path_(std::move(path)), in_(path_, std::ios::binary) {
  std::string first;
  if (!in_ || !read_csv_record(in_, first) || first != header)
    throw InputError(path_.string(), "missing, empty or with another header than the spec's");
  advance();
}

bool holds_rows_of(const std::filesystem::path& path, const std::vector<std::string>& header,
                   const std::vector<KeyRows>& keys) {
  if (!std::filesystem::is_regular_file(path)) return false;
  try {
    KeyedRecords records(path, csv_row(header));
    for (const KeyRows& key : keys) {
      long long rows = 0;
      for (; records.next_starts_with(key.prefix); records.advance(), ++rows)
        if (field_count(records.next()) != header.size()) return false;
      if (key.rows >= 0 && rows != key.rows) return false;
    }
    return records.exhausted();
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace tsfs
