// The elastic distances' engine and registrations (src/distance/elastic/): bit-identical matrices
// for any thread count and instruction set, equal and unequal lengths, parameter checks, labels,
// dataset checks and interrupts. Agreement with aeon is in elastic_reference_test.cpp.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../data/test_support.hpp"
#include "common/interrupt.hpp"
#include "distance/distance.hpp"
#include "distance/elastic/matrix.hpp"
#include "distance/elastic/registration.hpp"

namespace elastic = tsfs::elastic;
using tsfs::Dataset;
using tsfs::ParamSet;
using tsfs::test::make_dataset;

namespace {

const std::vector<std::string> kNames = {"ddtw", "wdtw", "wddtw", "lcss", "edr",
                                         "erp",  "msm",  "twe",   "adtw", "shape_dtw"};

// Random walks with lengths in [shortest, longest]; equal_runs puts several of each length so
// that the SIMD batches are used too.
std::vector<std::vector<double>> elastic_random_series(int count, int shortest, int longest,
                                                       unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<int> length(shortest, longest);
  std::normal_distribution<double> step(0.0, 1.0);
  std::vector<std::vector<double>> series;
  int current = length(generator);
  for (int k = 0; k < count; ++k) {
    if (k % 7 == 0) current = length(generator);  // runs of 7 series of one length
    std::vector<double> one(static_cast<size_t>(current));
    double value = 0.0;
    for (double& entry : one) entry = value += step(generator);
    series.push_back(std::move(one));
  }
  return series;
}

// Each distance with a few non-default settings, windows included.
std::vector<elastic::Params> settings(const std::string& name) {
  std::vector<elastic::Params> result;
  for (double window : {1.0, 0.1, 0.0}) {
    elastic::Params params;
    params.window = window;
    params.g = name == "erp" ? 0.3 : 0.05;
    if (name == "lcss") params.epsilon = 0.5;
    params.reach = 3;
    result.push_back(params);
  }
  elastic::Params other;
  other.window = 0.3;
  other.g = name == "erp" ? -1.0 : 0.25;
  other.epsilon = 0.2;
  other.c = 0.1;
  other.independent = false;
  other.nu = 0.1;
  other.lmbda = 0.5;
  other.warp_penalty = 0.1;
  other.reach = 0;
  result.push_back(other);
  return result;
}

bool identical(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && (a.array() == b.array()).all();
}

ParamSet defaults_of(const tsfs::ComponentInfo& info,
                     std::vector<std::pair<std::string, tsfs::ParamValue>> given = {}) {
  ParamSet params;
  for (const auto& declaration : info.params)
    params.set(declaration.name, *declaration.default_value);
  for (auto& entry : given) {
    auto& name = std::get<0>(entry);
    auto& value = std::get<1>(entry);
    params.set(name, value);
  }
  return params;
}

}  // namespace

TEST_CASE("elastic matrices are bit-identical for 1 and 2 threads and every SIMD kernel") {
  // 44 series: runs of 7 of one length (batched) between 12 and 40 values, and the matrix
  // also pairs series of different lengths (the slanted band).
  const Dataset dataset = make_dataset(elastic_random_series(44, 12, 40, 5), "Ragged");
  for (const auto& name : kNames) {
    const elastic::Distance* distance = elastic::find_distance(name);
    REQUIRE(distance != nullptr);
    for (const auto& params : settings(name)) {
      CAPTURE(name);
      CAPTURE(params.window);
      const Eigen::MatrixXd one =
          elastic::elastic_matrix(dataset, *distance, params, 1, elastic::Simd::none, false);
      const Eigen::MatrixXd two =
          elastic::elastic_matrix(dataset, *distance, params, 2, elastic::best_simd(), false);
      const Eigen::MatrixXd best_one =
          elastic::elastic_matrix(dataset, *distance, params, 1, elastic::best_simd(), false);
      CHECK(identical(two, best_one));  // threads
      CHECK(identical(one, two));       // one pair at a time = SIMD batches, bitwise
      for (auto simd : {elastic::Simd::sse2, elastic::Simd::avx2}) {
        if (!elastic::simd_supported(simd)) continue;
        CAPTURE(elastic::simd_name(simd));
        CHECK(identical(one, elastic::elastic_matrix(dataset, *distance, params, 2, simd, false)));
      }
      CHECK(one == one.transpose());
      CHECK(one.diagonal().isZero(0.0));
      CHECK((one.array() >= 0.0).all());
      CHECK(one.allFinite());
      // Each entry is the one-pair kernel on the two series (x = the earlier row for equal
      // lengths; the distances are symmetric anyway).
      for (int a : {0, 8, 20}) {
        for (int b : {1, 9, 43}) {
          const auto x = dataset.series(a), y = dataset.series(b);
          CHECK(one(a, b) == elastic::pair_distance(*distance, params,
                                                    std::vector<double>(x.begin(), x.end()),
                                                    std::vector<double>(y.begin(), y.end())));
        }
      }
    }
  }
}

TEST_CASE("elastic distances: hand-checked values on tiny series") {
  auto value = [](const std::string& name, std::vector<double> x, std::vector<double> y,
                  elastic::Params params = {}) {
    return elastic::pair_distance(*elastic::find_distance(name), params, x, y);
  };
  elastic::Params lcss;
  lcss.epsilon = 0.5;
  // x = (0, 1, 2), y = (0, 2): the common subsequence (0, 2) has length 2 = min(3, 2).
  CHECK(value("lcss", {0, 1, 2}, {0, 2}, lcss) == 0.0);
  CHECK(value("lcss", {0, 1, 2}, {5, 6}, lcss) == 1.0);
  // msm: one move of 1, or a split (cost c) of a value between its neighbours.
  CHECK(value("msm", {1.0}, {2.0}) == 1.0);
  CHECK(value("msm", {1.0, 1.0}, {1.0}) == 1.0);  // merge the two 1s: c = 1
  // erp with g = 0: a gap costs |value|; (1, 2) against (1): match 1, then gap 2... aeon's border
  // holds the total gap cost, so C[1][0] = C[2][0] = 3.
  CHECK(value("erp", {1.0, 2.0}, {1.0}) == 2.0);
  // edr: a mismatch or an edit costs 1, divided by the longer length.
  elastic::Params edr;
  edr.epsilon = 0.1;
  CHECK(value("edr", {0, 0, 5}, {0, 0, 0}, edr) == 1.0 / 3.0);
  // adtw on equal series is 0; one value off costs its square.
  CHECK(value("adtw", {0, 1, 2}, {0, 1, 2}) == 0.0);
  CHECK(value("adtw", {0, 1, 2}, {0, 1, 4}) == 4.0);
  // twe: (1) against (2): one match |1 - 2| + |0 - 0| + nu * 0.
  CHECK(value("twe", {1.0}, {2.0}) == 1.0);
  // ddtw of series that differ by a constant offset: equal derivatives.
  CHECK(value("ddtw", {0, 1, 3, 6}, {5, 6, 8, 11}) == 0.0);
}

TEST_CASE("elastic registrations: parameters, defaults, checks, labels, unequal lengths") {
  const auto& registry = tsfs::DistanceRegistry::instance();
  const std::vector<std::pair<std::string, std::vector<std::string>>> expected_params = {
      {"ddtw", {"window"}},
      {"wdtw", {"window", "g"}},
      {"wddtw", {"window", "g"}},
      {"lcss", {"window", "epsilon"}},
      {"edr", {"window", "epsilon"}},
      {"erp", {"window", "g"}},
      {"msm", {"window", "independent", "c"}},
      {"twe", {"window", "nu", "lmbda"}},
      {"adtw", {"window", "warp_penalty"}},
      {"shape_dtw", {"window", "reach"}}};
  const Dataset ragged = make_dataset({{1, 2, 3, 4}, {1, 2, 3, 4, 5, 6, 7}, {1, 2, 3, 4, 5}});
  for (const auto& entry : expected_params) {
    const auto& name = std::get<0>(entry);
    const auto& params = std::get<1>(entry);
    CAPTURE(name);
    const auto* registration = registry.find(name);
    REQUIRE(registration != nullptr);
    const auto& info = registration->info;
    CHECK(info.param_names() == params);
    CHECK(tsfs::test::configured_distance(name, defaults_of(info))->label() == name);
    CHECK(tsfs::test::configured_distance(name, defaults_of(info, {{"window", 0.1}}))->label() ==
          name + "-w0.1");
    auto check = [&](const std::string& param, tsfs::ParamValue value) {
      return info.find_param(param)->check(value);
    };
    // Out-of-range values are refused by the declarations (the spec loader reports them with
    // the spec's file:line and exits 2).
    CHECK(check("window", 0.0).empty());
    CHECK(check("window", 1.0).empty());
    CHECK_FALSE(check("window", -0.1).empty());
    CHECK_FALSE(check("window", 1.5).empty());
    // Unequal lengths are fine for every one of them.
    CHECK_FALSE(tsfs::test::configured_distance(name, defaults_of(info))
                    ->check_dataset(ragged)
                    .has_value());
    auto measure = tsfs::test::configured_distance(name, defaults_of(info, {{"window", 0.5}}));
    CHECK(measure->cacheable());
    const Eigen::MatrixXd matrix = measure->pairwise(ragged, 2);
    CHECK(matrix.allFinite());
    CHECK(matrix(0, 1) == matrix(1, 0));
  }
  auto refuses = [&](const std::string& name, const std::string& param, tsfs::ParamValue value) {
    return !registry.find(name)->info.find_param(param)->check(value).empty();
  };
  CHECK(refuses("lcss", "epsilon", -0.5));
  CHECK(refuses("edr", "epsilon", std::string("-1")));
  CHECK(refuses("edr", "epsilon", std::string("abc")));
  CHECK_FALSE(refuses("edr", "epsilon", std::string("0.25")));
  CHECK_FALSE(refuses("edr", "epsilon", std::string("none")));
  CHECK(refuses("msm", "c", -1.0));
  CHECK(refuses("twe", "nu", -0.001));
  CHECK(refuses("twe", "lmbda", -1.0));
  CHECK(refuses("adtw", "warp_penalty", -1.0));
  CHECK(refuses("wdtw", "g", -0.05));
  CHECK_FALSE(refuses("erp", "g", -0.05));  // a reference value: either sign
  CHECK(refuses("erp", "g", std::nan("")));
  // Costs beyond a series value's bound (1e100) overflow the path sums: refused at load, where
  // the spec loader names the line and key, not met as an infinite distance mid-run.
  for (const auto& cost : std::vector<std::pair<std::string, std::string>>{
           {"erp", "g"}, {"msm", "c"}, {"twe", "nu"}, {"twe", "lmbda"}, {"adtw", "warp_penalty"}}) {
    const std::string& name = cost.first;  // named, not bound: CAPTURE takes it (Clang 14)
    const std::string& param = cost.second;
    CAPTURE(name);
    CHECK(registry.find(name)->info.find_param(param)->check(1.7e308) ==
          "must be within +-1e+100 (a series value's bound): a larger cost overflows the "
          "distance's sums to infinity");
    CHECK_FALSE(refuses(name, param, 1e100));
  }
  CHECK(refuses("erp", "g", -1.7e308));
  CHECK(refuses("shape_dtw", "reach", -1LL));

  const auto* msm = registry.find("msm");
  CHECK(tsfs::test::configured_distance(
            "msm", defaults_of(msm->info, {{"independent", false}, {"c", 0.5}}))
            ->label() == "msm-independentfalse-c0.5");
  const auto* edr = registry.find("edr");
  CHECK(tsfs::test::configured_distance("edr",
                                        defaults_of(edr->info, {{"epsilon", std::string("0.25")}}))
            ->label() == "edr-epsilon0.25");
  const auto params = elastic::params_from(
      "twe", defaults_of(registry.find("twe")->info, {{"nu", 0.5}, {"lmbda", 2.0}}));
  CHECK(params.nu == 0.5);
  CHECK(params.lmbda == 2.0);

  // ddtw / wddtw need 3 values per series (their derivative drops the first and the last).
  const Dataset short_one = make_dataset({{1, 2, 3, 4}, {1, 2}}, "Short");
  for (const char* name : {"ddtw", "wddtw"}) {
    const auto* registration = registry.find(name);
    auto problem = tsfs::test::configured_distance(name, defaults_of(registration->info))
                       ->check_dataset(short_one);
    REQUIRE(problem.has_value());
    CHECK(problem->message.find("series 1 of Short has 2") != std::string::npos);
    CHECK(tsfs::test::input_error_text([&] {
            tsfs::test::configured_distance(name, defaults_of(registration->info))
                ->pairwise(short_one, 1);
          }) == doctest::Contains("at least 3"));
  }
  CHECK_FALSE(tsfs::test::configured_distance("msm", defaults_of(registry.find("msm")->info))
                  ->check_dataset(short_one));
}

TEST_CASE("shape_dtw stops inside one long pair on an interrupt") {
  // One pair of 2,000 points at reach 200: 2000 x 2000 x 401 terms, seconds of work in a single
  // task, which parallel_for's check between tasks would not stop; each row of the pair checks.
  const Dataset dataset = make_dataset(elastic_random_series(2, 2000, 2000, 5));
  elastic::Params params;
  params.reach = 200;
  std::thread interrupter([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    tsfs::request_interrupt();
  });
  const auto started = std::chrono::steady_clock::now();
  CHECK_THROWS_AS(elastic::elastic_matrix(dataset, *elastic::find_distance("shape_dtw"), params, 1,
                                          elastic::best_simd(), false),
                  tsfs::Interrupted);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  interrupter.join();
  tsfs::clear_interrupt();
  CHECK(seconds < 1.0);
}

TEST_CASE("elastic matrix stops on an interrupt") {
  const Dataset dataset = make_dataset(elastic_random_series(30, 50, 50, 3));
  tsfs::request_interrupt();
  CHECK_THROWS_AS(elastic::elastic_matrix(dataset, *elastic::find_distance("msm"),
                                          elastic::Params{}, 2, elastic::best_simd(), false),
                  tsfs::Interrupted);
  tsfs::clear_interrupt();
  CHECK(elastic::elastic_matrix(dataset, *elastic::find_distance("msm"), elastic::Params{}, 2,
                                elastic::best_simd(), false)
            .allFinite());
}
