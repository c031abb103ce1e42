#include "sweep/store/keyed_records.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "common/text.hpp"
#include "report/checked_table.hpp"

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

RecordCheck::RecordCheck(const std::vector<std::string>& header) : header_(header) {
  for (size_t c = 0; c < header_.size(); ++c)
    if (is_score_column(header_[c])) checked_.push_back(c);
}

std::string RecordCheck::problem(const std::string& record, long long features) const {
  if (checked_.empty()) return "";
  std::vector<std::string> fields = parse_csv_table(record, "").header;
  if (fields.size() != header_.size())
    return fmt::format("{} fields, not {}", fields.size(), header_.size());
  for (const size_t c : checked_)
    if (auto problem = score_field_problem(header_[c], fields[c], features); !problem.empty())
      return fmt::format("{} '{}' {}", header_[c], printable_excerpt(fields[c]), problem);
  return "";
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
    const RecordCheck check(header);
    for (const KeyRows& key : keys) {
      long long rows = 0;
      for (; records.next_starts_with(key.prefix); records.advance(), ++rows)
        if (field_count(records.next()) != header.size() ||
            !check.problem(records.next(), key.rows).empty())
          return false;
      if (key.rows >= 0 && rows != key.rows) return false;
    }
    return records.exhausted();
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace tsfs
