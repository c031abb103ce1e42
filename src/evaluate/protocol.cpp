#include "evaluate/protocol.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "common/enum_names.hpp"
#include "common/error.hpp"
#include "evaluate/shuffle.hpp"

namespace tsfs {
namespace {

// Errors name the dataset, since they depend on its rows rather than on one spec line.
[[noreturn]] void reject(const Dataset& dataset, const std::string& message) {
  throw InputError(dataset.name, message);
}

int checked_row_count(const Dataset& dataset) {
  if (dataset.rows() > INT_MAX) reject(dataset, "too many rows for one evaluation");
  if (dataset.labels.size() != dataset.rows())
    throw std::logic_error(fmt::format("dataset {} has {} labels for {} rows", dataset.name,
                                       dataset.labels.size(), dataset.rows()));
  return static_cast<int>(dataset.rows());
}

// One fold whose training rows are [0, split) and test rows [split, rows).
Fold split_at(int split, int rows) {
  Fold fold;
  for (int row = 0; row < split; ++row) fold.train_rows.push_back(row);
  for (int row = split; row < rows; ++row) fold.test_rows.push_back(row);
  return fold;
}

std::vector<Fold> holdout_half(const Dataset& dataset) {
  const int rows = checked_row_count(dataset);
  if (rows < 2)
    reject(dataset, fmt::format("holdout_half needs at least 2 rows, the dataset has {}", rows));
  return {split_at(rows / 2, rows)};
}

// The official split; `protocol` names the protocol that needs it in the error.
std::vector<Fold> train_test(const Dataset& dataset, const char* protocol = "train_test") {
  const int rows = checked_row_count(dataset);
  // The cause named is the true one: both files were read (so max_samples cut the TEST rows),
  // or the rows come from one file only (a `split` other than merged, or a missing file).
  if ((dataset.train_rows <= 0 || dataset.train_rows >= rows) && dataset.sources.size() >= 2)
    reject(dataset, fmt::format("{} needs TEST rows, but max_samples kept the first {} of the {} "
                                "merged rows, all of them TRAIN rows; raise max_samples",
                                protocol, rows, dataset.merged_rows));
  if (dataset.train_rows <= 0 || dataset.train_rows >= rows)
    reject(dataset, fmt::format("{} needs `split: merged` with both TRAIN and TEST files (the "
                                "rows hold {} TRAIN rows of {})",
                                protocol, dataset.train_rows, rows));
  return {split_at(static_cast<int>(dataset.train_rows), rows)};
}

// Rows of each class (ascending class order), each list ascending.
std::vector<std::vector<int>> rows_by_class(const Dataset& dataset, int rows) {
  std::vector<std::vector<int>> rows_of_class(static_cast<size_t>(dataset.classes()));
  for (int row = 0; row < rows; ++row) {
    const int label = dataset.labels(row);
    if (label < 0 || label >= dataset.classes())
      throw std::logic_error(
          fmt::format("dataset {}: label {} of row {} is out of range", dataset.name, label, row));
    rows_of_class[static_cast<size_t>(label)].push_back(row);
  }
  return rows_of_class;
}

// Fold number (0 .. folds-1) of every row for one repeat: each class's rows, in ascending class
// order, are shuffled and dealt round-robin, the dealing position carrying over from one class to
// the next. Per class the folds then differ by at most one row, and so do the fold totals.
std::vector<int> deal_rows_to_folds(const Dataset& dataset, int rows, int folds,
                                    std::mt19937_64& generator) {
  std::vector<std::vector<int>> rows_of_class = rows_by_class(dataset, rows);
  std::vector<int> fold_of_row(static_cast<size_t>(rows));
  int position = 0;
  for (std::vector<int>& class_rows : rows_of_class) {
    shuffle_in_place(class_rows, generator);
    for (int row : class_rows) fold_of_row[static_cast<size_t>(row)] = position++ % folds;
  }
  return fold_of_row;
}

std::vector<Fold> stratified_kfold(const ProtocolOptions& options, const Dataset& dataset) {
  const int rows = checked_row_count(dataset);
  if (options.folds < 2)
    reject(dataset, fmt::format("stratified_kfold needs folds >= 2, got {}", options.folds));
  if (options.repeats < 1)
    reject(dataset, fmt::format("stratified_kfold needs repeats >= 1, got {}", options.repeats));
  // With at least one row per fold every test fold is non-empty, and with two or more folds every
  // training fold is too. A class smaller than `folds` is simply missing from some test folds
  // (scikit-learn only warns about that).
  if (rows < options.folds)
    reject(dataset, fmt::format("stratified_kfold with {} folds needs at least {} rows, the "
                                "dataset has {}",
                                options.folds, options.folds, rows));
  std::vector<Fold> result;
  for (int repeat = 0; repeat < options.repeats; ++repeat) {
    std::mt19937_64 generator = protocol_generator(options.seed, repeat);
    const std::vector<int> fold_of_row =
        deal_rows_to_folds(dataset, rows, options.folds, generator);
    for (int index = 0; index < options.folds; ++index) {
      Fold fold;
      fold.repeat = repeat;
      fold.index = index;
      for (int row = 0; row < rows; ++row)
        (fold_of_row[static_cast<size_t>(row)] == index ? fold.test_rows : fold.train_rows)
            .push_back(row);
      result.push_back(std::move(fold));
    }
  }
  return result;
}

std::vector<Fold> resamples(const ProtocolOptions& options, const Dataset& dataset) {
  if (options.resamples < 1)
    reject(dataset, fmt::format("resamples needs count >= 1, got {}", options.resamples));
  std::vector<Fold> result = train_test(dataset, "resamples");  // resample 0, and checks
  const int rows = checked_row_count(dataset);
  const auto official_train = static_cast<int>(dataset.train_rows);
  const std::vector<std::vector<int>> rows_of_class = rows_by_class(dataset, rows);
  for (int resample = 1; resample < options.resamples; ++resample) {
    std::mt19937_64 generator = protocol_generator(options.seed, resample);
    std::vector<int> in_train(static_cast<size_t>(rows), 0);
    for (std::vector<int> class_rows : rows_of_class) {
      // The class's official training count: its rows below the TRAIN/TEST boundary.
      const auto train_count = std::count_if(class_rows.begin(), class_rows.end(),
                                             [&](int row) { return row < official_train; });
      shuffle_in_place(class_rows, generator);
      for (long i = 0; i < train_count; ++i) in_train[static_cast<size_t>(class_rows[i])] = 1;
    }
    Fold fold;
    fold.repeat = resample;
    for (int row = 0; row < rows; ++row)
      (in_train[static_cast<size_t>(row)] ? fold.train_rows : fold.test_rows).push_back(row);
    result.push_back(std::move(fold));
  }
  return result;
}

// Fold r tests row r on every other row (the UCR archive's learned window, Dau et al. 2019).
std::vector<Fold> leave_one_out(const Dataset& dataset) {
  const auto rows = static_cast<int>(dataset.rows());
  if (rows < 2)
    reject(dataset, fmt::format("leave_one_out needs at least 2 rows, the dataset has {}", rows));
  std::vector<Fold> folds;
  for (int row = 0; row < rows; ++row) {
    Fold fold{0, row, {}, {row}};
    for (int other = 0; other < rows; ++other)
      if (other != row) fold.train_rows.push_back(other);
    folds.push_back(std::move(fold));
  }
  return folds;
}

}  // namespace

std::string protocol_name(ProtocolKind kind) {
  static constexpr auto protocol_names =
      enum_names<ProtocolKind>({{ProtocolKind::holdout_half, "holdout_half"},
                                {ProtocolKind::train_test, "train_test"},
                                {ProtocolKind::stratified_kfold, "stratified_kfold"},
                                {ProtocolKind::resamples, "resamples"},
                                {ProtocolKind::leave_one_out, "leave_one_out"}});
  return std::string(protocol_names.name(kind));
}

std::string protocol_label(const ProtocolOptions& options) {
  switch (options.kind) {
    case ProtocolKind::stratified_kfold:
      return fmt::format("stratified_kfold(folds={};repeats={};seed={})", options.folds,
                         options.repeats, options.seed);
    case ProtocolKind::resamples:
      return fmt::format("resamples(count={};seed={})", options.resamples, options.seed);
    case ProtocolKind::holdout_half:
    case ProtocolKind::train_test:
    case ProtocolKind::leave_one_out:
      break;
  }
  return protocol_name(options.kind);
}

std::vector<Fold> make_folds(const ProtocolOptions& options, const Dataset& dataset) {
  switch (options.kind) {
    case ProtocolKind::holdout_half:
      return holdout_half(dataset);
    case ProtocolKind::train_test:
      return train_test(dataset);
    case ProtocolKind::stratified_kfold:
      return stratified_kfold(options, dataset);
    case ProtocolKind::resamples:
      return resamples(options, dataset);
    case ProtocolKind::leave_one_out:
      return leave_one_out(dataset);
  }
  throw std::logic_error("unknown protocol kind");
}

}  // namespace tsfs
