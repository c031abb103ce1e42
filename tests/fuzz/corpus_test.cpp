// Replays the committed fuzzing corpus (seeds and the reproducers of every finding) through the
// harnesses: each input must load or be refused with an InputError, never anything else (which
// would be exit 1, a bug, in the runner).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include "fuzz/harnesses.hpp"

namespace {

void replay(const std::string& harness, void (*run)(std::string_view)) {
  auto folder = std::filesystem::path(TSFS_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / harness;
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    inputs.push_back(entry.path());
  std::sort(inputs.begin(), inputs.end());
  REQUIRE(inputs.size() >= 3);
  for (const auto& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CAPTURE(path.string());
    CHECK_NOTHROW([&] {
      try {
        run(bytes);
      } catch (const tsfs::InputError&) {
      }
    }());
  }
}

}  // namespace

TEST_CASE("fuzz corpus: the UCR loader refuses bad input with an InputError, nothing else") {
  replay("ucr_loader", tsfs::fuzz::load_ucr);
}

TEST_CASE("fuzz corpus: the .ts loader refuses bad input with an InputError, nothing else") {
  replay("ts_loader", tsfs::fuzz::load_ts);
}

TEST_CASE("fuzz corpus: the CSV reader refuses bad input with an InputError, nothing else") {
  replay("csv_matrix", tsfs::fuzz::read_csv);
}

TEST_CASE("fuzz corpus: the spec loader refuses bad input with an InputError, nothing else") {
  replay("spec_loader", tsfs::fuzz::load_spec_text);
}

TEST_CASE("fuzz corpus: a damaged cache file is a miss, nothing else") {
  spdlog::set_level(spdlog::level::off);
  replay("cache_reader", tsfs::fuzz::read_cache);
  spdlog::set_level(spdlog::level::info);
}
