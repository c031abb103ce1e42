// doctest's main, with one option of tsfs's own: --shard=K/N runs only the K-th of N shards of the
// registered test cases (K from 0; the cases in doctest's registry order, dealt out in turn, so
// that the slow cases of one file spread over the shards), together with doctest's own filters.
// The sanitizer build runs the unit tests as a few shards (TSFS_TEST_SHARDS, tests/CMakeLists.txt)
// instead of one process per case: an instrumented program takes 0.1-0.3 s to start, which over
// 760 cases was a minute of CI.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

struct Shard {
  unsigned long index = 0;
  unsigned long count = 1;
};

// "--shard=K/N" with 0 <= K < N; false (and a message) for anything else after "--shard=".
bool parse_shard(std::string_view argument, Shard& shard) {
  constexpr std::string_view prefix = "--shard=";
  const std::string text(argument.substr(prefix.size()));
  const size_t slash = text.find('/');
  try {
    size_t index_end = 0;
    size_t count_end = 0;
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    shard.index = std::stoul(text.substr(0, slash), &index_end);
    shard.count = std::stoul(text.substr(slash + 1), &count_end);
    if (index_end != slash || count_end != text.size() - slash - 1 || shard.count == 0 ||
        shard.index >= shard.count)
      throw std::invalid_argument("out of range");
  } catch (const std::exception&) {
    std::fprintf(stderr, "%s: write --shard=K/N with 0 <= K < N\n", std::string(argument).c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Shard shard;
  for (int i = 1; i < argc; ++i) {
    const std::string_view argument = argv[i];
    if (argument.substr(0, std::string_view("--shard=").size()) == "--shard=" &&
        !parse_shard(argument, shard))
      return 2;
  }
  if (shard.count > 1) {
    auto& cases = doctest::detail::getRegisteredTests();
    unsigned long position = 0;
    for (auto it = cases.begin(); it != cases.end(); ++position)
      it = position % shard.count == shard.index ? std::next(it) : cases.erase(it);
  }
  doctest::Context context(argc, argv);
  return context.run();
}
