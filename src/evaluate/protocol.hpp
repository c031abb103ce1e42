#pragma once
// Evaluation protocols: how rows are split into training and test rows.
#include <cstdint>
#include <string>
#include <vector>

#include "data/dataset.hpp"

namespace tsfs {

// leave_one_out (m folds of one test row each) is an inner protocol of `tune:` only.
enum class ProtocolKind { holdout_half, train_test, stratified_kfold, resamples, leave_one_out };

struct ProtocolOptions {
  ProtocolKind kind = ProtocolKind::holdout_half;
  int folds = 5;           // stratified_kfold
  int repeats = 1;         // stratified_kfold
  std::uint64_t seed = 0;  // stratified_kfold and resamples shuffling
  int resamples = 30;      // resamples: the official split plus resamples - 1 random ones
};

struct Fold {
  int repeat = 0;
  int index = 0;                // fold number within its repeat
  std::vector<int> train_rows;  // ascending
  std::vector<int> test_rows;   // ascending
};

std::string protocol_name(ProtocolKind kind);

// The protocol with every option that changes its folds, e.g.
// "stratified_kfold(folds=5;repeats=2;seed=0)" or "resamples(count=30;seed=0)": the `protocol`
// column of results.csv, part of the fingerprint that keeps a resumed run consistent.
std::string protocol_label(const ProtocolOptions& options);

// holdout_half: first floor(m/2) rows train, the rest test (the study's protocol).
// train_test: the official UCR split (needs a merged dataset with both files).
// stratified_kfold: per repeat r, each class's rows are shuffled with a generator seeded from
// (seed, r) and dealt to the folds in turn, so fold sizes per class differ by at most one.
// resamples: the UCR bake-off protocol (Bagnall et al. 2017; tsml/aeon's stratified resampling).
// Resample 0 is the official TRAIN/TEST split; resample r >= 1 shuffles each class's rows of
// the merged data with a generator seeded from (seed, r) and puts as many of them in training
// as the class has in the official TRAIN file, the rest in test. Folds are numbered by `repeat`
// (the resample), `index` 0. Needs a merged dataset with both files.
// Deterministic for a given seed on every platform. Throws InputError when impossible (e.g. more
// folds than rows, train_test on a single split).
std::vector<Fold> make_folds(const ProtocolOptions& options, const Dataset& dataset);

}  // namespace tsfs
