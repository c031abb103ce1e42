#include "cli/compare_command.hpp"

#include <doctest/doctest.h>

#include "common/error.hpp"

namespace tsfs {
namespace {

TEST_CASE("parse_compare_arguments: the procedure's defaults and every statistics option") {
  const CompareArguments defaults = parse_compare_arguments({"run"});
  CHECK(defaults.statistics.alpha == 0.05);
  CHECK(defaults.statistics.cliques == compare::CliqueTest::wilcoxon_holm);
  CHECK(defaults.statistics.zero_method == statistics::ZeroMethod::wilcox);
  CHECK(defaults.statistics.tie_margin == 0);
  CHECK(defaults.statistics.rope == 0.01);
  CHECK(defaults.statistics.bayes_samples == 50000);
  CHECK(defaults.statistics.seed == 1);
  CHECK(defaults.family.empty());
  CHECK_FALSE(defaults.wait);
  CHECK(parse_compare_arguments({"run", "--wait"}).wait);

  const CompareArguments chosen = parse_compare_arguments(
      {"run", "--alpha", "0.1", "--cliques", "nemenyi", "--zero-method", "pratt", "--tie-margin",
       "0.005", "--rope", "0.02", "--bayes-samples", "1000", "--seed", "42", "--family",
       "n_features", "--output", "out_n{}"});
  CHECK(chosen.statistics.alpha == 0.1);
  CHECK(chosen.statistics.cliques == compare::CliqueTest::nemenyi);
  CHECK(chosen.statistics.zero_method == statistics::ZeroMethod::pratt);
  CHECK(chosen.statistics.tie_margin == 0.005);
  CHECK(chosen.statistics.rope == 0.02);
  CHECK(chosen.statistics.bayes_samples == 1000);
  CHECK(chosen.statistics.seed == 42);
  CHECK(chosen.family == "n_features");
  CHECK(parse_compare_arguments({"run", "--zero-method", "zsplit"}).statistics.zero_method ==
        statistics::ZeroMethod::zsplit);

  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"run", "--cliques", "bonferroni"},
        {"run", "--zero-method", "drop"},
        {"run", "--tie-margin", "-0.1"},
        {"run", "--rope", "nan"},
        {"run", "--bayes-samples", "0"},
        {"run", "--bayes-samples", "2.5"},
        {"run", "--seed", "-1"},
        {"run", "--family", ""},
        {"run", "--output", "out_n{}"}})
    CHECK_THROWS_AS(parse_compare_arguments(bad), InputError);
}

}  // namespace
}  // namespace tsfs
