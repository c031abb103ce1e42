#pragma once
// A table's records read in order, one ahead, matched by their leading key fields: how the merge
// takes each score vector's rows from its shard's copy, and how a rerun recognises a table of score
// vectors (or curves) that it already wrote whole, so that it computes nothing to write it again.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "report/checked_table.hpp"

namespace tsfs {

// The CSV text a record with these leading fields starts with: the fields, then a comma.
std::string key_prefix(const std::vector<std::string>& key);

// One CSV record (RFC 4180: a quoted field may hold a line break), with its '\n'.
bool read_csv_record(std::istream& in, std::string& record);

// Checks a score-vector table's records (scores.csv, selection_measures.csv): the header's field
// count, and scores.csv's values as ColumnChecks does (a score that is not a number, a rank past
// the vector's features).
class RecordCheck {
 public:
  explicit RecordCheck(const std::vector<std::string>& header);
  // "" when `record` is fine, else what is wrong ("rank '999' is outside [0, 21]"). A rank or
  // feature_index must be below `features` when it is not negative.
  std::string problem(const std::string& record, long long features);
  // The fields of the record checked last.
  const std::vector<std::string>& fields() const { return fields_; }

 private:
  size_t width_;
  ColumnChecks checks_;
  std::vector<std::string> fields_;  // of the record checked last, kept for its capacity
};

// One score vector's rows of scores.csv, in order, as a run writes them (ResultLayout::
// score_rows): row i is feature i of the dataset, by feature_index and name, and the ranks are a
// permutation of 0 .. features - 1, or all empty (the selector's solver did not converge). Each
// row's fields have passed RecordCheck with the vector's feature count (a rank or feature_index
// is an integer below it); the caller counts the rows.
class ScoreVectorCheck {
 public:
  explicit ScoreVectorCheck(const std::vector<std::string>& header);
  // A vector of the features named `names` begins (the reference is kept until the next start).
  void start(const std::vector<std::string>& names);
  // "" when the vector's next row is fine, else what is wrong ("rank 3 is feature 0's too: a rank
  // is given once").
  std::string row_problem(const std::vector<std::string>& fields);

 private:
  size_t feature_index_, feature_, rank_;  // columns
  const std::vector<std::string>* names_ = nullptr;
  std::vector<long long> feature_of_rank_;  // -1: no row has the rank yet
  long long rows_ = 0;
  bool ranked_ = false;  // whether the vector's first row has a rank
};

class KeyedRecords {
 public:
  // Throws InputError naming `path` unless it opens and its first record is `header` (csv_row).
  KeyedRecords(std::filesystem::path path, const std::string& header);

  bool next_starts_with(const std::string& prefix) const {
    return pending_ && next_.compare(0, prefix.size(), prefix) == 0;
  }
  const std::string& next() const { return next_; }  // with its '\n'
  void advance();
  size_t next_line() const { return next_line_; }  // the line `next()` starts on
  bool exhausted() const { return !pending_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::ifstream in_;
  std::string next_;
  bool pending_ = false;
  size_t next_line_ = 0;
  size_t lines_read_ = 0;
};

// The rows a table holds for one key, in order: `rows` of them, or any number when negative.
struct KeyRows {
  std::string prefix;  // key_prefix of the key
  long long rows = -1;
  // A score vector's features (scores.csv): its rows pass ScoreVectorCheck too.
  const std::vector<std::string>* features = nullptr;
};

// Whether `path` holds exactly `header`, then each key's rows in the order given, each row of the
// header's field count and passing RecordCheck (with the key's `rows` as its features; with its
// `features`, ScoreVectorCheck), and nothing else. A file that is missing or damaged, or describes
// other keys, is not whole: false, never an error (the caller writes it anew).
bool holds_rows_of(const std::filesystem::path& path, const std::vector<std::string>& header,
                   const std::vector<KeyRows>& keys);

}  // namespace tsfs
