// The UCR archive's DTW (ucr_dtw.hpp) against the `dtw` kernel, its bounds, and the pruned window
// search (window_search.hpp) against a brute-force search over the kernel's full matrices on
// several vendored datasets: the same nearest neighbour (ties included) for every band, so the
// same leave-one-out errors and chosen window.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "../data/test_support.hpp"
#include "distance/dtw.hpp"
#include "distance/ucr_dtw.hpp"
#include "distance/window_search.hpp"

using tsfs::Dataset;
using tsfs::test::make_dataset;
using tsfs::test::ucr_folder;
namespace ucr = tsfs::ucr;

namespace {

tsfs::DtwOptions archive_options(long long band) {
  tsfs::DtwOptions options;
  options.step_pattern = tsfs::dtw::StepPattern::symmetric1;
  options.local = tsfs::dtw::LocalCost::squared;
  options.window = band;
  return options;
}

ucr::SeriesView view(const std::vector<double>& series) {
  return {series.data(), static_cast<int>(series.size())};
}

std::vector<double> window_search_random_series(std::mt19937_64& generator, int length) {
  std::normal_distribution<double> normal;
  std::vector<double> series(static_cast<size_t>(length));
  for (double& value : series) value = normal(generator);
  return series;
}

std::vector<int> row_range(long long begin, long long end) {
  std::vector<int> rows;
  for (long long row = begin; row < end; ++row) rows.push_back(static_cast<int>(row));
  return rows;
}

// Brute force: the kernel's distances, the first smallest in reference order.
std::vector<int> brute_force_neighbours(const Dataset& data, const std::vector<int>& queries,
                                        const std::vector<int>& references, long long band,
                                        bool leave_out_self) {
  const Eigen::MatrixXd distances = tsfs::dtw_block(
      data, {queries, references}, archive_options(band), 2, tsfs::dtw::best_isa(), false);
  std::vector<int> neighbours;
  for (size_t q = 0; q < queries.size(); ++q) {
    int best = -1;
    for (size_t r = 0; r < references.size(); ++r) {
      if (leave_out_self && references[r] == queries[q]) continue;
      const auto row = static_cast<Eigen::Index>(q), column = static_cast<Eigen::Index>(r);
      if (best < 0 || distances(row, column) < distances(row, best)) best = static_cast<int>(r);
    }
    neighbours.push_back(best);
  }
  return neighbours;
}

void check_against_brute_force(const Dataset& data, const std::vector<int>& queries,
                               const std::vector<int>& references, bool leave_out_self) {
  const std::vector<long long> bands = tsfs::percent_bands(data.lengths.maxCoeff());
  for (int threads : {1, 2}) {
    const tsfs::NeighbourTable table =
        tsfs::nearest_neighbours_by_band(data, queries, references, bands, leave_out_self, threads);
    for (size_t k = 0; k < bands.size(); ++k) {
      if (data.lengths.maxCoeff() - data.lengths.minCoeff() > bands[k]) continue;  // no path
      CAPTURE(bands[k]);
      CHECK(table.neighbour[k] ==
            brute_force_neighbours(data, queries, references, bands[k], leave_out_self));
    }
  }
}

}  // namespace

TEST_CASE("ucr band_of_percent rounds the percentage of the length up, as the archive") {
  CHECK(ucr::band_of_percent(0, 84) == 0);
  CHECK(ucr::band_of_percent(1, 84) == 1);  // MoteStrain's learned 1%
  CHECK(ucr::band_of_percent(4, 82) == 4);  // TwoLeadECG's learned 4%
  CHECK(ucr::band_of_percent(15, 720) == 108);
  CHECK(ucr::band_of_percent(100, 150) == 150);
  CHECK(tsfs::percent_bands(24).size() == 101);
}

namespace {

// The instruction sets this CPU runs ucr::warp with.
std::vector<tsfs::Isa> warp_isas() {
  std::vector<tsfs::Isa> isas = {tsfs::Isa::sse2};
  if (tsfs::isa_supported(tsfs::Isa::avx2)) isas.push_back(tsfs::Isa::avx2);
  return isas;
}

// The textbook recursion row by row, each cell carrying (cost, deviation) of its cheapest
// predecessor, cost first and then the smaller deviation: the distance and the smallest deviation
// among optimal paths. nullopt when no path fits the band.
std::optional<std::pair<double, long long>> textbook_warp(const std::vector<double>& x,
                                                          const std::vector<double>& y,
                                                          long long band) {
  const auto n = static_cast<long long>(x.size()), m = static_cast<long long>(y.size());
  if (std::llabs(n - m) > band) return std::nullopt;
  using Cell = std::pair<double, long long>;
  const Cell none{ucr::kInfinity, 0};
  std::vector<std::vector<Cell>> g(static_cast<size_t>(n), std::vector<Cell>(m, none));
  auto at = [&](long long a, long long b) {
    return a < 0 || b < 0 ? none : g[static_cast<size_t>(a)][static_cast<size_t>(b)];
  };
  for (long long a = 0; a < n; ++a)
    for (long long b = std::max(0LL, a - band); b <= std::min(m - 1, a + band); ++b) {
      const Cell best = a == 0 && b == 0 ? Cell{0.0, 0}
                                         : std::min({at(a - 1, b - 1), at(a - 1, b), at(a, b - 1)});
      const double difference = x[static_cast<size_t>(a)] - y[static_cast<size_t>(b)];
      g[static_cast<size_t>(a)][static_cast<size_t>(b)] = {
          best.first + difference * difference, std::max(best.second, std::llabs(a - b))};
    }
  return at(n - 1, m - 1);
}

}  // namespace

namespace {

// ucr::warp on every ISA under each band: the kernel's distance bit for bit, the textbook's
// distance and path deviation, the band's cell count; abandoned below the distance with a lower
// bound of it.
void check_warp(const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<long long>& bands) {
  const Dataset data = make_dataset({x, y});
  ucr::WarpScratch scratch;
  for (long long band : bands) {
    CAPTURE(band);
    const auto expected = textbook_warp(x, y, band);
    for (tsfs::Isa isa : warp_isas()) {
      CAPTURE(tsfs::isa_name(isa));
      const ucr::Warp warp = ucr::warp(view(x), view(y), band, ucr::kInfinity, scratch, isa);
      CHECK_FALSE(warp.abandoned);
      if (!expected) {
        CHECK(warp.value == ucr::kInfinity);
        continue;
      }
      const Eigen::MatrixXd block =
          tsfs::dtw_block(data, {{0}, {1}}, archive_options(band), 1, tsfs::dtw::best_isa(), false);
      CHECK(warp.value == block(0, 0));
      // The textbook's sums may be fused where a build contracts them (-march with FMA).
      CHECK(warp.value == doctest::Approx(expected->first).epsilon(1e-12));
      CHECK(warp.deviation == expected->second);
      CHECK(warp.cells == tsfs::dtw_cells(static_cast<long long>(x.size()),
                                          static_cast<long long>(y.size()), band));
      for (double threshold : {0.0, warp.value / 2}) {
        const ucr::Warp abandoned = ucr::warp(view(x), view(y), band, threshold, scratch, isa);
        if (abandoned.abandoned)
          CHECK((abandoned.value > threshold && abandoned.value <= warp.value));
        else
          CHECK(abandoned.value == warp.value);
      }
    }
  }
}

}  // namespace

TEST_CASE("ucr warp is the dtw kernel's distance bit for bit, with the textbook's path deviation") {
  std::mt19937_64 generator(7);
  std::uniform_int_distribution<int> level(0, 2);
  for (int trial = 0; trial < 40; ++trial) {
    CAPTURE(trial);
    // Lengths 5 to 44 against 5 to 57 (partial vectors at every offset); every other trial takes
    // values 0, 1 and 2 only, so that predecessors tie on cost and the deviation decides.
    const int n = 5 + trial, m = 5 + (trial * 7) % 53;
    auto x = window_search_random_series(generator, n),
         y = window_search_random_series(generator, m);
    if (trial % 2 == 1) {
      for (double& value : x) value = level(generator);
      for (double& value : y) value = level(generator);
    }
    check_warp(x, y, {0, 1, 2, 5, 13, 60});
  }
}

TEST_CASE("ucr warp at the narrowest bands, where odd anti-diagonals are empty or short") {
  // Lengths 9 to 40 (several vectors a diagonal), equal or one apart, values 0, 1 and 2 (ties).
  std::mt19937_64 generator(5);
  std::uniform_int_distribution<int> level(0, 2);
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const int n = 9 + trial, m = n + trial % 2;
    std::vector<double> x(static_cast<size_t>(n)), y(static_cast<size_t>(m));
    for (double& value : x) value = level(generator);
    for (double& value : y) value = level(generator);
    check_warp(x, y, {0, 1, 2});
  }
}

TEST_CASE("ucr warp abandons with a lower bound, and its path deviation keeps the distance exact") {
  std::mt19937_64 generator(11);
  ucr::WarpScratch scratch;
  for (int trial = 0; trial < 20; ++trial) {
    const auto x = window_search_random_series(generator, 40),
               y = window_search_random_series(generator, 40);
    const double full = ucr::warp(view(x), view(y), 40, ucr::kInfinity, scratch).value;
    for (tsfs::Isa isa : warp_isas())
      for (double threshold : {0.0, full / 4, full / 2, full}) {
        const ucr::Warp warp = ucr::warp(view(x), view(y), 40, threshold, scratch, isa);
        if (threshold == 0.0) CHECK(warp.abandoned);  // the first cell costs something
        if (threshold == full) CHECK_FALSE(warp.abandoned);
        if (!warp.abandoned) CHECK(warp.value == full);
        if (warp.abandoned) CHECK((warp.value > threshold && warp.value <= full));
        if (warp.abandoned) CHECK(warp.cells < tsfs::dtw_cells(40, 40, 40));
      }
    // Every band from the optimal path's deviation up gives the same double; one below, more.
    const long long deviation = ucr::warp(view(x), view(y), 40, ucr::kInfinity, scratch).deviation;
    for (long long band = deviation; band <= 40; ++band)
      CHECK(ucr::warp(view(x), view(y), band, ucr::kInfinity, scratch).value == full);
    if (deviation > 0)
      CHECK(ucr::warp(view(x), view(y), deviation - 1, ucr::kInfinity, scratch).value > full);
  }
}

TEST_CASE("ucr lower bounds never exceed the distance") {
  std::mt19937_64 generator(13);
  ucr::WarpScratch scratch;
  std::vector<double> upper, lower;
  for (int trial = 0; trial < 50; ++trial) {
    const int n = 10 + trial % 7, m = 10 + trial % 5;
    const auto x = window_search_random_series(generator, n),
               y = window_search_random_series(generator, m);
    for (long long band : {0LL, 3LL, 8LL, 30LL}) {
      const double distance = ucr::warp(view(x), view(y), band, ucr::kInfinity, scratch).value;
      ucr::envelope(view(y), band, n, upper, lower);
      CHECK(ucr::lb_keogh(view(x), upper, lower, ucr::kInfinity) <= distance);
      CHECK(ucr::lb_kim(view(x), view(y)) <= distance);
    }
  }
}

TEST_CASE("ucr envelope is the band's running maximum and minimum") {
  const std::vector<double> y = {3, 1, 4, 1, 5, 9, 2, 6};
  std::vector<double> upper, lower;
  ucr::envelope(view(y), 1, 10, upper, lower);
  CHECK(upper == std::vector<double>{3, 4, 4, 5, 9, 9, 9, 6, 6, -ucr::kInfinity});
  CHECK(lower == std::vector<double>{1, 1, 1, 1, 1, 2, 2, 2, 6, ucr::kInfinity});
}

// "long: ": ten times slower under the sanitizers (157 s), so make test-sanitize leaves it out; the
// case with ties and unequal lengths below runs the same search there.
TEST_CASE("long: window search equals brute force on GunPoint, TwoLeadECG and MoteStrain") {
  for (const char* name : {"GunPoint", "TwoLeadECG", "MoteStrain", "SonyAIBORobotSurface1"}) {
    CAPTURE(name);
    const Dataset data = tsfs::load_ucr_dataset({name, ucr_folder(name), tsfs::Split::merged, {}});
    const std::vector<int> train = row_range(0, data.train_rows);
    check_against_brute_force(data, train, train, true);  // leave-one-out
    check_against_brute_force(data, row_range(data.train_rows, data.train_rows + 60), train,
                              false);  // test rows
  }
}

TEST_CASE("window search equals brute force with ties and unequal lengths") {
  // ItalyPowerDemand's short series; duplicated rows make exact ties at every band.
  Dataset data = tsfs::load_ucr_dataset(
      {"ItalyPowerDemand", ucr_folder("ItalyPowerDemand"), tsfs::Split::train, {}});
  data.values.row(5) = data.values.row(30);
  data.values.row(40) = data.values.row(30);
  check_against_brute_force(data, row_range(0, data.rows()), row_range(0, data.rows()), true);
  // GestureMidAirD1's series of 80 to 360 values: narrow bands leave pairs without a path.
  const Dataset gestures = tsfs::load_ucr_dataset(
      {"GestureMidAirD1", ucr_folder("GestureMidAirD1"), tsfs::Split::train, 60});
  check_against_brute_force(gestures, row_range(0, 60), row_range(0, 60), true);
}

TEST_CASE("window search equals brute force when the queries are the references and more") {
  // As an archive-tuned distance searches (nearest_blocks.cpp): TRAIN and TEST rows against the
  // TRAIN rows, leaving each TRAIN row out; the widest band's pairs among the TRAIN rows are
  // computed once. The queries in a shuffled order, duplicated rows for ties.
  Dataset data = tsfs::load_ucr_dataset(
      {"ItalyPowerDemand", ucr_folder("ItalyPowerDemand"), tsfs::Split::merged, {}});
  data.values.row(3) = data.values.row(17);
  data.values.row(data.train_rows + 2) = data.values.row(17);
  std::vector<int> queries = row_range(0, data.train_rows + 40);
  std::shuffle(queries.begin(), queries.end(), std::mt19937_64(3));
  check_against_brute_force(data, queries, row_range(0, data.train_rows), true);
}

TEST_CASE("learn_window chooses the smallest percent with the fewest leave-one-out errors") {
  const Dataset data =
      tsfs::load_ucr_dataset({"TwoLeadECG", ucr_folder("TwoLeadECG"), tsfs::Split::train, {}});
  const tsfs::WindowChoice choice = tsfs::learn_window(data, row_range(0, data.rows()), 2);
  REQUIRE(choice.errors.size() == 101);
  CHECK(choice.percent == 4);
  CHECK(choice.band == 4);
  for (int percent = 0; percent < choice.percent; ++percent)
    CHECK(choice.errors[static_cast<size_t>(percent)] > choice.errors[4]);
  for (long long errors : choice.errors) CHECK(errors >= choice.errors[4]);
  CHECK(choice.stats.pruning_rate() > 0.5);
  CHECK(choice.stats.cells < choice.stats.brute_cells);
}
