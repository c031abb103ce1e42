#include "sweep/store/keyed_records.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "common/error.hpp"
#include "common/text.hpp"
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

namespace {

size_t required_column(const std::vector<std::string>& header, const std::string& name) {
  const auto at = std::find(header.begin(), header.end(), name);
  if (at == header.end())
    throw std::logic_error("ScoreVectorCheck: no column " + name + " in the header");
  return static_cast<size_t>(at - header.begin());
}

}  // namespace

ScoreVectorCheck::ScoreVectorCheck(const std::vector<std::string>& header)
    : feature_index_(required_column(header, "feature_index")),
      feature_(required_column(header, "feature")),
      rank_(required_column(header, "rank")) {}

void ScoreVectorCheck::start(const std::vector<std::string>& names) {
  names_ = &names;
  feature_of_rank_.assign(names.size(), -1);
  rows_ = 0;
}

std::string ScoreVectorCheck::row_problem(const std::vector<std::string>& fields) {
  const long long feature = rows_++;
  // RecordCheck has checked feature_index is below the vector's features, so `feature` is too.
  if (fields[feature_index_] != std::to_string(feature))
    return fmt::format(
        "feature_index {} where feature {} comes (a vector's rows are in feature "
        "order)",
        printable_excerpt(fields[feature_index_]), feature);
  const std::string& name = (*names_)[static_cast<size_t>(feature)];
  if (fields[feature_] != name)
    return fmt::format(
        "feature '{}' where the dataset's feature {} is '{}' (the features were renamed since the "
        "file was written, or it was edited)",
        printable_excerpt(fields[feature_]), feature, printable_excerpt(name));
  const std::string& rank = fields[rank_];
  if (feature == 0) ranked_ = !rank.empty();
  if (rank.empty() != !ranked_)
    return fmt::format(
        "{} rank where feature 0 has {}: a vector's ranks are all given, or all "
        "empty (its solver did not converge)",
        rank.empty() ? "no" : "a", ranked_ ? "one" : "none");
  if (rank.empty()) return {};
  // RecordCheck has checked it is an integer below the features it was given; these are the
  // vector's own.
  const auto value = parse_double(rank);
  if (!value || !(*value >= 0) || *value >= static_cast<double>(feature_of_rank_.size()))
    return fmt::format("rank '{}' is not a rank among the vector's {} features",
                       printable_excerpt(rank), feature_of_rank_.size());
  long long& holder = feature_of_rank_[static_cast<size_t>(*value)];
  if (holder >= 0)
    return fmt::format("rank {} is feature {}'s too: a rank is given once", rank, holder);
  holder = feature;
  return {};
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
    std::optional<ScoreVectorCheck> vector;
    for (const KeyRows& key : keys) {
      if (key.features) {
        if (!vector) vector.emplace(header);
        vector->start(*key.features);
      }
      long long rows = 0;
      for (; records.next_starts_with(key.prefix); records.advance(), ++rows) {
        if (!check.problem(records.next(), key.rows).empty()) return false;
        if (key.features && !vector->row_problem(check.fields()).empty()) return false;
      }
      if (key.rows >= 0 && rows != key.rows) return false;
    }
    return records.exhausted();
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace tsfs
