// What a Python component's registration checks at load time (python_path_presets): one import
// of its code per grid point, which both fills `version` and finds the problem.
#include "common/python_host.hpp"

#include <doctest/doctest.h>

#include "support/test_python_host.hpp"

using namespace tsfs;
using namespace tsfs::testing;

namespace {

ParamSet path_only(const std::string& path) {
  ParamSet params;
  params.set("function", ParamValue{path});
  return params;
}

// The presets' result on `params`, and how many times they asked the host for a version.
std::pair<std::optional<ParamProblem>, int> presets_with_calls(ParamSet& params) {
  const int before = test_host().version_calls;
  auto problem = python_path_presets(params, "function");
  return {problem, test_host().version_calls - before};
}

}  // namespace

TEST_CASE("python_path_presets fills the version with one import") {
  ParamSet params = path_only("own.module:scores");
  auto [problem, calls] = presets_with_calls(params);
  CHECK_FALSE(problem);
  CHECK(calls == 1);
  CHECK(params.text("version") == "test:own.module:scores");
}

TEST_CASE("python_path_presets names an import's failure after one import, not two") {
  ParamSet params = path_only("missing:scores");
  auto [problem, calls] = presets_with_calls(params);
  REQUIRE(problem);
  CHECK(problem->param == "function");
  CHECK(problem->message == "importing missing:scores raised ModuleNotFoundError");
  CHECK(calls == 1);
  CHECK_FALSE(params.has("version"));
}

TEST_CASE("python_path_presets: a name alone must be an object passed to tsfs.run") {
  ParamSet params = path_only("scores");
  auto [problem, calls] = presets_with_calls(params);
  REQUIRE(problem);
  CHECK(problem->message.find("write it as 'package.module:name'") != std::string::npos);
  CHECK(problem->message.find("components={'scores': ...}") != std::string::npos);
  CHECK(calls == 1);
}

TEST_CASE("python_path_presets looks a name alone up once, even with a version of the spec's") {
  ParamSet params = path_only("scores");
  params.set("version", ParamValue{std::string("v2")});
  auto [problem, calls] = presets_with_calls(params);
  CHECK(problem);
  CHECK(calls == 1);
}

TEST_CASE("python_path_presets keeps a version the spec gives, importing nothing") {
  ParamSet params = path_only("missing:scores");
  params.set("version", ParamValue{std::string("v2")});
  auto [problem, calls] = presets_with_calls(params);
  CHECK_FALSE(problem);
  CHECK(calls == 0);
  CHECK(params.text("version") == "v2");
}

TEST_CASE("python_path_presets takes an empty version for none: imported, version filled") {
  ParamSet params = path_only("own.module:scores");
  params.set("version", ParamValue{std::string()});
  auto [problem, calls] = presets_with_calls(params);
  CHECK_FALSE(problem);
  CHECK(calls == 1);
  CHECK(params.text("version") == "test:own.module:scores");
}

TEST_CASE("python_path_presets refuses what is no import path, importing nothing") {
  for (const char* path : {"", ":scores", "module:", "module."}) {
    INFO(path);
    ParamSet params = path_only(path);
    auto [problem, calls] = presets_with_calls(params);
    REQUIRE(problem);
    CHECK(problem->message.find("write it as") != std::string::npos);
    // No name tsfs.run's components would take: no hint to pass one.
    CHECK(problem->message.find("components=") == std::string::npos);
    CHECK(calls == 0);
  }
}

TEST_CASE("python_path_presets without a Python host names what is missing") {
  HostSwapped none(nullptr);
  ParamSet params = path_only("own.module:scores");
  auto problem = python_path_presets(params, "function");
  REQUIRE(problem);
  CHECK(problem->message == kNoPythonHost);
}
