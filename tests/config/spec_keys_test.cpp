// The table of top-level keys drives the loader, spec.resolved.yaml and docs/spec.md: these tests
// hold the three to it.
#include "config/spec_keys.hpp"

#include <doctest/doctest.h>

#include <set>

#include "config/spec_test_support.hpp"
#include "support/generated_docs.hpp"

using namespace tsfs::testing;

namespace {

// Every optional top-level key given, so that spec.resolved.yaml writes each one.
const char* const kSpecWithEveryKey = R"(name: every_key
description: "a spec giving every top-level key"
datasets: [{name: GunPoint, path: third_party/ucr/GunPoint}]
features: {extractor: raw}
distances: [{kind: euclidean}]
selectors: [{kind: laplacian, k: [3, 5]}, {kind: anova}]
n_features: [5, 10]
classifier: {kind: logistic}
reduce: {kind: pca, components: [2, 3]}
protocol: {kind: stratified_kfold, folds: 3, repeats: 1, seed: 2}
metrics: [macro_f1, average_precision]
duplicates: drop
output: out/every_key
cache: out/shared_cache
save_scores: false
tune: {parameters: [laplacian.k]}
curves: {kinds: [pr], where: {n_features: 5}}
plots: [{kind: pr_curve, name: pr_pooled}]
)";

}  // namespace

TEST_CASE("docs/spec.md's table of keys is spec_keys_markdown()") {
  const bool fresh = generated_section(docs_page("spec.md"), "runner list --spec-keys") ==
                     tsfs::spec_keys_markdown();
  CHECK_MESSAGE(fresh,
                "docs/spec.md's table of top-level keys is stale: run `make docs` and commit it");
}

TEST_CASE("spec keys: unique names, each documented, each read and (but description) written") {
  std::vector<std::string> names = tsfs::spec_key_names();
  CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
  for (const tsfs::SpecKey& key : tsfs::spec_keys()) {
    CAPTURE(key.name);
    CHECK(std::string(key.type).size() > 0);
    CHECK(std::string(key.default_value).size() > 0);
    CHECK(std::string(key.meaning).size() > 0);
    CHECK(static_cast<bool>(key.read));
    CHECK((key.write == nullptr) == (std::string(key.name) == "description"));
  }
}

TEST_CASE(
    "spec.resolved.yaml writes every given key in the table's order and reads back as itself") {
  const tsfs::Spec spec = tsfs::load_spec(write_spec(kSpecWithEveryKey));
  size_t previous = 0;
  for (const tsfs::SpecKey& key : tsfs::spec_keys()) {
    CAPTURE(key.name);
    const size_t at = spec.resolved_yaml.find("\n" + std::string(key.name) + ":");
    const bool first_line = spec.resolved_yaml.rfind(std::string(key.name) + ":", 0) == 0;
    if (key.write == nullptr) {
      CHECK(at == std::string::npos);
      continue;
    }
    REQUIRE((first_line || at != std::string::npos));
    const size_t position = first_line ? 0 : at + 1;
    CHECK(position >= previous);
    previous = position;
  }
  const tsfs::Spec again = tsfs::load_spec(write_spec(spec.resolved_yaml, "resolved.yaml"));
  CHECK(again.resolved_yaml == spec.resolved_yaml);
}

TEST_CASE("a top-level key outside the table is refused with its line and the nearest name") {
  CHECK(spec_error_text(std::string(kSpecWithEveryKey) + "save_score: true\n") ==
        doctest::Contains(":19:1"));
  CHECK(spec_error_text(std::string(kSpecWithEveryKey) + "save_score: true\n") ==
        doctest::Contains("save_scores"));
}
