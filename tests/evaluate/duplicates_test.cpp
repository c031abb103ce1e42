#include "evaluate/duplicates.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "../data/test_support.hpp"

namespace tsfs {
namespace {

// Rows 0 .. 5 with series a, b, a, c, b, a (labels 0, 1, 0, 1, 1, 0) and a TRAIN block of 3.
Dataset toy_with_copies() {
  const std::vector<double> a = {1, 2, 3}, b = {4, 5, 6}, c = {1, 2, 4};
  Dataset dataset = test::make_dataset({a, b, a, c, b, a});
  dataset.labels << 0, 1, 0, 1, 1, 0;
  dataset.train_rows = 3;
  dataset.merged_positions = {0, 1, 2, 3, 4, 5};
  dataset.merged_rows = 6;
  return dataset;
}

bool same_side_as_first(const Fold& fold, const DuplicateGroups& groups) {
  auto contains = [](const std::vector<int>& rows, int row) {
    return std::binary_search(rows.begin(), rows.end(), row);
  };
  for (size_t row = 0; row < groups.first_copy.size(); ++row) {
    const int first = groups.first_copy[row];
    const int copy = static_cast<int>(row);
    if (contains(fold.test_rows, copy) != contains(fold.test_rows, first)) return false;
    if (contains(fold.train_rows, copy) != contains(fold.train_rows, first)) return false;
  }
  return true;
}

TEST_CASE("find_duplicate_series: groups by identical values, first row represents") {
  const auto groups = find_duplicate_series(toy_with_copies());
  CHECK(groups.first_copy == std::vector<int>{0, 1, 0, 3, 1, 0});
  CHECK(groups.duplicate_rows == 3);
  CHECK(groups.groups == 2);
  CHECK(groups.mixed_label_groups == 0);
}

TEST_CASE("find_duplicate_series: a different length or one bit is no duplicate, labels count") {
  Dataset dataset = test::make_dataset({{1, 2, 3}, {1, 2}, {1, 2, 3}, {-0.0, 1}, {0.0, 1}});
  dataset.labels << 0, 0, 1, 0, 0;
  const auto groups = find_duplicate_series(dataset);
  CHECK(groups.first_copy == std::vector<int>{0, 1, 0, 3, 4});
  CHECK(groups.mixed_label_groups == 1);
}

TEST_CASE("drop_duplicate_series keeps the first of each group and recounts TRAIN rows") {
  const Dataset dataset = toy_with_copies();
  const Dataset dropped = drop_duplicate_series(dataset, find_duplicate_series(dataset));
  REQUIRE(dropped.rows() == 3);
  CHECK(dropped.values.row(2) == dataset.values.row(3));
  CHECK(dropped.labels == Eigen::Vector3i(0, 1, 1));
  CHECK(dropped.train_rows == 2);
  // The kept rows keep their places among all of the dataset's rows.
  CHECK(dropped.merged_rows == 6);
  CHECK(dropped.merged_positions == std::vector<long long>{0, 1, 3});
}

TEST_CASE("group: identical series fall on the same side of every split, for every protocol") {
  const Dataset dataset = toy_with_copies();
  const auto groups = find_duplicate_series(dataset);
  ProtocolOptions holdout;  // train rows 0 .. 2, test rows 3 .. 5: rows 4 and 5 straddle
  CHECK(straddling_duplicates(make_folds(holdout, dataset), groups) == 2);
  const auto rows = apply_protocol(dataset, holdout, DuplicateHandling::group);
  REQUIRE(rows.folds.size() == 1);
  CHECK(rows.folds[0].train_rows == std::vector<int>{0, 1, 2, 4, 5});
  CHECK(rows.folds[0].test_rows == std::vector<int>{3});
  CHECK(rows.duplicates.straddling_protocol == 2);
  CHECK(rows.duplicates.straddling_used == 0);

  ProtocolOptions kfold;
  kfold.kind = ProtocolKind::stratified_kfold;
  kfold.folds = 2;
  kfold.repeats = 2;
  const auto grouped = apply_protocol(dataset, kfold, DuplicateHandling::group);
  REQUIRE(grouped.folds.size() == 4);
  for (const auto& fold : grouped.folds) {
    CHECK(same_side_as_first(fold, groups));
    CHECK(fold.train_rows.size() + fold.test_rows.size() == 6);
  }
  CHECK(grouped.duplicates.straddling_used == 0);
  // A third repeat puts every copy of one fold's test rows on the training side: refused.
  kfold.repeats = 3;
  CHECK_THROWS_AS(apply_protocol(dataset, kfold, DuplicateHandling::group), InputError);

  const auto kept = apply_protocol(dataset, holdout, DuplicateHandling::keep);
  CHECK(kept.folds[0].test_rows == std::vector<int>{3, 4, 5});
  CHECK(kept.duplicates.straddling_used == 2);
}

TEST_CASE("WormsTwoClass: 33 identical pairs, 20 straddle the holdout split, group removes them") {
  DatasetOptions options;
  options.name = "WormsTwoClass";
  options.folder = test::ucr_folder("WormsTwoClass");
  const Dataset dataset = load_ucr_dataset(options);
  ProtocolOptions holdout;
  const auto grouped = apply_protocol(dataset, holdout, DuplicateHandling::group);
  CHECK(grouped.duplicates.groups.duplicate_rows == 33);
  CHECK(grouped.duplicates.groups.groups == 33);
  CHECK(grouped.duplicates.straddling_protocol == 20);
  CHECK(grouped.duplicates.straddling_used == 0);
  CHECK(same_side_as_first(grouped.folds[0], grouped.duplicates.groups));
  const auto dropped = apply_protocol(dataset, holdout, DuplicateHandling::drop);
  CHECK(dropped.data.rows() == 258 - 33);
}

TEST_CASE("duplicate handling names and the protocol label") {
  CHECK(parse_duplicate_handling("group") == DuplicateHandling::group);
  CHECK_FALSE(parse_duplicate_handling("merge").has_value());
  CHECK(protocol_label_with_duplicates("holdout_half", DuplicateHandling::keep) == "holdout_half");
  CHECK(protocol_label_with_duplicates("holdout_half", DuplicateHandling::drop) ==
        "holdout_half+duplicates=drop");
}

}  // namespace
}  // namespace tsfs

namespace tsfs {

TEST_CASE("group refuses a protocol whose folds it empties, drop names itself as the cause") {
  // Every series identical: under holdout_half, group moves the whole test half to training.
  const std::vector<double> a = {1, 2, 3};
  Dataset same = test::make_dataset({a, a, a, a});
  same.labels << 0, 1, 0, 1;
  same.name = "Same";
  ProtocolOptions holdout;
  try {
    apply_protocol(same, holdout, DuplicateHandling::group);
    FAIL("no InputError");
  } catch (const InputError& error) {
    CHECK(error.where() == "Same");  // the sweep puts the protocol's spec line in front
    CHECK(doctest::String(error.message().c_str()) ==
          doctest::Contains("duplicates: group leaves fold 0 of repeat 0 (1 of 1 folds without "
                            "test rows) without test rows"));
  }
  CHECK_THROWS_AS(reject_emptied_folds({Fold{0, 2, {0, 1}, {}}}, "X", "inner fold"), InputError);
  CHECK_NOTHROW(reject_emptied_folds({Fold{0, 0, {0}, {1}}}, "X", "fold"));

  // drop leaves 3 distinct series of 6: too few for 5 folds, and the message says why.
  ProtocolOptions kfold;
  kfold.kind = ProtocolKind::stratified_kfold;
  kfold.folds = 5;
  try {
    apply_protocol(toy_with_copies(), kfold, DuplicateHandling::drop);
    FAIL("no InputError");
  } catch (const InputError& error) {
    CHECK(doctest::String(error.message().c_str()) ==
          doctest::Contains("the dataset has 3 (after duplicates: drop removed 3 identical series "
                            "of the 6 loaded)"));
  }
}

}  // namespace tsfs
