#pragma once
// A labelled collection of (possibly variable-length) univariate time series, in UCR order.
#include <Eigen/Core>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tsfs {

enum class Split { merged, train, test };

// What a missing value inside a series (NaN in a UCR TSV file, '?' or NaN in a .ts file) does:
// refuse the dataset (the default), or fill it: linearly between the nearest observed values
// either side, and with the nearest observed value before the first or after the last one, as
// the UCR archive's "adjusted" copies of DodgerLoopDay/Game/Weekend and MelbournePedestrian do
// (Dau et al., "The UCR time series archive", 2019). Trailing NaN in a TSV line is padding of a
// shorter series, not a missing value (see load_ucr_dataset).
enum class MissingValues { refuse, interpolate };

// What is done to each series once loaded (and filled): nothing, or z-normalisation (mean 0,
// population standard deviation 1, over the series' own values: data/z_normalise.hpp), which the
// UCR archive's published baselines assume and some of its 2018 datasets do not store (Dau et
// al. 2019). Each series is rescaled alone, so no row learns from another.
enum class Normalisation { none, z };

struct DatasetOptions {
  std::string name;  // e.g. "Wafer"; files are <folder>/<name>_TRAIN.tsv[.gz] or .ts[.gz]
  std::filesystem::path folder;          // folder holding the data files
  Split split = Split::merged;           // merged = TRAIN rows then TEST rows, in file order
  std::optional<long long> max_samples;  // keep the first N rows after merging
  MissingValues missing = MissingValues::refuse;
  Normalisation normalise = Normalisation::none;
};

std::string missing_values_name(MissingValues missing);   // "refuse" or "interpolate"
std::string normalisation_name(Normalisation normalise);  // "none" or "z"

struct Dataset {
  std::string name;
  // One row per series, as many columns as the longest series; entries past a series' true
  // length are NaN (UCR pads variable-length series with NaN at the end).
  Eigen::MatrixXd values;
  Eigen::VectorXi lengths;               // true length of each series
  Eigen::VectorXi labels;                // class index in [0, classes), classes in sorted order
  std::vector<std::string> class_names;  // label tokens as in the files, sorted (numerically when
                                         // every token is a number, else lexicographically)
  long long train_rows = 0;              // rows that come from the TRAIN file (leading rows)
  // Where these rows sit in the dataset's full merged order (TRAIN rows then TEST rows, all
  // files present): row r here is merged row merged_positions[r] (ascending); merged_rows counts
  // them all. Loaded rows are one block of that order (a split, max_samples); `duplicates: drop`
  // leaves gaps. Precomputed feature/distance files may cover either these rows or the full
  // merged order (merged_rows_within).
  std::vector<long long> merged_positions;
  long long merged_rows = 0;
  std::vector<std::string> sources;  // the files read, for provenance and cache keys
  // Missing values filled under `MissingValues::interpolate` (0 under `refuse`), and in how many
  // of the rows kept.
  long long filled_values = 0;
  long long filled_series = 0;

  long long rows() const { return values.rows(); }
  int classes() const { return static_cast<int>(class_names.size()); }
  // Series `row` without its NaN padding.
  Eigen::VectorXd series(long long row) const {
    return values.row(row).head(lengths(row)).transpose();
  }
};

// The merged positions of the dataset's rows, for a file of `file_rows` rows covering its full
// merged order; a logic error (a bug) when they do not fit in it.
const std::vector<long long>& merged_rows_within(const Dataset& dataset, long long file_rows);

// Reads <folder>/<name>_TRAIN and/or _TEST, each a UCR 2018 TSV file (.tsv) or a sktime/aeon
// .ts file (.ts), plain or gzipped (.gz). Two of these for one split are accepted when they hold
// the same rows (an unpacked copy beside the archive, or the same data in both formats).
// In a TSV file NaN at the end of a line pads a shorter series; any other NaN is a missing value.
// Under `missing: interpolate` one exception: when every line ending in NaN also has a missing
// value before its last value (MelbournePedestrian's two TEST series cut short), the series are
// of one length and those trailing NaN are missing values too. In a .ts file every '?' or NaN is
// a missing value. Throws InputError("file:line", ...) for a missing file, an empty file, a
// non-numeric value, a ragged row, a missing value under `refuse`, a bad .ts header, a label the
// .ts header does not declare, and a result with only one class.
Dataset load_ucr_dataset(const DatasetOptions& options);

}  // namespace tsfs
