#pragma once
// A table's records read in order, one ahead, matched by their leading key fields: how the merge
// takes each score vector's rows from its shard's copy, and how a rerun recognises a table of score
// vectors (or curves) that it already wrote whole, so that it computes nothing to write it again.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace tsfs {

// The CSV text a record with these leading fields starts with: the fields, then a comma.
std::string key_prefix(const std::vector<std::string>& key);

// One CSV record (RFC 4180: a quoted field may hold a line break), with its '\n'.
bool read_csv_record(std::istream& in, std::string& record);

class KeyedRecords {
 public:
  // Throws InputError naming `path` unless it opens and its first record is `header` (csv_row).
  KeyedRecords(std::filesystem::path path, const std::string& header);

  bool next_starts_with(const std::string& prefix) const {
    return pending_ && next_.compare(0, prefix.size(), prefix) == 0;
  }
  const std::string& next() const { return next_; }  // with its '\n'
  void advance() { pending_ = read_csv_record(in_, next_); }
  bool exhausted() const { return !pending_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::ifstream in_;
  std::string next_;
  bool pending_ = false;
};

// The rows a table holds for one key, in order: `rows` of them, or any number when negative.
struct KeyRows {
  std::string prefix;  // key_prefix of the key
  long long rows = -1;
};

// Whether `path` holds exactly `header`, then each key's rows in the order given, each row of the
// header's field count, and nothing else. A file that is missing or damaged, or describes other
// keys, is not whole: false, never an error (the caller writes it anew).
bool holds_rows_of(const std::filesystem::path& path, const std::vector<std::string>& header,
                   const std::vector<KeyRows>& keys);

}  // namespace tsfs
