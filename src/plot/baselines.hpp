#pragma once
// Accuracy baselines of the rows a run actually tested, for the line plot's `baseline` option.
#include <map>
#include <set>
#include <string>

#include "config/spec.hpp"

namespace tsfs {

struct MajorityBaseline {
  // Mean over the folds of the share of the test rows in the test rows' own majority class (the
  // best constant prediction, known only after the fact).
  double test_majority = 0.0;
  // Mean over the folds of the share of the test rows in the training rows' majority class: the
  // accuracy of a classifier that ignores its features (lower when the split is class-shifted,
  // e.g. WormsTwoClass's holdout halves, 66:63 then 43:86).
  double train_majority = 0.0;
};

// For one dataset under the spec's protocol and duplicate handling (the folds the run used).
MajorityBaseline majority_baseline(const Dataset& dataset, const std::vector<Fold>& folds);

// Per dataset name, for the spec's datasets among `names` (loads the data and deals the folds
// again; the others, e.g. archive datasets a run skipped, are not loaded).
std::map<std::string, MajorityBaseline> majority_baselines(const Spec& spec,
                                                           const std::set<std::string>& names);

}  // namespace tsfs
