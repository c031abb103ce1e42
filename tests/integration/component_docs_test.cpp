// docs/components.md is generated from the registries by `runner list --markdown`; this test fails
// when a component, parameter, default or doc changed without the page being regenerated.
#include <doctest/doctest.h>

#include <sstream>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

// "line N: committed '...' / generated '...'" for the first line that differs.
std::string first_difference(const std::string& committed, const std::string& generated) {
  std::istringstream a(committed), b(generated);
  std::string line_a, line_b;
  for (int line = 1;; ++line) {
    bool more_a = static_cast<bool>(std::getline(a, line_a));
    bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a && !more_b) return "only in line ends";
    if (!more_a || !more_b || line_a != line_b)
      return "line " + std::to_string(line) + ": committed '" + (more_a ? line_a : "<end>") +
             "', generated '" + (more_b ? line_b : "<end>") + "'";
  }
}

}  // namespace

TEST_CASE("docs/components.md is runner list --markdown") {
  const auto run = run_runner("list --markdown");
  REQUIRE(run.exit_code == 0);
  const std::string committed = read_text(TSFS_SOURCE_DIR "/docs/components.md");
  const bool fresh = committed == run.out;
  CHECK_MESSAGE(fresh,
                "docs/components.md is stale: run `make docs` (build/runner list "
                "--markdown > docs/components.md) and commit it; first difference at "
                    << first_difference(committed, run.out));
}
