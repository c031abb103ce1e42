// Fuzzes the spec loader: YAML text -> typed, validated Spec (yaml-cpp parsing, the duplicate-key,
// depth and alias checks, generators, grids, registries' parameter checks, name checks). After a
// line "#--set", each further line is a command-line override "key.path=value".
#include "fuzz_support.hpp"
#include "spec/spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tsfs;
  std::string_view input = fuzz::as_text(data, size);
  constexpr std::string_view kSeparator = "\n#--set\n";
  size_t split = input.find(kSeparator);
  std::vector<std::string> overrides;
  if (split != std::string_view::npos) {
    std::string_view rest = input.substr(split + kSeparator.size());
    while (!rest.empty()) {
      size_t end = rest.find('\n');
      overrides.emplace_back(rest.substr(0, end));
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
  }
  auto path = fuzz::write_scratch("spec.yaml", input.substr(0, split));
  fuzz::expect_input_errors_only([&] {
    Spec spec = load_spec(path, overrides);
    if (spec.datasets.empty() || spec.selectors.empty() || spec.classifier.grid.empty())
      std::abort();
  });
  return 0;
}
