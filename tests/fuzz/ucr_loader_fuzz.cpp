// Fuzzes the UCR TSV loader end to end (file reading, gzip, line and value parsing, NaN padding,
// label spellings and class ordering). The input is a TRAIN file, optionally followed by a line
// "#TEST" and a TEST file: then the merged split is loaded, so cross-file checks run too.
#include "data/dataset.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tsfs;
  std::string_view input = fuzz::as_text(data, size);
  constexpr std::string_view kSeparator = "\n#TEST\n";
  size_t split = input.find(kSeparator);
  std::filesystem::remove(fuzz::scratch_folder() / "Fuzz_TEST.tsv");
  fuzz::write_scratch("Fuzz_TRAIN.tsv", input.substr(0, split));
  DatasetOptions options;
  options.name = "Fuzz";
  options.folder = fuzz::scratch_folder();
  options.split = Split::train;
  if (split != std::string_view::npos) {
    fuzz::write_scratch("Fuzz_TEST.tsv", input.substr(split + kSeparator.size()));
    options.split = Split::merged;
  }
  fuzz::expect_input_errors_only([&] {
    Dataset dataset = load_ucr_dataset(options);
    // The loader's promises to every stage after it.
    if (dataset.rows() < 1 || dataset.classes() < 2 || dataset.labels.size() != dataset.rows())
      std::abort();
    for (Eigen::Index row = 0; row < dataset.rows(); ++row)
      if (dataset.lengths(row) < 1 || !dataset.series(row).allFinite() || dataset.labels(row) < 0 ||
          dataset.labels(row) >= dataset.classes())
        std::abort();
  });
  return 0;
}
