// Exit code 1 is for bugs in tsfs only: every bad input of the corpus (tests/integration/
// bad_inputs/*.yaml, see its README) is refused with exit code 2 and an "error: " line.
#include <doctest/doctest.h>

#include <algorithm>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;

TEST_CASE("no input of the bad-input corpus yields exit code 1 (or a crash)") {
  TemporaryFolder folder("bad_inputs");
  std::vector<std::filesystem::path> specs;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(TSFS_SOURCE_DIR) / "tests/integration/bad_inputs"))
    if (entry.path().extension() == ".yaml") specs.push_back(entry.path());
  std::sort(specs.begin(), specs.end());
  CHECK(specs.size() >= 20);
  for (const auto& spec : specs) {
    bool has_output = read_text(spec).find("\noutput:") != std::string::npos;
    std::string output =
        has_output ? "" : " --set output=" + (folder.path() / spec.stem()).string();
    auto run = run_runner("'" + spec.string() + "' --quiet" + output);
    CHECK_MESSAGE(run.exit_code == 2, spec.filename().string(), ": ", run.err);
    // Warnings about the data may come first; the refusal is one "error: " line.
    CHECK_MESSAGE((run.err.rfind("error: ", 0) == 0 || contains(run.err, "\nerror: ")),
                  spec.filename().string(), ": ", run.err);
  }
}
