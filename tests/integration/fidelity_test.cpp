// The study's own saved accuracies (tests/reference/study/accuracy_vs_sigma.csv, converted from the
// pickles of its repository) against the same runs by tsfs, point by point. The count of equal
// points is pinned, and every point that differs must lie in the band of sigma/M-bar where the
// kNN weights span hundreds of orders of magnitude and rounding decides the ranking (issue 9).
// Wafer is left out: the study used 2000 rows of it, tsfs has its 1000 TRAIN rows.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

using PointKey = std::tuple<std::string, int, int>;  // dataset, n_features, index in the sigma grid

struct Point {
  double sigma_ratio = 0.0;
  double accuracy = 0.0;
};

// Column positions of `names` in `table`, in that order.
std::vector<size_t> columns(const tsfs::CsvTable& table, const std::vector<std::string>& names) {
  std::vector<size_t> positions;
  for (const auto& name : names) {
    auto position = table.column(name);
    REQUIRE_MESSAGE(position.has_value(), "no column " << name);
    positions.push_back(*position);
  }
  return positions;
}

std::map<PointKey, Point> study_points() {
  auto table = tsfs::read_csv_table(std::filesystem::path(TSFS_SOURCE_DIR) /
                                    "tests/reference/study/accuracy_vs_sigma.csv");
  const auto at =
      columns(table, {"dataset", "n_features", "sigma_index", "sigma_ratio", "accuracy"});
  std::map<PointKey, Point> points;
  for (const auto& row : table.rows) {
    if (row[at[0]] == "Wafer") continue;
    points[{row[at[0]], std::stoi(row[at[1]]), std::stoi(row[at[2]])}] = {std::stod(row[at[3]]),
                                                                          std::stod(row[at[4]])};
  }
  return points;
}

// A row's place in the sigma grid is the rank of its sigma_ratio among the distinct values.
std::map<PointKey, Point> tsfs_points(const tsfs::CsvTable& results) {
  const auto at = columns(results, {"dataset", "n_features", "sigma_ratio", "accuracy"});
  std::vector<double> grid;
  for (const auto& row : results.rows) grid.push_back(std::stod(row[at[2]]));
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  std::map<PointKey, Point> points;
  for (const auto& row : results.rows) {
    const double sigma = std::stod(row[at[2]]);
    const auto index = std::lower_bound(grid.begin(), grid.end(), sigma) - grid.begin();
    points[{row[at[0]], std::stoi(row[at[1]]), static_cast<int>(index)}] = {sigma,
                                                                            std::stod(row[at[3]])};
  }
  return points;
}

}  // namespace

TEST_CASE("the study's saved accuracy-vs-sigma runs: pinned count of equal points") {
  TemporaryFolder folder("study_fidelity");
  auto run = run_runner("tests/integration/specs/study_fidelity.yaml --quiet --set output=" +
                        folder.path().string());
  REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  const auto study = study_points();
  const auto tsfs = tsfs_points(tsfs::read_csv_table(folder.path() / "results.csv"));
  REQUIRE(study.size() == 1400);
  REQUIRE(tsfs.size() == 1400);

  std::map<std::string, int> equal;
  std::ostringstream differing;
  for (const auto& [key, expected] : study) {
    const auto found = tsfs.find(key);
    REQUIRE(found != tsfs.end());
    const Point& actual = found->second;
    CHECK(std::abs(actual.sigma_ratio - expected.sigma_ratio) <= 1e-12 * expected.sigma_ratio);
    if (std::abs(actual.accuracy - expected.accuracy) <= 1e-12) {
      ++equal[std::get<0>(key)];
      continue;
    }
    differing << std::get<0>(key) << " n=" << std::get<1>(key) << " sigma/M-bar "
              << expected.sigma_ratio << ": study " << expected.accuracy << ", tsfs "
              << actual.accuracy << "\n";
    // Outside the degenerate band, tsfs must agree with the study exactly.
    CHECK_MESSAGE(expected.sigma_ratio >= 5e-4, differing.str());
    CHECK_MESSAGE(expected.sigma_ratio <= 1.2e-2, differing.str());
  }
  // Pinned with the study's literal arithmetic (variant report2023 implies `arithmetic: literal`)
  // and TSFEL's Spectral entropy computed with NumPy's order of additions: 698 of 700 points
  // equal on each dataset. The 4 that differ (Earthquakes at sigma/M-bar 1.1e-2, n = 30 and 80;
  // WormsTwoClass at 2.8e-3, n = 80 and 150) lie at the edges of the band where the selection
  // is decided by rounding; they are not yet explained feature by feature. Before those two
  // changes (exact edge sums) the counts were 692 and 656. experiments/report/fidelity.py lists
  // the differing points from a results.csv.
  CHECK_MESSAGE(equal["Earthquakes"] == 698, differing.str());
  CHECK_MESSAGE(equal["WormsTwoClass"] == 698, differing.str());
}
