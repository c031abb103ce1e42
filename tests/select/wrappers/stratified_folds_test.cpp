#include "select/wrappers/stratified_folds.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "common/error.hpp"

namespace {

// The test fold of every row.
std::vector<int> fold_of_rows(const std::vector<tsfs::InnerFold>& folds, Eigen::Index rows) {
  std::vector<int> fold_of(static_cast<size_t>(rows), -1);
  for (size_t fold = 0; fold < folds.size(); ++fold)
    for (const int row : folds[fold].test_rows) {
      CHECK(fold_of[static_cast<size_t>(row)] == -1);
      fold_of[static_cast<size_t>(row)] = static_cast<int>(fold);
    }
  return fold_of;
}

}  // namespace

// scikit-learn 1.2.1: for each fold i of StratifiedKFold(k).split(X, y), f[test] = i gives
//   y = [2 2 0 0 0 2 1 1 1 1 0 2 2], k = 3 -> [0 0 0 1 2 1 0 0 1 2 2 1 2]
//   y = [1 0 1 0 1 0 1 1],           k = 2 -> [0 0 0 1 0 1 1 1]
// (classes coded by first appearance; the sorted codes dealt to the folds in turn).
TEST_CASE("stratified_folds deals the rows as scikit-learn's unshuffled StratifiedKFold") {
  Eigen::VectorXi three(13);
  three << 2, 2, 0, 0, 0, 2, 1, 1, 1, 1, 0, 2, 2;
  CHECK(fold_of_rows(tsfs::stratified_folds(three, 3), 13) ==
        std::vector<int>{0, 0, 0, 1, 2, 1, 0, 0, 1, 2, 2, 1, 2});
  Eigen::VectorXi two(8);
  two << 1, 0, 1, 0, 1, 0, 1, 1;
  const auto folds = tsfs::stratified_folds(two, 2);
  CHECK(fold_of_rows(folds, 8) == std::vector<int>{0, 0, 0, 1, 0, 1, 1, 1});
  // Training rows are the other folds' rows, ascending.
  CHECK(folds[0].train_rows == std::vector<int>{3, 5, 6, 7});
  CHECK(folds[1].train_rows == std::vector<int>{0, 1, 2, 4});
}

TEST_CASE("stratified_folds refuses more folds than a class has rows, and fewer than 2") {
  Eigen::VectorXi labels(6);
  labels << 0, 0, 0, 1, 1, 0;
  CHECK_THROWS_WITH_AS(tsfs::stratified_folds(labels, 3),
                       doctest::Contains("class 1 has 2 fit rows"), tsfs::InputError);
  CHECK_THROWS_AS(tsfs::stratified_folds(labels, 1), tsfs::InputError);
  CHECK(tsfs::stratified_folds(labels, 2).size() == 2);
}
