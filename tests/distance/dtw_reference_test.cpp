// The "dtw" distance against dtw-python 1.3.0 (tests/reference/dtw/, see its README.md): 127
// pairs of UCR series, equal and unequal lengths, x 2 step patterns x 3 windows x 2 local costs,
// distances and normalised distances, and the infeasible band combinations.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../data/test_support.hpp"
#include "common/text.hpp"
#include "distance/dtw.hpp"

using tsfs::DtwOptions;
using tsfs::test::input_error_text;
namespace dtw = tsfs::dtw;

namespace {

const std::string kFolder = std::string(TSFS_REFERENCE_DIR) + "/dtw/";

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

double number(std::string_view text) {
  auto value = tsfs::parse_double(text);
  REQUIRE_MESSAGE(value.has_value(), "not a number: " << std::string(text));
  return *value;
}

// series.tsv: label, then the values (rows of different lengths, no padding).
std::vector<std::vector<double>> read_series() {
  std::vector<std::vector<double>> series;
  for (const auto& line : read_lines(kFolder + "series.tsv")) {
    auto fields = tsfs::split(line, '\t');
    std::vector<double> values;
    for (size_t k = 1; k < fields.size(); ++k) values.push_back(number(fields[k]));
    series.push_back(std::move(values));
  }
  return series;
}

struct ReferenceRow {
  int i = 0, j = 0;
  DtwOptions options;  // step pattern, window, local; normalize false
  bool feasible = true;
  double distance = 0.0, normalized = 0.0;
};

// pairs.csv: i,j,len_i,len_j,step_pattern,window_size,local,distance,normalized_distance,note
std::vector<ReferenceRow> read_pairs() {
  auto lines = read_lines(kFolder + "pairs.csv");
  REQUIRE(lines.front().rfind("i,j,len_i,len_j,step_pattern,window_size,local,distance", 0) == 0);
  std::vector<ReferenceRow> rows;
  for (size_t k = 1; k < lines.size(); ++k) {
    auto fields = tsfs::split(lines[k], ',');
    REQUIRE(fields.size() == 10);
    ReferenceRow row;
    row.i = static_cast<int>(number(fields[0]));
    row.j = static_cast<int>(number(fields[1]));
    REQUIRE((fields[4] == "symmetric2" || fields[4] == "symmetric1"));
    row.options.step_pattern =
        fields[4] == "symmetric2" ? dtw::StepPattern::symmetric2 : dtw::StepPattern::symmetric1;
    if (!fields[5].empty()) row.options.window = static_cast<long long>(number(fields[5]));
    REQUIRE((fields[6] == "abs" || fields[6] == "squared"));
    row.options.local = fields[6] == "abs" ? dtw::LocalCost::abs : dtw::LocalCost::squared;
    row.distance = number(fields[7]);
    row.normalized = number(fields[8]);
    row.feasible = std::isfinite(row.distance);
    rows.push_back(row);
  }
  return rows;
}

double dtw_reference_relative_difference(double a, double b) {
  if (a == b) return 0.0;
  return std::abs(a - b) / std::max(std::abs(a), std::abs(b));
}

std::string group_key(const DtwOptions& options) {
  return tsfs::dtw_label(options);
}

}  // namespace

TEST_CASE("dtw equals dtw-python on every reference pair, one pair at a time") {
  auto series = read_series();
  auto rows = read_pairs();
  REQUIRE(series.size() == 26);
  REQUIRE(rows.size() == 1524);
  int feasible = 0, infeasible = 0;
  for (const auto& row : rows) {
    CAPTURE(row.i);
    CAPTURE(row.j);
    CAPTURE(group_key(row.options));
    auto dataset = tsfs::test::make_dataset(
        {series[static_cast<size_t>(row.i)], series[static_cast<size_t>(row.j)]}, "Reference");
    if (!row.feasible) {
      ++infeasible;
      auto text = input_error_text([&] { tsfs::dtw_matrix(dataset, row.options, 1); });
      CHECK(text == doctest::Contains("no warping path"));
      continue;
    }
    ++feasible;
    Eigen::MatrixXd distances = tsfs::dtw_matrix(dataset, row.options, 1);
    CHECK(dtw_reference_relative_difference(distances(0, 1), row.distance) <= 1e-9);
    CHECK(distances(1, 0) == distances(0, 1));
    DtwOptions normalized = row.options;
    normalized.normalize = true;
    if (row.options.step_pattern == dtw::StepPattern::symmetric2) {
      CHECK(dtw_reference_relative_difference(tsfs::dtw_matrix(dataset, normalized, 1)(0, 1),
                                              row.normalized) <= 1e-9);
    } else {
      CHECK(std::isnan(row.normalized));  // dtw-python cannot normalise symmetric1: we refuse
      CHECK(input_error_text([&] { tsfs::dtw_matrix(dataset, normalized, 1); }) ==
            doctest::Contains("symmetric2"));
    }
  }
  CHECK(feasible == 1312);
  CHECK(infeasible == 212);
}

TEST_CASE("dtw equals dtw-python on whole reference matrices (batches of mixed lengths)") {
  auto series = read_series();
  auto rows = read_pairs();
  // Sets of series whose lengths the windows allow (see the reference README): all 26 without a
  // band; GunPoint + the 145-long Gesture series for W = 5 and 20; ArrowHead + the 239-long one
  // for W = 20.
  std::vector<std::vector<int>> sets;
  std::vector<int> all(26), gun_point, arrow_head;
  for (int k = 0; k < 26; ++k) all[static_cast<size_t>(k)] = k;
  for (int k = 0; k < 12; ++k) gun_point.push_back(k);
  gun_point.push_back(25);
  for (int k = 18; k < 24; ++k) arrow_head.push_back(k);
  arrow_head.push_back(24);
  sets = {all, gun_point, arrow_head};

  int compared = 0;
  std::map<std::string, std::vector<ReferenceRow>> groups;
  for (const auto& row : rows) groups[group_key(row.options)].push_back(row);
  for (const auto& entry : groups) {
    const auto& key = std::get<0>(entry);
    const auto& group = std::get<1>(entry);
    CAPTURE(key);
    const DtwOptions& options = group.front().options;
    for (const auto& members : sets) {
      std::vector<std::vector<double>> chosen;
      int shortest = 1 << 30, longest = 0;
      for (int k : members) {
        chosen.push_back(series[static_cast<size_t>(k)]);
        shortest = std::min(shortest, static_cast<int>(chosen.back().size()));
        longest = std::max(longest, static_cast<int>(chosen.back().size()));
      }
      if (options.window && longest - shortest > *options.window) continue;
      for (int threads : {1, 2}) {
        Eigen::MatrixXd distances =
            tsfs::dtw_matrix(tsfs::test::make_dataset(chosen, "Reference"), options, threads);
        for (const auto& row : group) {
          auto i = std::find(members.begin(), members.end(), row.i);
          auto j = std::find(members.begin(), members.end(), row.j);
          if (i == members.end() || j == members.end()) continue;
          REQUIRE(row.feasible);
          CAPTURE(row.i);
          CAPTURE(row.j);
          CHECK(dtw_reference_relative_difference(
                    distances(i - members.begin(), j - members.begin()), row.distance) <= 1e-9);
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 1000);
}
