#include <doctest/doctest.h>

#include "config/spec.hpp"
#include "config/spec_test_support.hpp"

using tsfs::testing::spec_error;
using tsfs::testing::write_spec;

namespace {

// `curves` is on line 5.
std::string with_curves(const std::string& curves) {
  return R"(datasets: [{name: Wafer, split: train}]
selectors: [{kind: anova}, {kind: variance}]
n_features: [10, 30]
classifier: {kind: svc, C: [1, 10]}
)" + curves;
}

}  // namespace

TEST_CASE("curves: kinds alone, or kinds and where") {
  CHECK_FALSE(tsfs::load_spec(write_spec(with_curves(""))).curves);
  const auto all = tsfs::load_spec(write_spec(with_curves("curves: [roc, pr]\n")));
  REQUIRE(all.curves);
  CHECK(all.curves->kinds ==
        std::vector<tsfs::CurveKind>{tsfs::CurveKind::roc, tsfs::CurveKind::pr});
  CHECK(all.curves->where.empty());
  const auto chosen = tsfs::load_spec(write_spec(with_curves(
      "curves: {kinds: [pr], where: {selector: anova, n_features: [10, 30], classifier_C: 1}}\n")));
  REQUIRE(chosen.curves);
  REQUIRE(chosen.curves->where.size() == 3);
  CHECK(chosen.curves->where[0].column == "selector");
  CHECK(chosen.curves->where[1].values == std::vector<std::string>{"10", "30"});
  CHECK(chosen.curves->where[2].where.line == 5);
  CHECK(chosen.resolved_yaml.find("curves: {kinds: [pr], where: {selector: [anova], n_features: "
                                  "[10, 30], classifier_C: [1]}}") != std::string::npos);
}

TEST_CASE("curves: bad entries name their line and column") {
  CHECK(spec_error(with_curves("curves: [roc, precision]\n"))
            .find("5:15: unknown curve kind 'precision'") != std::string::npos);
  CHECK(spec_error(with_curves("curves: [roc, roc]\n"))
            .find("5:15: curve kind 'roc' is listed twice") != std::string::npos);
  CHECK(spec_error(with_curves("curves: {kinds: [pr], where: {selektor: anova}}\n"))
            .find("5:31: curves.where: 'selektor' is not a key column of this spec's results "
                  "(did you mean 'selector'?)") != std::string::npos);
  CHECK(spec_error(with_curves("curves: {kind: [pr]}\n")).find("(did you mean 'kinds'?)") !=
        std::string::npos);
  CHECK(spec_error(with_curves("curves: {where: {selector: anova}}\n"))
            .find("5:9: 'curves' needs 'kinds'") != std::string::npos);
  CHECK(spec_error(with_curves("curves: []\n")).find("5:9: curve kinds must be a non-empty list") !=
        std::string::npos);
  CHECK(spec_error(with_curves("curves: pr\n")).find("5:9: 'curves' must be a list") !=
        std::string::npos);
}
