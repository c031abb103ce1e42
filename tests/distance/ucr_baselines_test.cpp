// The UCR archive's three published 1-NN baselines (tests/reference/ucr-baselines/DataSummary.csv:
// "ED (w=0)", "DTW (learned_w)" with the learned window in percent, "DTW (w=100)", test error
// rates to 4 decimals) reproduced on every vendored dataset of third_party/ucr with the archive's
// DTW (ucr_dtw.hpp) and learned window (window_search.hpp). Where tsfs cannot agree, the case says
// why and pins what tsfs computes instead (README there). The cases named "long: " call the same
// functions as the others on larger datasets, and take ten times longer under the sanitizers (174 s
// for WormsTwoClass): the sanitizer run (make test-sanitize) leaves them out.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>

#include "../data/test_support.hpp"
#include "distance/ucr_dtw.hpp"
#include "distance/window_search.hpp"

using tsfs::Dataset;
using tsfs::test::ucr_folder;

namespace {

struct Published {
  double euclidean = 0, learned = 0, full = 0;
  int percent = 0;
};

// DataSummary.csv's three baselines by dataset name. Its quoted fields (donors) come after the
// ones read here, and its learned column reads " 0.0867 (0) ".
std::map<std::string, Published> published_baselines() {
  std::ifstream file(std::string(TSFS_REFERENCE_DIR) + "/ucr-baselines/DataSummary.csv");
  REQUIRE(file);
  std::map<std::string, Published> table;
  std::string line;
  std::getline(file, line);  // header
  while (std::getline(file, line)) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    for (std::string field; fields.size() < 10 && std::getline(stream, field, ',');)
      fields.push_back(field);
    Published row;
    row.euclidean = std::stod(fields[7]);
    row.learned = std::stod(fields[8]);
    row.percent = std::stoi(fields[8].substr(fields[8].find('(') + 1));
    row.full = std::stod(fields[9]);
    table[fields[2]] = row;
  }
  return table;
}

// What tsfs computes: the learned window and the three test error rates on the official split.
struct Baselines {
  int percent = 0;
  std::vector<long long> errors;  // leave-one-out errors per percent
  double euclidean = 0, learned = 0, full = 0;
};

Baselines compute_baselines(const Dataset& data) {
  std::vector<int> train, test;
  for (int row = 0; row < data.rows(); ++row) (row < data.train_rows ? train : test).push_back(row);
  const tsfs::WindowChoice choice = tsfs::learn_window(data, train, 2);
  Baselines result;
  result.percent = choice.percent;
  result.errors = choice.errors;
  const long long longest = data.lengths.maxCoeff();
  const tsfs::NeighbourTable table =
      tsfs::nearest_neighbours_by_band(data, test, train, {0, choice.band, longest}, false, 2);
  auto error_rate = [&](size_t k) {
    long long errors = 0;
    for (size_t q = 0; q < test.size(); ++q)
      if (data.labels(train[static_cast<size_t>(table.neighbour[k][q])]) != data.labels(test[q]))
        ++errors;
    return static_cast<double>(errors) / static_cast<double>(test.size());
  };
  result.euclidean = error_rate(0);
  result.learned = error_rate(1);
  result.full = error_rate(2);
  return result;
}

Dataset load(const std::string& name) {
  return tsfs::load_ucr_dataset({name, ucr_folder(name), tsfs::Split::merged, {}});
}

// Each series minus its mean, over its (population) standard deviation.
void z_normalise(Dataset& data) {
  for (Eigen::Index row = 0; row < data.rows(); ++row) {
    auto series = data.values.row(row).head(data.lengths(row));
    const double mean = series.mean();
    const double deviation = std::sqrt((series.array() - mean).square().mean());
    series = (series.array() - mean) / deviation;
  }
}

void check_published(const std::string& name, const Baselines& ours) {
  static const std::map<std::string, Published> table = published_baselines();
  const Published& published = table.at(name);
  CAPTURE(name);
  CHECK(ours.percent == published.percent);
  // The published rates are rounded to 4 decimals.
  CHECK(std::abs(ours.euclidean - published.euclidean) < 5e-5);
  CHECK(std::abs(ours.learned - published.learned) < 5e-5);
  CHECK(std::abs(ours.full - published.full) < 5e-5);
}

}  // namespace

TEST_CASE("ucr baselines agree with DataSummary.csv on the small vendored datasets") {
  for (const char* name :
       {"ArrowHead", "BeetleFly", "Coffee", "DiatomSizeReduction", "ECG200", "GunPoint",
        "ItalyPowerDemand", "MoteStrain", "SonyAIBORobotSurface1", "TwoLeadECG"})
    check_published(name, compute_baselines(load(name)));
}

TEST_CASE("long: ucr baselines agree with DataSummary.csv on Earthquakes") {
  check_published("Earthquakes", compute_baselines(load("Earthquakes")));
}

TEST_CASE("long: ucr baselines agree with DataSummary.csv on WormsTwoClass") {
  check_published("WormsTwoClass", compute_baselines(load("WormsTwoClass")));
}

// The archive stores PigAirwayPressure unnormalised but computed its baselines on z-normalised
// series (the raw series give 0.9087, 0.8077 at 8% and 0.8173).
TEST_CASE("long: ucr baselines agree with DataSummary.csv on PigAirwayPressure z-normalised") {
  Dataset data = load("PigAirwayPressure");
  z_normalise(data);
  check_published("PigAirwayPressure", compute_baselines(data));
}

// Wafer has no TEST file here: only its learned window can be compared.
TEST_CASE("long: ucr learned window agrees with DataSummary.csv on Wafer") {
  const Dataset data =
      tsfs::load_ucr_dataset({"Wafer", ucr_folder("Wafer"), tsfs::Split::train, {}});
  std::vector<int> train(static_cast<size_t>(data.rows()));
  std::iota(train.begin(), train.end(), 0);
  CHECK(tsfs::learn_window(data, train, 2).percent == 1);
}

// Disagreements, pinned. SmallKitchenAppliances: leave-one-out gives 106 errors at 15% (band 108)
// and 104 at 16% (band 116), which the brute-force search over the kernel's matrices confirms, so
// tsfs learns 16% where the archive published 15%.
TEST_CASE("long: ucr baselines where tsfs and DataSummary.csv disagree: SmallKitchenAppliances") {
  const Baselines kitchen = compute_baselines(load("SmallKitchenAppliances"));
  CHECK(kitchen.percent == 16);
  CHECK(kitchen.errors[15] == 106);
  CHECK(kitchen.errors[16] == 104);
  CHECK(std::abs(kitchen.euclidean - 0.6587) < 5e-5);
  CHECK(std::abs(kitchen.full - 0.3573) < 5e-5);
  CHECK(std::abs(kitchen.learned - 119.0 / 375.0) < 1e-12);  // published 0.3280 at 15%
}

// GestureMidAirD1: the archive computed its baselines on the "adjusted" copy, series padded to
// 360 values with low-amplitude noise; tsfs compares the series as they are (80 to 360 values), so
// only the learned window agrees (and its band 0 has no warping path between series of different
// lengths: no Euclidean baseline).
TEST_CASE("ucr baselines where tsfs and DataSummary.csv disagree: GestureMidAirD1") {
  const Baselines gestures = compute_baselines(load("GestureMidAirD1"));
  CHECK(gestures.percent == 5);
  CHECK(std::abs(gestures.learned - 45.0 / 130.0) < 1e-12);  // published 0.3615
  CHECK(std::abs(gestures.full - 72.0 / 130.0) < 1e-12);     // published 0.4308
}
