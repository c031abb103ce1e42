#pragma once
// Test-only reader for the vendored GunPoint files (gzipped UCR TSV: label, then 150 values per
// line), so the classifier tests do not depend on src/data. Labels map to class indices in sorted
// numeric order, over both files (GunPoint: 1 -> 0, 2 -> 1).
#include <zlib.h>

#include <Eigen/Core>
#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace tsfs::test_support {

struct LabelledRows {
  Eigen::MatrixXd features;
  Eigen::VectorXi labels;
};

struct GunPoint {
  LabelledRows train;  // GunPoint: 50 x 150
  LabelledRows test;   // GunPoint: 150 x 150
};

// Lines of a gzip file, without their line breaks (long lines are read in pieces).
inline std::vector<std::string> read_gzip_lines(const std::string& path) {
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) throw std::runtime_error("cannot open " + path);
  std::vector<std::string> lines;
  std::string current;
  char buffer[4096];
  while (gzgets(file, buffer, sizeof buffer) != nullptr) {
    current += buffer;
    if (!current.empty() && current.back() == '\n') {
      while (!current.empty() && (current.back() == '\n' || current.back() == '\r'))
        current.pop_back();
      lines.push_back(std::move(current));
      current.clear();
    }
  }
  if (!current.empty()) lines.push_back(std::move(current));
  gzclose(file);
  return lines;
}

// Whitespace-separated numbers of one line.
inline std::vector<double> parse_numbers(const std::string& line) {
  std::vector<double> numbers;
  const char* cursor = line.c_str();
  while (true) {
    char* end = nullptr;
    const double value = std::strtod(cursor, &end);
    if (end == cursor) break;
    numbers.push_back(value);
    cursor = end;
  }
  return numbers;
}

// Rows of one file as (label value, series values).
inline std::vector<std::vector<double>> read_ucr_rows(const std::string& path) {
  std::vector<std::vector<double>> rows;
  for (const std::string& line : read_gzip_lines(path)) {
    if (line.empty()) continue;
    rows.push_back(parse_numbers(line));
    if (rows.back().size() < 2) throw std::runtime_error("short row in " + path);
  }
  return rows;
}

inline LabelledRows to_labelled(const std::vector<std::vector<double>>& rows,
                                const std::vector<double>& sorted_labels) {
  const auto columns = static_cast<Eigen::Index>(rows.front().size() - 1);
  LabelledRows result{Eigen::MatrixXd(static_cast<Eigen::Index>(rows.size()), columns),
                      Eigen::VectorXi(static_cast<Eigen::Index>(rows.size()))};
  for (size_t row = 0; row < rows.size(); ++row) {
    if (rows[row].size() != rows.front().size()) throw std::runtime_error("ragged UCR rows");
    const auto position =
        std::lower_bound(sorted_labels.begin(), sorted_labels.end(), rows[row][0]);
    result.labels(static_cast<Eigen::Index>(row)) =
        static_cast<int>(position - sorted_labels.begin());
    for (Eigen::Index column = 0; column < columns; ++column)
      result.features(static_cast<Eigen::Index>(row), column) =
          rows[row][static_cast<size_t>(column) + 1];
  }
  return result;
}

// A vendored dataset's TRAIN and TEST files (third_party/ucr/NAME/NAME_{TRAIN,TEST}.tsv.gz).
inline GunPoint load_vendored_ucr(const std::string& name) {
  const std::string folder = TSFS_SOURCE_DIR "/third_party/ucr/" + name + "/";
  const auto train_rows = read_ucr_rows(folder + name + "_TRAIN.tsv.gz");
  const auto test_rows = read_ucr_rows(folder + name + "_TEST.tsv.gz");
  std::vector<double> labels;
  for (const auto* rows : {&train_rows, &test_rows})
    for (const auto& row : *rows) labels.push_back(row[0]);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  return {to_labelled(train_rows, labels), to_labelled(test_rows, labels)};
}

inline GunPoint load_gunpoint() {
  return load_vendored_ucr("GunPoint");
}

}  // namespace tsfs::test_support
