// libFuzzer entry point of every harness: CMake compiles it once per harness with
// TSFS_FUZZ_TARGET naming the harness body in harnesses.hpp. Any exception other than an
// InputError aborts, so libFuzzer records the input as a finding.
#include <cstdio>
#include <cstdlib>

#include "harnesses.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);  // the readers' warnings would flood the output
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    tsfs::fuzz::TSFS_FUZZ_TARGET(input);
  } catch (const tsfs::InputError&) {
    // The documented answer to bad input.
  } catch (const std::exception& error) {
    std::fprintf(stderr, "exception other than InputError: %s\n", error.what());
    std::abort();
  }
  return 0;
}
