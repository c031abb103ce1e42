#pragma once
// Readers for the catch22 reference files in tests/reference/catch22/ (copied from the shared
// reference set; README.md there describes them): the input series, the reference C program's
// printed outputs and the rounding-fragile values.
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/files.hpp"
#include "common/text.hpp"

namespace tsfs::test::catch22_reference {

inline std::filesystem::path folder() {
  return std::filesystem::path(TSFS_REFERENCE_DIR) / "catch22";
}

inline double parse_number(std::string_view token) {
  auto value = parse_double(token);
  if (!value) throw std::runtime_error("bad number in catch22 reference: " + std::string(token));
  return *value;
}

inline std::vector<std::string_view> data_lines(const std::string& text) {
  std::vector<std::string_view> lines;
  for (std::string_view line : split(text, '\n'))
    if (!line.empty()) lines.push_back(line);
  if (!lines.empty()) lines.erase(lines.begin());  // header
  return lines;
}

struct Series {
  std::string id;
  bool has_output = false;  // expected_output is not empty
  std::vector<double> values;
};

// series.csv: id,source,length,expected_output,values (space-separated).
inline std::vector<Series> load_series() {
  const std::string text = read_text_file(folder() / "series.csv");
  std::vector<Series> all;
  for (std::string_view line : data_lines(text)) {
    const auto fields = split(line, ',');
    Series series;
    series.id = std::string(fields.at(0));
    series.has_output = !fields.at(3).empty();
    for (std::string_view token : split(fields.at(4), ' '))
      if (!token.empty()) series.values.push_back(parse_number(token));
    if (series.values.size() != static_cast<size_t>(parse_number(fields.at(2))))
      throw std::runtime_error("catch22 reference: wrong length for " + series.id);
    all.push_back(std::move(series));
  }
  return all;
}

struct Expected {
  bool catch24 = false;          // set == "catch24"
  std::map<int, double> values;  // canonical_index -> value
  std::map<int, std::string> names;
};

// features.csv: series_id,set,position,canonical_index,feature,short_name,value.
inline std::map<std::string, Expected> load_features() {
  const std::string text = read_text_file(folder() / "features.csv");
  std::map<std::string, Expected> all;
  for (std::string_view line : data_lines(text)) {
    const auto fields = split(line, ',');
    Expected& expected = all[std::string(fields.at(0))];
    expected.catch24 = fields.at(1) == "catch24";
    const int index = static_cast<int>(parse_number(fields.at(3)));
    expected.values[index] = parse_number(fields.at(6));
    expected.names[index] = std::string(fields.at(4));
  }
  return all;
}

// fragile.csv: (series, feature) -> every accepted value (the committed one and the values seen
// after rounding-level changes of the input).
inline std::map<std::pair<std::string, std::string>, std::vector<double>> load_fragile() {
  const std::string text = read_text_file(folder() / "fragile.csv");
  std::map<std::pair<std::string, std::string>, std::vector<double>> all;
  for (std::string_view line : data_lines(text)) {
    const auto fields = split(line, ',');
    auto& accepted = all[{std::string(fields.at(0)), std::string(fields.at(1))}];
    accepted.push_back(parse_number(fields.at(2)));
    for (std::string_view token : split(fields.at(3), ' '))
      if (!token.empty()) accepted.push_back(parse_number(token));
  }
  return all;
}

}  // namespace tsfs::test::catch22_reference
