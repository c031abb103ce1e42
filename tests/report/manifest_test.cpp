#include "report/manifest.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

TEST_CASE("the fingerprint is read back from a manifest, and only from an intact one") {
  tsfs::Spec spec;
  spec.name = "a \"quoted\" name";
  spec.file = "spec.yaml";
  tsfs::ManifestInfo info{spec,
                          2,
                          "0123456789abcdef",
                          std::chrono::system_clock::now(),
                          {{"load", 0.5}},
                          {{"grid_cells", 3}},
                          "finished"};
  std::string text = tsfs::manifest_json(info);
  CHECK(tsfs::manifest_fingerprint(text) == "0123456789abcdef");
  // The machine that wrote it (a shard's compute node).
  char host[256] = {};
  REQUIRE(gethostname(host, sizeof host - 1) == 0);
  CHECK(text.find(fmt::format("\n  \"host\": \"{}\",\n", host)) != std::string::npos);

  CHECK_FALSE(tsfs::manifest_fingerprint(text.substr(0, text.size() / 2)));  // truncated
  CHECK_FALSE(tsfs::manifest_fingerprint(text.substr(0, text.size() - 3)));  // lost its end
  CHECK_FALSE(tsfs::manifest_fingerprint(""));
  CHECK_FALSE(tsfs::manifest_fingerprint("not json at all"));
  auto edited = text;
  edited.replace(edited.find("0123456789abcdef"), 4, "zz");  // a damaged fingerprint
  CHECK_FALSE(tsfs::manifest_fingerprint(edited));
  auto joined = text;
  joined.erase(joined.find(",\n  \"threads\"") + 1, 1);  // two fields on one line
  CHECK_FALSE(tsfs::manifest_fingerprint(joined));
}
