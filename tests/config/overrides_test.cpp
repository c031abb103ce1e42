// apply_overrides on YAML trees built in memory: which node each `--set key.path=value` replaces
// or creates, the nodes it reports as introduced (so later errors blame the command line), and
// the place and text of every refusal.
#include "config/overrides.hpp"

#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"

namespace tsfs {
namespace overrides_test {

using Introduced = std::vector<std::pair<YAML::Node, std::string>>;

// A spec-like tree: a list of selector maps, a list of numbers and a map.
YAML::Node spec_tree() {
  return YAML::Load(
      "name: study\n"
      "selectors:\n"
      "  - {kind: laplacian, k: 5}\n"
      "  - {kind: anova}\n"
      "n_features: [5, 10]\n"
      "classifier: {kind: knn}\n");
}

// The InputError of applying `overrides` to spec_tree(); fails the test when none is thrown.
InputError override_error(const std::vector<std::string>& overrides) {
  YAML::Node root = spec_tree();
  try {
    apply_overrides(root, overrides);
  } catch (const InputError& error) {
    return error;
  }
  FAIL_CHECK("expected an InputError");
  return InputError("", "");
}

// Whether `node` is one of the introduced nodes, labelled `where`.
bool introduced_as(const Introduced& introduced, const YAML::Node& node, const std::string& where) {
  for (const auto& [entry, label] : introduced)
    if (entry.is(node)) return label == where;
  return false;
}

}  // namespace overrides_test

TEST_CASE("apply_overrides replaces map values and list items, values parsed as YAML") {
  YAML::Node root = overrides_test::spec_tree();
  const auto introduced = apply_overrides(
      root, {"selectors.0.k=20", "n_features.1=7", "classifier.k=[1, 3]", "name=renamed"});
  CHECK(root["selectors"][0]["k"].as<int>() == 20);
  CHECK(root["selectors"][0]["kind"].as<std::string>() == "laplacian");  // its siblings stay
  CHECK(root["selectors"].size() == 2);
  CHECK(root["n_features"].size() == 2);
  CHECK(root["n_features"][0].as<int>() == 5);
  CHECK(root["n_features"][1].as<int>() == 7);
  REQUIRE(root["classifier"]["k"].IsSequence());
  CHECK(root["classifier"]["k"].as<std::vector<int>>() == std::vector<int>{1, 3});
  CHECK(root["classifier"]["kind"].as<std::string>() == "knn");
  CHECK(root["name"].as<std::string>() == "renamed");
  // Every value node and each item of a list value, labelled with its override.
  REQUIRE(introduced.size() == 1 + 1 + 3 + 1);
  CHECK(
      overrides_test::introduced_as(introduced, root["selectors"][0]["k"], "--set selectors.0.k"));
  CHECK(overrides_test::introduced_as(introduced, root["n_features"][1], "--set n_features.1"));
  CHECK(overrides_test::introduced_as(introduced, root["classifier"]["k"], "--set classifier.k"));
  CHECK(
      overrides_test::introduced_as(introduced, root["classifier"]["k"][1], "--set classifier.k"));
  CHECK(overrides_test::introduced_as(introduced, root["name"], "--set name"));
  // Nodes the overrides did not touch are not reported.
  CHECK_FALSE(
      overrides_test::introduced_as(introduced, root["n_features"][0], "--set n_features.1"));
  CHECK_FALSE(
      overrides_test::introduced_as(introduced, root["classifier"]["kind"], "--set classifier.k"));
}

TEST_CASE("apply_overrides creates missing map keys and reports the maps it made up") {
  YAML::Node root = overrides_test::spec_tree();
  const auto introduced = apply_overrides(root, {"tune.inner.folds=3"});
  CHECK(root["tune"]["inner"]["folds"].as<int>() == 3);
  // The value, then the maps `tune` and `tune.inner`, which no file line holds.
  REQUIRE(introduced.size() == 3);
  CHECK(introduced[0].first.is(root["tune"]["inner"]["folds"]));
  CHECK(introduced[1].first.is(root["tune"]));
  CHECK(introduced[2].first.is(root["tune"]["inner"]));
  for (const auto& entry : introduced) CHECK(entry.second == "--set tune.inner.folds");

  // A map value: the map, each key and each value, items of lists included.
  const auto map_value = apply_overrides(root, {"features={extractor: raw, lengths: [8]}"});
  CHECK(root["features"]["extractor"].as<std::string>() == "raw");
  CHECK(map_value.size() == 6);  // map, extractor, raw, lengths, [8], 8

  // A key holding null is descended into as a map.
  YAML::Node with_null = YAML::Load("tune:\n");
  apply_overrides(with_null, {"tune.outer=chosen"});
  CHECK(with_null["tune"]["outer"].as<std::string>() == "chosen");
}

TEST_CASE("apply_overrides: in order (the last wins), the value is all after the first '='") {
  YAML::Node root = overrides_test::spec_tree();
  apply_overrides(root, {"name=first", "name=second", "description=a=b", "output="});
  CHECK(root["name"].as<std::string>() == "second");
  CHECK(root["description"].as<std::string>() == "a=b");
  CHECK(root["output"].IsNull());  // "output=": YAML's empty value
  YAML::Node untouched = overrides_test::spec_tree();
  CHECK(apply_overrides(untouched, {}).empty());
  CHECK(YAML::Dump(untouched) == YAML::Dump(overrides_test::spec_tree()));
}

TEST_CASE("apply_overrides refuses an override without key.path=value") {
  for (const std::string text : {"noequals", "=5", ""}) {
    CAPTURE(text);
    const InputError error = overrides_test::override_error({text});
    CHECK(error.where() == "--set " + text);
    CHECK(error.message() == "expected key.path=value");
  }
  // Overrides before the bad one are applied and do not hide it.
  CHECK(overrides_test::override_error({"name=x", "oops"}).where() == "--set oops");
}

TEST_CASE("apply_overrides refuses paths it cannot follow, naming the override") {
  struct Case {
    std::string override_text, where, message;
  };
  const std::vector<Case> cases = {
      {"a..b=1", "--set a..b", "empty path component"},
      {".a=1", "--set .a", "empty path component"},
      {"classifier.=1", "--set classifier.", "empty path component"},
      {"name.x=1", "--set name.x", "cannot descend into the scalar before 'x'"},
      {"selectors.0.kind.x=1", "--set selectors.0.kind.x",
       "cannot descend into the scalar before 'x'"},
      {"selectors.2.k=1", "--set selectors.2.k", "'2' is not an index of a list of 2 items"},
      {"selectors.first.k=1", "--set selectors.first.k",
       "'first' is not an index of a list of 2 items"},
      {"n_features.-1=3", "--set n_features.-1", "'-1' is not an index of a list of 2 items"},
      {"n_features.5e-1=3", "--set n_features.5e-1", "'5e-1' is not an index of a list of 2 items"},
      {"n_features.inf=3", "--set n_features.inf", "'inf' is not an index of a list of 2 items"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.override_text);
    const InputError error = overrides_test::override_error({c.override_text});
    CHECK(error.where() == c.where);
    CHECK(error.message() == c.message);
  }
}

TEST_CASE("apply_overrides: a value that is not YAML is refused at its line and column") {
  const InputError error = overrides_test::override_error({"n_features=[1,"});
  CHECK(error.where().rfind("--set n_features:1:", 0) == 0);
  // A value nesting past the limit is refused before yaml-cpp recurses into it.
  const InputError deep = overrides_test::override_error({"name=" + std::string(100, '[')});
  CHECK(deep.where().rfind("--set name:1:", 0) == 0);
}

TEST_CASE("apply_overrides: key paths of up to 32 levels, a long path cut in the message") {
  std::string path = "a";
  for (int level = 1; level < 32; ++level) path += ".a";
  YAML::Node root = overrides_test::spec_tree();
  apply_overrides(root, {path + "=1"});  // 32 levels
  YAML::Node node = root;
  for (int level = 0; level < 32; ++level) node.reset(node["a"]);
  CHECK(node.as<int>() == 1);
  const InputError deep = overrides_test::override_error({path + ".a=1"});
  CHECK(deep.where() == "--set " + path + ".a");
  CHECK(deep.message() == "a key path deeper than 32 levels");

  // The place shows the first 200 bytes of the path, control bytes escaped.
  const std::string long_key = "name.\t" + std::string(300, 'x');
  const InputError cut = overrides_test::override_error({long_key + "=1"});
  CHECK(cut.where() == "--set name.\\t" + std::string(194, 'x') + "...");
}

}  // namespace tsfs
