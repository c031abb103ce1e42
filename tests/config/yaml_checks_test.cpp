#include "config/yaml_checks.hpp"

#include <doctest/doctest.h>

#include "common/error.hpp"
#include "config/spec_test_support.hpp"

using tsfs::testing::spec_error_text;
using tsfs::testing::write_spec;

namespace {

doctest::String yaml_error(const std::string& text) {
  try {
    tsfs::spec_detail::check_yaml_text(text, "s.yaml");
  } catch (const tsfs::InputError& error) {
    return error.what();
  }
  return "";
}

const std::string kValid = R"(name: ok
datasets: [GunPoint]
selectors: [{kind: anova}]
)";

}  // namespace

TEST_CASE("duplicate keys at any level are errors naming both lines") {
  CHECK(yaml_error("a: 1\nb: 2\na: 3\n") ==
        doctest::Contains("s.yaml:3:1: duplicate key 'a' (first at line 1)"));
  CHECK(yaml_error("top:\n  inner: {x: 1, y: 2, x: 3}\n") ==
        doctest::Contains("s.yaml:2:23: duplicate key 'x' (first at line 2)"));
  CHECK(yaml_error("list:\n  - k: 1\n    j: 2\n  - k: 1\n    k: 2\n") ==
        doctest::Contains("s.yaml:5:5: duplicate key 'k' (first at line 4)"));
  CHECK(yaml_error("a: {b: {c: {d: 1,\n  d: 2}}}\n") ==
        doctest::Contains("s.yaml:2:3: duplicate key 'd' (first at line 1)"));
  // Quoting does not make a different key.
  CHECK(yaml_error("a: 1\n\"a\": 2\n") == doctest::Contains("duplicate key 'a'"));
  // The same key in sibling maps is fine.
  CHECK(yaml_error("- {k: 1}\n- {k: 2}\n") == "");

  auto text = spec_error_text(kValid + "selectors: [{kind: variance}]\n");
  CHECK(text == doctest::Contains("spec.yaml:4:1: duplicate key 'selectors' (first at line 3)"));
  CHECK(spec_error_text(
            "name: a\ndatasets: [GunPoint]\nselectors:\n  - kind: anova\n    kind: variance\n") ==
        doctest::Contains("spec.yaml:5:5: duplicate key 'kind' (first at line 4)"));
}

TEST_CASE("merge keys, complex keys, alias cycles and second documents are refused, anchors work") {
  CHECK(yaml_error("base: &b {k: 1}\nsel:\n  <<: *b\n  j: 2\n") ==
        doctest::Contains("s.yaml:3:3: YAML merge keys ('<<: *anchor') are not supported"));
  CHECK(yaml_error("? [a, b]\n: 1\n") ==
        doctest::Contains("s.yaml:1:3: a list as a key is not supported"));
  CHECK(yaml_error("? {a: 1}\n: 1\n") == doctest::Contains("a map as a key is not supported"));
  CHECK(yaml_error("a: &x [1, *x]\n") ==
        doctest::Contains("s.yaml:1:11: an alias refers to a collection that contains it"));
  CHECK(yaml_error("a: 1\n---\nb: 2\n") == doctest::Contains("s.yaml:2:1: a second YAML document"));
  CHECK(yaml_error("a: *nowhere\n") == doctest::Contains("s.yaml:1:4:"));

  // Aliases of whole values are resolved by yaml-cpp and load like the values they name.
  auto spec = tsfs::load_spec(write_spec(R"(name: anchors
datasets: [GunPoint]
selectors:
  - {kind: laplacian, k: &ks [5, 7]}
  - {kind: laplacian, k: *ks, variant: he2005}
distances: [{kind: euclidean}]
)"));
  REQUIRE(spec.selectors.size() == 2);
  CHECK(spec.selectors[1].grid.size() == 2);
  CHECK(spec.selectors[1].grid[1].integer("k") == 7);
  CHECK(spec_error_text(kValid + "description: &d [*d]\n") == doctest::Contains("(a cycle)"));
  CHECK(spec_error_text("base: &b {kind: anova}\n" + kValid) ==
        doctest::Contains("unknown key 'base'"));
}

TEST_CASE("deep nesting is a clear error, not a stack overflow") {
  std::string flow = "a: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  CHECK(yaml_error(flow) == doctest::Contains("s.yaml:1:"));
  CHECK(yaml_error(flow) == doctest::Contains("nesting deeper than 32 levels"));
  std::string braces = "a: ";
  for (int level = 0; level < 5000; ++level) braces += "{b: ";
  CHECK(yaml_error(braces) == doctest::Contains("nesting deeper than 32 levels"));
  std::string block;
  for (int level = 0; level < 200; ++level) block += std::string(2 * level, ' ') + "k:\n";
  CHECK(yaml_error(block) == doctest::Contains("nesting deeper than 32 levels"));
  std::string dashes;
  for (int level = 0; level < 200; ++level) dashes += "- ";
  CHECK(yaml_error(dashes + "1\n") == doctest::Contains("nesting deeper than 32 levels"));
  CHECK(spec_error_text(kValid + "description: " + std::string(3000, '[')) ==
        doctest::Contains("spec.yaml:4:"));
  CHECK(yaml_error("a: " + std::string(31, '[') + std::string(31, ']') + "\n") == "");
}

TEST_CASE("a UTF-8 byte-order mark is stripped, positions stay those an editor shows") {
  auto spec = tsfs::load_spec(write_spec("\xEF\xBB\xBF" + kValid));
  CHECK(spec.name == "ok");
  CHECK(spec_error_text("\xEF\xBB\xBFname: x\nname: y\n") ==
        doctest::Contains("spec.yaml:2:1: duplicate key 'name' (first at line 1)"));
  CHECK(spec_error_text("\xEF\xBB\xBF"
                        "bogus: 1\n" +
                        kValid) == doctest::Contains("spec.yaml:1:1: unknown key 'bogus'"));
}

TEST_CASE("--set values get the same checks as the file") {
  CHECK(spec_error_text(kValid, {"selectors=[{kind: anova, kind: variance}]"}) ==
        doctest::Contains("--set selectors:1:16: duplicate key 'kind' (first at line 1)"));
  CHECK(spec_error_text(kValid, {"description=" + std::string(100, '[')}) ==
        doctest::Contains("--set description:1:"));
  CHECK(spec_error_text(kValid, {"selectors.1e300.kind=anova"}) ==
        doctest::Contains("--set selectors.1e300.kind: '1e300' is not an index of a list of 1"));
  CHECK(spec_error_text(kValid, {"selectors.-1.kind=anova"}) == doctest::Contains("not an index"));
  CHECK(spec_error_text(kValid, {"selectors.nan.kind=anova"}) == doctest::Contains("not an index"));
  std::string deep_path = "features";
  for (int i = 0; i < 100; ++i) deep_path += ".x";
  CHECK(spec_error_text(kValid, {deep_path + "=1"}) ==
        doctest::Contains("a key path deeper than 32 levels"));
}
