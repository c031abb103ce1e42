// The `protocol:` section of a spec: the resamples protocol's options and their checks.
#include <doctest/doctest.h>

#include "config/spec.hpp"
#include "config/spec_test_support.hpp"

using tsfs::testing::spec_error;
using tsfs::testing::write_spec;

namespace {

const std::string kBase = R"(datasets: [{name: GunPoint}]
selectors: [{kind: anova}]
)";

}  // namespace

TEST_CASE("protocol resamples reads count and seed, and shows them in the resolved spec") {
  auto spec =
      tsfs::load_spec(write_spec(kBase + "protocol: {kind: resamples, count: 10, seed: 4}\n"));
  CHECK(spec.protocol.kind == tsfs::ProtocolKind::resamples);
  CHECK(spec.protocol.resamples == 10);
  CHECK(spec.protocol.seed == 4);
  CHECK(spec.resolved_yaml.find("protocol: {kind: resamples, count: 10, seed: 4}") !=
        std::string::npos);
  auto defaults = tsfs::load_spec(write_spec(kBase + "protocol: {kind: resamples}\n"));
  CHECK(defaults.protocol.resamples == 30);  // the bake-off's 30 resamples
  CHECK(defaults.protocol.seed == 0);
}

TEST_CASE("protocol options that do not apply, or are out of range, are refused where written") {
  CHECK(spec_error(kBase + "protocol: {kind: resamples, folds: 3}\n")
            .find("spec.yaml:3:36: 'folds' applies to stratified_kfold only") != std::string::npos);
  CHECK(spec_error(kBase + "protocol: {kind: stratified_kfold, count: 3}\n")
            .find("'count' applies to resamples only") != std::string::npos);
  CHECK(spec_error(kBase + "protocol: {kind: train_test, seed: 3}\n")
            .find("'seed' applies to stratified_kfold and resamples only") != std::string::npos);
  CHECK(
      spec_error(kBase + "protocol: {kind: resamples, count: 0}\n").find("'count' must be >= 1") !=
      std::string::npos);
  CHECK(spec_error(kBase + "protocol: {kind: resample}\n")
            .find("unknown protocol 'resample' (did you mean 'resamples'?)") != std::string::npos);
}
