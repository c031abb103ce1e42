// Tests of the "dtw" distance against a plain full-matrix dynamic program written here, following
// dtw-python 1.3's recursion (Giorgino 2009; Sakoe & Chiba 1978), on every option combination.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "../data/test_support.hpp"
#include "distance/distance.hpp"
#include "distance/dtw.hpp"

using tsfs::Dataset;
using tsfs::dtw_matrix;
using tsfs::DtwOptions;
using tsfs::ParamSet;
using tsfs::test::input_error_text;
using tsfs::test::make_dataset;
namespace dtw = tsfs::dtw;

namespace {

using Series = std::vector<double>;

// The textbook O(n m) dynamic program over the whole cost matrix, as dtw-python computes it:
// g[0,0] = d[0,0]; each other cell takes the cheapest predecessor step (outside-window cells and
// cells with no path are NaN and skipped); symmetric2 weighs the diagonal step 2. nullopt when
// the end cell has no path.
std::optional<double> reference_dtw(const Series& x, const Series& y, dtw::StepPattern pattern,
                                    dtw::LocalCost local, std::optional<long long> window) {
  const auto n = static_cast<long long>(x.size()), m = static_cast<long long>(y.size());
  const double undefined = std::nan("");
  std::vector<double> g(static_cast<size_t>(n * m), undefined);
  auto at = [&](long long a, long long b) -> double& { return g[static_cast<size_t>(a * m + b)]; };
  auto inside = [&](long long a, long long b) { return !window || std::llabs(a - b) <= *window; };
  for (long long a = 0; a < n; ++a) {
    for (long long b = 0; b < m; ++b) {
      if (!inside(a, b)) continue;
      double difference = x[static_cast<size_t>(a)] - y[static_cast<size_t>(b)];
      double d = local == dtw::LocalCost::abs ? std::abs(difference) : difference * difference;
      if (a == 0 && b == 0) {
        at(a, b) = d;
        continue;
      }
      double best = undefined;
      auto consider = [&](long long pa, long long pb, double weight) {
        if (pa < 0 || pb < 0 || !inside(pa, pb) || std::isnan(at(pa, pb))) return;
        double candidate =
            pattern == dtw::StepPattern::symmetric2 ? at(pa, pb) + weight * d : at(pa, pb);
        if (std::isnan(best) || candidate < best) best = candidate;
      };
      consider(a - 1, b - 1, 2.0);
      consider(a - 1, b, 1.0);
      consider(a, b - 1, 1.0);
      if (!std::isnan(best)) at(a, b) = pattern == dtw::StepPattern::symmetric2 ? best : best + d;
    }
  }
  double end = at(n - 1, m - 1);
  if (std::isnan(end)) return std::nullopt;
  return end;
}

std::vector<Series> random_series(int count, int shortest, int longest, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_int_distribution<int> length(shortest, longest);
  std::normal_distribution<double> step(0.0, 1.0);
  std::vector<Series> all;
  for (int s = 0; s < count; ++s) {
    Series one(static_cast<size_t>(length(engine)));
    double level = step(engine);
    for (double& value : one) value = level += step(engine);  // random walks
    all.push_back(std::move(one));
  }
  return all;
}

double dtw_relative_difference(double a, double b) {
  if (a == b) return 0.0;
  return std::abs(a - b) / std::max(std::abs(a), std::abs(b));
}

struct Combination {
  DtwOptions options;
  std::string name;
};

// Every pattern x local x window (none, absolute, ratio) x normalize; symmetric1 cannot normalise.
std::vector<Combination> all_combinations(long long window, double ratio) {
  std::vector<Combination> result;
  for (auto pattern : {dtw::StepPattern::symmetric2, dtw::StepPattern::symmetric1})
    for (auto local : {dtw::LocalCost::abs, dtw::LocalCost::squared})
      for (int window_kind = 0; window_kind < 3; ++window_kind)
        for (bool normalize : {false, true}) {
          if (normalize && pattern == dtw::StepPattern::symmetric1) continue;
          DtwOptions options;
          options.step_pattern = pattern;
          options.local = local;
          if (window_kind == 1) options.window = window;
          if (window_kind == 2) options.window_ratio = ratio;
          options.normalize = normalize;
          result.push_back({options, tsfs::dtw_label(options)});
        }
  return result;
}

void check_against_reference(const std::vector<Series>& series, const DtwOptions& options,
                             int threads) {
  Dataset dataset = make_dataset(series);
  Eigen::MatrixXd distances = dtw_matrix(dataset, options, threads);
  auto band = tsfs::dtw_band(options, dataset.lengths.maxCoeff());
  for (size_t i = 0; i < series.size(); ++i) {
    CHECK(distances(static_cast<long long>(i), static_cast<long long>(i)) == 0.0);
    for (size_t j = i + 1; j < series.size(); ++j) {
      CAPTURE(i);
      CAPTURE(j);
      auto expected =
          reference_dtw(series[i], series[j], options.step_pattern, options.local, band);
      REQUIRE(expected.has_value());
      double value = *expected;
      if (options.normalize) value /= static_cast<double>(series[i].size() + series[j].size());
      auto row = static_cast<long long>(i), column = static_cast<long long>(j);
      CHECK(dtw_relative_difference(distances(row, column), value) <= 1e-12);
      CHECK(distances(row, column) == distances(column, row));
    }
  }
}

std::vector<dtw::Isa> supported_isas() {
  std::vector<dtw::Isa> result;
  for (auto isa : {dtw::Isa::sse2, dtw::Isa::avx2, dtw::Isa::avx512})
    if (dtw::isa_supported(isa)) result.push_back(isa);
  return result;
}

}  // namespace

TEST_CASE("dtw matches the full-matrix recursion on every option combination") {
  // Unequal lengths 30..40 with W = 12 and ratio 0.27 (W = ceil(0.27 x 40) = 11): all feasible.
  // 37 series: more than one batch per reference on every ISA, and partial batches.
  auto unequal = random_series(37, 30, 40, 7);
  for (const auto& combination : all_combinations(12, 0.27)) {
    CAPTURE(combination.name);
    check_against_reference(unequal, combination.options, 2);
  }
  // Equal lengths with a narrow band (W = 2, ratio 0.1 -> 3), where the band edges matter most.
  auto equal = random_series(11, 25, 25, 8);
  for (const auto& combination : all_combinations(2, 0.1)) {
    CAPTURE(combination.name);
    check_against_reference(equal, combination.options, 1);
  }
  // Lengths 1 and 2, and W = 0 (the diagonal only) on equal lengths.
  check_against_reference({{1.0}, {2.0, -1.0}, {0.5}, {3.0, 3.0}}, DtwOptions{}, 1);
  DtwOptions diagonal_only;
  diagonal_only.window = 0;
  check_against_reference(random_series(5, 9, 9, 9), diagonal_only, 1);
}

TEST_CASE("dtw hand-checked values") {
  // x = (0, 1), y = (0, 0, 1): the path (0,0) (0,1) (1,2) costs 0 + 0 + 2 x 0 = 0 under
  // symmetric2 and 0 under symmetric1; x = (0, 2), y = (1): g = 1 + |2 - 1| = 2 either way.
  Dataset dataset = make_dataset({{0, 1}, {0, 0, 1}, {0, 2}, {1}});
  DtwOptions options;
  Eigen::MatrixXd symmetric2 = dtw_matrix(dataset, options, 1);
  CHECK(symmetric2(0, 1) == 0.0);
  CHECK(symmetric2(2, 3) == 2.0);
  // (0,1) vs (0,2): diagonal step 0 + 2 x 1 = 2, or via (1,0)/(0,1): 0 + 2 + 1 > 2.
  CHECK(symmetric2(0, 2) == 2.0);
  options.step_pattern = dtw::StepPattern::symmetric1;
  CHECK(dtw_matrix(dataset, options, 1)(0, 2) == 1.0);  // 0 + |1 - 2|
  options = DtwOptions{};
  options.local = dtw::LocalCost::squared;
  CHECK(dtw_matrix(dataset, options, 1)(2, 3) == 2.0);  // (0-1)^2 + (2-1)^2
  options = DtwOptions{};
  options.normalize = true;
  CHECK(dtw_matrix(dataset, options, 1)(2, 3) == 2.0 / 3.0);  // / (2 + 1)
}

TEST_CASE("dtw is bit-identical for any thread count and any ISA, symmetric, zero diagonal") {
  auto series = random_series(70, 40, 60, 11);
  Dataset dataset = make_dataset(series);
  for (const auto& combination : all_combinations(25, 0.5)) {
    CAPTURE(combination.name);
    Eigen::MatrixXd one = dtw_matrix(dataset, combination.options, 1);
    Eigen::MatrixXd three = dtw_matrix(dataset, combination.options, 3);
    CHECK((one.array() == three.array()).all());
    CHECK(one == one.transpose());
    CHECK(one.diagonal().isZero(0.0));
    CHECK((one.array() > 0.0 || one.array() == 0.0).all());
    for (auto isa : supported_isas()) {
      CAPTURE(dtw::isa_name(isa));
      Eigen::MatrixXd other = dtw_matrix(dataset, combination.options, 2, isa);
      CHECK((one.array() == other.array()).all());
    }
  }
}

TEST_CASE("dtw reports a band too narrow for the lengths, naming the dataset and the pair") {
  Dataset dataset = make_dataset({{1, 2, 3, 4}, {1, 2, 3, 4, 5, 6, 7}, {1, 2, 3, 4, 5}}, "Ragged");
  DtwOptions options;
  options.window = 2;
  auto text = input_error_text([&] { dtw_matrix(dataset, options, 1); });
  CHECK(text == doctest::Contains("Ragged"));
  CHECK(text == doctest::Contains("series 0 (length 4) and series 1 (length 7)"));
  CHECK(text == doctest::Contains("no warping path"));
  options.window = 3;  // |4 - 7| = 3: exactly feasible
  CHECK(std::isfinite(dtw_matrix(dataset, options, 1)(0, 1)));
  options.window_if_longer_than = 7;  // longest is 7, not longer: no band
  CHECK(std::isfinite(dtw_matrix(dataset, options, 1)(0, 1)));
}

TEST_CASE("dtw band from window, window_ratio and window_if_longer_than") {
  DtwOptions options;
  CHECK_FALSE(tsfs::dtw_band(options, 900).has_value());
  options.window = 100;
  options.window_if_longer_than = 500;
  CHECK_FALSE(tsfs::dtw_band(options, 500).has_value());
  CHECK(tsfs::dtw_band(options, 501) == 100);
  options = DtwOptions{};
  options.window_ratio = 0.1;
  CHECK(tsfs::dtw_band(options, 152) == 16);  // ceil(15.2)
  CHECK(tsfs::dtw_band(options, 150) == 15);
  options.window_ratio = 0.07;
  CHECK(tsfs::dtw_band(options, 100) == 7);  // 0.07 x 100 = 7.000000000000001 in doubles
  options.window_ratio = 0.0;
  CHECK(tsfs::dtw_band(options, 100) == 0);
  CHECK(tsfs::dtw_cells(3, 3, std::nullopt) == 9);
  CHECK(tsfs::dtw_cells(3, 3, 0) == 3);
  CHECK(tsfs::dtw_cells(4, 3, 1) == 2 + 3 + 2 + 1);
}

TEST_CASE("dtw registration: parameters, defaults, labels, spec errors") {
  const auto* registration = tsfs::DistanceRegistry::instance().find("dtw");
  REQUIRE(registration != nullptr);
  const auto& info = registration->info;
  CHECK(info.param_names() == std::vector<std::string>{"step_pattern", "local", "window",
                                                       "window_ratio", "window_if_longer_than",
                                                       "normalize"});
  auto params_of = [&](std::vector<std::pair<std::string, tsfs::ParamValue>> given) {
    ParamSet params;
    for (const auto& spec : info.params) params.set(spec.name, *spec.default_value);
    for (auto& [name, value] : given) params.set(name, value);
    return params;
  };
  using S = std::string;
  auto label = [&](std::vector<std::pair<std::string, tsfs::ParamValue>> given) {
    return tsfs::test::configured_distance("dtw", params_of(std::move(given)))->label();
  };
  CHECK(label({}) == "dtw");
  CHECK(label({{"step_pattern", S("symmetric1")}}) == "dtw-symmetric1");
  CHECK(label({{"window", 100LL}}) == "dtw-w100");
  CHECK(label({{"window", 100LL}, {"window_if_longer_than", 500LL}}) == "dtw-w100-if500");
  CHECK(label({{"window_ratio", 0.10}}) == "dtw-r0.1");
  CHECK(label({{"local", S("squared")}}) == "dtw-sq");
  CHECK(label({{"normalize", true}}) == "dtw-norm");
  CHECK(
      label({{"step_pattern", S("symmetric1")}, {"local", S("squared")}, {"window_ratio", 0.25}}) ==
      "dtw-symmetric1-sq-r0.25");

  auto check = [&](const std::string& name, tsfs::ParamValue value) {
    return info.find_param(name)->check(value);
  };
  CHECK(info.find_param("window")->type == tsfs::ParamType::optional_integer);
  CHECK(check("window", std::monostate{}).empty());  // none: no band
  CHECK(check("window", 0LL).empty());
  CHECK(check("window", 100LL).empty());
  CHECK_FALSE(check("window", -1LL).empty());
  CHECK(info.find_param("window_ratio")->type == tsfs::ParamType::optional_real);
  CHECK(check("window_ratio", std::monostate{}).empty());
  CHECK(check("window_ratio", 0.1).empty());
  CHECK_FALSE(check("window_ratio", 1.5).empty());
  CHECK_FALSE(check("window_ratio", -0.1).empty());
  CHECK_FALSE(check("window_if_longer_than", -1LL).empty());

  CHECK(tsfs::test::configured_distance("dtw", params_of({}))->cacheable());
  // Combinations that do not go together fail while the spec is read (configure), and
  // dtw_matrix refuses them with the same message.
  for (auto given : std::vector<std::vector<std::pair<std::string, tsfs::ParamValue>>>{
           {{"step_pattern", S("symmetric1")}, {"normalize", true}},
           {{"window", 5LL}, {"window_ratio", 0.1}},
           {{"window_if_longer_than", 500LL}}}) {
    const auto configured = registration->configure(params_of(given));
    REQUIRE(configured.problem());
    DtwOptions options;
    if (given.front().first == "step_pattern") {
      options.step_pattern = tsfs::dtw::StepPattern::symmetric1;
      options.normalize = true;
    } else if (given.front().first == "window") {
      options.window = 5;
      options.window_ratio = 0.1;
    } else {
      options.window_if_longer_than = 500;
    }
    auto text = input_error_text([&] {
      tsfs::dtw_matrix(make_dataset({{1.0}, {2.0}}), options, 1);
    });
    CHECK(std::string(text.c_str()).find(configured.problem()->message) != std::string::npos);
  }
  // The shards' cost model: cells per pair, the band's 2W + 1 per row when `window` applies.
  CHECK(tsfs::test::configured_distance("dtw", params_of({}))->pair_cost(10) == 100.0);
  CHECK(tsfs::test::configured_distance("dtw", params_of({{"window", 3LL}}))->pair_cost(10) ==
        70.0);
  CHECK(registration->configure(params_of({{"step_pattern", S("symmetric1")}, {"normalize", true}}))
            .problem()
            ->message.find("symmetric2") != std::string::npos);
}
