#include <doctest/doctest.h>

#include "config/spec.hpp"
#include "config/spec_test_support.hpp"

using tsfs::testing::spec_error;
using tsfs::testing::write_spec;

namespace {

// Line 4: the laplacian selector (k and sigma_ratio swept), line 5: anova; tune starts on line 7.
std::string tuned(const std::string& tune) {
  return std::string(R"(datasets: [{name: Wafer, split: train}]
distances: [{kind: ned}]
selectors:
  - {kind: laplacian, k: [5, 10], sigma_ratio: [0.1, 1], kernel_scale: 2}
  - {kind: anova}
n_features: [10, 20]
)") + tune;
}

}  // namespace

TEST_CASE("tune: parameters, inner protocol and metric are read with their defaults") {
  auto spec = tsfs::load_spec(
      write_spec(tuned("tune: {parameters: [laplacian.sigma_ratio, n_features]}\n")));
  REQUIRE(spec.tune);
  REQUIRE(spec.tune->parameters.size() == 2);
  CHECK(spec.tune->parameters[0].component == "laplacian");
  CHECK(spec.tune->parameters[0].parameter == "sigma_ratio");
  CHECK(spec.tune->parameters[0].where.line == 7);
  CHECK(spec.tune->parameters[1].component == "n_features");
  CHECK(spec.tune->inner.kind == tsfs::ProtocolKind::stratified_kfold);
  CHECK(spec.tune->inner.folds == 3);
  CHECK(spec.tune->inner.repeats == 1);
  CHECK(spec.tune->metric == tsfs::TuneMetric::accuracy);

  auto full = tsfs::load_spec(write_spec(
      tuned("tune:\n  parameters: [laplacian.k]\n  inner: {kind: stratified_kfold, folds: 4, "
            "repeats: 2, seed: 9}\n  metric: balanced_accuracy\n")));
  CHECK(full.tune->inner.folds == 4);
  CHECK(full.tune->inner.repeats == 2);
  CHECK(full.tune->inner.seed == 9);
  CHECK(full.tune->metric == tsfs::TuneMetric::balanced_accuracy);
  CHECK(tsfs::tune_metric_name(*full.tune) == "balanced_accuracy");

  // One of the spec's metrics: (line 7 holds them, tune moves to line 8).
  auto chosen = tsfs::load_spec(write_spec(
      tuned("metrics: [macro_f1, roc_auc]\ntune: {parameters: [laplacian.k], metric: roc_auc}\n")));
  CHECK(chosen.tune->metric == tsfs::TuneMetric::chosen);
  CHECK(chosen.tune->chosen_metric == tsfs::ChosenMetric::roc_auc);
  CHECK(chosen.tune->chosen_index == 1);
  CHECK(tsfs::tune_metric_name(*chosen.tune) == "roc_auc");
  CHECK_FALSE(tsfs::load_spec(write_spec(tuned(""))).tune);
}

TEST_CASE("tune: errors name file, line, column and key") {
  SUBCASE("unknown component, with a suggestion") {
    auto message = spec_error(tuned("tune: {parameters: [laplacain.k]}\n"));
    CHECK(message.find("spec.yaml:7:21:") != std::string::npos);
    CHECK(message.find("no component 'laplacain'") != std::string::npos);
    CHECK(message.find("did you mean 'laplacian'?") != std::string::npos);
  }
  SUBCASE("a selector kind the spec does not use") {
    CHECK(spec_error(tuned("tune: {parameters: [fisher.k]}\n")).find("no component 'fisher'") !=
          std::string::npos);
  }
  SUBCASE("unknown parameter") {
    auto message = spec_error(tuned("tune: {parameters: [n_features, laplacian.sigma]}\n"));
    CHECK(message.find("spec.yaml:7:33:") != std::string::npos);
    CHECK(message.find("'laplacian' has no parameter 'sigma'") != std::string::npos);
    CHECK(message.find("did you mean 'sigma_ratio'?") != std::string::npos);
  }
  SUBCASE("parameter not swept") {
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.kernel_scale]}\n"))
              .find("7:21: tuned parameter 'laplacian.kernel_scale' is not swept") !=
          std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [classifier.C]}\n"))
              .find("tuned parameter 'classifier.C' is not swept") != std::string::npos);
    auto single = spec_error(std::string(R"(datasets: [{name: Wafer, split: train}]
selectors: [{kind: anova}]
n_features: [10]
tune: {parameters: [n_features]}
)"));
    CHECK(single.find("spec.yaml:4:21: tuned parameter 'n_features' is not swept") !=
          std::string::npos);
  }
  SUBCASE("listed twice, not component.parameter, empty list") {
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k, laplacian.k]}\n"))
              .find("7:34: tuned parameter 'laplacian.k' is listed twice") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [sigma_ratio]}\n"))
              .find("must be 'component.parameter'") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: []}\n")).find("7:20:") != std::string::npos);
    CHECK(spec_error(tuned("tune: {metric: accuracy}\n")).find("'tune' needs 'parameters'") !=
          std::string::npos);
  }
  SUBCASE("bad inner protocol") {
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], inner: {kind: holdout_half}}\n"))
              .find("7:49: unknown inner protocol 'holdout_half'") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], inner: {folds: 1}}\n"))
              .find("7:50: 'tune.inner.folds' must be >= 2") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], inner: {fold: 3}}\n"))
              .find("unknown key 'fold'") != std::string::npos);
  }
  SUBCASE("bad metric, unknown key") {
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], metric: f1}\n"))
              .find("7:43: unknown tune metric 'f1'") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], metric: roc_acu}\n"))
              .find("did you mean 'roc_auc'?") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], metric: average_precision}\n"))
              .find("7:43: tune.metric 'average_precision' must also be listed in the spec's "
                    "metrics:") != std::string::npos);
    CHECK(spec_error(tuned("tune: {parameters: [laplacian.k], inner_folds: 3}\n"))
              .find("unknown key 'inner_folds'") != std::string::npos);
  }
}
