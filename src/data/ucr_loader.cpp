// Loader for the UCR 2018 archive layout: <Name>_TRAIN.tsv and <Name>_TEST.tsv (optionally
// gzipped), one series per line, the class label first, then the values, all TAB-separated.
// Variable-length datasets pad shorter series with trailing NaN tokens. Each split may instead be
// a .ts file of sktime/aeon (ts_file.cpp); the rows of both formats are merged here.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "common/error.hpp"
#include "common/text.hpp"
#include "data/csv_matrix.hpp"
#include "data/dataset.hpp"
#include "data/missing_values.hpp"
#include "data/series_file.hpp"
#include "data/z_normalise.hpp"

namespace tsfs {
namespace {

namespace fs = std::filesystem;

std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// Parses one data line into `file`; `width` is the first line's number of values. Columns in
// messages count from 1 with the label as column 1, which is what an editor or `cut -f` shows.
void parse_line(std::string_view line, size_t number, MissingValues missing, size_t& width,
                SeriesFile& file) {
  const std::string place = fmt::format("{}:{}", file.path.string(), number);
  if (trim_spaces(line).empty()) throw InputError(place, "empty line");
  size_t tab = line.find('\t');
  std::string_view label = trim_spaces(line.substr(0, tab));
  if (label.empty()) throw InputError(place, "column 1: empty class label");
  if (std::any_of(label.begin(), label.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }))
    throw InputError(place, fmt::format("column 1: class label '{}' holds a control character",
                                        printable_excerpt(label)));
  if (tab == std::string_view::npos)
    throw InputError(place, "no values after the class label (values must be TAB-separated)");

  size_t count = 0;
  size_t length = 0;  // up to the last value that is not NaN: NaN after it is padding
  std::optional<size_t> first_nan_column;
  const char* cursor = line.data() + tab + 1;
  const char* line_end = line.data() + line.size();
  while (true) {
    const auto* tab_position =
        static_cast<const char*>(std::memchr(cursor, '\t', static_cast<size_t>(line_end - cursor)));
    const char* token_end = tab_position ? tab_position : line_end;
    std::string_view token = trim_spaces(std::string_view(cursor, token_end - cursor));
    size_t column = count + 2;
    std::optional<double> value = parse_double(token);
    if (!value)
      throw InputError(place, fmt::format("column {}: {}", column,
                                          bad_number_reason(token, tab_position == nullptr)));
    if (std::isnan(*value)) {
      if (!first_nan_column) first_nan_column = column;
    } else if (std::isinf(*value)) {
      throw InputError(
          place, fmt::format("column {}: infinite value '{}'", column, printable_excerpt(token)));
    } else if (std::abs(*value) > kLargestValue) {
      throw InputError(place, fmt::format("column {}: {}", column, too_large_value_reason(token)));
    } else {
      if (first_nan_column && missing == MissingValues::refuse)
        throw InputError(place,
                         fmt::format("column {}: value after NaN at column {}; NaN may only pad "
                                     "the end of a shorter series, and inside a series it is a "
                                     "missing value: {}",
                                     column, *first_nan_column, kInterpolateAdvice));
      length = count + 1;
    }
    file.values.push_back(*value);
    ++count;
    if (!tab_position) break;
    cursor = tab_position + 1;
  }

  if (file.labels.empty()) width = count;
  if (count != width)
    throw InputError(place, fmt::format("expected {} values, found {}", width, count));
  if (length == 0) throw InputError(place, "series has no values (all NaN)");
  file.labels.emplace_back(label);
  file.lengths.push_back(static_cast<int>(length));
  file.starts.push_back(file.values.size());
  file.lines.push_back(number);
}

SeriesFile parse_tsv_file(const fs::path& path, MissingValues missing) {
  std::string text = read_maybe_gzipped(path);
  std::vector<std::string_view> lines = split_lines(without_byte_order_mark(text));
  if (lines.empty()) throw InputError(path.string(), "empty file");
  SeriesFile file;
  file.path = path;
  file.labels.reserve(lines.size());
  file.lengths.reserve(lines.size());
  size_t width = 0;
  for (size_t index = 0; index < lines.size(); ++index) {
    parse_line(lines[index], index + 1, missing, width, file);
    // Every value takes at least one byte of the file: a hostile first line cannot make this
    // reserve more than the file could fill.
    if (index == 0) file.values.reserve(std::min(width * lines.size(), text.size()));
  }
  return file;
}

SeriesFile parse_file(const fs::path& path, MissingValues missing) {
  return is_ts_file(path) ? parse_ts_file(path, missing) : parse_tsv_file(path, missing);
}

// Whether two files hold the same series: labels, lengths and values (NaN equal to NaN).
bool same_series(const SeriesFile& a, const SeriesFile& b) {
  if (a.labels != b.labels || a.lengths != b.lengths) return false;
  for (size_t row = 0; row < a.rows(); ++row)
    for (int i = 0; i < a.lengths[row]; ++i) {
      const double x = a.row(row)[i];
      const double y = b.row(row)[i];
      if (!(x == y || (std::isnan(x) && std::isnan(y)))) return false;
    }
  return true;
}

// For the offset into the full merged order only the row count of the file not loaded matters;
// counting lines (rather than parsing) keeps a damaged file of the other split from blocking.
long long count_rows(const fs::path& path) {
  if (is_ts_file(path)) return count_ts_rows(path);
  std::string text = read_maybe_gzipped(path);
  return static_cast<long long>(split_lines(text).size());
}

// The names a split's file may have, in the order of preference.
std::vector<fs::path> part_names(const DatasetOptions& options, const std::string& part) {
  const std::string stem = options.name + "_" + part;
  return {options.folder / (stem + ".tsv"), options.folder / (stem + ".tsv.gz"),
          options.folder / (stem + ".ts"), options.folder / (stem + ".ts.gz")};
}

std::vector<fs::path> find_part(const DatasetOptions& options, const std::string& part) {
  std::vector<fs::path> found;
  std::error_code status;
  for (const fs::path& path : part_names(options, part))
    if (fs::is_regular_file(path, status)) found.push_back(path);
  return found;
}

// The first of a split's files (`candidates`, from find_part). Several present (an unpacked copy
// beside the archive, or the data in both formats) are fine when they hold the same series;
// otherwise which one is the data is a guess.
SeriesFile load_part(const std::vector<fs::path>& candidates, MissingValues missing) {
  SeriesFile file = parse_file(candidates.front(), missing);
  for (size_t i = 1; i < candidates.size(); ++i) {
    const bool same_format = is_ts_file(candidates[i]) == is_ts_file(candidates.front());
    const bool same =
        same_format ? read_maybe_gzipped(candidates.front()) == read_maybe_gzipped(candidates[i])
                    : same_series(file, parse_file(candidates[i], missing));
    if (!same)
      throw InputError(candidates.front().string(),
                       fmt::format("differs from {} beside it: keep one of the two files",
                                   candidates[i].filename().string()));
  }
  return file;
}

InputError missing_part(const DatasetOptions& options, const std::string& part,
                        const std::string& advice) {
  const std::vector<fs::path> names = part_names(options, part);
  std::error_code status;
  // A name taken by a folder (or a device, a socket), or a link to nothing, is what to fix, not a
  // missing file.
  for (const fs::path& name : names) {
    if (fs::is_symlink(fs::symlink_status(name, status)) && !fs::exists(name, status))
      return InputError(name.string(), fmt::format("a symbolic link to {}, which does not exist",
                                                   fs::read_symlink(name, status).string()));
    if (fs::exists(name, status))
      return InputError(name.string(), fs::is_directory(name, status)
                                           ? "is a folder, expected a file"
                                           : "is not a regular file, expected a file");
  }
  std::string message =
      fmt::format("file not found (nor {}.gz, .ts or .ts.gz)", names.front().filename().string());
  // The UCR archive keeps each dataset in its own folder; point at it if that is the mix-up.
  if (fs::is_directory(options.folder / options.name, status))
    message += fmt::format("; the data folder should probably be {}",
                           (options.folder / options.name).string());
  if (!advice.empty()) message += "; " + advice;
  return InputError(names.front().string(), message);
}

// "1" and "1.0" (or "+1", "1e0") name the same number but are different text: rather than guess
// whether they are one class or two, refuse the mix. A file written by one program spells a
// label one way throughout; a mix means files from different sources were combined.
void check_label_spellings(const std::vector<SeriesFile>& files) {
  struct FirstSeen {
    std::string_view label;
    const SeriesFile* file;
    size_t row;
  };
  std::map<double, FirstSeen> by_number;
  for (const auto& file : files)
    for (size_t row = 0; row < file.rows(); ++row) {
      std::optional<double> number = parse_double(file.labels[row]);
      if (!number || std::isnan(*number)) continue;
      auto [seen, inserted] =
          by_number.try_emplace(*number, FirstSeen{file.labels[row], &file, row});
      if (inserted || seen->second.label == file.labels[row]) continue;
      throw InputError(
          file.place(row),
          fmt::format("class label '{}' is the number of label '{}' ({}) written differently; "
                      "numeric labels are compared as numbers, so write each class's label the "
                      "same way everywhere",
                      printable_excerpt(file.labels[row]), printable_excerpt(seen->second.label),
                      seen->second.file->place(seen->second.row)));
    }
}

// Numeric labels ("2" < "10") sort by value, any other labels as text.
std::vector<std::string> sorted_class_names(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const auto& name : names) {
    std::optional<double> number = parse_double(name);
    if (!number || std::isnan(*number)) return names;
  }
  std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return *parse_double(a) < *parse_double(b);
  });
  return names;
}

// Shorter series are NaN-padded to the longest: many short series and one very long one (in
// another file, which pads only to its own width) would need a matrix far larger than the files.
void check_padded_size(const DatasetOptions& options, Eigen::Index rows, int longest) {
  constexpr double kMaxValues = 2147483648.0;  // 16 GiB of doubles
  double values = static_cast<double>(rows) * static_cast<double>(longest);
  if (values > kMaxValues)
    throw InputError(
        options.folder.string(),
        fmt::format("dataset {}: {} series padded to the longest ({} values) make {} "
                    "values, more than the {} tsfs holds in memory",
                    options.name, rows, longest, format_double(values), format_double(kMaxValues)));
}

void check_options(const DatasetOptions& options) {
  if (options.max_samples && *options.max_samples < 2)
    throw InputError("max_samples",
                     fmt::format("must be at least 2, got {}", *options.max_samples));
  std::error_code status;
  if (!fs::is_directory(options.folder, status))
    throw InputError(options.folder.string(), fs::exists(options.folder, status)
                                                  ? "is a file, not a data folder"
                                                  : "data folder not found");
}

// A TSV line ending in NaN is a shorter series padded to the file's width, as in the archive's
// variable-length datasets. But when every such line also has a missing value before its last
// value, the series are of one length and were cut short by missing observations (two
// MelbournePedestrian TEST series, whose .ts file says @equalLength false only for that reason):
// under `interpolate` their trailing NaN are then missing values too.
void extend_cut_short_series(std::vector<SeriesFile>& files) {
  std::vector<std::pair<SeriesFile*, size_t>> padded;
  for (auto& file : files) {
    if (file.ts_format) continue;
    for (size_t row = 0; row < file.rows(); ++row)
      if (static_cast<size_t>(file.lengths[row]) < file.stored(row))
        padded.emplace_back(&file, row);
  }
  const bool all_cut_short = std::all_of(padded.begin(), padded.end(), [](const auto& entry) {
    const auto& [file, row] = entry;
    const double* values = file->row(row);
    return std::any_of(values, values + file->lengths[row], [](double x) { return std::isnan(x); });
  });
  if (!all_cut_short) return;
  for (auto& [file, row] : padded) file->lengths[row] = static_cast<int>(file->stored(row));
}

// The TRAIN and TEST files the split needs are there.
void check_parts_present(const DatasetOptions& options, bool has_train, bool has_test) {
  const bool use_train = options.split != Split::test;
  const bool use_test = options.split != Split::train;
  if (options.split == Split::merged && has_train && !has_test)
    throw missing_part(options, "TEST", "`split: merged` needs both files; use `split: train`");
  if (options.split == Split::merged && !has_train && has_test)
    throw missing_part(options, "TRAIN", "`split: merged` needs both files; use `split: test`");
  if (use_train && !has_train) throw missing_part(options, "TRAIN", "");
  if (use_test && !has_test) throw missing_part(options, "TEST", "");
}

using KeptRow = std::pair<SeriesFile*, size_t>;

// The rows kept (the first max_samples, in merged order, as (file, row) pairs), their missing
// values filled and their values z-normalised as the options say.
std::vector<KeptRow> prepared_rows(std::vector<SeriesFile>& files, const DatasetOptions& options,
                                   Dataset& dataset) {
  std::vector<KeptRow> kept;
  for (auto& file : files)
    for (size_t row = 0; row < file.rows(); ++row) kept.emplace_back(&file, row);
  if (options.max_samples && static_cast<long long>(kept.size()) > *options.max_samples)
    kept.resize(static_cast<size_t>(*options.max_samples));
  // Under `refuse` the parsers have refused every missing value already.
  if (options.missing == MissingValues::interpolate)
    for (auto& [file, row] : kept)
      if (size_t filled =
              fill_missing_values(file->row(row), static_cast<size_t>(file->lengths[row]))) {
        dataset.filled_values += static_cast<long long>(filled);
        ++dataset.filled_series;
      }
  if (dataset.filled_values > 0)
    spdlog::info("dataset {}: {} missing values in {} series filled (missing: interpolate)",
                 options.name, dataset.filled_values, dataset.filled_series);
  if (options.normalise == Normalisation::z)
    for (auto& [file, row] : kept) z_normalise(file->row(row), file->lengths[row]);
  return kept;
}

// The class names (sorted) and each row's label index; one class is refused.
void set_class_labels(Dataset& dataset, const std::vector<std::string>& tokens,
                      const DatasetOptions& options, bool clipped) {
  dataset.class_names = sorted_class_names(tokens);
  if (dataset.class_names.size() < 2) {
    std::string cause = clipped ? fmt::format(" after keeping the first {} rows (max_samples)",
                                              *options.max_samples)
                                : std::string();
    throw InputError(dataset.sources.front(),
                     fmt::format("dataset {} has a single class ('{}'){}; classification needs at "
                                 "least two",
                                 options.name, dataset.class_names.front(), cause));
  }
  std::map<std::string, int> class_index;
  for (size_t index = 0; index < dataset.class_names.size(); ++index)
    class_index[dataset.class_names[index]] = static_cast<int>(index);
  dataset.labels.resize(static_cast<Eigen::Index>(tokens.size()));
  for (size_t r = 0; r < tokens.size(); ++r)
    dataset.labels(static_cast<Eigen::Index>(r)) = class_index.at(tokens[r]);
}

}  // namespace

Dataset load_ucr_dataset(const DatasetOptions& options) {
  check_options(options);
  const std::vector<fs::path> train_paths = find_part(options, "TRAIN");
  const std::vector<fs::path> test_paths = find_part(options, "TEST");
  const bool has_train = !train_paths.empty();
  const bool has_test = !test_paths.empty();
  const bool use_train = options.split != Split::test;
  const bool use_test = options.split != Split::train;
  check_parts_present(options, has_train, has_test);
  std::vector<SeriesFile> files;  // in merged order: TRAIN first
  if (use_train) files.push_back(load_part(train_paths, options.missing));
  if (use_test) files.push_back(load_part(test_paths, options.missing));
  check_label_spellings(files);
  long long train_count = use_train ? static_cast<long long>(files.front().rows())
                                    : (has_train ? count_rows(train_paths.front()) : 0);
  long long test_count = use_test ? static_cast<long long>(files.back().rows())
                                  : (has_test ? count_rows(test_paths.front()) : 0);
  if (options.missing == MissingValues::interpolate) extend_cut_short_series(files);

  Dataset dataset;
  dataset.name = options.name;
  dataset.merged_rows = train_count + test_count;
  // Only files whose rows are in the dataset count as its sources; the other split was merely
  // counted, and its contents do not affect the values.
  for (const auto& file : files) dataset.sources.push_back(file.path.string());

  size_t stored_rows = 0;
  for (const auto& file : files) stored_rows += file.rows();
  const bool clipped =
      options.max_samples && static_cast<long long>(stored_rows) > *options.max_samples;
  const std::vector<KeptRow> kept = prepared_rows(files, options, dataset);
  int longest = 0;
  for (const auto& [file, row] : kept) longest = std::max(longest, file->lengths[row]);
  auto rows = static_cast<Eigen::Index>(kept.size());
  check_padded_size(options, rows, longest);
  dataset.values.setConstant(rows, longest, std::numeric_limits<double>::quiet_NaN());
  dataset.lengths.resize(rows);
  std::vector<std::string> tokens;
  for (Eigen::Index r = 0; r < rows; ++r) {
    const auto& [file, row] = kept[static_cast<size_t>(r)];
    int length = file->lengths[row];
    dataset.values.row(r).head(length) =
        Eigen::Map<const Eigen::RowVectorXd>(file->row(row), length);
    dataset.lengths(r) = length;
    tokens.push_back(file->labels[row]);
    if (use_train && file == &files.front()) ++dataset.train_rows;
  }

  // The rows are one block of the merged order: after the TRAIN rows when only TEST is read.
  const long long offset = use_train ? 0 : train_count;
  for (Eigen::Index r = 0; r < rows; ++r) dataset.merged_positions.push_back(offset + r);

  set_class_labels(dataset, tokens, options, clipped);
  return dataset;
}

const std::vector<long long>& merged_rows_within(const Dataset& dataset, long long file_rows) {
  const std::vector<long long>& positions = dataset.merged_positions;
  if (static_cast<long long>(positions.size()) != dataset.rows() ||
      !std::is_sorted(positions.begin(), positions.end()) ||
      (!positions.empty() && (positions.front() < 0 || positions.back() >= file_rows)))
    throw std::logic_error("dataset " + dataset.name + ": its rows lie outside its merged order");
  return positions;
}

}  // namespace tsfs
