#pragma once
// One data file of a dataset, parsed: a UCR 2018 TSV file (ucr_loader.cpp) or a sktime/aeon .ts
// file (ts_file.cpp). The rows are kept as read; load_ucr_dataset fills missing values and merges
// the rows of the TRAIN and TEST files.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "data/dataset.hpp"

namespace tsfs {

struct SeriesFile {
  std::filesystem::path path;
  std::vector<std::string> labels;
  std::vector<double> values;  // the rows one after another, `stored(r)` values each
  std::vector<size_t> starts;  // where each row starts in `values`, and where the last one ends
  std::vector<int> lengths;    // series lengths: the stored values minus trailing NaN padding
  std::vector<size_t> lines;   // the 1-based line of each row
  bool ts_format = false;      // .ts: nothing is padding, every NaN is a missing value

  SeriesFile() : starts{0} {}
  size_t rows() const { return labels.size(); }
  size_t stored(size_t row) const { return starts[row + 1] - starts[row]; }
  const double* row(size_t row) const { return values.data() + starts[row]; }
  double* row(size_t row) { return values.data() + starts[row]; }
  std::string place(size_t row) const;  // "file:line"
};

// Values whose squares overflow (distances, standardisation and selector scores sum squares of a
// few thousand of them) are refused at their line, as the sweep refuses such features.
inline constexpr double kLargestValue = 1e100;
std::string too_large_value_reason(std::string_view token);  // why such a value is refused

// The advice every refusal of a missing value ends with.
inline constexpr const char* kInterpolateAdvice =
    "`missing: interpolate` in the spec's dataset entry fills missing values";

// A .ts file (its format: https://www.aeon-toolkit.org/en/stable/api_reference/data_format.html,
// and aeon's load_from_ts_file). Univariate classification files only: a multivariate, time-stamped
// or regression file, a header tag that is unknown, repeated or badly valued, data before @data,
// a label @classLabel does not declare, a series of another length than the header says, a
// value that is not a number and (under `refuse`) a missing value are refused with file:line.
SeriesFile parse_ts_file(const std::filesystem::path& path, MissingValues missing);

// The number of series a .ts file holds (its lines after @data), for a split that is not loaded.
long long count_ts_rows(const std::filesystem::path& path);

// Whether `path` names a .ts file (".ts" or ".ts.gz").
bool is_ts_file(const std::filesystem::path& path);

}  // namespace tsfs
