#include <doctest/doctest.h>

#include "classify/classifier.hpp"
#include "config/plot_kind.hpp"
#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "select/selector.hpp"

using tsfs::testing::spec_error;
using tsfs::testing::spec_error_text;
using tsfs::testing::write_spec;

namespace {

// The issue's example, verbatim.
const char* kWaferSigma = R"(name: wafer_sigma
datasets:
  - {name: Wafer, path: third_party/ucr/Wafer, split: train}
features: {extractor: raw}
distances: [{kind: ned}]
selectors:
  - {kind: laplacian, variant: report2023, k: 10, sigma_ratio: {logspace: {start: -7, stop: 3, num: 100}}, fit_on: all}
  - {kind: anova}
  - {kind: variance, fit_on: all}
n_features: [30, 80, 150]
classifier: {kind: svc}
protocol: {kind: holdout_half}
output: results/wafer_sigma
)";

std::string with(const std::string& selector_line) {
  return std::string(R"(datasets: [{name: Wafer, split: train}]
distances: [{kind: ned}]
selectors:
  - )") + selector_line +
         "\n";
}

}  // namespace

TEST_CASE("the issue's example spec loads with the expanded grid and presets") {
  auto spec = tsfs::load_spec(write_spec(kWaferSigma));
  CHECK(spec.name == "wafer_sigma");
  REQUIRE(spec.datasets.size() == 1);
  CHECK(spec.datasets[0].options.split == tsfs::Split::train);
  REQUIRE(spec.selectors.size() == 3);
  const auto& laplacian = spec.selectors[0];
  REQUIRE(laplacian.grid.size() == 100);
  CHECK(laplacian.fit_on == tsfs::FitOn::all);
  // numpy.logspace(-7, 3, 100): first, last and one value in between.
  CHECK(laplacian.grid.front().real("sigma_ratio") == 1e-7);
  CHECK(laplacian.grid.back().real("sigma_ratio") == 1000.0);
  CHECK(laplacian.grid[50].real("sigma_ratio") ==
        doctest::Approx(std::pow(10.0, -7.0 + 50 * 10.0 / 99)).epsilon(1e-15));
  // variant report2023 fills the unset parameters.
  CHECK(laplacian.grid[0].text("symmetrize") == "none");
  CHECK(laplacian.grid[0].real("kernel_scale") == 2.0);
  CHECK(laplacian.grid[0].text("order") == "descending");
  CHECK_FALSE(laplacian.grid[0].boolean("stable_weights"));
  CHECK(spec.selectors[1].fit_on == tsfs::FitOn::train);
  CHECK(spec.n_features == std::vector<long long>{30, 80, 150});
  CHECK(spec.classifier.grid.size() == 1);
  CHECK(spec.classifier.grid[0].text("gamma") == "scale");
  CHECK(spec.protocol.kind == tsfs::ProtocolKind::holdout_half);
  CHECK(spec.output == "results/wafer_sigma");
  CHECK(spec.cache == std::filesystem::path("results/wafer_sigma") / "cache");
  CHECK(spec.resolved_yaml.find("cache:") == std::string::npos);
}

TEST_CASE("a spec may name a cache folder outside its output, shared with other specs") {
  auto spec = tsfs::load_spec(write_spec(kWaferSigma), {"cache=/tmp/shared_cache"});
  CHECK(spec.cache == "/tmp/shared_cache");
  CHECK(spec.resolved_yaml.find("cache: /tmp/shared_cache") != std::string::npos);
  CHECK(spec_error(kWaferSigma, {"cache=''"}).find("'cache' must name a folder") !=
        std::string::npos);
}

TEST_CASE("explicit values override a variant's presets") {
  auto spec = tsfs::load_spec(
      write_spec(with("{kind: laplacian, variant: he2005, symmetrize: and, k: 5}")));
  const auto& params = spec.selectors[0].grid[0];
  CHECK(params.text("symmetrize") == "and");
  CHECK(params.real("kernel_scale") == 1.0);
  CHECK(params.text("order") == "ascending");
  CHECK(params.boolean("stable_weights"));
}

TEST_CASE("sweeps form the Cartesian product, last parameter fastest") {
  auto spec =
      tsfs::load_spec(write_spec(with("{kind: laplacian, k: {range: [5, 7]}, sigma_ratio: [0.1, "
                                      "1], variant: [he2005, report2023]}")));
  const auto& grid = spec.selectors[0].grid;
  REQUIRE(grid.size() == 12);
  CHECK(grid[0].integer("k") == 5);
  CHECK(grid[0].text("variant") == "he2005");
  CHECK(grid[1].text("variant") == "report2023");
  CHECK(grid[1].text("symmetrize") == "none");
  CHECK(grid[2].real("sigma_ratio") == 1.0);
  CHECK(grid[4].integer("k") == 6);
  CHECK(grid[11].integer("k") == 7);
}

TEST_CASE("classifier parameters sweep like selector parameters") {
  auto spec = tsfs::load_spec(
      write_spec(with("{kind: anova}") +
                 "classifier: {kind: svc, C: {logspace: {start: -1, stop: 1, num: 3}}, "
                 "gamma: [scale, auto, 0.01]}\n"));
  REQUIRE(spec.classifier.grid.size() == 9);
  CHECK(spec.classifier.grid[0].real("C") == doctest::Approx(0.1));
  CHECK(spec.classifier.grid[2].text("gamma") == "0.01");
  CHECK(spec.classifier.grid[8].real("C") == 10.0);
}

TEST_CASE("linspace ends exactly at stop and n_features accepts generators and 'all'") {
  auto spec = tsfs::load_spec(write_spec(
      with("{kind: laplacian, sigma_ratio: {linspace: {start: 0.01, stop: 1, num: 300}}}") +
      "n_features: [{range: [2, 4]}, all]\n"));
  CHECK(spec.selectors[0].grid.size() == 300);
  CHECK(spec.selectors[0].grid.back().real("sigma_ratio") == 1.0);
  CHECK(tsfs::load_spec(write_spec(with("{kind: anova}") + "n_features: {range: [2, 4]}\n"))
            .n_features == std::vector<long long>{2, 3, 4});
  CHECK(spec.n_features == std::vector<long long>{2, 3, 4, tsfs::kAllFeatures});
}

TEST_CASE("spec errors name file, line and column") {
  SUBCASE("unknown top-level key with a suggestion") {
    auto message = spec_error(with("{kind: anova}") + "n_feature: [10]\n");
    CHECK(message.find("spec.yaml:5:1: unknown key 'n_feature'") != std::string::npos);
    CHECK(message.find("did you mean 'n_features'?") != std::string::npos);
  }
  SUBCASE("misspelt selector parameter") {
    auto message = spec_error(with("{kind: laplacian, sigma_ration: 1}"));
    CHECK(message.find("spec.yaml:4:23: unknown key 'sigma_ration'") != std::string::npos);
    CHECK(message.find("did you mean 'sigma_ratio'?") != std::string::npos);
  }
  SUBCASE("unknown selector kind") {
    auto message = spec_error(with("{kind: laplace}"));
    CHECK(message.find("spec.yaml:4:12: unknown selector 'laplace' (did you mean 'laplacian'?)") !=
          std::string::npos);
  }
  SUBCASE("wrong type") {
    CHECK(spec_error(with("{kind: laplacian, k: ten}"))
              .find("4:26: expected an integer, got 'ten'") != std::string::npos);
  }
  SUBCASE("out of range") {
    CHECK(spec_error(with("{kind: laplacian, sigma_ratio: 0}"))
              .find("4:36: 'sigma_ratio' must be > 0") != std::string::npos);
    CHECK(
        spec_error(with("{kind: laplacian, sigma_ratio: {logspace: {start: -1, stop: 1, num: 0}}}"))
            .find("'num' must be a positive integer") != std::string::npos);
  }
  SUBCASE("bad choice") {
    CHECK(spec_error(with("{kind: laplacian, symmetrize: xor}"))
              .find("'symmetrize' must be one of or, and, none") != std::string::npos);
  }
  SUBCASE("supervised selector with fit_on: all") {
    CHECK(
        spec_error(with("{kind: anova, fit_on: all}")).find("4:27: selector 'anova' uses labels") !=
        std::string::npos);
  }
  SUBCASE("distance selector without distances") {
    CHECK(spec_error("datasets: [Wafer]\nselectors: [{kind: laplacian}]\n")
              .find("needs a distance") != std::string::npos);
  }
  SUBCASE("bad split, negative n_features, bad protocol") {
    CHECK(spec_error("datasets: [{name: Wafer, split: trian}]\nselectors: [{kind: anova}]\n")
              .find("spec.yaml:1:33: 'split' must be merged, train or test") != std::string::npos);
    CHECK(spec_error(with("{kind: anova}") + "n_features: [-3]\n").find("5:14:") !=
          std::string::npos);
    CHECK(spec_error(with("{kind: anova}") + "protocol: {kind: stratified_kfold, folds: 1}\n")
              .find("'folds' must be >= 2") != std::string::npos);
    CHECK(spec_error(with("{kind: anova}") + "protocol: {kind: holdout_half, folds: 3}\n")
              .find("applies to stratified_kfold only") != std::string::npos);
  }
  SUBCASE("YAML syntax error") {
    CHECK(spec_error("datasets: [Wafer\n").find("spec.yaml:") != std::string::npos);
  }
  SUBCASE("missing file") {
    try {
      tsfs::load_spec("/nonexistent/spec.yaml");
      FAIL("no error");
    } catch (const tsfs::InputError& error) {
      CHECK(std::string(error.what()) == "/nonexistent/spec.yaml: spec file not found");
    }
  }
}

TEST_CASE("--set overrides apply before validation") {
  auto path = write_spec(kWaferSigma);
  auto spec = tsfs::load_spec(
      path, {"selectors.0.k=20", "n_features=[5, 6]", "protocol.kind=stratified_kfold",
             "protocol.folds=3", "output=/tmp/x"});
  CHECK(spec.selectors[0].grid[0].integer("k") == 20);
  CHECK(spec.n_features == std::vector<long long>{5, 6});
  CHECK(spec.protocol.kind == tsfs::ProtocolKind::stratified_kfold);
  CHECK(spec.protocol.folds == 3);
  CHECK(spec.output == "/tmp/x");
  CHECK(spec_error(kWaferSigma, {"selectors.9.k=20"}).find("--set selectors.9.k") !=
        std::string::npos);
  CHECK(
      spec_error(kWaferSigma, {"selectors.0.k=0"}).find("--set selectors.0.k: 'k' must be >= 1") !=
      std::string::npos);
  CHECK(spec_error(kWaferSigma, {"nokey"}).find("expected key.path=value") != std::string::npos);
  // An unknown key made up by an override is blamed on the override, not on the spec file.
  CHECK(spec_error(kWaferSigma, {"nonexistent.key=3"})
            .find("--set nonexistent.key: unknown key 'nonexistent' in the spec") !=
        std::string::npos);
  CHECK(
      spec_error(kWaferSigma, {"classifier.kk=3"}).find("--set classifier.kk: unknown key 'kk'") !=
      std::string::npos);
}

TEST_CASE("plot limits, bins and smoothing are checked at load time") {
  const std::string spec = "datasets: [GunPoint]\nselectors: [{kind: anova}]\n";
  CHECK(spec_error_text(spec +
                        "plots: [{kind: line, name: p, x: n_features, y_min: 5, y_max: 1}]\n") ==
        doctest::Contains("spec.yaml:3:53: plot 'line': y_min (5) must be below y_max (1)"));
  CHECK_NOTHROW(tsfs::load_spec(
      write_spec(spec + "plots: [{kind: line, name: p, x: n_features, y_min: 0.5, y_max: 1}]\n")));
  CHECK(spec_error_text(spec + "plots: [{kind: histogram, name: h, x_min: 1, x_max: 0}]\n") ==
        doctest::Contains("plot 'histogram': x_min (1) must be below x_max (0)"));
  CHECK(spec_error_text(spec + "plots: [{kind: histogram, name: h, bins: 100000000}]\n") ==
        doctest::Contains("'bins' must be between 1 and 10000"));
  CHECK(spec_error_text(spec + "plots: [{kind: line, name: p, x: k, smooth_width: -1}]\n") ==
        doctest::Contains("smooth_width must be > 0"));
  CHECK(spec_error_text(spec +
                        "plots: [{kind: line, name: p, x: k, smooth: 3, smooth_width: 1}]\n") ==
        doctest::Contains("not both"));
}

TEST_CASE("a curve plot needs the spec's curves: of its kind, checked at load time") {
  const std::string spec = "datasets: [GunPoint]\nselectors: [{kind: anova}]\n";
  CHECK(spec_error_text(spec + "plots: [{kind: pr_curve, name: pr}]\n") ==
        doctest::Contains("spec.yaml:3:9: plot kind 'pr_curve' draws curves.csv, which needs "
                          "`curves: [pr]` in the spec"));
  CHECK(spec_error_text(spec + "curves: {kinds: [roc]}\nplots: [{kind: pr_curve, name: pr}]\n") ==
        doctest::Contains("needs `curves: [pr]`"));
  CHECK_NOTHROW(tsfs::load_spec(
      write_spec(spec + "curves: {kinds: [pr]}\nplots: [{kind: pr_curve, name: pr}]\n")));
}

TEST_CASE("discretising selectors bound their bins at load time") {
  CHECK(spec_error_text("datasets: [GunPoint]\nselectors: [{kind: chi2, bins: 100000000}]\n") ==
        doctest::Contains("spec.yaml:2:32: 'bins' must be at most 100000"));
  CHECK(spec_error_text("datasets: [GunPoint]\nselectors: [{kind: chi2, bins: 1}]\n") ==
        doctest::Contains("must be 0 or at least 2"));
}

TEST_CASE("a spec path that is a device, not a regular file, is refused as such") {
  CHECK_THROWS_WITH_AS(tsfs::load_spec("/dev/null", {}),
                       doctest::Contains("/dev/null: is not a regular file"), tsfs::InputError);
}

TEST_CASE("every name that becomes part of an output path is a plain file name") {
  const std::string selectors = "selectors: [{kind: anova}]\n";
  CHECK(spec_error_text("datasets: [../etc]\n" + selectors) ==
        doctest::Contains("spec.yaml:1:12: a dataset name '../etc' is part of output file names"));
  CHECK(spec_error_text("datasets: [{name: /abs/Wafer}]\n" + selectors) ==
        doctest::Contains("spec.yaml:1:19: a dataset name '/abs/Wafer'"));
  CHECK(spec_error_text("datasets: [{name: 'a\\b'}]\n" + selectors) ==
        doctest::Contains("path separator"));
  CHECK(spec_error_text("datasets: [\"Wa\\x01fer\"]\n" + selectors) ==
        doctest::Contains("'Wa\\x01fer' is part of output file names, so it must be a plain file "
                          "name: it holds a control character"));
  CHECK(spec_error_text("datasets: ['..']\n" + selectors) == doctest::Contains("it holds '..'"));
  CHECK(spec_error_text("name: ../../tmp/x\ndatasets: [GunPoint]\n" + selectors) ==
        doctest::Contains("spec.yaml:1:7: the spec 'name' '../../tmp/x'"));
  CHECK(spec_error_text("name: ''\ndatasets: [GunPoint]\n" + selectors) ==
        doctest::Contains("it is empty"));
  CHECK(spec_error_text("datasets: [GunPoint]\n" + selectors, {"name=a/b"}) ==
        doctest::Contains("--set name: the spec 'name' 'a/b'"));
  CHECK(spec_error_text("datasets: [GunPoint]\n" + selectors +
                        "plots: [{kind: line, name: ../fig, x: n_features, y: accuracy}]\n") ==
        doctest::Contains("a plot 'name' must be a plain file name: it holds a path separator"));
  CHECK(spec_error_text("datasets: [GunPoint]\n" + selectors +
                        "plots: [{kind: line, name: 'it''s', x: n_features, y: accuracy}]\n") ==
        doctest::Contains("cannot hold quotes"));
  // Without a name, the file's stem names the output folder: it is checked too.
  try {
    tsfs::load_spec(write_spec("datasets: [GunPoint]\n" + selectors, "..yaml"));
    FAIL("no error");
  } catch (const tsfs::InputError& error) {
    CHECK(doctest::String(error.what()) == doctest::Contains("its file name '.' cannot name"));
  }
  // The dataset's folder path is a path, not a name: anything goes there.
  auto spec =
      tsfs::load_spec(write_spec("datasets: [{name: Wafer, path: ../data/x/Wafer}]\n" + selectors));
  CHECK(spec.datasets[0].options.folder == "../data/x/Wafer");
}

TEST_CASE("the same dataset listed twice is an error naming both entries") {
  CHECK(spec_error_text(
            "datasets:\n  - GunPoint\n  - {name: Wafer, split: train}\n  - {name: GunPoint, "
            "split: test}\nselectors: [{kind: anova}]\n") ==
        doctest::Contains("spec.yaml:4:5: dataset 'GunPoint' is listed twice (first at "));
  CHECK(spec_error_text("datasets: [GunPoint, Wafer, GunPoint]\nselectors: [{kind: anova}]\n") ==
        doctest::Contains("spec.yaml:1:12); list each dataset once"));
  CHECK(spec_error_text("datasets: [GunPoint]\nselectors: [{kind: anova}]\n",
                        {"datasets=[Wafer, Wafer]"}) == doctest::Contains("listed twice"));
}

TEST_CASE("grids and sweeps too large for memory are refused at load time with their size") {
  // 1000 x 1000 combinations of one selector's parameters.
  CHECK(spec_error_text(with("{kind: laplacian, k: {range: [1, 1000]}, sigma_ratio: {logspace: "
                             "{start: -3, stop: 3, num: 1000}}}")) ==
        doctest::Contains("spec.yaml:4:5: selector grid has 1000000 parameter combinations (1000 "
                          "k x 1000 sigma_ratio), more than the 100000"));
  // Each component within limits, but their product is not.
  CHECK(spec_error_text(with("{kind: laplacian, k: {range: [1, 300]}, sigma_ratio: {logspace: "
                             "{start: -3, stop: 3, num: 300}}}") +
                        "n_features: {range: [1, 200]}\n") ==
        doctest::Contains("spec.yaml: the sweep has 18000000 grid cells (1 datasets x 90000 "
                          "selector settings x 200 n_features x 1 classifier settings)"));
  CHECK(spec_error_text(with("{kind: anova}") + "n_features: {range: [1, 1e12]}\n") ==
        doctest::Contains("spec.yaml:5:21: this makes 1000000000000 values"));
  CHECK(spec_error_text(with("{kind: anova}") + "n_features: [10, 20, 10]\n") ==
        doctest::Contains("spec.yaml:5:22: 'n_features' takes 10 twice (first at "));
  CHECK(spec_error_text(with("{kind: anova}") + "n_features: [all, all]\n") ==
        doctest::Contains("'n_features' takes all twice"));
  CHECK(spec_error_text(with("{kind: anova}") +
                        "n_features: {logspace: {start: 0, stop: 30, num: 3}}\n") ==
        doctest::Contains("must be positive integers or 'all', got 1e+30"));
  CHECK(spec_error_text(with("{kind: anova}") +
                        "protocol: {kind: stratified_kfold, folds: 4294967298}\n") ==
        doctest::Contains("'folds' must be <= 1000000"));
}

// Every component's registry entry is resolved once at load time and carried in the spec, with the
// distance's label (the `distance` column and file names) computed there too.
TEST_CASE("a loaded spec carries each component's registration and the distance labels") {
  auto spec = tsfs::load_spec(write_spec(R"(datasets: [{name: Wafer, split: train}]
features: {extractor: tsfel, domains: [statistical]}
distances:
  - {kind: ned}
  - {kind: dtw, window: 100, window_if_longer_than: 500}
selectors: [{kind: laplacian}, {kind: anova}]
classifier: {kind: knn}
plots: [{kind: histogram, name: scores_hist, bins: 20}]
)"));
  REQUIRE(spec.extractors.front().registration != nullptr);
  CHECK(spec.extractors.front().registration->info.name == "tsfel");
  REQUIRE(spec.distances.size() == 2);
  CHECK(spec.distances[0].registration->info.name == "ned");
  CHECK(spec.distances[0].label == "ned");
  CHECK(spec.distances[1].registration->info.name == "dtw");
  CHECK(spec.distances[1].label == "dtw-w100-if500");
  CHECK(spec.selectors[0].registration->info.name == "laplacian");
  CHECK(spec.selectors[0].registration->uses_distance);
  CHECK(spec.selectors[1].registration->info.name == "anova");
  CHECK_FALSE(spec.selectors[1].registration->uses_distance);
  REQUIRE(spec.classifier.registration != nullptr);
  CHECK(spec.classifier.registration->info.name == "knn");
  REQUIRE(spec.plots.size() == 1);
  CHECK(spec.plots[0].registration->info.name == "histogram");

  // No features key: the default raw extractor is resolved too.
  auto defaulted =
      tsfs::load_spec(write_spec("datasets: [{name: Wafer, split: train}]\n"
                                 "selectors: [{kind: variance}]\n"));
  REQUIRE(defaulted.extractors.front().registration != nullptr);
  CHECK(defaulted.extractors.front().registration->info.name == "raw");
  CHECK(defaulted.classifier.registration->info.name == "svc");
}

TEST_CASE("features: several extractors as a list of kinds or of entries, in spec.resolved.yaml") {
  const std::string head = "datasets: [{name: Wafer, split: train}]\nselectors: [{kind: anova}]\n";
  auto kinds = tsfs::load_spec(write_spec(head + "features: {extractor: [tsfel, catch22]}\n"));
  REQUIRE(kinds.extractors.size() == 2);
  CHECK(kinds.extractors[0].kind == "tsfel");
  CHECK(kinds.extractors[1].kind == "catch22");
  CHECK(kinds.extractors[0].params.real("fs") == 100);  // the default
  CHECK(kinds.extractors[1].where.line == 3);
  CHECK(kinds.extractors[1].where.column == 31);
  CHECK(kinds.resolved_yaml.find("features:\n  - {extractor: tsfel, ") != std::string::npos);

  auto entries = tsfs::load_spec(write_spec(
      head + "features: [{extractor: tsfel, fs: 50}, {extractor: catch22}, {extractor: raw}]\n"));
  REQUIRE(entries.extractors.size() == 3);
  CHECK(entries.extractors[0].params.real("fs") == 50);
  CHECK(entries.extractors[2].kind == "raw");
  // The resolved spec loads back to the same extractors.
  auto again = tsfs::load_spec(write_spec(entries.resolved_yaml, "resolved.yaml"));
  REQUIRE(again.extractors.size() == 3);
  CHECK(again.extractors[0].params.canonical() == entries.extractors[0].params.canonical());

  // One extractor is written as before.
  auto one = tsfs::load_spec(write_spec(head + "features: {extractor: catch22}\n"));
  CHECK(one.resolved_yaml.find("features: {extractor: catch22") != std::string::npos);
}

TEST_CASE("features: a repeated extractor, parameters beside a list, an empty list are refused") {
  const std::string head = "datasets: [{name: Wafer, split: train}]\nselectors: [{kind: anova}]\n";
  CHECK(spec_error_text(head + "features: {extractor: [tsfel, tsfel]}\n") ==
        doctest::Contains("spec.yaml:3:31: extractor 'tsfel' is listed twice in 'features' "
                          "(first at "));
  CHECK(spec_error_text(head + "features: {extractor: [tsfel, catch22], fs: 50}\n") ==
        doctest::Contains("'features' lists several extractors: give each its parameters in its "
                          "own entry"));
  CHECK(spec_error_text(head + "features: {extractor: []}\n") ==
        doctest::Contains("'features' lists no extractor"));
  CHECK(spec_error_text(head + "features: [{extractor: tsfel}, catch22]\n") ==
        doctest::Contains("each entry of 'features' needs 'extractor'"));
  CHECK(spec_error_text(head + "features: {extractor: [tsfel, catch23]}\n") ==
        doctest::Contains("unknown extractor 'catch23' (did you mean 'catch22'?)"));
}
