// Fuzzes the numeric CSV reader (precomputed features with a header, distance matrices without).
// The first byte chooses whether the file has a header; the rest is the file.
#include "data/csv_matrix.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tsfs;
  if (size == 0) return 0;
  bool has_header = (data[0] & 1) != 0;
  auto path = fuzz::write_scratch("matrix.csv", fuzz::as_text(data + 1, size - 1));
  fuzz::expect_input_errors_only([&] {
    NamedMatrix table = read_numeric_csv(path, has_header);
    if (table.values.rows() < 1 || table.values.cols() < 1) std::abort();
    if (has_header && static_cast<Eigen::Index>(table.names.size()) != table.values.cols())
      std::abort();
  });
  return 0;
}
