// Majority-class baselines: see baselines.hpp.
#include "plot/baselines.hpp"

#include <algorithm>

namespace tsfs {
namespace {

std::vector<int> class_counts(const Dataset& dataset, const std::vector<int>& rows) {
  std::vector<int> counts(static_cast<size_t>(dataset.classes()), 0);
  for (int row : rows) ++counts[static_cast<size_t>(dataset.labels(row))];
  return counts;
}

}  // namespace

MajorityBaseline majority_baseline(const Dataset& dataset, const std::vector<Fold>& folds) {
  MajorityBaseline baseline;
  int counted = 0;
  for (const auto& fold : folds) {
    if (fold.test_rows.empty()) continue;
    const auto test = class_counts(dataset, fold.test_rows);
    const auto train = class_counts(dataset, fold.train_rows);
    // Ties go to the first class, like an argmax.
    const auto train_majority = std::max_element(train.begin(), train.end()) - train.begin();
    const double tested = static_cast<double>(fold.test_rows.size());
    baseline.test_majority += *std::max_element(test.begin(), test.end()) / tested;
    baseline.train_majority += test[static_cast<size_t>(train_majority)] / tested;
    ++counted;
  }
  if (counted > 0) {
    baseline.test_majority /= counted;
    baseline.train_majority /= counted;
  }
  return baseline;
}

std::map<std::string, MajorityBaseline> majority_baselines(const Spec& spec,
                                                           const std::set<std::string>& names) {
  std::map<std::string, MajorityBaseline> baselines;
  for (const auto& dataset_spec : spec.datasets) {
    if (names.count(dataset_spec.options.name) == 0) continue;
    auto rows =
        apply_protocol(load_ucr_dataset(dataset_spec.options), spec.protocol, spec.duplicates);
    baselines[rows.data.name] = majority_baseline(rows.data, rows.folds);
  }
  return baselines;
}

}  // namespace tsfs
