#pragma once
// The part of a page under docs/ that a `runner list ...` command generates (`make docs`): the
// lines strictly between the page's begin and end markers of that command, so that a test can hold
// the page to the declarations it is generated from.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace tsfs::testing {

inline std::string docs_page(const std::string& name) {
  std::ifstream file(std::string(TSFS_SOURCE_DIR "/docs/") + name);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// `command` as the markers name it, e.g. "runner list --spec-keys".
inline std::string generated_section(const std::string& page, const std::string& command) {
  const std::string begin = "<!-- begin: `" + command + "`";
  const std::string end = "<!-- end: `" + command + "` -->";
  const size_t begin_at = page.find(begin);
  const size_t end_at = page.find(end);
  REQUIRE(begin_at != std::string::npos);
  REQUIRE(end_at != std::string::npos);
  const size_t first = page.find('\n', begin_at) + 1;
  REQUIRE(first <= end_at);
  return page.substr(first, end_at - first);
}

}  // namespace tsfs::testing
