#include "evaluate/protocol.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/error.hpp"

namespace tsfs {
namespace {

// A dataset with the given labels (one row each); the values do not matter to the protocols.
Dataset labelled_dataset(const std::vector<int>& labels, long long train_rows = 0) {
  Dataset dataset;
  dataset.name = "Toy";
  const auto rows = static_cast<Eigen::Index>(labels.size());
  dataset.values = Eigen::MatrixXd::Zero(rows, 3);
  dataset.lengths = Eigen::VectorXi::Constant(rows, 3);
  dataset.labels = Eigen::Map<const Eigen::VectorXi>(labels.data(), rows);
  const int classes = labels.empty() ? 0 : *std::max_element(labels.begin(), labels.end()) + 1;
  for (int c = 0; c < classes; ++c) dataset.class_names.push_back(std::to_string(c + 1));
  dataset.train_rows = train_rows;
  dataset.merged_rows = rows;
  return dataset;
}

// `count_c` rows of class c for each c, classes interleaved in the row order.
std::vector<int> interleaved_labels(const std::vector<int>& counts) {
  std::vector<int> labels;
  std::vector<int> left = counts;
  while (std::any_of(left.begin(), left.end(), [](int n) { return n > 0; }))
    for (size_t c = 0; c < left.size(); ++c)
      if (left[c]-- > 0) labels.push_back(static_cast<int>(c));
  return labels;
}

std::vector<int> range(int begin, int end) {
  std::vector<int> rows;
  for (int row = begin; row < end; ++row) rows.push_back(row);
  return rows;
}

ProtocolOptions kfold(int folds, int repeats, std::uint64_t seed) {
  ProtocolOptions options;
  options.kind = ProtocolKind::stratified_kfold;
  options.folds = folds;
  options.repeats = repeats;
  options.seed = seed;
  return options;
}

ProtocolOptions resampled(int count, std::uint64_t seed) {
  ProtocolOptions options;
  options.kind = ProtocolKind::resamples;
  options.resamples = count;
  options.seed = seed;
  return options;
}

ProtocolOptions of_kind(ProtocolKind kind) {
  ProtocolOptions options;
  options.kind = kind;
  return options;
}

std::string error_of(const ProtocolOptions& options, const Dataset& dataset) {
  try {
    make_folds(options, dataset);
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

// Train and test rows are ascending, disjoint, and together every row exactly once.
void check_partition(const Fold& fold, int rows) {
  CHECK(std::is_sorted(fold.train_rows.begin(), fold.train_rows.end()));
  CHECK(std::is_sorted(fold.test_rows.begin(), fold.test_rows.end()));
  std::vector<int> all = fold.train_rows;
  all.insert(all.end(), fold.test_rows.begin(), fold.test_rows.end());
  std::sort(all.begin(), all.end());
  CHECK(all == range(0, rows));
}

}  // namespace

TEST_CASE("protocol names") {
  CHECK(protocol_name(ProtocolKind::holdout_half) == "holdout_half");
  CHECK(protocol_name(ProtocolKind::train_test) == "train_test");
  CHECK(protocol_name(ProtocolKind::stratified_kfold) == "stratified_kfold");
  CHECK(protocol_name(ProtocolKind::resamples) == "resamples");
  CHECK(protocol_label(kfold(5, 2, 7)) == "stratified_kfold(folds=5;repeats=2;seed=7)");
  CHECK(protocol_label(resampled(30, 4)) == "resamples(count=30;seed=4)");
  CHECK(protocol_label(of_kind(ProtocolKind::train_test)) == "train_test");
}

TEST_CASE("holdout_half trains on the first floor(m/2) rows") {
  const auto odd =
      make_folds(of_kind(ProtocolKind::holdout_half), labelled_dataset({0, 1, 0, 1, 0, 1, 1}));
  REQUIRE(odd.size() == 1);
  CHECK(odd[0].train_rows == range(0, 3));
  CHECK(odd[0].test_rows == range(3, 7));
  CHECK(odd[0].repeat == 0);
  CHECK(odd[0].index == 0);

  const auto pair = make_folds(of_kind(ProtocolKind::holdout_half), labelled_dataset({0, 1}));
  CHECK(pair[0].train_rows == std::vector<int>{0});
  CHECK(pair[0].test_rows == std::vector<int>{1});

  CHECK(error_of(of_kind(ProtocolKind::holdout_half), labelled_dataset({0})) ==
        "Toy: holdout_half needs at least 2 rows, the dataset has 1");
  CHECK(error_of(of_kind(ProtocolKind::holdout_half), labelled_dataset({})) != "no error");
}

TEST_CASE("train_test uses the TRAIN rows for training and the TEST rows for testing") {
  const auto folds =
      make_folds(of_kind(ProtocolKind::train_test), labelled_dataset({0, 1, 1, 0, 1}, 2));
  REQUIRE(folds.size() == 1);
  CHECK(folds[0].train_rows == range(0, 2));
  CHECK(folds[0].test_rows == range(2, 5));

  // Only TRAIN rows (a single split, or max_samples cut every TEST row), or no TRAIN rows.
  for (long long train_rows : {5LL, 0LL}) {
    const std::string error =
        error_of(of_kind(ProtocolKind::train_test), labelled_dataset({0, 1, 1, 0, 1}, train_rows));
    CHECK(error.find("train_test needs `split: merged` with both TRAIN and TEST files") !=
          std::string::npos);
    CHECK(error.find("max_samples") == std::string::npos);  // not used: not blamed
  }
  // Both files read, every kept row a TRAIN row: max_samples is the cause, and is named.
  Dataset clipped = labelled_dataset({0, 1, 1, 0, 1}, 5);
  clipped.sources = {"Toy_TRAIN.tsv", "Toy_TEST.tsv"};
  clipped.merged_rows = 9;
  CHECK(error_of(of_kind(ProtocolKind::train_test), clipped) ==
        "Toy: train_test needs TEST rows, but max_samples kept the first 5 of the 9 merged rows, "
        "all of them TRAIN rows; raise max_samples");
}

TEST_CASE("stratified_kfold partitions every repeat into balanced, stratified folds") {
  const std::vector<int> counts = {10, 8, 5};  // 23 rows
  const Dataset dataset = labelled_dataset(interleaved_labels(counts));
  const int rows = 23;
  const auto folds = make_folds(kfold(5, 3, 11), dataset);
  REQUIRE(folds.size() == 15);
  for (int repeat = 0; repeat < 3; ++repeat) {
    std::vector<int> times_tested(rows, 0);
    for (int index = 0; index < 5; ++index) {
      const Fold& fold = folds[static_cast<size_t>(repeat * 5 + index)];
      CHECK(fold.repeat == repeat);
      CHECK(fold.index == index);
      check_partition(fold, rows);
      // 23 rows over 5 folds: sizes 5, 5, 5, 4, 4.
      CHECK(fold.test_rows.size() >= 4);
      CHECK(fold.test_rows.size() <= 5);
      for (int row : fold.test_rows) ++times_tested[static_cast<size_t>(row)];
      // Stratified: class c has floor(count_c / 5) or that plus one rows in the fold.
      for (size_t c = 0; c < counts.size(); ++c) {
        const auto in_fold = std::count_if(fold.test_rows.begin(), fold.test_rows.end(),
                                           [&](int row) { return dataset.labels(row) == int(c); });
        CHECK(in_fold >= counts[c] / 5);
        CHECK(in_fold <= counts[c] / 5 + 1);
      }
    }
    // Each repeat's test folds cover every row once.
    CHECK(std::all_of(times_tested.begin(), times_tested.end(), [](int n) { return n == 1; }));
  }
  // Repeats are shuffled differently.
  CHECK(folds[0].test_rows != folds[5].test_rows);
}

TEST_CASE("stratified_kfold is deterministic for a seed and changes with it") {
  const Dataset dataset = labelled_dataset(interleaved_labels({12, 9}));
  const auto first = make_folds(kfold(3, 2, 5), dataset);
  const auto again = make_folds(kfold(3, 2, 5), dataset);
  const auto other = make_folds(kfold(3, 2, 6), dataset);
  for (size_t i = 0; i < first.size(); ++i) {
    CHECK(first[i].test_rows == again[i].test_rows);
    CHECK(first[i].train_rows == again[i].train_rows);
  }
  CHECK(first[0].test_rows != other[0].test_rows);
}

TEST_CASE("stratified_kfold folds are pinned for seed 0") {
  // mt19937_64 and our own bounded draw and Fisher-Yates shuffle are fully specified, so these
  // folds are the same with every compiler and standard library.
  // Rows 0-4 are class 0, rows 5-9 class 1.
  const auto folds = make_folds(kfold(2, 1, 0), labelled_dataset({0, 0, 0, 0, 0, 1, 1, 1, 1, 1}));
  // Cross-checked with an independent Python implementation of mt19937_64 and the same dealing.
  REQUIRE(folds.size() == 2);
  CHECK(folds[0].test_rows == std::vector<int>{1, 2, 4, 5, 7});
  CHECK(folds[1].test_rows == std::vector<int>{0, 3, 6, 8, 9});
}

TEST_CASE("stratified_kfold tolerates classes smaller than the number of folds") {
  // Class 1 has 2 rows for 4 folds: it is missing from two test folds, as in scikit-learn.
  const Dataset dataset = labelled_dataset(interleaved_labels({9, 2}));
  const auto folds = make_folds(kfold(4, 1, 3), dataset);
  REQUIRE(folds.size() == 4);
  int folds_with_class_1 = 0;
  for (const Fold& fold : folds) {
    check_partition(fold, 11);
    CHECK(!fold.test_rows.empty());
    CHECK(!fold.train_rows.empty());
    folds_with_class_1 += std::any_of(fold.test_rows.begin(), fold.test_rows.end(),
                                      [&](int row) { return dataset.labels(row) == 1; });
  }
  CHECK(folds_with_class_1 == 2);
}

TEST_CASE("stratified_kfold rejects impossible settings") {
  const Dataset dataset = labelled_dataset(interleaved_labels({3, 2}));
  CHECK(error_of(kfold(1, 1, 0), dataset) == "Toy: stratified_kfold needs folds >= 2, got 1");
  CHECK(error_of(kfold(2, 0, 0), dataset) == "Toy: stratified_kfold needs repeats >= 1, got 0");
  CHECK(error_of(kfold(6, 1, 0), dataset) ==
        "Toy: stratified_kfold with 6 folds needs at least 6 rows, the dataset has 5");
  // As many folds as rows is leave-one-out: allowed.
  CHECK(make_folds(kfold(5, 1, 0), dataset).size() == 5);
}

TEST_CASE("resamples: resample 0 is the official split, the others keep its class counts") {
  // Official TRAIN: rows 0-6 (classes 0,1,2 with 3, 2, 2 rows); TEST: rows 7-19.
  const std::vector<int> labels = {0, 1, 2, 0, 1, 2, 0, 0, 0, 1, 1, 1, 2, 0, 1, 2, 0, 1, 2, 2};
  const Dataset dataset = labelled_dataset(labels, 7);
  const auto folds = make_folds(resampled(6, 3), dataset);
  REQUIRE(folds.size() == 6);
  CHECK(folds[0].train_rows == range(0, 7));
  CHECK(folds[0].test_rows == range(7, 20));
  auto class_count = [&](const std::vector<int>& rows, int label) {
    return std::count_if(rows.begin(), rows.end(), [&](int row) { return labels[row] == label; });
  };
  for (size_t r = 0; r < folds.size(); ++r) {
    CHECK(folds[r].repeat == static_cast<int>(r));
    CHECK(folds[r].index == 0);
    check_partition(folds[r], 20);
    CHECK(class_count(folds[r].train_rows, 0) == 3);
    CHECK(class_count(folds[r].train_rows, 1) == 2);
    CHECK(class_count(folds[r].train_rows, 2) == 2);
  }
  // Resamples draw other rows than the official split and than each other.
  CHECK(folds[1].train_rows != folds[0].train_rows);
  CHECK(folds[1].train_rows != folds[2].train_rows);
}

TEST_CASE("resamples are deterministic for a seed and change with it") {
  const Dataset dataset = labelled_dataset(interleaved_labels({15, 12, 6}), 11);
  const auto first = make_folds(resampled(4, 9), dataset);
  const auto again = make_folds(resampled(4, 9), dataset);
  const auto other = make_folds(resampled(4, 10), dataset);
  for (size_t i = 0; i < first.size(); ++i) CHECK(first[i].train_rows == again[i].train_rows);
  CHECK(first[0].train_rows == other[0].train_rows);  // the official split needs no seed
  CHECK(first[1].train_rows != other[1].train_rows);
  // count 1 is the official split alone.
  CHECK(make_folds(resampled(1, 9), dataset).size() == 1);
}

TEST_CASE("resamples rejects a single split and a count below 1") {
  const std::string single = error_of(resampled(3, 0), labelled_dataset({0, 1, 0, 1}, 4));
  CHECK(single.find("resamples needs `split: merged`") != std::string::npos);
  CHECK(error_of(resampled(0, 0), labelled_dataset({0, 1, 0, 1}, 2)) ==
        "Toy: resamples needs count >= 1, got 0");
}

}  // namespace tsfs
