// The elastic distances (src/distance/elastic/) against tests/reference/elastic-distances/ (see
// its README.md): aeon's own expected values on its test inputs, 1677 values on UCR series (equal
// and unequal lengths, 43 parameter settings per pair), and aeon's band rows.
//
// Tolerance: 1e-12 relative (absolute when the value is 0), the README's suggestion. The values
// of expected.csv come from a plain left-to-right evaluation without fused multiply-adds, which
// the kernels follow, so most agree bitwise; the test also reports how many. aeon's own numbers
// (aeon_expected.csv) differ from that evaluation by 1 ulp in three cases (numba's fastmath
// contracts and reassociates; README "Checks"), well inside the tolerance.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../data/test_support.hpp"
#include "common/text.hpp"
#include "distance/elastic/band.hpp"
#include "distance/elastic/matrix.hpp"
#include "distance/elastic/registration.hpp"

namespace elastic = tsfs::elastic;

namespace {

const std::string kElasticReferenceFolder = std::string(TSFS_REFERENCE_DIR) + "/elastic-distances/";
constexpr double kTolerance = 1e-12;  // relative; absolute for a zero value

using Row = std::vector<std::string>;

// RFC 4180: comma-separated, fields optionally quoted with doubled inner quotes, one record a line.
std::vector<Row> read_csv(const std::string& file) {
  std::ifstream in(kElasticReferenceFolder + file);
  REQUIRE_MESSAGE(in.good(), "cannot read " << kElasticReferenceFolder + file);
  std::vector<Row> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    Row row(1);
    bool quoted = false;
    for (size_t k = 0; k < line.size(); ++k) {
      const char c = line[k];
      if (quoted) {
        if (c == '"' && k + 1 < line.size() && line[k + 1] == '"') {
          row.back() += '"';
          ++k;
        } else if (c == '"') {
          quoted = false;
        } else {
          row.back() += c;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        row.emplace_back();
      } else {
        row.back() += c;
      }
    }
    rows.push_back(std::move(row));
  }
  REQUIRE(rows.size() > 1);
  return rows;
}

double elastic_reference_number(const std::string& text) {
  auto value = tsfs::parse_double(text);
  REQUIRE_MESSAGE(value.has_value(), "not a elastic_reference_number: " << text);
  return *value;
}

std::vector<double> numbers(const std::string& text) {
  std::vector<double> values;
  for (auto token : tsfs::split(text, ' '))
    if (!token.empty()) values.push_back(elastic_reference_number(std::string(token)));
  return values;
}

// A flat JSON object of numbers, null, true, false and one-elastic_reference_number arrays
// ("g_arr": [1.28]).
std::map<std::string, std::string> read_json(const std::string& text) {
  std::map<std::string, std::string> result;
  REQUIRE(text.front() == '{');
  REQUIRE(text.back() == '}');
  std::string body = text.substr(1, text.size() - 2);
  size_t k = 0;
  while (k < body.size()) {
    const size_t key_start = body.find('"', k) + 1;
    const size_t key_end = body.find('"', key_start);
    const std::string key = body.substr(key_start, key_end - key_start);
    size_t value_start = body.find(':', key_end) + 1;
    size_t value_end = body[value_start] == '['
                           ? body.find(']', value_start) + 1
                           : std::min(body.find(',', value_start), body.size());
    std::string value = body.substr(value_start, value_end - value_start);
    if (value.front() == '[') value = value.substr(1, value.size() - 2);
    result[key] = value;
    k = value_end + 1;
  }
  return result;
}

struct Case {
  const elastic::Distance* distance = nullptr;
  elastic::Params params;
  bool supported = true;  // false: aeon's Itakura parallelogram, not offered by tsfs
};

Case case_of(const std::string& name, const std::string& json) {
  Case result;
  result.distance = elastic::find_distance(name == "dtw" ? "aeon_dtw" : name);
  REQUIRE_MESSAGE(result.distance != nullptr, name);
  elastic::Params& params = result.params;
  // aeon's defaults where the parameter is absent; every row lists all parameters anyway.
  params.g = name == "erp" ? 0.0 : 0.05;
  params.epsilon = name == "lcss" ? std::optional<double>(1.0) : std::nullopt;
  for (const auto& [key, value] : read_json(json)) {
    if (key == "itakura_max_slope") {
      if (value != "null") result.supported = false;
    } else if (key == "window") {
      params.window = value == "null" ? 1.0 : elastic_reference_number(value);
    } else if (key == "epsilon") {
      if (value != "null") params.epsilon = elastic_reference_number(value);
    } else if (key == "g") {
      params.g = elastic_reference_number(value);
    } else if (key == "g_arr") {
      if (value != "null")
        params.g = elastic_reference_number(value);  // univariate: g_arr[0] replaces g
    } else if (key == "c") {
      params.c = elastic_reference_number(value);
    } else if (key == "independent") {
      params.independent = value == "true";
    } else if (key == "nu") {
      params.nu = elastic_reference_number(value);
    } else if (key == "lmbda") {
      params.lmbda = elastic_reference_number(value);
    } else if (key == "warp_penalty") {
      params.warp_penalty = elastic_reference_number(value);
    } else if (key == "reach") {
      params.reach = static_cast<int>(elastic_reference_number(value));
    } else {
      FAIL("unknown parameter " << key);
    }
  }
  return result;
}

double relative_error(double value, double expected) {
  if (expected == 0.0) return std::abs(value);
  return std::abs(value - expected) / std::abs(expected);
}

// Per distance: rows, rows bitwise equal, largest relative error.
struct Agreement {
  int rows = 0, bitwise = 0;
  double worst = 0.0;
  void add(double value, double expected) {
    ++rows;
    bitwise += value == expected;
    worst = std::max(worst, relative_error(value, expected));
  }
};

std::map<std::string, std::vector<double>> elastic_reference_read_series(const std::string& file,
                                                                         size_t values) {
  std::map<std::string, std::vector<double>> series;
  auto rows = read_csv(file);
  for (size_t k = 1; k < rows.size(); ++k) series[rows[k][0]] = numbers(rows[k][values]);
  return series;
}

}  // namespace

TEST_CASE("elastic distances equal aeon's own expected values (aeon_expected.csv)") {
  const auto series = elastic_reference_read_series("aeon_series.csv", 3);
  const auto rows = read_csv("aeon_expected.csv");
  REQUIRE(rows[0] == Row{"distance", "params", "a_id", "b_id", "aeon_expected", "ours",
                         "ours_swapped", "abs_diff", "bitwise_equal", "source"});
  std::map<std::string, Agreement> agreement;
  int itakura = 0;
  for (size_t k = 1; k < rows.size(); ++k) {
    const Row& row = rows[k];
    CAPTURE(row[0]);
    CAPTURE(row[1]);
    CAPTURE(row[9]);
    const Case test = case_of(row[0], row[1]);
    if (!test.supported) {
      ++itakura;
      continue;
    }
    const auto& x = series.at(row[2]);
    const auto& y = series.at(row[3]);
    const double aeon = elastic_reference_number(row[4]),
                 reference = elastic_reference_number(row[5]);
    const double value = elastic::pair_distance(*test.distance, test.params, x, y);
    CHECK(relative_error(value, aeon) <= kTolerance);
    CHECK(value == reference);  // the reference's own evaluation order: bitwise
    CHECK(elastic::pair_distance(*test.distance, test.params, y, x) ==
          elastic_reference_number(row[6]));
    agreement[row[0]].add(value, aeon);
  }
  CHECK(itakura == 11);  // aeon's Itakura cases (one per distance), not offered by tsfs
  // 62 of aeon's 65 values bitwise; the other three (wdtw g = 1, wddtw 5 vs 10, twe 5 vs 10) are
  // 1 ulp off, from numba's fastmath (README "Checks"): relative 2.0e-16, 1.2e-16, 1.1e-16.
  int values = 0, bitwise = 0;
  for (const auto& [name, a] : agreement) {
    values += a.rows;
    bitwise += a.bitwise;
    CHECK(a.worst <= 2.5e-16);
  }
  CHECK(values == 65);
  CHECK(bitwise == 62);
}

TEST_CASE("elastic distances equal the UCR reference values one pair at a time (expected.csv)") {
  const auto series = elastic_reference_read_series("series.csv", 6);
  const auto rows = read_csv("expected.csv");
  REQUIRE(rows[0] == Row{"distance", "params", "a_id", "b_id", "len_a", "len_b", "value",
                         "value_band_literal", "value_band_exact", "note"});
  REQUIRE(rows.size() == 1678);
  std::map<std::string, Agreement> agreement;
  for (size_t k = 1; k < rows.size(); ++k) {
    const Row& row = rows[k];
    CAPTURE(k + 1);
    CAPTURE(row[0]);
    CAPTURE(row[1]);
    const Case test = case_of(row[0], row[1]);
    REQUIRE(test.supported);
    const auto& x = series.at(row[2]);
    const auto& y = series.at(row[3]);
    REQUIRE(x.size() == static_cast<size_t>(elastic_reference_number(row[4])));
    const double expected = elastic_reference_number(row[6]);
    const double value = elastic::pair_distance(*test.distance, test.params, x, y);
    CHECK(relative_error(value, expected) <= kTolerance);
    // Every distance is symmetric, bitwise (README: so are the reference values).
    CHECK(elastic::pair_distance(*test.distance, test.params, y, x) == value);
    agreement[row[0]].add(value, expected);
    // EDR's default epsilon is NumPy's std, reproduced here to the bit.
    const std::string note = row[9];
    if (note.rfind("epsilon_used=", 0) == 0 && row[0] == "edr" && !test.params.epsilon) {
      const double used = elastic_reference_number(note.substr(13, note.find(';') - 13));
      CHECK(std::max(elastic::numpy_std(x.data(), static_cast<int>(x.size())),
                     elastic::numpy_std(y.data(), static_cast<int>(y.size()))) /
                4.0 ==
            used);
    }
  }
  // All 1677 bitwise: the kernels evaluate aeon's expressions in the reference's order.
  CHECK(agreement.size() == 11);
  for (const auto& entry : agreement) {
    const auto& name = std::get<0>(entry);
    const auto& a = std::get<1>(entry);
    CAPTURE(name);
    CHECK(a.bitwise == a.rows);
  }
}

TEST_CASE("elastic matrices equal the UCR reference values (every setting, batched and alone)") {
  // All 42 series in one dataset: its pairs include every pair of expected.csv. Series of one
  // length (ItalyPowerDemand, SonyAIBO, ECG200, GunPoint, ArrowHead) run in SIMD batches, the
  // GestureMidAirD1 series (all lengths distinct) pair by pair.
  const auto rows = read_csv("series.csv");
  std::vector<std::vector<double>> values;
  std::map<std::string, int> index;
  for (size_t k = 1; k < rows.size(); ++k) {
    index[rows[k][0]] = static_cast<int>(values.size());
    values.push_back(numbers(rows[k][6]));
  }
  const tsfs::Dataset dataset = tsfs::test::make_dataset(values, "ElasticReference");
  const auto expected = read_csv("expected.csv");
  std::map<std::pair<std::string, std::string>, std::vector<const Row*>> by_setting;
  for (size_t k = 1; k < expected.size(); ++k)
    by_setting[{expected[k][0], expected[k][1]}].push_back(&expected[k]);
  REQUIRE(by_setting.size() == 43);
  std::map<std::string, Agreement> agreement;
  for (const auto& entry : by_setting) {
    const auto& setting = std::get<0>(entry);
    const auto& setting_rows = std::get<1>(entry);
    CAPTURE(setting.first);
    CAPTURE(setting.second);
    const Case test = case_of(setting.first, setting.second);
    const Eigen::MatrixXd matrix = elastic::elastic_matrix(dataset, *test.distance, test.params, 2,
                                                           elastic::best_simd(), false);
    for (const Row* row : setting_rows) {
      const double value = matrix(index.at((*row)[2]), index.at((*row)[3]));
      const double reference = elastic_reference_number((*row)[6]);
      CHECK(relative_error(value, reference) <= kTolerance);
      agreement[setting.first].add(value, reference);
    }
  }
  for (const auto& entry : agreement) {
    const auto& name = std::get<0>(entry);
    const auto& a = std::get<1>(entry);
    CAPTURE(name);
    CHECK(a.bitwise == a.rows);
  }
}

TEST_CASE("elastic band equals aeon's band rows for every unequal-length case (bands.csv)") {
  const auto rows = read_csv("bands.csv");
  REQUIRE(rows[0][0] == "n");
  REQUIRE(rows[0][4] == "j_start");
  std::map<std::tuple<int, int, double>, elastic::Band> bands;
  int checked = 0;
  for (size_t k = 1; k < rows.size(); ++k) {
    const Row& row = rows[k];
    const int n = static_cast<int>(elastic_reference_number(row[0])),
              m = static_cast<int>(elastic_reference_number(row[1]));
    const double window = elastic_reference_number(row[2]);
    auto key = std::make_tuple(n, m, window);
    if (!bands.count(key)) bands[key] = elastic::sakoe_chiba_band(n, m, window);
    const elastic::Band& band = bands[key];
    const auto i = static_cast<size_t>(elastic_reference_number(row[3]));
    CAPTURE(k + 1);
    CHECK(band.start[i] == static_cast<int>(elastic_reference_number(row[4])));
    CHECK(band.end[i] == static_cast<int>(elastic_reference_number(row[5])));
    ++checked;
  }
  CHECK(checked == 11385);
  // Equal lengths reduce to |i - j| <= int(window * n); window 1 is the whole grid.
  const elastic::Band square = elastic::sakoe_chiba_band(10, 10, 0.2);
  CHECK(square.cells() == 44);  // aeon's test_bounding.py: 10 x 10 at window 0.2
  CHECK(elastic::sakoe_chiba_band(7, 9, 1.0).cells() == 63);
  CHECK(elastic::band_cells(100, 100, 0.29) == elastic::sakoe_chiba_band(100, 100, 0.28).cells());
}
