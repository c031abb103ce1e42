#pragma once
// Minimal readers for the plain-CSV reference files under TSFS_REFERENCE_DIR/selectors (see its
// README.md): numeric matrices with or without a header line, and per-feature score files with
// header "feature,score,rank". Test-only; throws std::runtime_error on anything unexpected.
#include <Eigen/Core>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tsfs::testing {

inline std::string reference_path(const std::string& relative) {
  return std::string(TSFS_REFERENCE_DIR) + "/" + relative;
}

// Parses one whole field as a double; strtod accepts "nan", "inf", "-inf" and exponents, and
// glibc rounds correctly, so 17-digit values read back to the identical double.
inline double parse_reference_number(const std::string& field, const std::string& where) {
  const char* begin = field.c_str();
  char* end = nullptr;
  const double value = std::strtod(begin, &end);
  if (field.empty() || end != begin + field.size())
    throw std::runtime_error(where + ": not a number: '" + field + "'");
  return value;
}

// Rows of comma-separated numbers; all rows must have the same number of fields.
inline Eigen::MatrixXd read_reference_matrix(const std::string& relative, bool has_header) {
  const std::string path = reference_path(relative);
  std::ifstream input(path);
  if (!input) throw std::runtime_error("cannot open " + path);
  std::vector<std::vector<double>> rows;
  std::string line;
  int line_number = 0;
  while (std::getline(input, line)) {
    ++line_number;
    if (line_number == 1 && has_header) continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<double> values;
    std::stringstream fields(line);
    std::string field;
    const std::string where = path + ":" + std::to_string(line_number);
    while (std::getline(fields, field, ',')) values.push_back(parse_reference_number(field, where));
    if (!rows.empty() && values.size() != rows.front().size())
      throw std::runtime_error(where + ": ragged row");
    rows.push_back(std::move(values));
  }
  if (rows.empty()) throw std::runtime_error(path + ": no data");
  Eigen::MatrixXd matrix(static_cast<Eigen::Index>(rows.size()),
                         static_cast<Eigen::Index>(rows.front().size()));
  for (Eigen::Index row = 0; row < matrix.rows(); ++row)
    for (Eigen::Index column = 0; column < matrix.cols(); ++column)
      matrix(row, column) = rows[static_cast<size_t>(row)][static_cast<size_t>(column)];
  return matrix;
}

struct ReferenceScores {
  Eigen::VectorXd scores;    // in feature (column) order
  std::vector<int> ranking;  // feature indices, rank 0 first
};

// A "feature,score,rank" file (further columns are ignored here); rows must list features 0..p-1
// in order.
inline ReferenceScores read_reference_scores(const std::string& relative) {
  const Eigen::MatrixXd table = read_reference_matrix(relative, true);
  if (table.cols() < 3) throw std::runtime_error(relative + ": expected 3 columns or more");
  ReferenceScores result;
  result.scores = table.col(1);
  result.ranking.assign(static_cast<size_t>(table.rows()), -1);
  for (Eigen::Index row = 0; row < table.rows(); ++row) {
    if (table(row, 0) != static_cast<double>(row))
      throw std::runtime_error(relative + ": features out of order");
    const auto rank = static_cast<Eigen::Index>(table(row, 2));
    if (rank < 0 || rank >= table.rows()) throw std::runtime_error(relative + ": bad rank");
    result.ranking[static_cast<size_t>(rank)] = static_cast<int>(row);
  }
  return result;
}

}  // namespace tsfs::testing
