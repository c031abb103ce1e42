// Fuzzes the cache readers: a cached feature matrix and its names file, and a distance matrix.
// The first two bytes say where the input splits into the matrix file and the names file. A
// damaged file must be a cache miss: never a crash, a huge allocation or an exception.
#include <spdlog/spdlog.h>

#include <cstring>

#include "common/files.hpp"
#include "fuzz_support.hpp"
#include "sweep/artefacts.hpp"

namespace {
// The key of the seed corpus's files (tests/fuzz/corpus/cache_reader, make_cache_seeds.py).
const std::string kKey = "features-v1|Fuzz|0|raw|";
}  // namespace

// The readers log a warning for every file that does not verify: silence it while fuzzing.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tsfs;
  if (size < 2) return 0;
  std::uint16_t split_at = 0;
  std::memcpy(&split_at, data, sizeof split_at);
  std::string_view rest = fuzz::as_text(data + 2, size - 2);
  size_t split = std::min<size_t>(split_at, rest.size());
  auto matrix_path = cache_path(fuzz::scratch_folder(), kKey, "features");
  fuzz::write_scratch(matrix_path.filename().string(), rest.substr(0, split));
  fuzz::write_scratch(
      std::filesystem::path(matrix_path).replace_extension(".names").filename().string(),
      rest.substr(split));
  try {
    auto features = load_cached_features(fuzz::scratch_folder(), kKey);
    if (features && static_cast<Eigen::Index>(features->names.size()) != features->values.cols())
      std::abort();
    load_cached_matrix(fuzz::write_scratch("whole.bin", rest), kKey);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "exception escaped a cache reader: %s\n", error.what());
    std::abort();
  }
  return 0;
}
