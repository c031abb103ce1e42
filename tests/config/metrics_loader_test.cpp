#include <doctest/doctest.h>

#include "config/spec.hpp"
#include "config/spec_test_support.hpp"

using tsfs::testing::spec_error;
using tsfs::testing::write_spec;

namespace {

// `metrics` is on line 5.
std::string with_metrics(const std::string& metrics) {
  return R"(datasets: [{name: Wafer, split: train}]
selectors: [{kind: anova}]
n_features: [10]
classifier: {kind: svc}
)" + metrics;
}

}  // namespace

TEST_CASE("metrics: absent by default, read in the order given") {
  CHECK(tsfs::load_spec(write_spec(with_metrics(""))).metrics.empty());
  const auto spec = tsfs::load_spec(
      write_spec(with_metrics("metrics: [roc_auc, macro_f1, average_precision]\n")));
  CHECK(spec.metrics == std::vector<tsfs::ChosenMetric>{tsfs::ChosenMetric::roc_auc,
                                                        tsfs::ChosenMetric::macro_f1,
                                                        tsfs::ChosenMetric::average_precision});
  CHECK(spec.resolved_yaml.find("metrics: [roc_auc, macro_f1, average_precision]") !=
        std::string::npos);
  CHECK(tsfs::load_spec(write_spec(with_metrics(""))).resolved_yaml.find("metrics") ==
        std::string::npos);
  const auto overridden =
      tsfs::load_spec(write_spec(with_metrics("metrics: [roc_auc]\n")), {"metrics=[macro_f1]"});
  CHECK(overridden.metrics == std::vector<tsfs::ChosenMetric>{tsfs::ChosenMetric::macro_f1});
}

TEST_CASE("metrics: bad entries name their line and column") {
  CHECK(spec_error(with_metrics("metrics: [roc_auc, roc_acu]\n"))
            .find("spec.yaml:5:20: unknown metric 'roc_acu' (did you mean 'roc_auc'?); known: "
                  "macro_f1, roc_auc, average_precision") != std::string::npos);
  CHECK(spec_error(with_metrics("metrics: [roc_auc, macro_f1, roc_auc]\n"))
            .find("5:30: metric 'roc_auc' is listed twice (first at ") != std::string::npos);
  CHECK(spec_error(with_metrics("metrics: [accuracy]\n"))
            .find("5:11: 'accuracy' is always written") != std::string::npos);
  CHECK(spec_error(with_metrics("metrics: roc_auc\n")).find("5:10: 'metrics' must be a list") !=
        std::string::npos);
  CHECK(spec_error(with_metrics("metrics: [[roc_auc]]\n"))
            .find("5:11: 'metrics item' must be a string") != std::string::npos);
  CHECK(spec_error(with_metrics("metric: [roc_auc]\n")).find("(did you mean 'metrics'?)") !=
        std::string::npos);
}
