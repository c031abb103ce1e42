#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "config/spec.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/run/load.hpp"
#include "sweep/run/scores.hpp"
#include "sweep/run/tuning.hpp"

namespace {

std::set<int> set_of(const std::vector<int>& rows) {
  return {rows.begin(), rows.end()};
}

bool disjoint(const std::set<int>& a, const std::set<int>& b) {
  return std::none_of(a.begin(), a.end(), [&](int row) { return b.count(row) > 0; });
}

// GunPoint (200 series) with 4 outer folds, 3 inner folds each; one Laplacian fitted on each
// fold's training rows and one on all rows (of the outer fold's training set, inside tuning).
tsfs::Spec gunpoint_spec(const std::filesystem::path& folder) {
  std::filesystem::create_directories(folder);
  const auto file = folder / "spec.yaml";
  std::ofstream(file) << "name: tuning_test\n"
                         "datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
                         "/third_party/ucr/GunPoint}]\n"
                         "features: {extractor: raw}\n"
                         "distances: [{kind: euclidean}]\n"
                         "selectors:\n"
                         "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1, 2], fit_on: train}\n"
                         "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1, 2], fit_on: all}\n"
                         "n_features: [5, 10]\n"
                         "protocol: {kind: stratified_kfold, folds: 4, seed: 1}\n"
                         "tune: {parameters: [laplacian.sigma_ratio, n_features], inner: {folds: "
                         "3, seed: 2}}\n"
                         "output: "
                      << (folder / "out").string() << "\n";
  return tsfs::load_spec(file);
}

}  // namespace

TEST_CASE("best_candidate takes the largest mean inner score and counts the candidates tied") {
  using tsfs::TieBreak;
  const double nan = std::nan("");
  struct Case {
    std::vector<double> scores;
    size_t first, last;
    int tied;
  };
  for (const Case& c : std::vector<Case>{{{0.5, 0.7, 0.7, 0.6}, 1, 2, 2},
                                         {{0.3, 0.3, 0.3}, 0, 2, 3},
                                         {{0.9}, 0, 0, 1},
                                         {{0.1, 0.2, 0.8}, 2, 2, 1},
                                         {{nan, 0.4, nan, 0.4, 0.1}, 1, 3, 2},
                                         {{0.7, 0.2, 0.7, 0.9}, 3, 3, 1}}) {
    CAPTURE(c.first);
    const auto first = tsfs::best_candidate(c.scores, TieBreak::first);
    const auto last = tsfs::best_candidate(c.scores, TieBreak::last);
    CHECK(first.index == c.first);
    CHECK(last.index == c.last);
    CHECK(first.tied == c.tied);
    CHECK(last.tied == c.tied);
  }
  const auto none = tsfs::best_candidate({nan, nan}, TieBreak::first);
  CHECK(none.index == 2);
  CHECK(none.tied == 0);
}

TEST_CASE("inner folds split each outer fold's training rows and never see its test rows") {
  const tsfs::testing::TemporaryFolder scratch("tuning");
  const auto& folder = scratch.path();
  const tsfs::Spec spec = gunpoint_spec(folder);
  const auto datasets = tsfs::prepare_datasets(spec, folder / "cache", 1);
  REQUIRE(datasets.size() == 1);
  const auto& dataset = datasets.front();
  REQUIRE(dataset.folds.size() == 4);
  REQUIRE(dataset.inner_folds.size() == 12);
  for (size_t g = 0; g < dataset.inner_folds.size(); ++g) {
    const auto& inner = dataset.inner_folds[g];
    const auto& outer = dataset.folds[static_cast<size_t>(dataset.inner_outer[g])];
    CHECK(dataset.inner_outer[g] == static_cast<int>(g / 3));
    CHECK(inner.index == static_cast<int>(g % 3));
    auto train = set_of(inner.train_rows), test = set_of(inner.test_rows);
    CHECK(disjoint(train, test));
    std::set<int> both = train;
    both.insert(test.begin(), test.end());
    CHECK(both == set_of(outer.train_rows));
    CHECK(&dataset.fold(static_cast<int>(4 + g)) == &inner);
  }

  const tsfs::Plan plan = tsfs::make_plan(spec, datasets);
  const auto tuned = tsfs::tuned_cells(spec, plan);
  // One tuned row per Laplacian entry; candidates: 3 sigmas x 2 n_features, in grid order.
  REQUIRE(tuned.size() == 2);
  for (const auto& row : tuned) {
    REQUIRE(row.candidates.size() == 6);
    CHECK(std::is_sorted(row.candidates.begin(), row.candidates.end()));
  }
  CHECK(plan.cells[static_cast<size_t>(tuned[0].candidates[0])].selector == 0);
  CHECK(plan.cells[static_cast<size_t>(tuned[1].candidates[0])].selector == 1);

  const auto inner = tsfs::make_inner_plan(spec, datasets, plan, tuned);
  // Distinct units: 3 sigmas x 12 inner folds (fit_on: train) + 3 sigmas x 4 outer training sets
  // (fit_on: all); n_features shares them.
  CHECK(inner.units.score_units.size() == 3 * 12 + 3 * 4);
  for (size_t t = 0; t < tuned.size(); ++t)
    for (size_t c = 0; c < tuned[t].candidates.size(); ++c) {
      REQUIRE(inner.unit_of[t][c].size() == 12);
      for (size_t g = 0; g < 12; ++g) {
        const auto& unit = inner.units.score_units[static_cast<size_t>(inner.unit_of[t][c][g])];
        const auto fit_rows = set_of(tsfs::unit_fit_rows(dataset, unit));
        const auto& outer = dataset.folds[static_cast<size_t>(dataset.inner_outer[g])];
        CHECK(disjoint(fit_rows, set_of(outer.test_rows)));
        CHECK(fit_rows == set_of(t == 0 ? dataset.inner_folds[g].train_rows : outer.train_rows));
      }
    }
  std::filesystem::remove_all(folder);
}

// WormsTwoClass has 33 pairs of identical series: with `duplicates: group` no pair straddles an
// inner split either (with `keep`, some do).
TEST_CASE("inner folds keep identical series together under duplicates: group") {
  const tsfs::testing::TemporaryFolder scratch("tuning_group");
  const auto& folder = scratch.path();
  for (const char* handling : {"keep", "group"}) {
    const auto file = folder / "spec.yaml";
    std::ofstream(file) << "datasets: [{name: WormsTwoClass, path: " TSFS_SOURCE_DIR
                           "/third_party/ucr/WormsTwoClass}]\n"
                           "selectors: [{kind: variance}]\n"
                           "n_features: [5, 10]\n"
                           "protocol: {kind: stratified_kfold, folds: 3, seed: 0}\n"
                           "tune: {parameters: [n_features]}\n"
                           "duplicates: "
                        << handling << "\noutput: " << (folder / "out").string() << "\n";
    const auto datasets = tsfs::prepare_datasets(tsfs::load_spec(file), folder / "cache", 1);
    const auto& dataset = datasets.front();
    REQUIRE(dataset.duplicates.groups.groups == 33);
    const int straddling =
        tsfs::straddling_duplicates(dataset.inner_folds, dataset.duplicates.groups);
    if (std::string(handling) == "group") {
      CHECK(straddling == 0);
    } else {
      CHECK(straddling > 0);
    }
    for (size_t g = 0; g < dataset.inner_folds.size(); ++g) {
      std::set<int> both = set_of(dataset.inner_folds[g].train_rows);
      for (int row : dataset.inner_folds[g].test_rows) both.insert(row);
      CHECK(both == set_of(dataset.folds[static_cast<size_t>(dataset.inner_outer[g])].train_rows));
    }
  }
  std::filesystem::remove_all(folder);
}
