#pragma once
// The `metrics:` key of a spec: the metrics written beside accuracy and balanced accuracy,
//   metrics: [macro_f1, roc_auc, average_precision]     # any of them, in column order
// read once at load time.
#include <yaml-cpp/yaml.h>

#include <vector>

#include "config/spec.hpp"
#include "config/yaml_values.hpp"
#include "evaluate/chosen_metrics.hpp"

namespace tsfs::spec_detail {

// Throws InputError with file:line:col for a non-list, an unknown name (with a suggestion), a
// name listed twice, accuracy / balanced_accuracy (always written), or sparsity when the spec's
// classifier has no coefficients.
std::vector<ChosenMetric> read_metrics(const YAML::Node& node, const SpecSource& file,
                                       const ClassifierSpec& classifier);

}  // namespace tsfs::spec_detail
